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
from ..explain import gettext_noop, messages
from ..profiles import register_resolver
from .profiles import CHOICES, RANGES, SEP, Profile, base_name, changes, encode, make_profile

__all__ = ["BUILDER_OPTIONS", "PHASES", "base_name", "changes", "decode", "domain", "encode"]

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


def _value(option: str, text: str) -> object:
    kind = _TYPES.get(option)
    if kind == "bool":
        return {"1": True, "0": False}.get(text, text)
    if kind == "int":
        return int(text) if text.isdigit() and len(text) <= 7 else text
    if kind == "str" or kind is None:
        return text
    items = text.split(".") if text else []
    if option == "trumps":
        return items
    return [int(v) if v.isdigit() and len(v) <= 7 else v for v in items]


@lru_cache(maxsize=512)
def decode(code: str) -> Profile:
    """The house profile written ``code``; every option checked by :func:`make_profile`."""
    if not isinstance(code, str) or len(code) > MAX_LENGTH:
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
