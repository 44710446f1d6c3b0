"""A spot signed into a report link, and read back from a report.

The template tag adds to a :class:`~tutor.reports.spots.Spot` the page's type, its address,
the language and the app's version, and signs the whole (``django.core.signing``, compressed
to about a kilobyte, without a timestamp, so a page renders the same link every time): the
link carries it, the report form sends it back, and the report keeps it exactly as received.

Only a spot the site signed is read. Its sentences are rendered again from its steps when the
report arrives, with the catalog entries they are made of (``explain.rendered``): the same
code, parameters and language give the very sentences the page showed. Only such a spot's
position is ever given to the engine again (the admin's reopen, ``reopen.py``); one that
does not verify is stored as text and nothing more.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from django.conf import settings
from django.core import signing
from django.urls import Resolver404, resolve
from django.utils import translation

from tutor.rules.explain import Step, rendered

from . import version
from .spots import KINDS, Spot

SIGNER = signing.Signer(salt="tutor.reports.spot")

# The page type of each URL name that shows a spot; a page without one is "other". A new
# page that places the link adds its URL names here (and its type to Report.Page).
PAGE_TYPES = {
    "lesson": "lesson",
    "lesson_answer": "lesson",
    "quiz_question": "practice",
    "quiz_curated": "practice",
    "quiz_random": "practice",
    "quiz_review": "review",
    "quiz_test": "selftest",
    "quiz_test_result": "selftest",
    "play_deal": "play",
    "play_game": "play",
    "referee": "referee",
    "quiz_calculator": "calculator",
    "quiz_sheet": "sheet",
    "quiz_sheet_deal": "sheet",
    "club_play": "club",
    "club_play_live": "club",
    "club_answer": "club",
    "club_play_events": "club",
    "club_set": "set",
    "club_set_question": "set",
    "club_set_draw": "set",
    "club_homework": "homework",
    # A table of players: its deals are played deals.
    "tables_table": "play",
    "tables_live": "play",
    "tables_move": "play",
    "tables_deal": "play",
}
# Route parameters that are someone's key to a private page: never part of a stored address.
SECRET_ARGS = ("token", "code", "key", "test_id")
MAX_ADDRESS = 500


def _plain(value: object) -> object:
    """A parameter JSON cannot write, in a form it can: a set as a sorted list, anything else
    as its text (a page never fails over one parameter)."""
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=str)
    return str(value)


class _Serializer:
    def dumps(self, obj) -> bytes:
        return json.dumps(obj, separators=(",", ":"), default=_plain).encode("latin-1")

    def loads(self, data: bytes):
        return json.loads(data.decode("latin-1"))


def page_type(request) -> str:
    match = getattr(request, "resolver_match", None)
    return PAGE_TYPES.get(match.url_name if match else "", "other")


def address(request) -> str:
    """The address of the page the reader sees (an htmx request names it in ``HX-Current-URL``);
    on a private page without its key or query, which are someone's own."""
    path, query = request.path, request.META.get("QUERY_STRING", "")
    current = request.headers.get("HX-Current-URL", "")
    if current and request.headers.get("HX-Request"):
        parts = urlsplit(current)
        if parts.path.startswith("/"):
            path, query = parts.path, parts.query
    try:
        match = resolve(path)
    except Resolver404:
        return ""
    secrets = [str(value) for name, value in match.kwargs.items() if name in SECRET_ARGS]
    if secrets or match.url_name in settings.PRIVATE_PAGES:
        for secret in secrets:
            path = path.replace(secret, "…")
        return path[:MAX_ADDRESS]
    return (f"{path}?{query}" if query else path)[:MAX_ADDRESS]


def token(spot: Spot, request=None) -> str:
    """The spot, with where and how the page showed it, signed for the report link."""
    data = {
        "kind": spot.kind,
        "position": spot.position,
        "rules": spot.rules,
        "steps": [[step.code, step.params] for step in spot.steps],
        "step": spot.step,
        "capital": spot.capital,
        "page": spot.page or (page_type(request) if request is not None else "other"),
        "path": address(request) if request is not None else "",
        "lang": translation.get_language() or settings.LANGUAGE_CODE,
        "version": version.VERSION,
    }
    return SIGNER.sign_object(data, serializer=_Serializer, compress=True)


def read(text: str) -> dict | None:
    """The spot a token carries, if the site signed it and it has a spot's shape; else None."""
    try:
        data = SIGNER.unsign_object(text, serializer=_Serializer)
    except (signing.BadSignature, ValueError, UnicodeDecodeError):
        return None
    fields = {"kind", "position", "rules", "steps", "page", "path", "lang", "version"}
    if not isinstance(data, dict) or not fields <= data.keys() or data["kind"] not in KINDS:
        return None
    return data


def sentences(data: dict) -> list[dict]:
    """A verified spot's sentences in its language, as its page showed them, each with its
    code, parameters and the catalog entries it used (its own first)."""
    shown = []
    for code, params in data["steps"]:
        try:
            text, msgids = rendered(Step(code, params), data["lang"])
        except (KeyError, TypeError, ValueError, IndexError):
            # Signed by another version of the site, whose sentence took other parameters.
            text, msgids = "", []
        if data.get("capital"):
            text = text[:1].upper() + text[1:]
        shown.append({"code": code, "params": params, "text": text, "msgids": msgids})
    return shown
