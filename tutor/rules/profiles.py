"""The profile registry: every game's rule profiles, looked up by name.

Each game registers its own profiles when its package is imported (the
package ``tutor.rules`` imports both games), so a name such as "official" or
"chouine" is found here without this module knowing either game.
"""

from __future__ import annotations

from .errors import RulesError
from .explain import gettext_noop, messages

messages(
    {
        "unknown_profile": gettext_noop(
            '"%(value)s" is not a rule profile: use federation, maison, official, online-es, '
            "encyclopedia or chouine."
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
