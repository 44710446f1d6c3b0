"""Duplicate club nights: N tables that play the same deals from the same seats, and their
comparison deal by deal.

The organiser makes a night (its rules, how many tables and deals, optionally the deal numbers
to play again); each table is an ordinary table (``Table.night``, its number) whose deals come
from the night's list in order, each dealt by its own dealer, so North at every table holds
the same cards. A deal four players pass is passed out (no new cards: the other tables hold
these). The results compare each deal's contract and score at every table and total each
pair's points; the public page and the projector show a deal only once every table has
finished it (players still playing it must not read its cards), the organiser sees each as
it finishes. The night's version grows whenever one of its tables finishes a deal or changes
its players, and its screens follow it on the live channel (``night:<id>``).
"""

from __future__ import annotations

import contextlib

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import get_language, pgettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tutor import push
from tutor.club.host import _qr
from tutor.club.live import poll_ms
from tutor.club.live import response as live_response
from tutor.memo import LRU
from tutor.pages import rules as page_rules
from tutor.play import coinche as solo_coinche
from tutor.play.models import TableDeal
from tutor.quiz.owner import owner
from tutor.rules.explain import side_name

from . import keys, screens, state, views
from .forms import NightForm
from .models import Night, Table

RESULTS = LRU(items=200)


def _night(token: str) -> Night | None:
    if len(token) > 40:
        return None
    return Night.objects.filter(token=token).first()


def _organised(token: str, key: str) -> Night:
    night = _night(token)
    if night is None or not keys.is_night_key(night, key):
        raise Http404
    return night


@require_http_methods(["GET", "POST"])
def new(request):
    """A duplicate night: its rules, tables, deals (and clock), then the organiser's page."""
    profiles = page_rules.choices(request, solo_coinche.PROFILES, request.GET.get("profile"))
    if request.method == "POST":
        form = NightForm(request.POST, profiles=profiles)
        if form.is_valid():
            data = form.cleaned_data
            who = owner(request)
            night = Night.objects.create(profile=data["spec"], deals=data["deals"], **who)
            for number in range(1, data["tables"] + 1):
                state.create(
                    "coinche",
                    data["spec"],
                    who,
                    clock=data["clock"],
                    away_after=data["away_after"],
                    night=night,
                    number=number,
                )
            return redirect("tables_night_host", token=night.token, key=keys.night_key(night))
        status = 400
    else:
        initial = {"profile": page_rules.chosen(request, solo_coinche.PROFILES) or "federation"}
        form = NightForm(initial=initial, profiles=profiles)
        status = 200
    return render(request, "tables/night_new.html", {"form": form}, status=status)


def pair_names(table: Table, seats: dict) -> dict[str, str]:
    """Each partnership's players, as the results name them ("Ana and João")."""
    bot = pgettext("a seat the engine plays", "bot")

    def name(code):
        seat = seats.get(code)
        return seat.nickname if seat is not None and seat.person else bot

    def pair(first, second):
        return pgettext("the two players of a partnership", "%(first)s and %(second)s") % {
            "first": name(first),
            "second": name(second),
        }

    return {"NS": pair("N", "S"), "EW": pair("E", "W")}


def results(night: Night, lang: str, everything: bool) -> dict:
    """The night's comparison: for each deal, each table's contract and score (a deal only once
    every table has finished it, unless ``everything``: the organiser's view), and each pair's
    total over those deals, ranked within its direction."""
    key = (night.token, night.version, lang, everything)
    return RESULTS.get_or_make(key, lambda: _results(night, lang, everything))


def _results(night: Night, lang: str, everything: bool) -> dict:
    tables = list(night.tables.order_by("number").prefetch_related("seats"))
    finished: dict[int, dict[int, dict]] = {}
    for table in tables:
        records = TableDeal.objects.filter(table_game_id=table.match_id, finished=True)
        for record in records.order_by("number") if table.match_id else []:
            built = state.engine(record)
            row = screens.contract_text(record, built, lang)
            row["url"] = reverse(
                "tables_night_deal", args=[night.token, table.number, record.number]
            )
            finished.setdefault(record.number, {})[table.number] = row
    deals = []
    for number in range(1, len(night.deals) + 1):
        done = finished.get(number, {})
        complete = len(done) == len(tables)
        shown = complete or everything
        rows = []
        for table in tables:
            row = done.get(table.number) if shown else None
            rows.append({"table": table.number, **(row or {"playing": True})})
        deals.append({"number": number, "complete": complete, "rows": rows, "shown": shown})
    pairs = []
    for table in tables:
        names = pair_names(table, {s.seat: s for s in table.seats.all()})
        for index, side in enumerate(("NS", "EW")):
            total = sum(
                deal["rows"][tables.index(table)].get("scores", (0, 0))[index]
                for deal in deals
                if deal["shown"]
            )
            pairs.append(
                {
                    "table": table.number,
                    "side": side,
                    "side_name": side_name(side, lang),
                    "names": names[side],
                    "total": total,
                }
            )
    for side in ("NS", "EW"):
        ranked = sorted((p for p in pairs if p["side"] == side), key=lambda p: -p["total"])
        for place, pair in enumerate(ranked, 1):
            pair["rank"] = place
    return {
        "deals": deals,
        "pairs": sorted(pairs, key=lambda p: (p["side"], p["rank"])),
        "tables": len(tables),
        "complete": sum(1 for deal in deals if deal["complete"]),
    }


