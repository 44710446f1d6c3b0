"""The club's side of the live channel: the session's pulse, its topic, and cheap polls.

Phones, the projector and the teacher's page receive each change of a session through its
event stream (tutor/push.py; the topic ``club:<code>``, its version the session's
``phase_version``). Where a stream cannot live, they poll, and a poll whose ETag still
matches is answered 304 before any rendering.

htmx sends the ETag it was given in ``If-None-Match`` (see templates/club/*:
``hx-headers`` on the polling element). Responses are ``no-store``, so the
browser never answers a poll from its own cache and a plain reverse proxy
passes every request through.

A thousand phones poll every two seconds, so the phones' 304 is answered by
:class:`PhonePollShortcut`, first in the middleware chain, from the session's
*pulse*: its id, ``phase_version`` and what the automatic reveal needs, read
with one indexed query and then trusted for ``FRESH`` seconds by the process.
A teacher's move made through another server process therefore reaches the
phones of this one at most ``FRESH`` seconds late; the process that made the
move forgets its pulse at once (:func:`forget`).
"""

import random
import re
import threading
import time
from dataclasses import dataclass

from django.db.models import OuterRef, Subquery
from django.http import HttpResponse, HttpResponseNotModified
from django.template.loader import render_to_string

from tutor import push

from . import codes
from .models import ClubQuestion, ClubSession

FRESH = 0.5
# Phones poll every 2 s on average, each at its own random interval, so a phase change
# reaches them spread over the interval instead of all at once.
POLL_MS = (1600, 2400)
FORGET_AFTER = 600
PHONE_POLL = re.compile(r"^/(?P<lang>[a-z]{2})/club/play/(?P<code>[A-Z0-9]{8})/live/$")
# The phone ETag's shape, with bounded ASCII numbers written as this server writes them (no
# sign, no leading zero): a header of any other shape is not one it issued, and is ignored.
PHONE_ETAG = re.compile(
    r'"p(?P<session>0|[1-9][0-9]{0,18})\.(?P<version>0|[1-9][0-9]{0,9})'
    r'\.(?P<answered>-1|0|[1-9][0-9]{0,4})\.(?P<lang>[a-z]{2})"'
)


@dataclass(frozen=True)
class PhoneTag:
    """What a phone's ETag says: the session, its phase version, the last question the
    phone answered, the language."""

    session: int
    version: int
    answered: int
    lang: str


def read_phone_etag(header: str) -> PhoneTag | None:
    """The phone ETag in ``If-None-Match``, or ``None`` for anything of another shape."""
    match = PHONE_ETAG.fullmatch(header)
    if match is None:
        return None
    return PhoneTag(
        int(match["session"]), int(match["version"]), int(match["answered"]), match["lang"]
    )


@dataclass(frozen=True)
class Pulse:
    """The session row's moving parts, and its open question's opening time."""

    session_id: int
    version: int
    phase: str
    position: int
    scoring: str
    seconds: int | None
    auto_reveal: bool
    # Token digests of the phones the teacher removed.
    removed: frozenset
    opened_at: object

    def session(self, code: str) -> ClubSession:
        """The session as a phone's poll reads it (tutor/club/play.py), without a query."""
        return ClubSession(
            pk=self.session_id,
            code=code,
            phase_version=self.version,
            phase=self.phase,
            position=self.position,
            scoring=self.scoring,
            seconds=self.seconds,
            auto_reveal=self.auto_reveal,
        )


_pulses: dict[str, tuple[float, Pulse | None]] = {}
_pulses_lock = threading.Lock()


def _read(code: str) -> Pulse | None:
    opened = ClubQuestion.objects.filter(
        session=OuterRef("pk"), position=OuterRef("position")
    ).values("opened_at")[:1]
    row = (
        ClubSession.objects.filter(code=code)
        .annotate(opened=Subquery(opened))
        .values_list(
            "pk",
            "phase_version",
            "phase",
            "position",
            "scoring",
            "seconds",
            "auto_reveal",
            "removed",
            "opened",
        )
        .first()
    )
    if row is None:
        return None
    *fields, removed, opened = row
    return Pulse(*fields, frozenset(removed), opened)


