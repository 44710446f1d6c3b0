"""The pages of a table: making one, sitting down, playing, the creator's eye, a finished deal.

Who is who: a player's browser holds their seat's key in a cookie for that table (set when they
sit, or when they open their seat's private link on another device); the creator is the
browser (account or session) that made the table, or one that opened the creator's link. A
move is a plain form POST, as in solo play, carrying ``at``: the table's version the page was
drawn at (``tutor/tables/state.py``). Every refusal comes with a translated sentence and the
table as it is now, in place (htmx swaps 409 and 422 inside ``[data-swap-refusals]``).
"""

from __future__ import annotations

import json
import re

from django.conf import settings
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import get_language
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tutor import push
from tutor.club.live import not_modified, poll_ms
from tutor.club.live import response as live_response
from tutor.pages import rules as page_rules
from tutor.play import coinche as solo_coinche
from tutor.play import moves as play_moves
from tutor.quiz.owner import owner
from tutor.rules.explain import Step

from . import keys, referee, rows, screens, state
from .forms import CreateForm, SitForm
from .models import Seat, Table

SEAT_COOKIE_AGE = 60 * 60 * 24 * 30
VERSION = re.compile(r"[0-9]{1,10}")
ETAG = re.compile(r'^"t(?P<table>\d+)\.(?P<version>\d+)\.(?P<seat>\d+)\.(?P<lang>[a-z]{2})"$')


def _text(step: Step) -> str:
    return screens.say(step, get_language())


def _bad(request, status: int, code: str, back: str = "", **params) -> HttpResponse:
    """A short page saying why (a table that does not exist, a link that is no key here)."""
    context = {"message": _text(Step(code, params)), "back": back}
    return render(request, "tables/bad.html", context, status=status)


def _table(token: str) -> Table | None:
    if len(token) > 40:
        return None
    return rows.table(token=token)


def _seat(request, table: Table) -> Seat | None:
    return state.seat_of(table, request.COOKIES.get(keys.cookie(table)))


def _forged(request, table: Table) -> bool:
    """This browser sends a seat key for this table that is no seat's."""
    held = request.COOKIES.get(keys.cookie(table))
    return bool(held) and _seat(request, table) is None


def _owner(request) -> dict:
    return owner(request)


# -- making a table ------------------------------------------------------------------------


def _profiles(request) -> list[tuple[str, str]]:
    return page_rules.choices(request, solo_coinche.PROFILES, request.GET.get("profile"))


@require_http_methods(["GET", "POST"])
def index(request):
    """Make a table (the game, its rules, a clock, when a seat may go to a bot), and the
    tables this browser or account has sat at."""
    profiles = _profiles(request)
    if request.method == "POST":
        form = CreateForm(request.POST, profiles=profiles)
        if form.is_valid():
            data = form.cleaned_data
            table = state.create(
                data["game"],
                data["spec"],
                _owner(request),
                clock=data["clock"],
                away_after=data["away_after"],
            )
            return redirect("tables_table", token=table.token)
        status = 400
    else:
        initial = {"profile": page_rules.chosen(request, solo_coinche.PROFILES) or "federation"}
        if request.GET.get("game") in ("coinche", "chouine"):
            initial["game"] = request.GET["game"]
        form = CreateForm(initial=initial, profiles=profiles)
        status = 200
    return render(
        request, "tables/index.html", {"form": form, "mine": _history(request)}, status=status
    )


def _history(request) -> list[dict]:
    """The tables this visitor sat at (their account's, or this browser's), newest first."""
    if request.user.is_authenticated:
        seats = Seat.objects.filter(user=request.user)
    elif request.session.session_key:
        seats = Seat.objects.filter(user=None, session_key=request.session.session_key)
    else:
        return []
    seats = seats.select_related("table").order_by("-joined")[:20]
    return [{"seat": seat, "table": seat.table} for seat in seats]


# -- a table's page, its live region, its stream ------------------------------------------


def _region_context(request, table: Table, seat: Seat | None, **extra) -> dict:
    snap = screens.snapshot(table)
    return screens.region(request, snap, get_language(), seat, **extra)


def _page_context(request, table: Table, seat: Seat | None, **extra) -> dict:
    context = _region_context(request, table, seat, **extra)
    context.update(
        {
            "events_url": reverse("tables_events", args=[table.token]),
            "poll_url": reverse("tables_live", args=[table.token]),
            "poll_ms": poll_ms(),
            "etag": _etag(table, seat),
        }
    )
    if seat is not None and not seat.bot:
        context["private_url"] = request.build_absolute_uri(
            reverse("tables_private", args=[table.token, request.COOKIES[keys.cookie(table)]])
        )
    if context["creator"]:
        context["watch_url"] = reverse("tables_watch", args=[table.token, keys.host_key(table)])
    return context


