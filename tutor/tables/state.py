"""Every change of a table, each made under the table's version: the one rule of this module.

A change starts with one conditional UPDATE that raises the table's version by one, where the
version is still the one the page showed (``at``) when a page asked for the change:

    UPDATE tables_table SET version = version + 1 WHERE id = … AND version = <at> RETURNING *

It either finds the row (and holds its lock until the transaction ends: PostgreSQL's row
lock, SQLite's write lock, taken at the transaction's start by ``transaction_mode``
IMMEDIATE) or finds nothing, and the change is refused as stale: a second tab, a double tap,
a move drawn before someone else's. Whatever else the change writes (the deal's moves, a
seat) is written inside the same transaction, and the new version is published on the live
channel when it commits (``tutor/push.py``, topic ``table:<id>``). A change the rules refuse
raises :class:`Refused` inside the transaction, which rolls the version back: nothing the
other players did is touched.

The deals are solo play's: a :class:`~tutor.play.models.TableDeal` replayed through
:class:`~tutor.play.coinche.CoincheTable` or :class:`~tutor.play.chouine.ChouineTable`,
whose ``seats`` are the seats people hold; the bots play the others as they do against a
learner alone, and nobody waits for a Continue (the record's ``seen`` is past any trick).
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from typing import NamedTuple

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from tutor import push
from tutor.club import nicknames
from tutor.play.chouine import ChouineTable, cut_for
from tutor.play.coinche import CoincheTable, first_dealer
from tutor.play.models import TableDeal, TableGame
from tutor.rules.cards import next_seat
from tutor.rules.chouine.score import match_progress
from tutor.rules.coinche.game import Game
from tutor.rules.errors import RulesError
from tutor.rules.explain import Step, gettext_noop, messages, variants

from . import keys, rows
from .models import Night, Note, Seat, Table


def _seat_or_player(seat: str, player: str):
    """A table's sentence about a Coinche seat, or about a Chouine player in the player's
    own forms ("%(the_player)s", "%(of_the_player)s"): screens.say passes ``player``."""
    return variants(
        lambda params: "player" if "player" in params else "seat", seat=seat, player=player
    )


messages(
    {
        "tables_unknown": gettext_noop(
            "There is no table at this address: the link may be cut short or mistyped."
        ),
        "tables_stale": gettext_noop(
            "The table has moved on since your page was drawn (another tab, a second tap, or "
            "someone else's move): here it is as it is now."
        ),
        "tables_seat_taken": _seat_or_player(
            gettext_noop("%(seat)s is already taken by %(name)s: choose a free seat."),
            gettext_noop("%(name)s already plays as %(the_player)s: choose a free seat."),
        ),
        "tables_full": gettext_noop(
            "Every seat at this table is taken. Ask its players for another table."
        ),
        "tables_nickname_taken": gettext_noop(
            "Someone at this table already plays as %(name)s: choose another nickname."
        ),
        "tables_not_between_deals": _seat_or_player(
            gettext_noop(
                "A bot is playing %(seat)s's cards in this deal: you can take its place once "
                "the deal is over."
            ),
            gettext_noop(
                "A bot is playing the cards %(of_the_player)s in this deal: you can take its "
                "place once the deal is over."
            ),
        ),
        "tables_seated": _seat_or_player(
            gettext_noop("You are already sitting at this table, as %(seat)s."),
            gettext_noop("You are already sitting at this table, as %(the_player)s."),
        ),
        "tables_not_yours": gettext_noop(
            "This link is not the key of any seat at this table. Open the table's invite "
            "link to choose a seat."
        ),
        "tables_only_creator": gettext_noop("Only the person who made this table can start it."),
        "tables_not_started": gettext_noop("The game has not started yet."),
        "tables_nobody": gettext_noop(
            "Nobody sits at this table yet: take a seat before you start, or the bots would "
            "play alone."
        ),
        "tables_no_deal": gettext_noop("No deal is being played at this table now."),
        "tables_deal_not_over": gettext_noop(
            "Deal %(number)s is not over yet: it is played to the last card before the next "
            "one is dealt."
        ),
        "tables_game_over": gettext_noop("This game is over: no more deals at this table."),
        "tables_not_away": _seat_or_player(
            gettext_noop(
                "%(seat)s's player has not been away long enough to hand their seat to a bot."
            ),
            gettext_noop(
                "The person playing as %(the_player)s has not been away long enough to hand "
                "their seat to a bot."
            ),
        ),
        "tables_bot_took": _seat_or_player(
            gettext_noop("%(name)s was away too long: a bot now plays %(seat)s's cards."),
            gettext_noop(
                "%(name)s was away too long: a bot now plays the cards %(of_the_player)s."
            ),
        ),
        "tables_clock_played": _seat_or_player(
            gettext_noop("%(name)s's time ran out: the engine played for %(seat)s."),
            gettext_noop("%(name)s's time ran out: the engine played for %(the_player)s."),
        ),
        "tables_no_redeal": gettext_noop("There is nothing to deal again now."),
        # A Chouine table's turn line: the player mid-sentence in its own form, never the
        # capitalised label of the felt ("Joacă jucătorul B (Lucía).").
        "tables_player_to_play": variants(
            lambda params: "named" if params.get("name") else "bot",
            named=gettext_noop("%(the_player)s (%(name)s) is to play."),
            bot=gettext_noop("%(the_player)s is to play."),
        ),
        "tables_player_deals_next": gettext_noop("%(the_player)s deals the next hands."),
    }
)

SEED_LIMIT = 2**31
# Past any trick: the bots never wait for a Continue at a table of players.
SEEN_ALL = 32
# Seconds between two notes of a seat's presence (a page, a poll, a stream's tick).
TOUCH_EVERY = 10
GAMES = {"coinche": CoincheTable, "chouine": ChouineTable}


class Refused(Exception):
    """A change the table does not take: its HTTP status and the engine-style step saying why
    (``table``: the table as it is now is drawn with the reason, else a short page)."""

    def __init__(self, status: int, code: str, table: bool = True, **params):
        super().__init__(code)
        self.status, self.step, self.table = status, Step(code, params), table


class Unchanged(Exception):
    """Nothing to do (a second "Next deal", a seat already held): the table as it is."""


def topic(table) -> str:
    return f"table:{table.pk}"


def night_topic(night_id: int) -> str:
    return f"night:{night_id}"


@contextmanager
def changing(table: Table, at: int | None = None):
    """The table, locked and at its new version, for one change (see the module's docstring);
    :class:`Refused` (stale) when ``at`` is no longer the version."""
    with transaction.atomic():
        fresh = rows.next_version(table, at, timezone.now())
        if fresh is None:
            raise Refused(409, "tables_stale")
        yield fresh
        push.publish(topic(fresh), fresh.version)


# -- the deal being played ------------------------------------------------------------------


def deals(table: Table):
    # A table not started has no match: filtering on None would find every solo deal.
    if table.match_id is None:
        return TableDeal.objects.none()
    return TableDeal.objects.filter(table_game_id=table.match_id).order_by("number")


def current_deal(table: Table) -> TableDeal | None:
    if table.match_id is None:
        return None
    return rows.current_deal(table.match_id)


def engine(record: TableDeal):
    """The deal replayed through solo play's table, as a table of players shows it."""
    built = GAMES[record.game](record)
    built.keep_trick = True
    return built


def waiting_for(built) -> str:
    """The seat the table waits for: the seat to move, or while the bots wait for a person who
    may coinche out of turn, that person."""
    if built.game == "coinche" and built.paused():
        calls = built.out_of_turn(built.record.seats)
        return next(iter(calls)).split(":")[0] if calls else ""
    return built.deal.to_move or ""


def people(table: Table) -> str:
    """The seats people hold now, in the table's order (the bots play the others)."""
    held = {s.seat for s in table.seats.all() if s.person}
    return "".join(code for code in table.seat_codes if code in held)


def _settle(table: Table, built) -> None:
    """After the deal moved: whom the table waits for now, and since when."""
    table.to_move = "" if built.deal.finished else waiting_for(built)
    table.turn_since = timezone.now()
    rows.waiting(table)
    if built.deal.finished:
        bump_night(table)


def bump_night(table: Table) -> None:
    """A night's screens are told when one of its tables finishes a deal or seats someone."""
    if table.night_id:
        Night.objects.filter(pk=table.night_id).update(version=F("version") + 1)
        night = Night.objects.values_list("version", flat=True).get(pk=table.night_id)
        push.publish(night_topic(table.night_id), night)


def _deal(table: Table, number: int, seed: int, dealer: str) -> TableDeal:
    record = TableDeal(
        game=table.game,
        seed=seed,
        dealer=dealer,
        profile=table.profile,
        seats=people(table),
        seen=SEEN_ALL,
        table_game=table.match,
        number=number,
        user=table.user,
        session_key=table.session_key,
    )
    built = engine(record)
    built.advance()
    record.save()
    _settle(table, built)
    return record


def _first_deal(table: Table) -> tuple[int, str]:
    if table.night_id:
        seed, dealer = table.night.deals[0]
        return seed, dealer
    seed = random.randrange(SEED_LIMIT)
    dealer = first_dealer(seed) if table.game == "coinche" else cut_for(seed)[0]
    return seed, dealer


@dataclass(frozen=True)
class Standing:
    """Where the table's game stands, as the engine counts it: the last deal dealt, whether it
    is over, whether the game is, its winner (a side's or a player's index, or ``None``) and
    who deals next."""

    last: TableDeal | None
    done: bool
    over: bool
    winner: int | None
    next_dealer: str | None


def standing(table: Table, current=None) -> Standing:
    """``current``: the last deal already replayed (saves replaying it again)."""
    records = list(deals(table))
    if not records:
        return Standing(None, False, False, None, None)
    last = records[-1]
    built = current if current is not None and current.record.pk == last.pk else engine(last)
    phase = "done" if built.deal.finished else "play"
    if built.game == "coinche":
        phase = built.deal.phase
    if table.night_id:
        done = phase in ("done", "redeal")
        over = done and last.number >= len(table.night.deals)
        following = None if over else table.night.deals[last.number][1] if done else None
        return Standing(last, done, over, None, following)
    done = phase == "done"
    if table.game == "chouine":
        winners = [
            (built if r.pk == last.pk else engine(r)).deal.result().winner
            for r in records
            if r.finished
        ]
        match = match_progress(records[0].dealer, winners)
        winner = None if match.winner is None else "AB".index(match.winner)
        return Standing(last, done, winner is not None, winner, match.dealer)
    game = Game(built.deal.profile)
    for record in records:
        deal = (built if record.pk == last.pk else engine(record)).deal
        if deal.phase != "done":
            break
        result = deal.result()
        game.add_deal(result.summary, result.score)
    return Standing(last, done, game.winner is not None, game.winner, next_seat(last.dealer))


def between_deals(table: Table, record: TableDeal | None = None) -> bool:
    """Before the first deal, or once the deal being played is over."""
    if table.started is None:
        return True
    record = record or current_deal(table)
    return record is None or record.finished


# -- the changes -------------------------------------------------------------------------------


def create(game: str, profile, owner: dict, clock=None, away_after=None, night=None, number=None):
    return Table.objects.create(
        game=game,
        profile=profile,
        clock=clock,
        away_after=away_after,
        night=night,
        number=number,
        **owner,
    )


def seat_of(table: Table, token: str | None) -> Seat | None:
    """The seat whose key ``token`` is, at ``table``."""
    if not token or len(token) > 100:
        return None
    # Among the table's seats (at most four, often read with the table already).
    digest = keys.digest(token)
    return next((seat for seat in table.seats.all() if seat.token_digest == digest), None)


def sit(table: Table, code: str, nickname: str, lang: str, token: str | None, owner: dict) -> str:
    """Seats the person at ``code`` (a free seat; a bot's between deals; their own seat back
    from a bot at any time): returns their seat key (a new one, or ``token`` when they hold a
    seat here already). Before the first deal, a seated person may move to a free seat."""
    with changing(table) as t:
        seats = {s.seat: s for s in t.seats.all()}
        mine = seat_of(t, token)
        target = seats.get(code)
        if mine is not None and mine.seat == code:
            if not mine.bot:
                raise Unchanged
            return _reclaim(t, mine, token, nickname, lang, seats)
        if target is not None and target.person:
            raise Refused(409, "tables_seat_taken", seat=code, name=target.nickname)
        if mine is not None and not (target is None and t.started is None):
            raise Refused(409, "tables_seated", seat=mine.seat)
        if target is not None and not between_deals(t):
            raise Refused(409, "tables_not_between_deals", seat=code)
        if target is None and t.started is not None:
            raise Refused(409, "tables_full")
        key = nicknames.key(nickname)
        clash = [s for s in seats.values() if s.nickname_key == key and s not in (mine, target)]
        if clash:
            raise Refused(409, "tables_nickname_taken", name=nickname)
        bump_night(t)
        if mine is not None:
            # Before the first deal: to another (free) seat, under the name now typed.
            mine.seat, mine.nickname, mine.nickname_key, mine.lang = code, nickname, key, lang
            mine.save()
            return token
        token = keys.new_token()
        seat = target or Seat(table=t, seat=code)
        seat.nickname, seat.nickname_key, seat.lang = nickname, key, lang
        seat.token_digest, seat.bot, seat.away = keys.digest(token), False, False
        seat.seen_at = seat.joined = timezone.now()
        seat.user = owner.get("user")
        seat.session_key = owner.get("session_key", "")
        try:
            with transaction.atomic():
                seat.save()
        except IntegrityError:
            # Another request took the seat or the name at the same moment.
            raise Refused(409, "tables_seat_taken", seat=code, name="?") from None
        return token


def _reclaim(t: Table, seat: Seat, token: str, nickname: str, lang: str, seats: dict) -> str:
    """A person back at the seat a bot took from them: theirs again at once."""
    key = nicknames.key(nickname)
    if any(s.nickname_key == key and s.pk != seat.pk for s in seats.values()):
        raise Refused(409, "tables_nickname_taken", name=nickname)
    seat.bot, seat.away, seat.nickname, seat.nickname_key = False, False, nickname, key
    seat.lang, seat.seen_at = lang, timezone.now()
    seat.save()
    record = current_deal(t)
    if record is not None and not record.finished:
        record.seats = people(t)
        built = engine(record)
        built.advance()
        record.save()
        _settle(t, built)
    return token


def start(table: Table) -> None:
    """The first deal: the empty seats go to bots."""
    with changing(table) as t:
        if t.started is not None:
            raise Unchanged
        if not t.seats.exists():
            raise Refused(409, "tables_nobody")
        held = set(t.seats.values_list("seat", flat=True))
        Seat.objects.bulk_create(
            Seat(table=t, seat=code, bot=True) for code in t.seat_codes if code not in held
        )
        t.match = TableGame.objects.create(
            profile=t.profile, seats="", user=t.user, session_key=t.session_key
        )
        t.started = timezone.now()
        t.save(update_fields=["match", "started"])
        bump_night(t)
        seed, dealer = _first_deal(t)
        _deal(t, 1, seed, dealer)


def move(table: Table, seat: Seat, at: int, action: str, value) -> tuple[Table, TableDeal, object]:
    """``seat``'s move (solo play's actions: ``call``, ``declare``, ``play``, ``exchange``,
    ``announce``, ``continue`` to let an auction go on) on the deal being played. Returns
    the table at its new version, the deal and its replay after the move: what a fresh
    read would find, so the answer need not read and replay it again."""
    refusal = None
    try:
        with changing(table, at) as t:
            record = current_deal(t)
            if record is None or record.finished:
                raise Refused(409, "tables_no_deal")
            built = engine(record)
            mine = built.seen_by(seat.seat, seat.seat)
            if action == "continue" and built.game != "coinche":
                raise Refused(400, "play_bad_action", table=False, value=action)
            try:
                if action == "continue":
                    mine.let_go()
                else:
                    mine.move(action, value)
            except RulesError as error:
                step = mine.refusal(error)
                status = 400 if error.code in FORGED else 409 if error.code in OUT_OF_TURN else 200
                refusal = (record.number, step, {"action": action, "value": value})
                raise Refused(status, step.code, **step.params) from None
            built.advance()
            record.save()
            _settle(t, built)
        return t, record, built
    except Refused:
        if refusal is not None:
            number, step, tried = refusal
            Note.objects.create(
                table=table,
                number=number,
                seat=seat.seat,
                nickname=seat.nickname,
                kind=Note.Kind.REFUSED,
                move=tried,
                code=step.code,
                params=step.params,
            )
            # The creator's page lists refusals: it is told, the players' pages are not.
            version = Table.objects.values_list("version", flat=True).get(pk=table.pk)
            push.publish(topic(table), version)
        raise


# A card or call no page offers (a forged request), and a move made out of turn.
FORGED = {
    "not_in_hand",
    "chouine_not_in_hand",
    "bad_card",
    "bad_call",
    "bad_suit",
    "bad_seat",
    "chouine_bad_kind",
    "chouine_suit_needed",
}
OUT_OF_TURN = {"play_not_your_turn", "play_chouine_not_your_turn"}


def next_deal(table: Table, after: int) -> None:
    """The next deal, dealt by the next dealer, once the last one is over (``after``: the
    number of deals the page was drawn with: a second tap finds it dealt)."""
    with changing(table) as t:
        where = standing(t)
        if where.last is None:
            raise Refused(409, "tables_not_started")
        if after != where.last.number:
            raise Unchanged
        if where.over:
            raise Refused(409, "tables_game_over")
        if not where.done:
            raise Refused(409, "tables_deal_not_over", number=where.last.number)
        number = where.last.number + 1
        if t.night_id:
            seed, dealer = t.night.deals[number - 1]
        else:
            seed, dealer = random.randrange(SEED_LIMIT), where.next_dealer
        _deal(t, number, seed, dealer)


def redeal(table: Table, at: int) -> None:
    """After four passes at a table of its own: new cards, dealt by the next player, as solo
    play does (a duplicate night's deal is passed out instead: every table has those cards)."""
    with changing(table, at) as t:
        record = current_deal(t)
        if record is None or t.night_id or engine(record).deal.phase != "redeal":
            raise Refused(409, "tables_no_redeal")
        built = engine(record)
        built.redeal(random.randrange(SEED_LIMIT))
        record.seats = people(t)
        built = engine(record)
        built.advance()
        record.save()
        _settle(t, built)


def away_for(table: Table, seat: Seat) -> bool:
    """Whether ``seat``'s person has been silent longer than the table allows."""
    if not table.away_after or not seat.person:
        return False
    return seat.seen_at < timezone.now() - timedelta(seconds=table.away_after)


def to_bot(table: Table, code: str) -> None:
    """A seat whose person has been away longer than the creator's limit goes to a bot, which
    plays on at once (the person takes it back from their seat's link)."""
    with changing(table) as t:
        seat = t.seats.filter(seat=code).first()
        if seat is None or not away_for(t, seat):
            raise Refused(409, "tables_not_away", seat=code)
        seat.bot, seat.away = True, False
        seat.save(update_fields=["bot", "away"])
        record = current_deal(t)
        Note.objects.create(
            table=t,
            number=record.number if record else 0,
            seat=code,
            nickname=seat.nickname,
            kind=Note.Kind.BOT,
        )
        if record is not None and not record.finished:
            record.seats = people(t)
            built = engine(record)
            built.advance()
            record.save()
            _settle(t, built)


def touch(table: Table, seat: Seat) -> None:
    """``seat``'s person is here (a page, a poll, an open stream): noted every few seconds,
    and a seat marked away is back, which every page shows."""
    now = timezone.now()
    if seat.away and not seat.bot:
        try:
            with changing(table):
                Seat.objects.filter(pk=seat.pk).update(away=False, seen_at=now)
        except Refused:
            return
        seat.away = False
    elif seat.seen_at < now - timedelta(seconds=TOUCH_EVERY):
        Seat.objects.filter(pk=seat.pk).update(seen_at=now)
    seat.seen_at = now


class Tick(NamedTuple):
    changed: bool  # the table has a new version: read it again
    wake: float | None  # when to look again (a timestamp)


def tick(table: Table) -> Tick:
    """What time alone changes: a player whose clock ran out (the engine plays the bot's move
    for them) and a seat silent past the table's limit (marked away, so every page offers
    to hand it to a bot)."""
    if table.started is None:
        return Tick(False, None)
    now = timezone.now()
    wake = []
    seats = list(table.seats.all())
    by_code = {s.seat: s for s in seats}
    waiting = by_code.get(table.to_move)
    if table.clock and waiting is not None and waiting.person and table.turn_since:
        deadline = table.turn_since + timedelta(seconds=table.clock)
        if now >= deadline:
            _clock(table, table.version)
            return Tick(True, time_now() + 0.5)
        wake.append(deadline.timestamp())
    if table.away_after:
        for seat in seats:
            if not seat.person or seat.away:
                continue
            limit = seat.seen_at + timedelta(seconds=table.away_after)
            if now >= limit:
                try:
                    with changing(table, table.version):
                        Seat.objects.filter(pk=seat.pk).update(away=True)
                except Refused:
                    pass
                return Tick(True, time_now() + 0.5)
            wake.append(limit.timestamp())
    return Tick(False, min(wake) if wake else None)


def time_now() -> float:
    return timezone.now().timestamp()


def _clock(table: Table, at: int) -> None:
    """The clock ran out for the seat the table waits for: its move is the bot's."""
    try:
        with changing(table, at) as t:
            record = current_deal(t)
            if record is None or record.finished:
                raise Unchanged
            built = engine(record)
            code = waiting_for(built)
            seat = t.seats.filter(seat=code).first()
            if seat is None or not seat.person:
                raise Unchanged
            if built.game == "coinche" and built.paused():
                built.seen_by(code, code).let_go()
            else:
                built.bot_move()
            built.advance()
            record.save()
            _settle(t, built)
            Note.objects.create(
                table=t, number=record.number, seat=code, nickname=seat.nickname, kind="clock"
            )
    except (Refused, Unchanged):
        pass
