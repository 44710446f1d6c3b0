"""The player's phone: one page whose live region follows the session's event stream (or polls
where a stream cannot live), and the answer form."""

from collections.abc import Callable
from functools import cache, lru_cache

from django.db import connection
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.html import escape, escapejs
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tutor import exercises, push
from tutor.pages.context_processors import visitor
from tutor.quiz.teach import teach

from . import codes, live, phase, questions, rows, state, stencil
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
    """The player's row and its session's, by the token's digest (a unique index)."""
    name = connection.ops.quote_name
    return (
        f"SELECT {rows.columns(Player, 'p')}, {rows.columns(ClubSession, 's')} "
        f"FROM {name(Player._meta.db_table)} p "
        f"JOIN {name(ClubSession._meta.db_table)} s ON s.id = p.session_id "
        "WHERE p.token_digest = %s AND s.code = %s"
    )


def current_player(request, code: str) -> Player | None:
    """The player whose rejoin token this browser holds for this session, if any."""
    token = request.COOKIES.get(player_cookie(code))
    if not token:
        return None
    digest = codes.digest(token)
    with connection.cursor() as cursor:
        cursor.execute(_player_query(), [digest, code])
        row = cursor.fetchone()
    if row is None:
        return None
    split = len(Player._meta.concrete_fields)
    player = rows.instance(Player, row[:split])
    player.session = rows.instance(ClubSession, row[split:])
    _known_tokens[code, digest] = player.pk
    if len(_known_tokens) > KNOWN_TOKENS:
        _known_tokens.clear()
    return player


# (session code, token digest) → player id, for the tokens this process has seen: a token
# names one player for good, so a phone's poll needs no query to know who polls (the pulse
# says which tokens the teacher removed since).
KNOWN_TOKENS = 50_000
_known_tokens: dict[tuple[str, str], int] = {}


def _known_player(request, code: str) -> Player | None:
    """The phone's player from the session's pulse and the ETag it sends (htmx sends it with
    every request of the live region: polls and answers), without a query, when this process
    has seen its token; else ``None`` (the view reads the row).

    The phone's last answered question comes from its ETag, as the 304 shortcut trusts it
    (tutor/club/live.py): only the phone's own requests change it, and each returns the new
    ETag; a phone that claims otherwise only shows itself the wrong screen, and its answer
    is still refused or accepted by the database. A phone never goes back a phase: an ETag
    newer than this process's pulse makes it read the pulse again."""
    token = request.COOKIES.get(player_cookie(code))
    etag = live.read_phone_etag(request.headers.get("If-None-Match", ""))
    current = live.pulse(code)
    if not token or etag is None or current is None:
        return None
    if etag.version > current.version:
        # The phone saw a newer phase through another process: this pulse is behind.
        live.forget(code)
        current = live.pulse(code)
        if current is None or etag.version > current.version:
            return None
    if etag.session != current.session_id or etag.lang != translation.get_language():
        return None
    digest = codes.digest(token)
    player_id = _known_tokens.get((code, digest))
    if player_id is None or digest in current.removed:
        return None
    player = Player(pk=player_id, answered_position=etag.answered)
    player.session = current.session(code)
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
    context = {"session": session, "message": message, "total": current["total"]}
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
        context["mine"] = given is not None
        if given is not None:
            context["mine_text"] = questions.describe(current["data"], given, lang)["text"]
        context["correct"] = correct
        context["explanation_html"] = _shared(session, lang, "_explanation.html", shown)
        context["report"] = shown["report"]
        # Where the question's rule is taught, for a phone whose answer missed it.
        if given is not None and not correct:
            context["teach_html"] = _shared(
                session, lang, "_teach.html", {"teach": teach(current["data"], "")}
            )
    board = phase.standings(session)
    me = board["players"].get(player.pk)
    speed = session.scoring == ClubSession.Scoring.SPEED
    context["right"] = me.right if me else 0
    context["rank"] = me.rank if me else ""
    if me is None:
        context["standing_html"] = ""
    else:
        line = (me.right, me.points, me.gained, me.streak, me.rank)
        context["standing_html"] = _standing(lang, speed, board["count"], *line)
    return context


@lru_cache(maxsize=20_000)
def _standing(lang: str, speed: bool, players: int, right, points, gained, streak, rank) -> str:
    """The phone's score and rank line; rendered once per distinct line in each process (the
    scoreboard repeats the reveal's). ``lang`` is the active language, in the key."""
    me = {"right": right, "points": points, "gained": gained, "streak": streak, "rank": rank}
    return render_to_string("club/_standing.html", {"me": me, "players": players, "speed": speed})


# The branches the template takes differently between phones of one phase: a stencil for
# each combination (tutor/club/stencil.py).
BRANCHES = ("answered", "question_html", "mine", "correct")


def _own(csrf_token: Callable[[], str], context: dict, etag: str) -> dict:
    """What this phone's request fills in, each as the template writes it (and computed only
    when the stencil has a slot for it: a CSRF token costs a fresh mask). A value the phone
    lacks (an untimed question's seconds) is left out, and its branch stays closed."""
    own = {
        "etag": lambda: escapejs(etag),
        "poll_ms": lambda: str(live.poll_ms()),
        "csrf_token": csrf_token,
        "right": lambda: str(context["right"]),
        "rank": lambda: str(context["rank"]),
        "standing_html": lambda: context["standing_html"],
    }
    if context.get("seconds_left") is not None:
        own["seconds_left"] = lambda: str(context["seconds_left"])
    if "mine_text" in context:
        own["mine_text"] = lambda: escape(context["mine_text"])
    return own


