"""Creating a session and joining one (see host.py for the projector, play.py for phones)."""

from functools import cache

from django.conf import settings
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import IntegrityError, connection, transaction
from django.http import HttpResponse, HttpResponseRedirect
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tutor.guard import throttle
from tutor.pages import rules
from tutor.pages.context_processors import visitor

from . import codes, history, nicknames, questions, rows, stencil
from .forms import CreateForm, JoinForm
from .models import ClubQuestion, ClubSession, Player
from .play import current_player, player_cookie

PLAYER_COOKIE_AGE = 24 * 3600
# A fresh code clashes with a live one about once in 10**11 draws; a few retries suffice.
CODE_TRIES = 5


def index(request):
    form = CreateForm(
        request.POST or None, house=rules.house_choices(request, request.GET.get("profile"))
    )
    if request.method == "GET" and request.GET.get("profile"):
        form.initial["profile"] = request.GET["profile"]
    status = 200
    if request.method == "POST" and form.is_valid():
        if not throttle.take("club_create", request, 600, settings.CLUB_SESSIONS_PER_TEN_MINUTES):
            form.add_error(
                None, _("Many sessions were created from this network just now. Wait a moment.")
            )
            status = 429
        else:
            session = _create(request, form.cleaned_data)
            if session is not None:
                return redirect(host_url(session))
            form.add_error(None, _("No question matches these choices; choose other topics."))
    context = {"form": form}
    if request.user.is_authenticated:
        context["owned"] = history.sessions(request.user, host_url)
        context["topics"] = history.topics(request.user)
        context["rules"] = history.rules(request.user)
    if status == 200 and form.errors:
        status = 400
    return render(request, "club/index.html", context, status=status)


def host_url(session) -> str:
    return reverse("club_host", args=[session.code, codes.teacher_key(session)])


def _create(request, data) -> ClubSession | None:
    posed = questions.pick(
        data["game"], data["profile"], data["topics"], data["difficulty"], data["count"]
    )
    if not posed:
        return None
    fields = {
        key: data[key]
        for key in (
            "game",
            "profile",
            "topics",
            "difficulty",
            "seconds",
            "scoring",
            "max_players",
            "per_network",
        )
    }
    fields["auto_reveal"] = data["auto_reveal"] and data["seconds"] is not None
    return open_session(request, fields, [(question, data["seconds"]) for question in posed])


def open_session(request, fields: dict, posed: list[tuple[dict, int | None]]) -> ClubSession:
    """A new session (``fields`` of :class:`ClubSession`) with its questions, each posed
    question with its seconds, under a fresh join code."""
    for _attempt in range(CODE_TRIES):
        try:
            with transaction.atomic():
                session = ClubSession.objects.create(
                    code=codes.new_code(),
                    nonce=codes.new_nonce(),
                    owner=request.user if request.user.is_authenticated else None,
                    lang=translation.get_language(),
                    **fields,
                )
                ClubQuestion.objects.bulk_create(
                    ClubQuestion(session=session, position=position, data=question, seconds=seconds)
                    for position, (question, seconds) in enumerate(posed)
                )
                return session
        except IntegrityError:
            continue
    raise RuntimeError("no free join code after several draws")


REMOVED = gettext_lazy("The teacher removed you from this session.")


def join(request):
    initial = {"code": request.GET.get("code", "")[:20], "lang": translation.get_language()}
    # Built only for a page that shows it: the empty form comes from its stencil.
    form = None
    status = 200
    notice = ""
    if request.method == "GET":
        code = codes.normalise_code(initial["code"])
        player = current_player(request, code) if code else None
        if player is not None:
            # Back in the language the player chose, whatever this browser asks for.
            with translation.override(player.lang):
                return _back(code)
        session = _joinable(code) if code and request.COOKIES.get(player_cookie(code)) else None
        if session is not None and _removed(request, session):
            # Where a removed phone's next poll sends it: say why at once.
            notice = REMOVED
    elif request.method == "POST":
        form = JoinForm(request.POST, initial=initial)
        if form.is_valid():
            response = _join(request, form)
            if response is not None:
                return response
            if form.has_error("code", "too_many") or form.has_error(NON_FIELD_ERRORS, "network"):
                status = 429
            elif form.has_error(NON_FIELD_ERRORS, "removed") or form.has_error(
                NON_FIELD_ERRORS, "closed"
            ):
                status = 403
            else:
                status = 404 if form.has_error("code") else 409
        else:
            status = 400
    if request.method == "GET" and not notice:
        return _join_page(request, initial["code"])
    if form is None:
        form = JoinForm(initial=initial)
    return render(request, "club/join.html", {"form": form, "notice": notice}, status=status)


