"""What each screen of a table shows: a player's seat (their own hand only), a visitor's choice of
seat, and the creator's eye (every hand, every refusal).

A table's version names everything its screens show, so the engine replays the deal once per
version and process (:func:`snapshot`), and each screen is drawn from that one replay as its
eyes see it (``CoincheTable.seen_by``: the seat whose cards it shows, the seat it may move):
a player's page, its polls, its event stream and every answer to its forms carry no other
seat's cards until the deal is over (``tests/tables/test_private.py``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language_info, pgettext

from tutor.club.host import _qr
from tutor.memo import LRU
from tutor.pages import rules as page_rules
from tutor.play import games, sentence
from tutor.play.models import TableDeal
from tutor.quiz.sheet import contract_label
from tutor.reports import spots
from tutor.rules.chouine.rules import CHOUINE
from tutor.rules.chouine.score import match_progress
from tutor.rules.explain import Step, player_label, seat_name, side_name, suit_name
from tutor.rules.explain import render as render_step

from . import state
from .models import Note, Seat, Table

# One replay per table version, shared by the screens drawn at that version; keyed by the
# token, which no other table ever has (a row id can be given again once a row is deleted).
SNAPSHOTS = LRU(items=400)


@dataclass
class Snapshot:
    table: Table
    seats: dict[str, Seat]
    record: TableDeal | None
    built: object | None
    # Per language: the game's sheet at this version (finished deals replayed once).
    sheets: dict = field(default_factory=dict)


def snapshot(table: Table) -> Snapshot:
    """The table at ``table.version``, its seats, the deal being played and its replay."""

    def make() -> Snapshot:
        seats = {seat.seat: seat for seat in table.seats.all()}
        record = state.current_deal(table)
        built = state.engine(record) if record is not None else None
        return Snapshot(table, seats, record, built)

    return SNAPSHOTS.get_or_make((table.token, table.version), make)


def keep(table: Table, seats, record: TableDeal, built) -> Snapshot:
    """The snapshot a change just made (the table at its new version, with the replay it
    moved on), kept for the screens drawn at that version in this process."""
    snap = Snapshot(table, {seat.seat: seat for seat in seats}, record, built)
    SNAPSHOTS.put((table.token, table.version), snap)
    return snap


def cached(token: str, version: int) -> Snapshot | None:
    """The snapshot of the table ``token`` at ``version``, if this process made it."""
    return SNAPSHOTS.get((token, version))


def players(snap: Snapshot) -> dict[str, str]:
    """The name under each seat: a person's nickname, "bot" for the engine's seats."""
    bot = pgettext("a seat the engine plays", "bot")
    return {code: bot if seat.bot else seat.nickname for code, seat in snap.seats.items()}


def _name(game: str, code: str, lang: str) -> str:
    if game == "coinche":
        return seat_name(code, lang)
    return player_label(code, lang)


def language_name(code: str) -> str:
    if code not in dict(settings.LANGUAGES):
        return ""
    return get_language_info(code)["name_local"].capitalize()


def seats_view(snap: Snapshot, lang: str, mine: Seat | None) -> list[dict]:
    """Every seat in the order partners face each other (North, South; East, West) with who
    holds it, whether it may be taken and whether its person is away."""
    table = snap.table
    order = "NSEW" if table.game == "coinche" else "AB"
    between = state.between_deals(table, snap.record)
    views = []
    for code in order:
        seat = snap.seats.get(code)
        person = seat is not None and seat.person
        views.append(
            {
                "code": code,
                "name": _name(table.game, code, lang),
                "side": side_name("NS" if code in "NS" else "EW", lang)
                if table.game == "coinche"
                else "",
                "nickname": seat.nickname if seat and not seat.bot else "",
                "bot": seat is not None and seat.bot,
                "lang": language_name(seat.lang) if person else "",
                "mine": mine is not None and seat is not None and mine.pk == seat.pk,
                # A free seat, or a bot's between deals (its person's own link takes it back
                # at any time).
                "free": seat is None
                and table.started is None
                or (seat is not None and seat.bot and between),
                "away": person and seat.away,
                "can_hand": person and state.away_for(table, seat),
            }
        )
    return views


def phase(snap: Snapshot) -> str:
    if snap.table.started is None or snap.built is None:
        return "lobby"
    if snap.built.game == "coinche":
        return snap.built.deal.phase
    return "done" if snap.built.deal.finished else "play"


def turn_view(snap: Snapshot, lang: str, mine: Seat | None) -> dict | None:
    """Whose turn it is (the seat the table waits for), and the clock if the table has one."""
    table = snap.table
    code = table.to_move
    if not code or snap.built is None:
        return None
    seat = snap.seats.get(code)
    view = {
        "code": code,
        "name": _name(table.game, code, lang),
        "nickname": seat.nickname if seat and not seat.bot else "",
        "mine": mine is not None and mine.seat == code and not mine.bot,
        "paused": snap.built.game == "coinche" and snap.built.paused(),
    }
    if table.game == "chouine":
        step = Step("tables_player_to_play", {"player": code, "name": view["nickname"]})
        view["said"] = say(step, lang)
    if table.clock and seat is not None and seat.person and table.turn_since:
        spent = (timezone.now() - table.turn_since).total_seconds()
        view["seconds_left"] = max(0, int(table.clock - spent + 0.999))
    return view


def sheet(snap: Snapshot, lang: str) -> dict | None:
    """The game so far (once a deal is over): the score sheet's rows, the engine's sentences
    at the last deal's end, the winner, and what comes next."""
    if snap.record is None or not snap.record.finished:
        return None
    if lang in snap.sheets:
        return snap.sheets[lang]
    table = snap.table
    where = state.standing(table, snap.built)
    view = {
        "number": where.last.number,
        "done": where.done,
        "over": where.over,
        "next_dealer": _name(table.game, where.next_dealer, lang) if where.next_dealer else "",
    }
    if table.game == "chouine" and where.next_dealer:
        # The player in a sentence, in its own form ("O jogador B dá…"), not the felt's label.
        view["next_dealer_said"] = say(
            Step("tables_player_deals_next", {"player": where.next_dealer}), lang
        )
    if table.night_id:
        view["night"] = {"total": len(table.night.deals)}
    elif table.game == "coinche":

        def deal_url(record):
            return reverse("tables_deal", args=[table.token, record.number])

        game = games.game_view(table.match, lang, current=snap.built, deal_url=deal_url)
        view["coinche"] = game
        view["row"] = game["rows"][-1] if game["rows"] and game["last_done"] else None
    else:
        view["chouine"] = chouine_match(table, snap, lang)
    snap.sheets[lang] = view
    return view


