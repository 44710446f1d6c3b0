"""The teacher's side: the presenter (with the controls), the projector view, the results.

The teacher link carries the session code and the teacher key; a wrong key and an
unknown code get the same 404, so these URLs tell nothing about which codes exist.
The projector view (``screen``) carries a second key that only shows the session:
put it on the projector and run the session from the teacher link on a laptop or a
phone, and the teacher key is never on the wall. Neither page prints its key.
"""

from functools import lru_cache

import segno
from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from tutor import push
from tutor.guard import inputs
from tutor.guard.middleware import bad_request

from . import codes, live, phase, questions, results, state
from .models import Answer, ClubQuestion, ClubSession

# The lobby shows the latest nicknames; a room of a thousand sees the count grow.
LOBBY_NICKNAMES = 60
# The largest number a teacher's form takes (players per network, latest joins to remove).
MAX_NUMBER = 5000
SCOREBOARD_ROWS = 5
RESULTS_ROWS = 8
RULES_ROWS = 4


def _session(code: str, key: str) -> ClubSession:
    session = ClubSession.objects.filter(code=code).first()
    if session is None or not codes.is_teacher_key(session, key):
        raise Http404
    return session


def _screen_session(code: str, key: str) -> ClubSession:
    session = ClubSession.objects.filter(code=code).first()
    if session is None or not codes.is_screen_key(session, key):
        raise Http404
    return session


def _counts(session: ClubSession) -> dict:
    """What changes the presenter between two teacher moves: the players, and the answers to
    the question on screen (answers come in only while it is open)."""
    current = phase.question(session)
    answers = Answer.objects.filter(question_id=current["id"]).count() if "id" in current else 0
    return {"players": session.players.count(), "answers": answers}


def _etag(session: ClubSession, role: str, counts: dict) -> str:
    lang = translation.get_language()
    players, answers = counts["players"], counts["answers"]
    return f'"{role}{session.pk}.{session.phase_version}.{players}.{answers}.{lang}"'


@lru_cache(maxsize=64)
def _qr(url: str) -> str:
    # segno writes the SVG itself from a URL we built: nothing user-typed goes in. Cached:
    # the lobby's projector renders again at every join, the code stays the same.
    return mark_safe(segno.make(url, error="m").svg_inline(scale=1, border=2, omitsize=True))  # noqa: S308


def _context(request, session: ClubSession, teacher: bool, counts: dict) -> dict:
    lang = translation.get_language()
    join_url = request.build_absolute_uri(reverse("club_short", args=[session.code]))
    players = counts["players"]
    current = phase.question(session)
    context = {
        "session": session,
        "teacher": teacher,
        "key": codes.teacher_key(session) if teacher else "",
        "screen_key": codes.screen_key(session),
        "code": codes.spaced(session.code),
        # What a player types: the host and /j, then the code (the QR holds both).
        "join_address": join_url.split("://", 1)[-1].rsplit("/", 1)[0],
        "players": players,
        "total": current["total"],
        "speed": session.scoring == ClubSession.Scoring.SPEED,
    }
    if session.phase == ClubSession.Phase.LOBBY:
        context["qr"] = _qr(join_url)
        latest = session.players.order_by("-joined_at", "-pk").values("pk", "nickname")
        context["nicknames"] = list(latest[:LOBBY_NICKNAMES])[::-1]
        context["more"] = max(0, players - LOBBY_NICKNAMES)
    if session.phase in (ClubSession.Phase.QUESTION, ClubSession.Phase.REVEAL):
        context["number"] = session.position + 1
        shown = phase.shown(session, lang)
        context["question"] = shown["question"]
        context["answers"] = counts["answers"]
        context["seconds_left"] = state.seconds_left(session, current["opened_at"])
    if session.phase == ClubSession.Phase.REVEAL:
        context["explanation"] = shown["explanation"]
        question = ClubQuestion(pk=current["id"], data=current["data"])
        if shown["question"]["kind"] == "tap":
            context["split"] = results.split(question, lang)
        else:
            context["distribution"] = results.distribution(question, lang)
    if session.phase == ClubSession.Phase.SCOREBOARD:
        context["number"] = session.position + 1
        context["board"] = results.standings(session)[:SCOREBOARD_ROWS]
    if session.phase == ClubSession.Phase.FINISHED:
        board = results.standings(session)
        context["podium"] = board[:3]
        context["board"] = board[:RESULTS_ROWS]
        context["rules"] = results.rules_broken(session, RULES_ROWS)
        context["handouts"] = _handout_links(session)
    return context


def _handout_links(session: ClubSession) -> list[dict]:
    links = []
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            url = reverse("club_handout", args=[session.code, codes.teacher_key(session)])
        # Each language under its own name: the teacher hands it to those who read it.
        name = translation.get_language_info(code)["name_local"].capitalize()
        links.append({"lang": code, "name": name, "url": url})
    return links


def _page(request, session, teacher: bool, poll: bool = False):
    """The presenter (or the projector's view), or 304 to a poll that has it already."""
    live.pulse(session.code)
    session.refresh_from_db()
    counts = _counts(session)
    etag = _etag(session, "h" if teacher else "s", counts)
    if poll:
        unchanged = live.not_modified(request, etag)
        if unchanged:
            return unchanged
    context = _context(request, session, teacher, counts)
    return live.fragment(request, "club/host.html", context, etag)


