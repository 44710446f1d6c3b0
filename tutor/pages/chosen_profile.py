"""The rule profile a learner last chose, remembered in the session until changed.

Lessons and practice both read it, so a learner who plays a house rule picks it once.
"""

SESSION_KEY = "rule_profile"


def remembered(request, allowed) -> str | None:
    """The remembered profile, when it is one of ``allowed``."""
    name = request.session.get(SESSION_KEY)
    return name if name in allowed else None


def remember(request, name: str) -> None:
    if request.session.get(SESSION_KEY) != name:
        request.session[SESSION_KEY] = name