# The join page as a phone first sees it (no error, no notice), per language and deck.
_join_pages: dict[tuple, stencil.Stencil] = {}


def _join_page(request, code: str) -> HttpResponse:
    """The empty join form from its stencil (tutor/club/stencil.py), with the code from the
    address, the page's own address and this request's CSRF token filled in."""
    lang = translation.get_language()
    key = (lang, visitor(request)["four_colour_deck"])
    page = _join_pages.get(key)
    if page is None:
        form = JoinForm(initial={"code": stencil.marker("code"), "lang": lang})
        context = {"form": form, "notice": ""}
        page = stencil.render("club/join.html", context, JOIN_SLOTS, request)
        _join_pages[key] = page
    values = {
        "code": escape(code),
        "here": escape(request.get_full_path()),
        "csrf_token": get_token(request),
    }
    return HttpResponse(page.fill(values))


JOIN_SLOTS = ("code", "here", "csrf_token")


def _joinable(code: str) -> ClubSession | None:
    """The live session with this code: not finished, and not older than JOINABLE_FOR. One
    plain statement (tutor/club/rows.py): a crowd joins at once, and the ORM's query builder
    cost twice the rest of this read."""
    since = connection.ops.adapt_datetimefield_value(timezone.now() - codes.JOINABLE_FOR)
    with connection.cursor() as cursor:
        cursor.execute(_joinable_query(), [code, since, ClubSession.Phase.FINISHED])
        row = cursor.fetchone()
    return None if row is None else rows.instance(ClubSession, row)


@cache
def _joinable_query() -> str:
    table = connection.ops.quote_name(ClubSession._meta.db_table)
    return (
        f"SELECT {rows.columns(ClubSession)} FROM {table}"  # noqa: S608 (names from the model)
        " WHERE code = %s AND created_at >= %s AND phase <> %s LIMIT 1"
    )


