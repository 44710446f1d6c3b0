"""House rules written as one short text, so that a link or a form field can carry them.

A house rule set is a source profile and the options that differ from it:
``federation~max_bid:180~tie_made:1``. Options come in the order of
:class:`Profile`'s fields, booleans as 1/0, lists joined by dots, so each rule set
has exactly one code (:func:`encode`); :func:`decode` checks every option through
:func:`make_profile`. The code is the house profile's ``name``, so anything that
takes a profile name (the CLI, the scenario generator, the site's ``profile``
parameter) takes a house rule set too.

>>> house = make_profile("federation", max_bid=180, tie_made=True)
>>> house.name
'federation~max_bid:180~tie_made:1'
>>> decode(house.name) == house, base_name(house.name)
(True, 'federation')
>>> make_profile("federation", max_bid=160).name
'federation'
"""

from __future__ import annotations

from dataclasses import fields
from functools import lru_cache

from ..explain import gettext_noop, option_labels
from ..profiles import PROFILES, SEP, base_name, changes, encode, read_code, register_resolver
from .profiles import CHOICES, RANGES, Profile, check_option, make_profile

__all__ = [
    "BUILDER_OPTIONS",
    "FIRST",
    "SOURCES",
    "check_option",
    "make_profile",
    "NOT_IN_BUILDER",
    "OPTION_LABELS",
    "PHASES",
    "base_name",
    "changes",
    "decode",
    "domain",
    "encode",
]

# The options a club chooses in the house-rule builder, by phase of the game. The point
# tables stay with the profiles (and the CLI): a club changes a rule, not a card's value.
PHASES = {
    "auction": (
        "trumps",
        "min_bid",
        "max_bid",
        "bid_step",
        "bid_scale",
        "deal",
        "capot_bid",
        "generale",
        "generale_unannounced",
        "belote_capot",
        "bids_per_player",
        "raise_own_bid",
        "raise_own_bid_other_suit_only",
        "coinche_out_of_turn",
        "coinche_capot",
        "coinche_generale",
        "coinche_overbid",
        "four_sevens_cancel",
    ),
    "play": ("undertrump", "inverted", "generale_leads", "no_trump_lead_vs_capot"),
    "declarations": (
        "declarations",
        "declarations_count",
        "sequence_beats_carre",
        "belote",
        "belote_in_ta",
        "belote_gold",
    ),
    "scoring": (
        "contract_margin",
        "tie_made",
        "round_to",
        "sa_ta_count",
        "fall_points",
        "capot_points",
        "capot_replaces_total",
        "failed_capot_points",
        "failed_generale",
        "coinche_doubles",
        "multiply_extras",
        "capot_takes_declarations",
        "declarations_kept",
        "score_bid_only",
    ),
    "game_end": ("target", "belote_must_validate"),
}
BUILDER_OPTIONS = tuple(option for options in PHASES.values() for option in options)
# The eight options tables change most, shown first by the builder (the others stay folded
# in their phase): seed 002's regional list names them first or most often (lines 148 to
# 163), and the undertrump is where the sources' own profiles part (000 line 19, 003 line
# 58), the target where their games do (000 line 39, 002 line 132, 003 line 2).
FIRST = (
    "undertrump",
    "trumps",
    "max_bid",
    "generale",
    "declarations",
    "declarations_count",
    "tie_made",
    "target",
)
# Where each option comes from: (seed, line) pairs, the line numbers of the seed files
# (tests/rules/test_house_rules.py checks that each line exists and is not blank).
SOURCES: dict[str, tuple[tuple[str, str], ...]] = {
    "trumps": (("002", "155-156"), ("003", "31")),
    "min_bid": (("002", "166"),),
    "max_bid": (("002", "148"), ("003", "30")),
    "bid_step": (("002", "153"),),
    "bid_scale": (("002", "185-190"),),
    "deal": (("002", "11"), ("002", "149")),
    "capot_bid": (("000", "9"),),
    "generale": (("002", "157-161"), ("003", "82")),
    "generale_unannounced": (("002", "162"),),
    "belote_capot": (("002", "165"),),
    "bids_per_player": (("002", "196"),),
    "raise_own_bid": (("002", "194"),),
    "raise_own_bid_other_suit_only": (("002", "195"),),
    "coinche_out_of_turn": (("002", "31"), ("002", "168")),
    "coinche_capot": (("002", "167"),),
    "coinche_generale": (("002", "164"),),
    "coinche_overbid": (("002", "169"),),
    "four_sevens_cancel": (("002", "199"),),
    "undertrump": (("000", "19"), ("003", "58")),
    "inverted": (("002", "79-93"),),
    "generale_leads": (("002", "99"), ("002", "163")),
    "no_trump_lead_vs_capot": (("002", "154"),),
    "declarations": (("002", "150"),),
    "declarations_count": (("002", "151"),),
    "sequence_beats_carre": (("002", "142"),),
    "belote": (("000", "27"), ("003", "73")),
    "belote_in_ta": (("002", "77"), ("002", "171")),
    "belote_gold": (("002", "77"),),
    "contract_margin": (("002", "192-193"),),
    "tie_made": (("002", "152"),),
    "round_to": (("000", "37"), ("002", "118")),
    "sa_ta_count": (("002", "59"), ("002", "75"), ("002", "177-184")),
    "fall_points": (("000", "35"), ("003", "87")),
    "capot_points": (("000", "35"), ("002", "122")),
    "capot_replaces_total": (("002", "122"), ("003", "80")),
    "failed_capot_points": (("002", "122"), ("002", "175")),
    "failed_generale": (("002", "124"), ("002", "176")),
    "coinche_doubles": (("002", "126"), ("002", "172")),
    "multiply_extras": (("000", "37"),),
    "capot_takes_declarations": (("000", "35"),),
    "declarations_kept": (("002", "128"),),
    "score_bid_only": (("002", "173"), ("002", "197")),
    "target": (("000", "39"), ("002", "132"), ("003", "2")),
    "belote_must_validate": (("000", "39"),),
}
# The Profile fields the builder leaves out, and why: every other field is an option of
# PHASES (tests/test_house_rules_pages.py checks it, so a new field cannot be forgotten).
NOT_IN_BUILDER = {
    # The house profile's own code, written by make_profile.
    "name",
    # Whether the classic Belote counting (no auction) is offered: which game is scored,
    # chosen on each page, not a rule a table changes.
    "classic",
    # Card and carré values by rank: the sources' tables, kept whole (see PHASES above).
    "plain_points",
    "trump_points",
    "sa_points",
    "ta_points",
    "carre_points",
    "sa_carre_points",
}

