"""A Coinche game at the table: deal after deal, to the rule profile's target.

Nothing is added up here. Each finished deal's replay (the engine's summary and
score, the same answer as ``python -m tutor.rules replay``) is fed in order to the
engine's :class:`~tutor.rules.coinche.game.Game`, which says the totals, a side
still waiting to validate its belote, a tie at the top and the winner. A deal
keeps its own token and address; the game only knows them in order.
"""

from __future__ import annotations

import json
import random

from django.db import IntegrityError, transaction
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.views.decorators.http import require_GET, require_POST

from tutor.guard import inputs
from tutor.pages import rules as page_rules
from tutor.quiz.owner import owner
from tutor.quiz.sheet import contract_label
from tutor.reports import spots
from tutor.rules.cards import SEATS, next_seat
from tutor.rules.coinche.game import Game
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.coinche.summary import summary_payload
from tutor.rules.errors import RulesError
from tutor.rules.explain import Step, gettext_noop, messages, seat_name

from . import sentence, views
from .coinche import CoincheTable, first_dealer
from .models import TableDeal, TableGame

messages(
    {
        "play_game_unknown": gettext_noop(
            "There is no game at this address: the link may be cut short or mistyped."
        ),
        "play_game_not_over": gettext_noop(
            "Deal %(number)s is not over yet: play it to the last card before the next one "
            "is dealt."
        ),
        "play_game_over": gettext_noop(
            "This game is over: %(side)s have won it. Start a new game to play on."
        ),
        "play_game_moved_on": gettext_noop(
            "This deal belongs to a game that has gone on to the next deal: you can look at "
            "it, but no longer change it."
        ),
    }
)


def _table(record: TableDeal, current: CoincheTable | None) -> CoincheTable:
    if current is not None and current.record.pk == record.pk:
        return current
    return CoincheTable(record)


def game_view(
    table_game: TableGame, lang: str, current: CoincheTable | None = None, deal_url=None
) -> dict:
    """The game so far: one row per finished deal (with the engine's game steps at its end),
    the totals, the winner, and the deal being played. ``current`` saves replaying the deal
    a page has already built; ``deal_url(record)`` is a deal's address (by default its own,
    ``play_deal``; a table of players gives its own pages, never the deal's token)."""
    if deal_url is None:

        def deal_url(record):
            return reverse("play_deal", args=["coinche", record.token])

    spec = table_game.profile
    profile = coinche_profile(spec)
    game = Game(profile)
    rows, asked, said = [], [], []
    deals = list(table_game.deals.order_by("number"))
    for record in deals:
        deal = _table(record, current).deal
        if deal.phase != "done":
            break
        result = deal.result()
        steps = game.add_deal(result.summary, result.score)
        # The deal as the engine's ``score`` question: the sheet's report holds no cards.
        asked.append(summary_payload(result.summary, result.summary.classic))
        said = steps
        contract = deal.contract.as_dict()
        rows.append(
            {
                "number": record.number,
                "url": deal_url(record),
                "taker": seat_name(contract["seat"], lang),
                "contract": contract_label(contract, lang),
                "made": result.score.made,
                "scores": result.score.scores,
                "totals": tuple(game.totals),
                "steps": [sentence(s, lang) for s in steps],
                "current": current is not None and current.record.pk == record.pk,
            }
        )
    last = deals[-1]
    winner = game.winner
    return {
        "token": table_game.token,
        "url": reverse("play_game", args=[table_game.token]),
        "target": profile.target,
        "rows": rows,
        # The sheet's report: its deals, and the engine's words at the last one's end when
        # the sheet shows them (no deal being played after it).
        "report": spots.sheet(spec, asked, said if len(rows) == len(deals) else [])
        if asked
        else None,
        "totals": tuple(game.totals),
        "game_scores": json.dumps(dict(zip(("NS", "EW"), game.totals, strict=True))),
        "winner": winner,
        "over": winner is not None,
        "last": last,
        "last_url": deal_url(last),
        "last_done": len(rows) == len(deals),
        "deals": len(deals),
        "next_dealer_name": seat_name(next_seat(last.dealer), lang),
        "winner_side": ("NS", "EW")[winner] if winner is not None else "",
        # What a new game under the same rules and seats posts to the start.
        "profile": spec if isinstance(spec, str) else json.dumps(spec),
        "seats": "all" if len(table_game.seats) == 4 else "one",
    }


def deal_context(record: TableDeal, table: CoincheTable, lang: str) -> dict:
    """What a deal's page shows of its game: the totals before it while it is played, the
    whole sheet and what comes next once it is over."""
    view = game_view(record.table_game, lang, current=table)
    row = next((r for r in view["rows"] if r["number"] == record.number), None)
    return {
        **view,
        "number": record.number,
        "row": row,
        # While it is played, every finished deal of the game came before it.
        "before": view["totals"] if row is None and record.number > 1 else None,
        "moved_on": record.number < view["deals"],
    }


def moved_on(record: TableDeal) -> bool:
    """Whether the deal's game has a later deal: then this one can no longer change."""
    return (
        record.table_game_id is not None
        and TableDeal.objects.filter(
            table_game_id=record.table_game_id, number__gt=record.number
        ).exists()
    )


