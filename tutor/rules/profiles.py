"""The profile registry: every game's rule profiles, looked up by name.

Each game registers its own profiles when its package is imported (the
package ``tutor.rules`` imports both games), so a name such as "official" or
"chouine" is found here without this module knowing either game.
"""

from __future__ import annotations

from dataclasses import fields

from .errors import RulesError
from .explain import gettext_noop, messages

messages(
    {
        "unknown_profile": gettext_noop(
            '"%(value)s" is not a rule profile: use federation, maison, official, online-es, '
            "encyclopedia or chouine."
        ),
        "bad_house_rules": gettext_noop(
            '"%(value)s" is not a house-rule code: it should look like '
            "federation~max_bid:180~tie_made:1."
        ),
    }
)

PROFILES: dict[str, object] = {}
# Separates a house-rule code's base profile from its options (coinche/houserules.py).
SEP = "~"
# Functions that read a name no profile is registered under (a game's house-rule code)
# and return its profile, or None when the name is not theirs.
RESOLVERS: list = []


def register_profile(profile: object) -> None:
    """Makes ``profile`` (anything with a ``name``) available to :func:`get_profile`."""
    PROFILES[profile.name] = profile


def register_resolver(resolver) -> None:
    """Lets ``resolver(name) -> profile | None`` answer names that are not registered."""
    RESOLVERS.append(resolver)


def get_profile(name: object = "federation") -> object:
    """The profile registered under ``name``, or the house rules that ``name`` writes."""
    if isinstance(name, str) and name in PROFILES:
        return PROFILES[name]
    if isinstance(name, str):
        for resolver in RESOLVERS:
            profile = resolver(name)
            if profile is not None:
                return profile
    raise RulesError("unknown_profile", value=str(name)[:40])


def game_of(spec: object) -> str | None:
    """The game ("coinche", "chouine") of a profile name, house-rule code or
    ``{"base": name, …}`` object, from its registered base; None when there is none.
    Options are not checked here: the game that answers checks them."""
    base = spec.get("base", "federation") if isinstance(spec, dict) else spec
    return getattr(PROFILES.get(base_name(base)), "GAME", None)


def base_name(name: str) -> str:
    """The registered profile a house-rule code starts from ("federation~max_bid:180" →
    "federation"); a registered name is its own base."""
    return name.split(SEP, 1)[0] if isinstance(name, str) else ""


def fits(name: object, names) -> bool:
    """Whether ``name`` is one of ``names`` or house rules built on one of them."""
    if not isinstance(name, str) or base_name(name) not in names:
        return False
    try:
        get_profile(name)
    except RulesError:
        return False
    return True


# House-rule codes, for every game: a registered profile's name and the options that differ
# from it, "federation~max_bid:180~tie_made:1" or "chouine~quinte:100", in the order of the
# profile's fields, booleans as 1/0, lists joined by dots, so each rule set has exactly one
# code. Each game checks the options of a code it reads (its resolver).

# A code longer than every option changed at once is not one.
MAX_CODE_LENGTH = 600
# Fields that name a profile rather than set a rule.
NAME_FIELDS = ("name", "source")


def _code_text(value: object) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, tuple):
        return ".".join(str(v) for v in value)
    return str(value)


def changes(profile: object) -> dict[str, object]:
    """The options of ``profile`` that differ from its registered profile, in field order."""
    base = get_profile(base_name(profile.name))
    return {
        f.name: getattr(profile, f.name)
        for f in fields(profile)
        if f.name not in NAME_FIELDS and getattr(profile, f.name) != getattr(base, f.name)
    }


def encode(profile: object) -> str:
    """The one code of ``profile`` (its registered name when nothing differs)."""
    parts = [base_name(profile.name)]
    parts += [f"{option}:{_code_text(value)}" for option, value in changes(profile).items()]
    return SEP.join(parts)


def _number(text: str) -> int | str:
    """A number as a code writes it (1 to 7 ASCII digits), else the text itself, which the
    game refuses with the option's own message. (``str.isdigit`` alone says yes to "²",
    which ``int`` refuses.)"""
    return int(text) if len(text) <= 7 and text.isascii() and text.isdigit() else text


def _code_value(kind: object, option: str, text: str) -> object:
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


def read_code(code: object, kinds: dict[str, object]) -> tuple[str, dict[str, object]]:
    """The base name and the options a code writes, each read as ``kinds`` (a profile's
    field types) says; the game checks them. Raises ``bad_house_rules`` for a malformed code.
    """
    # Every option, value and profile name is ASCII: anything else is not a code of ours.
    if not isinstance(code, str) or len(code) > MAX_CODE_LENGTH or not code.isascii():
        raise RulesError("bad_house_rules", value=str(code)[:40])
    base, *parts = code.split(SEP)
    overrides: dict[str, object] = {}
    for part in parts:
        option, colon, text = part.partition(":")
        if not colon or option in overrides:
            raise RulesError("bad_house_rules", value=code[:40])
        overrides[option] = _code_value(kinds.get(option), option, text)
    return base, overrides
