"""Whose answers these are: the signed-in user, or the visitor's session."""

from django.db.models import Q


def owner(request) -> dict:
    """Field values naming the owner, creating the visitor's session if needed."""
    if request.user.is_authenticated:
        return {"user": request.user}
    if not request.session.session_key:
        request.session.save()
    return {"user": None, "session_key": request.session.session_key}


def owned(request) -> Q:
    """A filter for the owner's rows (a visitor without a session owns nothing)."""
    if request.user.is_authenticated:
        return Q(user=request.user)
    return Q(user=None, session_key=request.session.session_key or "-")
