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

from ..errors import RulesError
from ..explain import gettext_noop, messages, option_labels
from ..profiles import register_resolver
from .profiles import CHOICES, RANGES, SEP, Profile, base_name, changes, encode, make_profile

__all__ = [
    "BUILDER_OPTIONS",
    "NOT_IN_BUILDER",
    "OPTION_LABELS",
    "PHASES",
    "base_name",
    "changes",
    "decode",
    "domain",
    "encode",
]

messages(
    {
        "bad_house_rules": gettext_noop(
            '"%(value)s" is not a house-rule code: it should look like '
            "federation~max_bid:180~tie_made:1."
        ),
    }
)

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
        "coinche_doubles",
        "multiply_extras",
        "capot_takes_declarations",
        "score_bid_only",
    ),
    "game_end": ("target", "belote_must_validate"),
}
BUILDER_OPTIONS = tuple(option for options in PHASES.values() for option in options)
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
    "coinche_doubles": gettext_noop("What a coinche multiplies when the contract is made"),
    "multiply_extras": gettext_noop("A coinche multiplies declarations and belote"),
    "capot_takes_declarations": gettext_noop("A capot takes the defence's declarations"),
    "score_bid_only": gettext_noop("Only the bid is scored"),
    "target": gettext_noop("Target score"),
    "belote_must_validate": gettext_noop(
        "A game reached through a belote alone needs one more trick"
    ),
}
option_labels(OPTION_LABELS)
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


# A code longer than every option changed at once is not one.
MAX_LENGTH = 600
_TYPES = {f.name: f.type for f in fields(Profile)}


def _number(text: str) -> int | str:
    """A number as a code writes it (1 to 7 ASCII digits), else the text itself, which
    :func:`make_profile` refuses with the option's own message."""
    return int(text) if len(text) <= 7 and text.isascii() and text.isdigit() else text


def _value(option: str, text: str) -> object:
    kind = _TYPES.get(option)
    if kind == "bool":
        return {"1": True, "0": False}.get(text, text)
    if kind == "int":
        return _number(text)
    if kind == "str" or kind is None:
        return text
    items = text.split(".") if text else []
    if option == "trumps":
        return items
    return [_number(v) for v in items]


@lru_cache(maxsize=512)
def decode(code: str) -> Profile:
    """The house profile written ``code``; every option checked by :func:`make_profile`."""
    # Every option, value and profile name is ASCII: anything else is not a code of ours.
    if not isinstance(code, str) or len(code) > MAX_LENGTH or not code.isascii():
        raise RulesError("bad_house_rules", value=str(code)[:40])
    base, *parts = code.split(SEP)
    overrides = {}
    for part in parts:
        option, colon, text = part.partition(":")
        if not colon or option in overrides:
            raise RulesError("bad_house_rules", value=code[:40])
        overrides[option] = _value(option, text)
    return make_profile(base, **overrides)


def _resolve(name: str) -> Profile | None:
    return decode(name) if SEP in name else None


register_resolver(_resolve)
