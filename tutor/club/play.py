"""The player's phone: one page whose live region polls, and the answer form."""

from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tutor import exercises

from . import codes, live, questions, state
from .models import Answer, ClubQuestion, ClubSession, Player
from .results import leaderboard

REFUSALS = {
    "closed": lambda: _("This question is closed: answers are no longer accepted."),
    "late": lambda: _("Time is up for this question."),
    "twice": lambda: _("You have already answered this question."),
}


def player_cookie(code: str) -> str:
    return f"club_{code}"


def current_player(request, code: str) -> Player | None:
    """The player whose rejoin token this browser holds for this session, if any."""
    token = request.COOKIES.get(player_cookie(code))
    if not token:
        return None
    return (
        Player.objects.select_related("session")
        .filter(token_digest=codes.digest(token), session__code=code)
        .first()
    )


def _etag(player: Player) -> str:
    session = player.session
    lang = translation.get_language()
    return f'"p{session.pk}.{session.phase_version}.{player.answered_position}.{lang}"'


def _context(player: Player, message: str = "") -> dict:
    session = player.session
    lang = translation.get_language()
    context = {"session": session, "player": player, "message": message}
    question = None
    if session.phase in (ClubSession.Phase.QUESTION, ClubSession.Phase.REVEAL):
        question = ClubQuestion.objects.get(session=session, position=session.position)
        context["number"] = session.position + 1
        context["total"] = session.questions.count()
    if session.phase == ClubSession.Phase.QUESTION:
        context["answered"] = player.answered_position == session.position
        if not context["answered"]:
            context["question"] = questions.present(question.data, lang)
            context["seconds_left"] = state.seconds_left(session, question)
    if session.phase == ClubSession.Phase.REVEAL:
        # Only now does the engine's answer reach the phone.
        mine = Answer.objects.filter(player=player, question=question).first()
        context["question"] = questions.present(question.data, lang)
        context["explanation"] = questions.explain(question.data, lang)
        context["mine"] = mine and questions.describe(question.data, mine.given, lang)
        context["correct"] = bool(mine and mine.correct)
    context["right"] = Answer.objects.filter(
        player=player, correct=True, question__revealed_at__isnull=False
    ).count()
    if session.phase == ClubSession.Phase.FINISHED:
        board = leaderboard(session)
        context["me"] = next(row for row in board if row.pk == player.pk)
        context["players"] = len(board)
    return context


def _not_a_player(request, code: str) -> HttpResponse:
    join_url = f"{reverse('club_join')}?code={code}"
    return HttpResponse(
        _("You are not in this session on this device. Join it again with its code."),
        status=403,
        headers={"HX-Redirect": join_url},
        content_type="text/plain; charset=utf-8",
    )


@require_GET
def page(request, code):
    player = current_player(request, code)
    if player is None:
        return redirect(f"{reverse('club_join')}?code={code}")
    return live.fragment(request, "club/play.html", _context(player), _etag(player))


@require_GET
def poll(request, code):
    player = current_player(request, code)
    if player is None:
        return _not_a_player(request, code)
    etag = _etag(player)
    return live.not_modified(request, etag) or live.fragment(
        request, "club/play.html", _context(player), etag
    )


@require_POST
def answer(request, code):
    player = current_player(request, code)
    if player is None:
        return _not_a_player(request, code)
    session = player.session
    if session.phase != ClubSession.Phase.QUESTION:
        return _refuse(request, player, "closed")
    question = ClubQuestion.objects.get(session=session, position=session.position)
    try:
        given = exercises.read_answer(question.data, request.POST)
    except exercises.BadAnswer as error:
        return HttpResponse(
            exercises.text(error.step, translation.get_language()),
            status=400,
            content_type="text/plain; charset=utf-8",
        )
    if given is None:
        context = _context(player, _("Choose an answer before sending it."))
        return live.fragment(request, "club/play.html", context, _etag(player), status=422)
    try:
        state.answer(player, question, given)
    except state.Refused as refusal:
        return _refuse(request, player, refusal.reason)
    return live.fragment(request, "club/play.html", _context(player), _etag(player))


def _refuse(request, player, reason: str):
    player.refresh_from_db(fields=["answered_position"])
    context = _context(player, REFUSALS[reason]())
    return live.fragment(request, "club/play.html", context, _etag(player), status=409)