def _etag(table: Table, seat: Seat | None) -> str:
    return f'"t{table.pk}.{table.version}.{seat.pk if seat else 0}.{get_language()}"'


def _answer(request, table: Table, seat: Seat | None, status: int = 200, **extra) -> HttpResponse:
    """The table's page, or its live region for htmx (with ``extra``: a message, a refusal)."""
    if request.htmx:
        context = _region_context(request, table, seat, **extra)
        html = render_to_string("tables/table.html#live", context, request)
        return live_response(html, _etag(table, seat), status)
    context = _page_context(request, table, seat, **extra)
    response = render(request, "tables/table.html", context, status=status)
    response["Cache-Control"] = "no-store"
    return response


def _fresh(table: Table) -> Table:
    """The table after what time alone changes (a clock run out, a player gone away)."""
    return _table(table.token) if state.tick(table).changed else table


@require_GET
def table_page(request, token: str):
    table = _table(token)
    if table is None:
        return _bad(request, 404, "tables_unknown")
    table = _fresh(table)
    seat = _seat(request, table)
    if seat is not None:
        state.touch(table, seat)
        if seat.lang != get_language():
            Seat.objects.filter(pk=seat.pk).update(lang=get_language())
            seat.lang = get_language()
        table = _table(token)
    message = _text(Step("tables_not_yours")) if _forged(request, table) else ""
    return _answer(request, table, seat, message=message)


@require_GET
def private_link(request, token: str, key: str):
    """A seat's own link: this browser becomes that seat's (another device, a lost cookie)."""
    table = _table(token)
    if table is None:
        return _bad(request, 404, "tables_unknown")
    seat = state.seat_of(table, key)
    if seat is None:
        back = reverse("tables_table", args=[table.token])
        return _bad(request, 403, "tables_not_yours", back=back)
    with translation.override(seat.lang or get_language()):
        response = redirect("tables_table", token=table.token)
    _set_seat_cookie(request, response, table, key)
    return response


def _set_seat_cookie(request, response, table: Table, key: str) -> None:
    response.set_cookie(
        keys.cookie(table),
        key,
        max_age=SEAT_COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )


@require_GET
def poll(request, token: str):
    """The live region when the stream cannot live: 304 while the table has not changed."""
    table = _table(token)
    if table is None:
        return HttpResponse(status=404)
    table = _fresh(table)
    seat = _seat(request, table)
    if seat is not None:
        state.touch(table, seat)
        table = _table(token)
    return not_modified(request, _etag(table, seat)) or _answer(request, table, seat)


class SeatScreen:
    """One screen of a table on the live channel (tutor/push.py): a player's seat (their hand
    only, in their language), a visitor's, or the creator's eye. Its ``every`` tick says the
    player is still here (an open stream is a player at the table)."""

    every = 15

    def __init__(self, request, table: Table, seat: Seat | None, shown: int | None, watching=False):
        self.request, self.token, self.table_id = request, table.token, table.pk
        self.seat_id = seat.pk if seat else None
        self.digest = seat.token_digest if seat else ""
        self.lang = get_language()
        self.shown, self.watching = shown, watching
        self.notes = -1

    def render(self, version: int) -> list[push.Event] | None:
        # The table at ``version`` as the topic's read left it in this process (its seats
        # with it), so the screens of one table cost no query each.
        snap = screens.cached(self.token, version)
        if snap is None:
            table = _table(self.token)
            if table is None:
                return None
            snap = screens.snapshot(table)
        table = snap.table
        seat = None
        if self.seat_id is not None:
            seat = next(
                (s for s in snap.seats.values() if s.pk == self.seat_id),
                None,
            )
            if seat is None or seat.token_digest != self.digest:
                # The seat went to someone else: back to the table's own page.
                with translation.override(self.lang):
                    url = reverse("tables_table", args=[self.token])
                return [push.Event("gone", url), push.Event("end")]
            state.touch(table, seat)
        notes = table.notes.count() if self.watching else -1
        if self.shown is not None and table.version <= self.shown and notes == self.notes:
            return []
        self.shown, self.notes = table.version, notes
        with translation.override(self.lang):
            if self.watching:
                context = watch_context(self.request, table)
                html = render_to_string("tables/watch.html#live", context, self.request)
            else:
                context = _region_context(self.request, table, seat)
                html = render_to_string("tables/table.html#live", context, self.request)
        return [push.Event("live", html.strip())]