def _bad(request, status: int, code: str, params: dict | None = None, back: str = ""):
    """The refusal in the engine's way of saying it, with the way back to the game."""
    message = sentence(Step(code, params or {}), get_language())
    context = {"message": message, "back": back}
    return render(request, "play/bad_request.html", context, status=status)


def _new_deal(table_game: TableGame, number: int, seed: int, dealer: str) -> TableDeal:
    record = TableDeal(
        game="coinche",
        seed=seed,
        dealer=dealer,
        profile=table_game.profile,
        seats=table_game.seats,
        table_game=table_game,
        number=number,
        user=table_game.user,
        session_key=table_game.session_key,
    )
    CoincheTable(record).advance()
    record.save()
    return record


@require_POST
def start(request):
    """A new game from the start page's settings: its first deal, dealt as a single deal is."""
    data = request.POST
    try:
        seed = views._seed(data.get("seed"))
        spec = views._profile_spec(data.get("profile"), request)
        dealer = data.get("dealer") or None
        if dealer is not None and dealer not in SEATS:
            raise RulesError("bad_seat", value=dealer[:5])
    except (RulesError, inputs.BadInput) as error:
        step = views.settings_step(error)
        return _bad(request, 400, step.code, step.params)
    if seed is None:
        seed = random.randrange(views.SEED_LIMIT)
    seats = views.LEARNER_SEATS["coinche"]["all" if data.get("seats") == "all" else "one"]
    with transaction.atomic():
        table_game = TableGame.objects.create(profile=spec, seats=seats, **owner(request))
        record = _new_deal(table_game, 1, seed, dealer or first_dealer(seed))
    return redirect("play_deal", game="coinche", token=record.token)


@require_POST
def carry_on(request, token: str):
    """A single deal, once over, becomes deal 1 of a game under its rules and seats, and the
    next deal is dealt (a second tap finds the game already started and goes to it)."""
    with transaction.atomic():
        record = TableDeal.objects.select_for_update().filter(game="coinche", token=token).first()
        if record is None:
            return _bad(request, 404, "play_game_unknown")
        if record.table_game_id is not None:
            last = record.table_game.deals.order_by("-number").first()
            return redirect("play_deal", game="coinche", token=last.token)
        if CoincheTable(record).deal.phase != "done":
            back = reverse("play_deal", args=["coinche", record.token])
            return _bad(request, 409, "play_game_not_over", {"number": 1}, back)
        table_game = TableGame.objects.create(
            profile=record.profile, seats=record.seats, **owner(request)
        )
        record.table_game, record.number = table_game, 1
        record.save(update_fields=["table_game", "number"])
        if game_view(table_game, get_language())["over"]:
            return redirect("play_game", token=table_game.token)
        nxt = _new_deal(table_game, 2, random.randrange(views.SEED_LIMIT), next_seat(record.dealer))
    return redirect("play_deal", game="coinche", token=nxt.token)


def _find(token: str) -> TableGame | None:
    return TableGame.objects.filter(token=token).first()


@require_POST
def next_deal(request, token: str):
    """The game's next deal, dealt by the next player, once the last one is over and the
    engine has not named a winner. ``after`` is the number of deals the page was drawn
    with: a second tap, or another device that already dealt, lands on the new deal."""
    table_game = _find(token)
    if table_game is None:
        return _bad(request, 404, "play_game_unknown")
    with transaction.atomic():
        TableGame.objects.select_for_update().filter(pk=table_game.pk).first()
        view = game_view(table_game, get_language())
        last = view["last"]
        if request.POST.get("after") not in (None, str(view["deals"])):
            return redirect("play_deal", game="coinche", token=last.token)
        if view["over"]:
            return _bad(request, 409, "play_game_over", {"side": view["winner_side"]}, view["url"])
        if not view["last_done"]:
            return _bad(
                request, 409, "play_game_not_over", {"number": last.number}, view["last_url"]
            )
        try:
            with transaction.atomic():
                record = _new_deal(
                    table_game,
                    last.number + 1,
                    random.randrange(views.SEED_LIMIT),
                    next_seat(last.dealer),
                )
        except IntegrityError:
            # Another request dealt it first: go to that deal.
            record = table_game.deals.order_by("-number").first()
        table_game.updated = timezone.now()
        table_game.save(update_fields=["updated"])
    return redirect("play_deal", game="coinche", token=record.token)


@require_GET
def sheet(request, token: str):
    """The game's score sheet: every deal, the engine's words at the last one's end, and the
    way on (the deal being played, the next deal, or a new game once it is won)."""
    table_game = _find(token)
    if table_game is None:
        return _bad(request, 404, "play_game_unknown")
    lang = get_language()
    match = game_view(table_game, lang)
    profile = table_game.profile
    return render(
        request,
        "play/game.html",
        {
            "match": match,
            "row": match["rows"][-1] if match["rows"] and match["last_done"] else None,
            "profile_label": page_rules.title(profile) if isinstance(profile, str) else "",
        },
    )
