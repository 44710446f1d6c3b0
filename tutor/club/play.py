"""The player's phone: one page whose live region polls, and the answer form."""

from functools import cache

from django.db import connection
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tutor import exercises

from . import codes, live, phase, questions, state
from .models import ClubQuestion, ClubSession, Player

REFUSALS = {
    "closed": lambda: _("This question is closed: answers are no longer accepted."),
    "late": lambda: _("Time is up for this question."),
    "twice": lambda: _("You have already answered this question."),
}


def player_cookie(code: str) -> str:
    return f"club_{code}"


@cache
def _player_query() -> str:
    """The player's row and its session's, by the token's digest (a unique index): written
    out once, because building the ORM's query costs more than running it (every phone's
    poll that renders, and every answer, runs it)."""
    name = connection.ops.quote_name
    columns = [f"p.{name(field.column)}" for field in Player._meta.concrete_fields]
    columns += [f"s.{name(field.column)}" for field in ClubSession._meta.concrete_fields]
    return (
        f"SELECT {', '.join(columns)} FROM {name(Player._meta.db_table)} p "
        f"JOIN {name(ClubSession._meta.db_table)} s ON s.id = p.session_id "
        "WHERE p.token_digest = %s AND s.code = %s"
    )


@cache
def _converters(model) -> list[tuple[str, object, list]]:
    """(attribute, column, converters) of each field, as the ORM's compiler applies them
    (JSON decoding, SQLite's dates and booleans)."""
    fields = []
    for field in model._meta.concrete_fields:
        column = field.get_col(model._meta.db_table)
        convert = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        fields.append((field.attname, column, convert))
    return fields


def _instance(model, values):
    names, converted = [], []
    for (attname, column, convert), value in zip(_converters(model), values, strict=True):
        for converter in convert:
            value = converter(value, column, connection)
        names.append(attname)
        converted.append(value)
    return model.from_db(connection.alias, names, converted)


def current_player(request, code: str) -> Player | None:
    """The player whose rejoin token this browser holds for this session, if any."""
    token = request.COOKIES.get(player_cookie(code))
    if not token:
        return None
    with connection.cursor() as cursor:
        cursor.execute(_player_query(), [codes.digest(token), code])
        row = cursor.fetchone()
    if row is None:
        return None
    split = len(Player._meta.concrete_fields)
    player = _instance(Player, row[:split])
    player.session = _instance(ClubSession, row[split:])
    return player


def _etag(player: Player) -> str:
    session = player.session
    return live.phone_etag(
        session.pk, session.phase_version, player.answered_position, translation.get_language()
    )


def _shared(session: ClubSession, lang: str, template: str, context: dict) -> str:
    """A part of the phone page every player sees alike, rendered once per phase and
    language in each process."""
    return phase.html(
        session, f"{template}:{lang}", lambda: render_to_string(f"club/{template}", context)
    )


def _context(player: Player, message: str = "") -> dict:
    """The phone's page: the shared part from the phase cache, then this player's own."""
    session = player.session
    lang = translation.get_language()
    current = phase.question(session)
    context = {"session": session, "player": player, "message": message, "total": current["total"]}
    shown = phase.shown(session, lang)
    if "position" in current:
        context["number"] = current["position"] + 1
    if session.phase == ClubSession.Phase.QUESTION:
        context["answered"] = player.answered_position == session.position
        context["seconds_left"] = state.seconds_left(session, current["opened_at"])
        if not context["answered"] and context["seconds_left"] != 0:
            context["question_html"] = _shared(session, lang, "_phone_question.html", shown)
    if session.phase == ClubSession.Phase.REVEAL:
        given, correct = phase.revealed_answers(session).get(player.pk, (None, False))
        context["mine"] = given is not None and questions.describe(current["data"], given, lang)
        context["correct"] = correct
        context["explanation_html"] = _shared(session, lang, "_explanation.html", shown)
    board = phase.standings(session)
    context["me"] = board["players"].get(player.pk)
    context["players"] = board["count"]
    context["speed"] = session.scoring == ClubSession.Scoring.SPEED
    return context


def _join_url(code: str) -> str:
    # The code comes from the address as typed: encoded, it cannot add a parameter.
    return f"{reverse('club_join')}?{urlencode({'code': code})}"


def _not_a_player(request, code: str) -> HttpResponse:
    return HttpResponse(
        _("You are not in this session on this device. Join it again with its code."),
        status=403,
        headers={"HX-Redirect": _join_url(code)},
        content_type="text/plain; charset=utf-8",
    )


@require_GET
def page(request, code):
    player = current_player(request, code)
    if player is None:
        return redirect(_join_url(code))
    return live.fragment(request, "club/play.html", _context(player), _etag(player))


@require_GET
def poll(request, code):
    live.pulse(code)
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
    current = phase.question(session)
    question = ClubQuestion(pk=current["id"], position=current["position"], data=current["data"])
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
