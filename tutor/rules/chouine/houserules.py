"""Chouine house rules: the options seed 001 says other local codes play differently.

A house rule set is the ``chouine`` profile and the options that differ from it, written
as one code like Coinche's (``tutor.rules.profiles``): ``chouine~quinte:100``. Anything
that takes a profile name (the CLI, the practice questions, a table, a club session)
takes such a code too.

>>> house = make_chouine_profile(quinte=100, deals_to_win_match=5)
>>> house.name
'chouine~quinte:100~deals_to_win_match:5'
>>> decode(house.name) == house, chouine_profile({"base": "chouine", "quinte": 100}).quinte
(True, 100)
>>> try:
...     decode("chouine~max_bid:180")
... except RulesError as err:
...     print(err.code, err.params)
option_not_chouine {'option': 'max_bid'}
"""

from __future__ import annotations

from dataclasses import fields, replace
from functools import lru_cache

from ..errors import RulesError
from ..explain import gettext_noop, messages, option_game, option_labels
from ..profiles import PROFILES, SEP, base_name, encode, get_profile, read_code, register_resolver
from .rules import ChouineProfile

messages(
    {
        "option_not_chouine": gettext_noop(
            'The option "%(option)s" is a rule of Coinche and Belote: Chouine rules do not have it.'
        ),
        "profile_not_chouine": gettext_noop("The profile %(value)s is not a Chouine profile."),
        "option_not_step": gettext_noop(
            'The option "%(option)s" goes up in steps of %(step)s, not "%(value)s".'
        ),
    }
)

# The options a club chooses, by phase of the game, each with the line of seed 001 that
# says it varies (docs/chouine.md).
PHASES = {
    "announcements": ("quinte",),
    "match": ("deals_to_win_match",),
}
BUILDER_OPTIONS = tuple(option for options in PHASES.values() for option in options)
# Few enough to show them all first.
FIRST = BUILDER_OPTIONS
SOURCES = {
    "quinte": (("001", "23"), ("001", "47")),
    "deals_to_win_match": (("001", "33"),),
}
# The ChouineProfile fields that are not options, and why: every other field is one.
NOT_OPTIONS = {
    # The profile's own name and source.
    "name",
    "source",
    # One value in the seed, and no source gives another (001 lines 23 and 33).
    "last_trick_bonus",
    "marriage",
    "tierce",
    "quateron",
    # A quinte is five brisques by definition (001 line 23).
    "quinte_cards",
}
# Not an option either: "one quinte per player" instead of 001's one per deal (line 25).
# Two players can never both hold five of the eight brisques in one deal (the first
# quinte's five stay in its announcer's hand until played, and a played card never comes
# back), so the two rules always agree (tests/rules/test_chouine_house_rules.py).
# Numbers: (lowest, highest, step). The seed's values are tens; a quinte is worth at least
# a plain marriage and at most a whole deal; a match is won by one to nine deals.
RANGES = {"quinte": (10, 200, 10), "deals_to_win_match": (1, 9, 1)}

OPTION_LABELS = {
    "quinte": gettext_noop("Value of the quinte"),
    "deals_to_win_match": gettext_noop("Deals won to take the match"),
}
option_labels(OPTION_LABELS, game="chouine")

_TYPES = {f.name: f.type for f in fields(ChouineProfile)}


def domain(option: str) -> tuple:
    """What ``option`` may be: ("bool",) or ("int", low, high, step), as Coinche's ``domain``."""
    if _TYPES[option] == "bool":
        return ("bool",)
    return ("int", *RANGES[option])


def check_option(option: str, value: object) -> object:
    """``value`` checked for ``option`` (name, type and range)."""
    if option not in BUILDER_OPTIONS:
        if option_game(option) == "coinche":
            raise RulesError("option_not_chouine", option=option)
        raise RulesError("unknown_option", option=str(option)[:40])
    kind = domain(option)
    if kind[0] == "bool":
        if not isinstance(value, bool):
            raise RulesError(
                "bad_option_type", option=option, value=str(value)[:40], expected="bool"
            )
        return value
    if not isinstance(value, int) or isinstance(value, bool):
        raise RulesError("bad_option_type", option=option, value=str(value)[:40], expected="int")
    _kind, low, high, step = kind
    if not low <= value <= high:
        raise RulesError(
            "option_out_of_range",
            option=option,
            value=str(value)[:40],
            points_min=low,
            points_max=high,
        )
    if value % step:
        raise RulesError("option_not_step", option=option, value=str(value), step=step)
    return value


def make_chouine_profile(base: object = "chouine", **overrides: object) -> ChouineProfile:
    """The ``chouine`` profile (or ``base``) with ``overrides``, each checked, named by its code."""
    profile = base if isinstance(base, ChouineProfile) else chouine_profile(base)
    checked = {option: check_option(option, value) for option, value in overrides.items()}
    result = replace(profile, **checked)
    return replace(result, name=encode(result))


def chouine_profile(spec: object = "chouine") -> ChouineProfile:
    """A Chouine profile from a name, a code or ``{"base": "chouine", option: value, ...}``."""
    if isinstance(spec, ChouineProfile):
        return spec
    if isinstance(spec, dict):
        overrides = dict(spec)
        base = overrides.pop("base", "chouine")
        return make_chouine_profile(base, **overrides)
    profile = get_profile(spec)
    if not isinstance(profile, ChouineProfile):
        raise RulesError("profile_not_chouine", value=str(spec)[:40])
    return profile


@lru_cache(maxsize=256)
def decode(code: str) -> ChouineProfile:
    """The Chouine house profile written ``code``; every option checked."""
    base, overrides = read_code(code, _TYPES)
    return make_chouine_profile(base, **overrides)


def _resolve(name: str) -> ChouineProfile | None:
    if SEP not in name or not isinstance(PROFILES.get(base_name(name)), ChouineProfile):
        return None
    return decode(name)


register_resolver(_resolve)