@require_GET
def events(request, token: str):
    """A screen's event stream: a player's (by their cookie) or a visitor's."""
    found = _stream_start(request, token)
    if found is None:
        return HttpResponse(status=404, content_type="text/plain; charset=utf-8")
    table, seat = found
    seen = push.version_from(request)
    screen = SeatScreen(request, table, seat, seen)
    key = f"table:{table.pk}:{seat.pk if seat else request.session.session_key or 'visitor'}"
    return push.stream(request, state.topic(table), screen, key, seen)


def _stream_start(request, token: str):
    table = _table(token)
    if table is None:
        return None
    return table, _seat(request, table)


# -- sitting down, starting, moving --------------------------------------------------------


@require_POST
def sit(request, token: str):
    table = _table(token)
    if table is None:
        return _bad(request, 404, "tables_unknown")
    form = SitForm(request.POST, seats=table.seat_codes)
    held = request.COOKIES.get(keys.cookie(table))
    if not form.is_valid():
        return _answer(request, table, _seat(request, table), 400, form=form)
    data = form.cleaned_data
    try:
        key = state.sit(table, data["seat"], data["nickname"], data["lang"], held, _owner(request))
    except state.Refused as refusal:
        table = _table(token)
        return _answer(
            request, table, _seat(request, table), refusal.status, message=_text(refusal.step)
        )
    except state.Unchanged:
        key = held
    with translation.override(data["lang"]):
        url = reverse("tables_table", args=[table.token])
    response = redirect(url)
    if request.htmx:
        response = HttpResponse(status=204, headers={"HX-Redirect": url})
    _set_seat_cookie(request, response, table, key)
    return response


@require_POST
def start(request, token: str):
    table = _table(token)
    if table is None:
        return _bad(request, 404, "tables_unknown")
    seat = _seat(request, table)
    if not screens.is_creator(request, table):
        return _answer(request, table, seat, 403, message=_text(Step("tables_only_creator")))
    return _change(request, table, seat, state.start)


def _change(request, table: Table, seat: Seat | None, change, *args) -> HttpResponse:
    """Makes ``change`` and answers with the table as it is now (with the refusal, if any)."""
    extra = {}
    status = 200
    try:
        change(table, *args)
    except state.Refused as refusal:
        status = refusal.status
        if not refusal.table:
            return _bad(request, status, refusal.step.code, **refusal.step.params)
        extra["message"] = _text(refusal.step)
    except state.Unchanged:
        pass
    table = _table(table.token)
    seat = _seat(request, table)
    if status == 200 and not request.htmx:
        return redirect("tables_table", token=table.token)
    return _answer(request, table, seat, status, **extra)


def _at(request) -> int | None:
    value = request.POST.get("at", "")
    return int(value) if VERSION.fullmatch(value) else None


def _not_seated(request, table: Table) -> HttpResponse:
    status = 403 if _forged(request, table) else 409
    code = "tables_not_yours" if status == 403 else "tables_not_started"
    if status == 409 and table.started is not None:
        code = "tables_full"
    return _answer(request, table, None, status, message=_text(Step(code)))


@require_POST
def move(request, token: str):
    """A player's call, declaration, card, exchange or announcement (or letting an auction go
    on), as solo play's forms post it."""
    table = _table(token)
    if table is None:
        return _bad(request, 404, "tables_unknown")
    seat = _seat(request, table)
    if seat is None:
        return _not_seated(request, table)
    state.touch(table, seat)
    at = _at(request)
    if at is None:
        return _bad(request, 400, "play_bad_action", value="at")
    action, value = play_moves.read(request.POST)
    if action is None:
        return _bad(request, 400, "play_bad_action", value=str(value)[:20])
    try:
        moved, record, built = state.move(table, seat, at, action, value)
    except state.Refused as refusal:
        table = _table(token)
        if not refusal.table:
            return _bad(request, refusal.status, refusal.step.code, **refusal.step.params)
        tried = (action, value) if refusal.step.code != "tables_stale" else None
        refused = refusal.step if tried else None
        return _answer(
            request,
            table,
            seat,
            refusal.status,
            message=_text(refusal.step),
            refused=refused,
            tried=tried,
        )
    # The seats are as this request read them: a move changes none.
    snap = screens.keep(moved, table.seats.all(), record, built)
    if request.htmx:
        return _answer(request, snap.table, seat)
    return redirect("tables_table", token=table.token)


@require_POST
def next_deal(request, token: str):
    table = _table(token)
    if table is None:
        return _bad(request, 404, "tables_unknown")
    seat = _seat(request, table)
    if seat is None and not screens.is_creator(request, table):
        return _not_seated(request, table)
    value = request.POST.get("after", "")
    if not VERSION.fullmatch(value):
        return _bad(request, 400, "play_bad_action", value="after")
    return _change(request, table, seat, state.next_deal, int(value))