def _region(csrf_token: Callable[[], str], player: Player) -> tuple[str, str]:
    """The phone's live region from the phase's stencil, and its ETag (``csrf_token`` gives
    the form's token)."""
    context = _context(player)
    etag = _etag(player)
    own = _own(csrf_token, context, etag)
    shared = {name: value for name, value in context.items() if name not in own}
    variant = (*(bool(context.get(name)) for name in BRANCHES), *sorted(own))
    page = phase.html(
        player.session,
        f"live:{translation.get_language()}:{variant}",
        lambda: stencil.render("club/play.html#live", shared, own),
    )
    return page.fill({name: own[name]() for name in page.slots}), etag


def _live(request, player: Player, message: str = "", status: int = 200) -> HttpResponse:
    """The phone's page, or its live region when htmx asks."""
    if message:
        # A refusal or a mistake, said in the region (tutor/club/stencil.py has no slot for it).
        etag = _etag(player)
        context = {**_context(player, message), "etag": etag, "poll_ms": live.poll_ms()}
        region = render_to_string("club/play.html#live", context, request)
        if request.htmx:
            return live.response(region, etag, status)
        return live.response(_page(request, player, region), etag, status)
    if request.htmx:
        region, etag = _region(lambda: get_token(request), player)
        return live.response(region, etag, status)
    # The whole page: a phone's first, when a room's phones arrive within seconds.
    token = get_token(request)
    region, etag = _region(lambda: token, player)
    return live.response(_page(request, player, region, token), etag, status)


# What the page around the live region takes from the phone's own request.
PAGE_SLOTS = ("nickname", "csrf_token", "live_html")


def _page(request, player: Player, region: str, token: str | None = None) -> str:
    """The phone's whole page around its ``region``, from the phase's stencil in this
    language and deck: the same for every phone but for the player's name and the token."""
    session = player.session
    back = bool(request.GET.get("back"))
    deck = visitor(request)["four_colour_deck"]
    page = phase.html(
        session,
        # The rules too: a phone known from its ETag alone carries a session without them.
        f"page:{translation.get_language()}:{deck}:{back}:{session.profile}",
        lambda: stencil.render(
            "club/play.html",
            {"session": session, "back": back, "player": {"nickname": stencil.marker("nickname")}},
            PAGE_SLOTS,
            request,
        ),
    )
    values = {
        "nickname": escape(player.nickname),
        "csrf_token": token or get_token(request),
        "live_html": region,
    }
    return page.fill(values)


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
    return _live(request, player)


@require_GET
def poll(request, code):
    player = _known_player(request, code) or current_player(request, code)
    if player is None:
        return _not_a_player(request, code)
    return live.not_modified(request, _etag(player)) or _live(request, player)


@require_POST
def answer(request, code):
    player = _known_player(request, code) or current_player(request, code)
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
        return _live(request, player, _("Choose an answer before sending it."), status=422)
    try:
        state.answer(player, question, given)
    except state.Refused as refusal:
        return _refuse(request, player, refusal.reason)
    return _live(request, player)


def _refuse(request, player, reason: str):
    try:
        player.refresh_from_db(fields=["answered_position"])
    except Player.DoesNotExist:
        # Removed by the teacher while the answer was on its way.
        return _not_a_player(request, player.session.code)
    return _live(request, player, REFUSALS[reason](), status=409)


class PhoneScreen:
    """One phone's view of its session on the live channel (tutor/push.py): its live region at
    each new version, in its language, with its own answer and score; a removed phone is sent
    to the join form, which says why."""

    every = None

    def __init__(self, request, player: Player, shown: int | None):
        # The form's token, masked once for the stream's life, so that the screen (kept as
        # long as the stream) holds nothing of the request: every object a stream keeps is
        # walked by each full garbage collection (tutor/asgi.py). Masked here, in the view,
        # a browser without the CSRF cookie gets it with the stream's headers.
        self.csrf_token = get_token(request)
        self.code = player.session.code
        self.player_id, self.answered = player.pk, player.answered_position
        self.digest = player.token_digest
        self.lang = translation.get_language()
        self.shown = shown

    def render(self, version: int) -> list[push.Event] | None:
        current = live.pulse(self.code)
        if current is None:
            return None
        if self.digest in current.removed:
            return [push.Event("gone", _join_url(self.code)), push.Event("end")]
        if self.shown is not None and version <= self.shown:
            # Nothing new; and never back to a phase this phone has left.
            return []
        self.shown = version
        player = Player(pk=self.player_id, answered_position=self.answered)
        player.session = current.session(self.code)
        with translation.override(self.lang):
            html, _etag = _region(lambda: self.csrf_token, player)
        events = [push.Event("live", html.strip())]
        if current.phase == ClubSession.Phase.FINISHED:
            events.append(push.Event("end"))
        return events


def _stream_player(request, code: str):
    """The stream's player, or the status that refuses the stream at once."""
    if live.pulse(code) is None:
        return 404
    player = current_player(request, code)
    if player is None:
        return 403
    if player.session.created_at < timezone.now() - codes.JOINABLE_FOR:
        return 404
    return player


@require_GET
def events(request, code):
    """The phone's event stream: refused at once (403/404) for a browser that is not a player
    of a live session here, and when this player holds too many streams already (429)."""
    found = _stream_player(request, code)
    if found == 403:
        return _not_a_player(request, code)
    if found == 404:
        return HttpResponse(status=404, content_type="text/plain; charset=utf-8")
    seen = push.version_from(request)
    screen = PhoneScreen(request, found, seen)
    session = found.session
    if session.phase == ClubSession.Phase.FINISHED and seen == session.phase_version:
        # Nothing more will come: 204 tells the browser not to reconnect.
        return HttpResponse(status=204)
    key = f"club:{code}:{found.pk}"
    return push.stream(request, live.topic(code), screen, key, seen)
