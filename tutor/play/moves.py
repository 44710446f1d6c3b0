"""A move as the play forms post it (tutor/play/views.py and the tables, tutor/tables): one
reading for both, since both draw the same forms (templates/play/_coinche_moves.html,
_chouine_moves.html)."""

ACTIONS = ("play", "call", "declare", "exchange", "announce", "continue")


def value(post, action: str) -> object:
    """The value of ``action`` in the form data ``post``."""
    if action == "play":
        return post.get("card", "")
    if action == "call":
        return post.get("call", "")
    if action == "declare":
        return post.getlist("kind")
    if action == "announce":
        if post.get("pick"):
            kind, _, suit = post["pick"].partition("-")
            return kind, suit or None
        return post.get("kind", ""), post.get("suit") or None
    return None


def read(post) -> tuple[str | None, object]:
    """(action, value) of a move's form; (None, what was sent) for anything else. A card or
    a call button names itself (``card``, ``call``) without an ``action``."""
    action = post.get("action", "")
    if "card" in post:
        action = "play"
    elif "call" in post:
        action = "call"
    if action not in ACTIONS:
        return None, action
    return action, value(post, action)