def chouine_match(table: Table, snap: Snapshot, lang: str) -> dict:
    """A Chouine match's rows (each deal's winner and points) and the engine's sentences."""
    rows, winners = [], []
    records = list(state.deals(table))
    for record in records:
        built = snap.built if record.pk == snap.record.pk else state.engine(record)
        if not built.deal.finished:
            break
        result = built.deal.result()
        winners.append(result.winner)
        rows.append(
            {
                "number": record.number,
                "url": reverse("tables_deal", args=[table.token, record.number]),
                "winner": player_label(result.winner, lang) if result.winner else "",
                "scores": result.scores or {},
            }
        )
    match = match_progress(records[0].dealer, winners)
    return {
        "rows": rows,
        "wins": match.wins,
        "target": CHOUINE.deals_to_win_match,
        "steps": [sentence(step, lang) for step in match.steps[-2:]],
        "winner": player_label(match.winner, lang) if match.winner else "",
    }


def region(
    request,
    snap: Snapshot,
    lang: str,
    mine: Seat | None = None,
    *,
    watching: bool = False,
    message: str = "",
    refused: Step | None = None,
    tried: tuple | None = None,
    form=None,
) -> dict:
    """The context of a table's live region as one screen shows it: ``mine`` (a player's
    seat), ``watching`` (the creator's eye: every hand, no move), else a visitor's."""
    table = snap.table
    context = {
        "table": table,
        "at": table.version,
        "phase": phase(snap),
        "mine": mine,
        "watching": watching,
        "message": message,
        "at_table": True,
        "seats": seats_view(snap, lang, mine),
        "turn": turn_view(snap, lang, mine),
        "deal_url": reverse("tables_move", args=[table.token]),
        # The short link opens the table in each visitor's own language.
        "invite_url": request.build_absolute_uri(reverse("tables_short", args=[table.token])),
        "suits": [(suit, suit_name(suit, lang)) for suit in "SHDC"],
        "languages": [(code, language_name(code)) for code, _name in settings.LANGUAGES],
        "creator": is_creator(request, table),
        "form": form,
    }
    context["qr"] = _qr(context["invite_url"])
    context["free_seats"] = any(seat["free"] for seat in context["seats"])
    built = snap.built
    if built is None:
        return context
    if watching:
        eyes, movers = table.seat_codes, ""
    elif mine is not None:
        eyes, movers = mine.seat, "" if mine.bot else mine.seat
    else:
        eyes, movers = "", ""
    seen = built.seen_by(eyes, movers, players(snap))
    # Only the creator's eye lists every trick played (a seat's page shows the last one).
    view = seen.context(lang, history=watching) if built.game == "coinche" else seen.context(lang)
    context["v"] = view
    context["record"] = snap.record
    # Chouine keeps the gathered trick on the felt and says it in the news.
    context["gathered"] = built.game == "coinche" and view["phase"] == "play"
    context["gathered"] = context["gathered"] and built.shows_gathered()
    if refused is not None:
        context["refusal"] = spots.table(snap.record, eyes, refused, tried)
    if "why_said" in view:
        context["why_report"] = spots.table(snap.record, eyes, view["why_said"])
    if context["gathered"]:
        context["gathered_report"] = spots.table(snap.record, eyes, view["last_trick"]["said"])
    if view["phase"] in ("done", "redeal") or built.deal.finished:
        context["scores_json"] = json.dumps(built.scores()) if view["phase"] == "done" else ""
        context["replay_url"] = reverse("tables_replay", args=[table.token, snap.record.number])
        context["replay_name"] = f"table-{snap.record.number}"
        if "score" in view:
            context["end_report"] = spots.play(
                snap.record, built.replay_payload(), view["score"]["said"]
            )
        context["sheet"] = sheet(snap, lang)
    if table.profile and table.game == "coinche":
        spec = table.profile
        context["profile_label"] = page_rules.title(spec) if isinstance(spec, str) else ""
    return context