class StageScreen:
    """The presenter's or the projector's view of its session on the live channel: the stage at
    each new version, and every second when players joined or answered meanwhile."""

    every = 1.0

    def __init__(self, request, code: str, teacher: bool):
        self.request, self.code, self.teacher = request, code, teacher
        self.lang = translation.get_language()
        self.shown = ""

    def render(self, version: int) -> list[push.Event] | None:
        session = ClubSession.objects.filter(code=self.code).first()
        if session is None:
            return None
        counts = _counts(session)
        etag = _etag(session, "h" if self.teacher else "s", counts)
        if etag == self.shown:
            return []
        self.shown = etag
        with translation.override(self.lang):
            context = _context(self.request, session, self.teacher, counts)
            context.update(etag=etag, poll_ms=live.poll_ms())
            html = render_to_string("club/host.html#live", context, self.request)
        events = [push.Event("live", html.strip())]
        if session.phase == ClubSession.Phase.FINISHED:
            events.append(push.Event("end"))
        return events


def _stream(request, code: str, key: str, teacher: bool):
    check = codes.is_teacher_key if teacher else codes.is_screen_key
    session = ClubSession.objects.filter(code=code).first()
    if session is None or not check(session, key):
        raise Http404
    screen = StageScreen(request, code, teacher)
    return push.stream(request, live.topic(code), screen, f"club:{code}:{'h' if teacher else 's'}")


@require_GET
def events(request, code, key):
    return _stream(request, code, key, teacher=True)


@require_GET
def screen_events(request, code, key):
    return _stream(request, code, key, teacher=False)


@require_GET
def page(request, code, key):
    return _page(request, _session(code, key), teacher=True, poll=False)


@require_GET
def poll(request, code, key):
    return _page(request, _session(code, key), teacher=True, poll=True)


@require_GET
def screen(request, code, key):
    return _page(request, _screen_session(code, key), teacher=False, poll=False)


@require_GET
def screen_poll(request, code, key):
    return _page(request, _screen_session(code, key), teacher=False, poll=True)


@require_POST
def act(request, code, key, action):
    session = _session(code, key)
    if action == "reveal":
        state.reveal(session.pk)
    else:
        state.advance(session.pk)
    live.forget(session.code)
    if not request.htmx:
        return redirect("club_host", code, key)
    return _page(request, session, teacher=True)


@require_POST
def remove(request, code, key, player):
    session = _session(code, key)
    state.remove_player(session.pk, player)
    return _after(request, session, code, key)


@require_POST
def remove_latest(request, code, key):
    """Removes the players who joined last, as many as asked, at once."""
    session = _session(code, key)
    state.remove_latest(session.pk, inputs.number(request.POST.get("count"), 1, MAX_NUMBER))
    return _after(request, session, code, key)


@require_POST
def joining(request, code, key):
    """Opens or closes the session to new players (``joining``: open or closed), or sets how
    many may join from one network (``per_network``)."""
    session = _session(code, key)
    if "per_network" in request.POST:
        number = inputs.number(request.POST["per_network"], 1, MAX_NUMBER)
        state.set_joining(session.pk, per_network=number)
    elif request.POST.get("joining") in ("open", "closed"):
        state.set_joining(session.pk, joining_open=request.POST["joining"] == "open")
    else:
        return bad_request(request)
    return _after(request, session, code, key)


def _after(request, session, code: str, key: str):
    """Where a teacher's change to the players leads: back to the page it was made on."""
    # The next poll in this process must not be a 304 from the old pulse (a removed phone).
    live.forget(session.code)
    if request.POST.get("next", "") == "results":
        return redirect("club_results", code, key)
    if not request.htmx:
        return redirect("club_host", code, key)
    return _page(request, session, teacher=True)


@require_GET
def full_results(request, code, key):
    """Every player with their score, for the teacher (a page that may scroll)."""
    session = _session(code, key)
    board = results.standings(session)
    context = {
        "session": session,
        "key": key,
        "code": codes.spaced(session.code),
        "board": board,
        "players": len(board),
        "asked": results.asked(session),
        "rules": results.rules_broken(session),
        "speed": session.scoring == ClubSession.Scoring.SPEED,
        "handouts": _handout_links(session),
    }
    return render(request, "club/results.html", context)


@require_GET
def export(request, code, key):
    session = _session(code, key)
    lang = translation.get_language()
    response = HttpResponse(
        results.spreadsheet(session, lang), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="atout-{session.code}-{lang}.csv"'
    return response


@require_GET
def handout(request, code, key):
    session = _session(code, key)
    lang = translation.get_language()
    items = [
        {
            "number": question.position + 1,
            "question": questions.present(question.data, lang, reveal=True),
            "explanation": questions.explain(question.data, lang),
        }
        for question in session.questions.all()
    ]
    context = {"session": session, "items": items, "handouts": _handout_links(session)}
    return render(request, "club/handout.html", context)