# What the builder calls each option; refusals name the option by it too (explain.py).
OPTION_LABELS = {
    "trumps": gettext_noop("Contracts besides the four suits"),
    "min_bid": gettext_noop("Lowest bid"),
    "max_bid": gettext_noop("Highest numbered bid"),
    "bid_step": gettext_noop("Bids go up by"),
    "bid_scale": gettext_noop("No trump and all-trump bids"),
    "deal": gettext_noop("How the cards are dealt"),
    "capot_bid": gettext_noop("Capot can be bid"),
    "generale": gettext_noop("Générale bonus"),
    "generale_unannounced": gettext_noop("A générale counts without being bid"),
    "belote_capot": gettext_noop("Belote capot and générale belotée"),
    "bids_per_player": gettext_noop("Bids per player"),
    "raise_own_bid": gettext_noop("A bidder may raise their own bid"),
    "raise_own_bid_other_suit_only": gettext_noop("A bidder's raise must name another contract"),
    "coinche_out_of_turn": gettext_noop("Coinche at any moment"),
    "coinche_capot": gettext_noop("A capot or générale can be coinched"),
    "coinche_generale": gettext_noop("A générale can be coinched"),
    "coinche_overbid": gettext_noop("A higher bid takes back a coinche"),
    "four_sevens_cancel": gettext_noop("Four sevens cancel the deal"),
    "undertrump": gettext_noop("Unable to overtrump an opponent"),
    "inverted": gettext_noop("Inverted card order"),
    "generale_leads": gettext_noop("The générale's bidder leads"),
    "no_trump_lead_vs_capot": gettext_noop("No trump lead against a capot"),
    "declarations": gettext_noop("Declarations"),
    "declarations_count": gettext_noop("Declarations help to make the contract"),
    "sequence_beats_carre": gettext_noop("A sequence beats a carré of the same value"),
    "belote": gettext_noop("Belote"),
    "belote_in_ta": gettext_noop("Belote in all trumps"),
    "belote_gold": gettext_noop("Golden belote"),
    "contract_margin": gettext_noop("Points needed above the bid"),
    "tie_made": gettext_noop("A tie with the defence makes the contract"),
    "round_to": gettext_noop("Scores rounded to"),
    "sa_ta_count": gettext_noop("Counting no trump and all trumps"),
    "fall_points": gettext_noop("Points for a failed contract"),
    "capot_points": gettext_noop("Value of a capot"),
    "capot_replaces_total": gettext_noop("A capot replaces the card points"),
    "failed_capot_points": gettext_noop("Points for a failed capot"),
    "failed_generale": gettext_noop("Points for a failed générale"),
    "coinche_doubles": gettext_noop("What a coinche multiplies when the contract is made"),
    "multiply_extras": gettext_noop("A coinche multiplies declarations and belote"),
    "capot_takes_declarations": gettext_noop("A capot takes the defence's declarations"),
    "declarations_kept": gettext_noop("Each side keeps its own declarations"),
    "score_bid_only": gettext_noop("Only the bid is scored"),
    "target": gettext_noop("Target score"),
    "belote_must_validate": gettext_noop(
        "A game reached through a belote alone needs one more trick"
    ),
}
option_labels(OPTION_LABELS, game="coinche")
# The contracts a club may add to the four suits.
EXTRA_TRUMPS = ("SA", "TA")


def domain(option: str) -> tuple:
    """What ``option`` may be: ("bool",), ("choice", values), ("int", low, high, step) or
    ("trumps", extras). The builder draws its fields, and the property test its values, from it.
    """
    kind = _TYPES[option]
    if option == "trumps":
        return ("trumps", EXTRA_TRUMPS)
    if kind == "bool":
        return ("bool",)
    if option in CHOICES:
        return ("choice", CHOICES[option])
    low, high = RANGES[option]
    step = 5 if option in ("min_bid", "max_bid", "target", "fall_points") else 1
    if option in ("capot_points", "failed_capot_points", "generale", "belote_gold"):
        step = 1
    return ("int", low, high, step)


_TYPES = {f.name: f.type for f in fields(Profile)}


@lru_cache(maxsize=512)
def decode(code: str) -> Profile:
    """The house profile written ``code``; every option checked by :func:`make_profile`."""
    base, overrides = read_code(code, _TYPES)
    return make_profile(base, **overrides)


def _resolve(name: str) -> Profile | None:
    # Another game's code (a Chouine base) is left to that game's resolver.
    if SEP not in name or not isinstance(PROFILES.get(base_name(name)), Profile):
        return None
    return decode(name)


register_resolver(_resolve)