def _join(request, form) -> HttpResponseRedirect | None:
    data = form.cleaned_data
    session = _joinable(data["code"])
    if session is None:
        # A live code never gets here, however many wrong ones this network sent before.
        too_many = codes.too_many_failures(request)
        codes.record_failure(request)
        if too_many:
            message = _("Too many wrong codes from this network. Check the code on the screen.")
            form.add_error("code", ValidationError(message, code="too_many"))
        else:
            form.add_error("code", _("No session is running with this code."))
        return None
    player = current_player(request, session.code)
    if player is not None:
        # The phone already holds this session's token: it is the same player, back again.
        Player.objects.filter(pk=player.pk).update(lang=data["lang"])
        with translation.override(data["lang"]):
            return _back(session.code)
    if _removed(request, session):
        form.add_error(None, ValidationError(REMOVED, code="removed"))
        return None
    token = codes.new_token()
    player = Player(
        session=session,
        nickname=data["nickname"],
        nickname_key=nicknames.key(data["nickname"]),
        token_digest=codes.digest(token),
        lang=data["lang"],
        network=codes.network(session, request),
    )
    refusal = _take_place(session, player)
    if refusal:
        form.add_error(*refusal)
        return None
    with translation.override(data["lang"]):
        response = redirect("club_play", session.code)
    response.set_cookie(
        player_cookie(session.code),
        token,
        max_age=PLAYER_COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    return response


def _back(code: str) -> HttpResponseRedirect:
    """To the phone's page of a player who came back (the QR code scanned again, the join form
    sent again): the page says their score is still there."""
    return HttpResponseRedirect(f"{reverse('club_play', args=[code])}?back=1")


def _removed(request, session: ClubSession) -> bool:
    """Whether this browser holds the token of a phone the teacher removed."""
    held = request.COOKIES.get(player_cookie(session.code))
    return bool(held) and codes.digest(held) in session.removed


# The first key of the PostgreSQL advisory lock a join takes for its session (the second
# is the session's id), so that no other lock of the application shares its keys.
JOIN_LOCK = 7


def _take_place(session: ClubSession, player: Player) -> tuple | None:
    """Saves ``player`` if the session is open to new players and has a place left for them
    (under its cap, and under its number per network), or says which field refuses and why.

    One conditional INSERT: it counts the players (all of them, and those of the player's
    network) and inserts only under both numbers, so two phones racing for the last place
    cannot both get in. SQLite runs the statement under its write lock. On PostgreSQL two
    such statements would each count without the other's uncommitted row, so a
    transaction-scoped advisory lock per session makes the next join wait for this one's
    commit and count its row (a lock of its own: joins never wait on the session row that
    the teacher's moves lock)."""
    teacher_cap = session.max_players is not None and session.max_players < codes.MAX_PLAYERS
    cap = session.max_players if teacher_cap else codes.MAX_PLAYERS
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [JOIN_LOCK, session.pk])
            cursor.execute(
                _join_sql(),
                [*_row(player), session.pk, cap, session.pk, player.network, session.pk],
            )
            joined = cursor.rowcount == 1
    except IntegrityError:
        return "nickname", _("Someone in this session already has this nickname.")
    if joined:
        return None
    # Refused: read again what the statement saw, to say why.
    session.refresh_from_db(fields=["joining_open", "per_network"])
    if not session.joining_open:
        return None, ValidationError(CLOSED, code="closed")
    mine = Player.objects.filter(session=session, network=player.network).count()
    if mine >= session.per_network:
        message = ngettext(
            "This session already has %(count)s player from your network, the most its "
            "teacher allows. Ask the teacher to let more in.",
            "This session already has %(count)s players from your network, the most its "
            "teacher allows. Ask the teacher to let more in.",
            session.per_network,
        ) % {"count": session.per_network}
        return None, ValidationError(message, code="network")
    if teacher_cap:
        return None, _("This session is full: the teacher set a limit on players.")
    message = ngettext(
        "This session is full: it takes %(count)s player.",
        "This session is full: it takes %(count)s players.",
        cap,
    )
    return None, message % {"count": cap}


CLOSED = gettext_lazy("The teacher has closed this session to new players.")


_JOINED = (
    "session",
    "nickname",
    "nickname_key",
    "token_digest",
    "lang",
    "answered_position",
    "joined_at",
    "network",
)


def _join_sql() -> str:
    name = connection.ops.quote_name
    table = name(Player._meta.db_table)
    columns = ", ".join(name(Player._meta.get_field(field).column) for field in _JOINED)
    values = ", ".join(["%s"] * len(_JOINED))
    session = name(Player._meta.get_field("session").column)
    network = name(Player._meta.get_field("network").column)
    sessions = name(ClubSession._meta.db_table)
    per_network = name(ClubSession._meta.get_field("per_network").column)
    joining_open = name(ClubSession._meta.get_field("joining_open").column)
    pk = name(ClubSession._meta.pk.column)
    # The session's number per network is NULL, so nothing compares true, once joining
    # is closed.
    return (
        f"INSERT INTO {table} ({columns}) SELECT {values} "
        f"WHERE (SELECT COUNT(*) FROM {table} WHERE {session} = %s) < %s "
        f"AND (SELECT COUNT(*) FROM {table} WHERE {session} = %s AND {network} = %s) "
        f"< (SELECT {per_network} FROM {sessions} WHERE {pk} = %s AND {joining_open})"
    )


def _row(player: Player) -> list:
    return [
        player.session_id,
        player.nickname,
        player.nickname_key,
        player.token_digest,
        player.lang,
        Player._meta.get_field("answered_position").default,
        connection.ops.adapt_datetimefield_value(timezone.now()),
        player.network,
    ]


def short_join(request, code):
    """The QR code's address: into the join form, in the phone's own language."""
    return redirect(f"{reverse('club_join')}?code={codes.normalise_code(code)}")