def pulse(code: str) -> Pulse | None:
    """The session's current pulse, at most ``FRESH`` seconds old. A timed question whose time
    (and grace) is over reveals itself here when the teacher chose so: every poll comes this
    way, so the first one after the deadline, in any process, does it."""
    from . import state

    now = time.monotonic()
    seen = _pulses.get(code)
    if seen is not None and now - seen[0] < FRESH:
        return seen[1]
    current = _read(code)
    if (
        current is not None
        and current.phase == ClubSession.Phase.QUESTION
        and current.auto_reveal
        and state.is_due(current.session(code), current.opened_at)
    ):
        state.reveal(current.session_id, only_when_due=True)
        current = _read(code)
    with _pulses_lock:
        _pulses[code] = (now, current)
        if len(_pulses) > 1000:
            for stale in [key for key, (at, _p) in _pulses.items() if now - at > FORGET_AFTER]:
                del _pulses[stale]
    return current


def topic(code: str) -> str:
    """The session's topic on the live channel."""
    return f"club:{code}"


@push.kind("club")
def _version(name: str, fresh: bool):
    """The session's version for its streams, and when its open question reveals itself (the
    streams' process then reads the pulse, which reveals it: nobody polls to do it)."""
    code = name.split(":", 1)[1]
    if fresh:
        forget(code)
    current = pulse(code)
    if current is None:
        return None
    wake = None
    if current.phase == ClubSession.Phase.QUESTION and current.auto_reveal:
        from . import state

        end = state.deadline(current.session(code), current.opened_at)
        wake = end.timestamp() if end is not None else None
    return current.version, wake


def forget(code: str) -> None:
    """This process changed the session: its next poll reads the new pulse."""
    _pulses.pop(code, None)


def phone_etag(session_id: int, version: int, answered: int, lang: str) -> str:
    return f'"p{session_id}.{version}.{answered}.{lang}"'


class PhonePollShortcut:
    """Answers a phone's unchanged poll with 304 before sessions, CSRF, URL resolution and
    views run. Only a poll that carries the player's cookie and an ETag this server issued
    for the current phase takes this path; anything else goes through the view. The
    player-specific part of the ETag (the last question the phone answered, its language) is
    the phone's own: it changes only through the phone's own requests, which return the new
    ETag."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        header = request.META.get("HTTP_IF_NONE_MATCH", "")
        etag = read_phone_etag(header)
        poll = PHONE_POLL.match(request.path_info) if etag else None
        if poll and request.method == "GET" and etag.lang == poll["lang"]:
            code = poll["code"]
            token = request.COOKIES.get(f"club_{code}")
            if token:
                current = pulse(code)
                if (
                    current is not None
                    and etag.session == current.session_id
                    and etag.version == current.version
                    # A removed phone goes to the view, which sends it away.
                    and codes.digest(token) not in current.removed
                ):
                    return _not_modified(header)
        return self.get_response(request)


def poll_ms() -> int:
    return random.randint(*POLL_MS)


def _not_modified(etag: str):
    response = HttpResponseNotModified()
    response["ETag"] = etag
    response["Cache-Control"] = "no-store"
    return response


def not_modified(request, etag: str):
    if request.headers.get("If-None-Match") == etag:
        return _not_modified(etag)
    return None


def fragment(request, template: str, context: dict, etag: str = "", status: int = 200):
    """The page, or only its live region when htmx asks."""
    name = f"{template}#live" if request.htmx else template
    html = render_to_string(name, {**context, "etag": etag, "poll_ms": poll_ms()}, request)
    return response(html, etag, status)


def response(html: str, etag: str = "", status: int = 200) -> HttpResponse:
    """A live page: never stored, so every poll reaches the server (and its ETag check)."""
    page = HttpResponse(html, status=status)
    if etag:
        page["ETag"] = etag
    page["Cache-Control"] = "no-store"
    return page