@require_POST
def redeal(request, token: str):
    table = _table(token)
    if table is None:
        return _bad(request, 404, "tables_unknown")
    seat = _seat(request, table)
    if seat is None:
        return _not_seated(request, table)
    at = _at(request)
    if at is None:
        return _bad(request, 400, "play_bad_action", value="at")
    return _change(request, table, seat, state.redeal, at)


@require_POST
def to_bot(request, token: str):
    """Hands a seat whose player has gone (past the creator's limit) to a bot: any player at
    the table may, or the creator."""
    table = _table(token)
    if table is None:
        return _bad(request, 404, "tables_unknown")
    seat = _seat(request, table)
    if seat is None and not screens.is_creator(request, table):
        return _not_seated(request, table)
    code = request.POST.get("seat", "")
    if code not in table.seat_codes or len(code) != 1:
        return _bad(request, 400, "bad_seat", value=code[:5])
    return _change(request, table, seat, state.to_bot, code)


# -- the creator's eye, finished deals ------------------------------------------------------


def _host_table(token: str, key: str) -> Table:
    table = _table(token)
    if table is None or not keys.is_host_key(table, key):
        raise Http404
    return table


def watch_context(request, table: Table) -> dict:
    snap = screens.snapshot(table)
    lang = get_language()
    context = screens.region(request, snap, lang, None, watching=True)
    context["notes"] = screens.notes(table, lang)
    context["finished"] = [record.number for record in state.deals(table) if record.finished]
    return context


@require_GET
def watch(request, token: str, key: str):
    """The creator's eye: every hand as it is, each refusal the engine gave (the sentence the
    player read), each finished deal with its referee links; this browser may now start the
    table and hand a gone player's seat to a bot."""
    table = _host_table(token, key)
    hosted = request.session.get("tables_host", [])
    if table.token not in hosted:
        request.session["tables_host"] = [*hosted[-19:], table.token]
    table = _fresh(table)
    context = watch_context(request, table)
    context.update(
        {
            "events_url": reverse("tables_watch_events", args=[table.token, key]),
            "poll_url": reverse("tables_watch_live", args=[table.token, key]),
            "poll_ms": poll_ms(),
        }
    )
    if request.htmx:
        html = render_to_string("tables/watch.html#live", context, request)
        return live_response(html)
    response = render(request, "tables/watch.html", context)
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def watch_events(request, token: str, key: str):
    table = _host_stream(token, key)
    if table is None:
        return HttpResponse(status=404, content_type="text/plain; charset=utf-8")
    screen = SeatScreen(request, table, None, push.version_from(request), watching=True)
    key = f"table:{table.pk}:watch:{request.session.session_key or 'host'}"
    return push.stream(request, state.topic(table), screen, key, None)


def _host_stream(token: str, key: str):
    table = _table(token)
    return table if table is not None and keys.is_host_key(table, key) else None


def _finished(table: Table, number: int):
    record = state.deals(table).filter(number=number).first()
    if record is None or not record.finished:
        return None
    return record


@require_GET
def deal_page(request, token: str, number: int):
    """A finished deal of the table: every hand as dealt, the auction, each trick with the
    referee's link for every card, the score step by step, the replay."""
    table = _table(token)
    if table is None:
        return _bad(request, 404, "tables_unknown")
    record = _finished(table, number)
    if record is None:
        return _bad(
            request,
            409,
            "tables_deal_not_over",
            back=reverse("tables_table", args=[table.token]),
            number=number,
        )
    return render(request, "tables/deal.html", deal_context(request, table, record))


def deal_context(request, table: Table, record) -> dict:
    lang = get_language()
    built = state.engine(record)
    view = built.seen_by(table.seat_codes, "").context(lang)
    return {
        "table": table,
        "record": record,
        "v": view,
        "at_table": True,
        "scores_json": json.dumps(built.scores()) if view["phase"] == "done" else "",
        "replay_url": reverse("tables_replay", args=[table.token, record.number]),
        "replay_name": f"table-{record.number}",
        "tricks": referee.tricks(built, lang),
        "back": reverse("tables_table", args=[table.token]),
        "profile_label": page_rules.title(table.profile)
        if isinstance(table.profile, str) and table.game == "coinche"
        else "",
    }


@require_GET
def replay(request, token: str, number: int):
    """A finished deal in the engine's ``replay`` JSON (CLI.md); a deal still being played is
    refused: its replay holds every hand."""
    table = _table(token)
    record = _finished(table, number) if table is not None else None
    if record is None:
        return JsonResponse({"error": "not over"}, status=404 if table is None else 409)
    payload = state.engine(record).replay_payload()
    return JsonResponse(payload, json_dumps_params={"ensure_ascii": False})


def short(request, token: str):
    """The invite link (and its QR code): the table in the visitor's own language."""
    return redirect("tables_table", token=token[:40])
