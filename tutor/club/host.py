"""The teacher's projector: the join code and QR, each question, the reveal, the results.

Every URL carries the session code and the teacher key; a wrong key and an
unknown code get the same 404, so these URLs tell nothing about which codes exist.
"""

import segno
from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from . import codes, live, questions, results, state
from .models import Answer, ClubQuestion, ClubSession


def _session(code: str, key: str) -> ClubSession:
    session = ClubSession.objects.filter(code=code).first()
    if session is None or not codes.is_teacher_key(session, key):
        raise Http404
    return session


def _etag(session: ClubSession) -> str:
    players = session.players.count()
    answers = Answer.objects.filter(question__session=session).count()
    lang = translation.get_language()
    return f'"h{session.pk}.{session.phase_version}.{players}.{answers}.{lang}"'


def _qr(url: str) -> str:
    # segno writes the SVG itself from a URL we built: nothing user-typed goes in.
    return mark_safe(segno.make(url, error="m").svg_inline(scale=1, border=2, omitsize=True))  # noqa: S308


def _context(request, session: ClubSession) -> dict:
    lang = translation.get_language()
    join_url = request.build_absolute_uri(reverse("club_short", args=[session.code]))
    context = {
        "session": session,
        "key": codes.teacher_key(session),
        "code": codes.spaced(session.code),
        "join_url": join_url,
        "players": list(session.players.order_by("joined_at").values_list("nickname", flat=True)),
        "total": session.questions.count(),
    }
    if session.phase == ClubSession.Phase.LOBBY:
        context["qr"] = _qr(join_url)
    if session.phase in (ClubSession.Phase.QUESTION, ClubSession.Phase.REVEAL):
        question = ClubQuestion.objects.get(session=session, position=session.position)
        context["number"] = session.position + 1
        reveal = session.phase == ClubSession.Phase.REVEAL
        context["question"] = questions.present(question.data, lang, reveal)
        context["answers"] = question.answers.count()
        context["seconds_left"] = state.seconds_left(session, question.opened_at)
    if session.phase == ClubSession.Phase.REVEAL:
        context["explanation"] = questions.explain(question.data, lang)
        context["distribution"] = results.distribution(question, lang)
    if session.phase == ClubSession.Phase.FINISHED:
        context["board"] = results.leaderboard(session)
        context["rules"] = results.rules_broken(session, lang)
        context["handouts"] = _handout_links(session)
    return context


def _handout_links(session: ClubSession) -> list[dict]:
    links = []
    for code, name in settings.LANGUAGES:
        with translation.override(code):
            url = reverse("club_handout", args=[session.code, codes.teacher_key(session)])
        links.append({"lang": code, "name": name, "url": url})
    return links


@require_GET
def page(request, code, key):
    session = _session(code, key)
    return live.fragment(request, "club/host.html", _context(request, session), _etag(session))


@require_GET
def poll(request, code, key):
    session = _session(code, key)
    etag = _etag(session)
    return live.not_modified(request, etag) or live.fragment(
        request, "club/host.html", _context(request, session), etag
    )


@require_POST
def act(request, code, key, action):
    session = _session(code, key)
    if action == "reveal":
        state.reveal(session.pk)
    else:
        state.advance(session.pk)
    if not request.htmx:
        return redirect("club_host", code, key)
    session.refresh_from_db()
    return live.fragment(request, "club/host.html", _context(request, session), _etag(session))


@require_GET
def export(request, code, key):
    session = _session(code, key)
    response = HttpResponse(results.csv_export(session), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="atout-{session.code}.csv"'
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
