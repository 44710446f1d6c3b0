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


def register_profile(profile: object) -> None:
    """Makes ``profile`` (anything with a ``name``) available to :func:`get_profile`."""
    PROFILES[profile.name] = profile


def get_profile(name: object = "federation") -> object:
    """The profile registered under ``name``."""
    if not isinstance(name, str) or name not in PROFILES:
        raise RulesError("unknown_profile", value=str(name))
    return PROFILES[name]