def _context(request, night: Night, everything: bool) -> dict:
    return {
        "night": night,
        "results": results(night, get_language(), everything),
        "profile_label": page_rules.title(night.profile) if isinstance(night.profile, str) else "",
        "poll_ms": poll_ms() * 2,
    }


def host_context(request, night: Night) -> dict:
    context = _context(request, night, everything=True)
    rows = []
    for table in night.tables.order_by("number").prefetch_related("seats"):
        snap = screens.snapshot(table)
        invite = request.build_absolute_uri(reverse("tables_short", args=[table.token]))
        record = snap.record
        rows.append(
            {
                "table": table,
                "invite": invite,
                "qr": _qr(invite),
                "seats": screens.seats_view(snap, get_language(), None),
                "deal": record.number if record else 0,
                "finished": record is not None and record.finished,
                "watch": reverse("tables_watch", args=[table.token, keys.host_key(table)]),
            }
        )
    context["rows"] = rows
    context["key"] = keys.night_key(night)
    return context


@require_GET
def host(request, token: str, key: str):
    """The organiser's page: each table's invite link and QR code, who sits where, a start
    button per table and for all, the teacher's eye on each, and the comparison as it goes."""
    night = _organised(token, key)
    # This browser may start the night's tables and watch them (their creator's rights).
    hosted = request.session.get("tables_host", [])
    tokens = [table.token for table in night.tables.all()]
    request.session["tables_host"] = [*[t for t in hosted if t not in tokens][-40:], *tokens]
    context = host_context(request, night)
    context["events_url"] = reverse("tables_night_host_events", args=[token, key])
    if request.htmx:
        return live_response(render_to_string("tables/night_host.html#live", context, request))
    response = render(request, "tables/night_host.html", context)
    response["Cache-Control"] = "no-store"
    return response


@require_POST
def start_all(request, token: str, key: str):
    """Starts every table of the night where somebody sits (bots take the empty seats)."""
    night = _organised(token, key)
    for table in night.tables.filter(started=None):
        if table.seats.exists():
            with contextlib.suppress(state.Refused, state.Unchanged):
                state.start(table)
    return redirect("tables_night_host", token=token, key=key)


@require_GET
def public(request, token: str, screen: bool = False):
    """The results everyone may read (and the projector's view of them)."""
    night = _night(token)
    if night is None:
        return views._bad(request, 404, "tables_unknown")
    context = _context(request, night, everything=False)
    context["events_url"] = reverse("tables_night_events", args=[token])
    context["poll_url"] = reverse("tables_night_live", args=[token])
    context["screen"] = screen
    template = "tables/night_screen.html" if screen else "tables/night.html"
    if request.htmx:
        return live_response(render_to_string(f"{template}#live", context, request))
    return render(request, template, context)


class NightScreen:
    """The results (or the organiser's page) on the live channel, in the screen's language."""

    every = None

    def __init__(self, request, night: Night, shown, organiser: bool, screen: bool):
        self.request, self.token, self.shown = request, night.token, shown
        self.organiser, self.screen = organiser, screen
        self.lang = get_language()

    def render(self, version: int):
        night = _night(self.token)
        if night is None:
            return None
        if self.shown is not None and night.version <= self.shown:
            return []
        self.shown = night.version
        with translation.override(self.lang):
            if self.organiser:
                context = host_context(self.request, night)
                html = render_to_string("tables/night_host.html#live", context, self.request)
            else:
                context = _context(self.request, night, everything=False)
                context["screen"] = self.screen
                name = "tables/night_screen.html" if self.screen else "tables/night.html"
                html = render_to_string(f"{name}#live", context, self.request)
        return [push.Event("live", html.strip())]


@require_GET
def events(request, token: str):
    night = _night(token)
    if night is None:
        return HttpResponse(status=404, content_type="text/plain; charset=utf-8")
    seen = push.version_from(request)
    screen = NightScreen(request, night, seen, False, request.GET.get("screen") == "1")
    key = f"night:{night.pk}:{request.session.session_key or 'screen'}"
    return push.stream(request, state.night_topic(night.pk), screen, key, seen)


@require_GET
def host_events(request, token: str, key: str):
    night = _night(token)
    if night is None or not keys.is_night_key(night, key):
        return HttpResponse(status=404, content_type="text/plain; charset=utf-8")
    seen = push.version_from(request)
    screen = NightScreen(request, night, seen, True, False)
    stream_key = f"night:{night.pk}:host:{request.session.session_key or 'host'}"
    return push.stream(request, state.night_topic(night.pk), screen, stream_key, seen)


@require_GET
def deal(request, token: str, table: int, number: int):
    """A deal of the night at one table, once every table has finished it."""
    night = _night(token)
    if night is None:
        return views._bad(request, 404, "tables_unknown")
    found = night.tables.filter(number=table).first()
    board = results(night, get_language(), everything=False)["deals"]
    if found is None or not 1 <= number <= len(board):
        return views._bad(request, 404, "tables_unknown")
    record = views._finished(found, number)
    if record is None or not board[number - 1]["complete"]:
        back = reverse("tables_night", args=[night.token])
        return views._bad(request, 409, "tables_deal_not_over", back=back, number=number)
    context = views.deal_context(request, found, record)
    context["back"] = reverse("tables_night", args=[night.token])
    context["night"] = night
    return render(request, "tables/deal.html", context)