def is_creator(request, table: Table) -> bool:
    """The browser that made the table (its account or its session), or one that opened the
    creator's link."""
    user = request.user
    if table.user_id is not None and user.is_authenticated and user.pk == table.user_id:
        return True
    key = request.session.session_key
    if key and table.session_key == key:
        return True
    return table.token in request.session.get("tables_host", [])


def say(step: Step, lang: str) -> str:
    """A table's sentence, with its capital. Its ``seat`` may be a Chouine player (``A``,
    ``B``): the sentence then names the player in the player's forms."""
    params = dict(step.params)
    if params.get("seat") in ("A", "B"):
        params["player"] = params.pop("seat")
        step = Step(step.code, params)
    text = render_step(step, lang)
    return text[:1].upper() + text[1:]


def notes(table: Table, lang: str) -> list[dict]:
    """What the creator reads: each refusal (the sentence the player read, in the creator's
    language), each move the clock made and each seat handed to a bot."""
    found = []
    for note in Note.objects.filter(table=table):
        who = {"name": note.nickname, "seat": note.seat}
        if note.kind == Note.Kind.REFUSED:
            text = say(Step(note.code, note.params), lang)
        elif note.kind == Note.Kind.CLOCK:
            text = say(Step("tables_clock_played", who), lang)
        else:
            text = say(Step("tables_bot_took", who), lang)
        found.append(
            {
                "number": note.number,
                "seat": _name(table.game, note.seat, lang),
                "nickname": note.nickname,
                "kind": note.kind,
                "move": note.move,
                "text": text,
                "when": note.created,
            }
        )
    return found


def contract_text(record: TableDeal, built, lang: str) -> dict:
    """A finished Coinche deal's contract and outcome, as a results row says them."""
    deal = built.deal
    if deal.phase == "redeal":
        return {"passed": True}
    contract = deal.contract.as_dict()
    result = deal.result()
    return {
        "taker": seat_name(contract["seat"], lang),
        "contract": contract_label(contract, lang),
        "made": result.score.made,
        "scores": result.score.scores,
    }
