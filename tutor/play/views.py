"""Play pages: start a deal, play it move by move (plain forms, enhanced by htmx), the replay.

A POST names its ``action`` and carries ``at``, the number of moves the page was
drawn after, so a form left open on another device or a double tap cannot make
a move twice: the deal's row is locked from that check to the save, so of two
tabs that send a move on the same position, the second is told the table has
moved on. A move the rules refuse is answered with the engine's reason on the
same page; nothing is lost.
"""

import json
import random
from dataclasses import dataclass

from django.db import transaction
from django.http import Http404, HttpResponseNotAllowed, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import get_language
from django.views.decorators.http import require_http_methods, require_POST

from tutor.guard import inputs
from tutor.pages import rules as page_rules
from tutor.quiz.owner import owned, owner
from tutor.reports import spots
from tutor.rules.cards import SEATS
from tutor.rules.chouine.deal import IllegalMove as ChouineIllegal
from tutor.rules.chouine.houserules import chouine_profile
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.errors import RulesError
from tutor.rules.explain import Step, gettext_noop, messages, suit_name
from tutor.rules.explain import render as render_step

from . import chouine, coinche, games, moves, rows
from .models import TableDeal

messages(
    {
        "play_bad_seed": gettext_noop(
            '"%(value)s" is not a deal number: use a whole number from 0 to 2147483647.'
        ),
        "play_stale": gettext_noop(
            "The table has moved on since this page was drawn (another tab or device, or a "
            "second tap): here is where the deal is now."
        ),
        "play_bad_action": gettext_noop('"%(value)s" is not something this table can do.'),
    }
)

GAMES = {"coinche": coinche.CoincheTable, "chouine": chouine.ChouineTable}
LEARNER_SEATS = {"coinche": {"one": "S", "all": "SENW"}, "chouine": {"one": "A", "all": "AB"}}
SEED_LIMIT = 2**31


def _game(game: str):
    if game not in GAMES:
        raise Http404
    return GAMES[game]


def bad_request(request, step: Step, status: int = 400):
    message = render_step(step, get_language())
    return render(request, "play/bad_request.html", {"message": message}, status=status)


PROFILES = {"coinche": coinche.PROFILES, "chouine": chouine.PROFILES}
CHECK_PROFILE = {"coinche": coinche_profile, "chouine": chouine_profile}


def _profile_spec(text: str | None, request=None, game: str = "coinche") -> object:
    """A profile name of ``game``, a house-rule code (``federation~max_bid:180``,
    ``chouine~quinte:100``) or a house-rule JSON object, checked by the engine (raises
    RulesError, or BadInput for JSON the decoder refuses); by default the visitor's rules
    for that game."""
    if not text:
        default = PROFILES[game][0]
        if request is None:
            return default
        return page_rules.chosen(request, PROFILES[game], source={}) or default
    spec = inputs.json_value(text) if text.lstrip().startswith("{") else text
    CHECK_PROFILE[game](spec)
    return spec


def _seed(text: str | None) -> int | None:
    return inputs.optional_number(text, 0, SEED_LIMIT - 1, reason="play_bad_seed")


def settings_step(error: RulesError | inputs.BadInput) -> Step:
    """Why a request's settings were refused, from the engine or from the input reader."""
    if isinstance(error, inputs.BadInput):
        return error.step
    return Step(error.code, error.params)


@require_http_methods(["GET", "POST"])
def lobby(request, game: str):
    _game(game)
    data = request.POST if request.method == "POST" else request.GET
    try:
        seed = _seed(data.get("seed"))
        spec = _profile_spec(data.get("profile"), request, game)
        dealer = data.get("dealer") or None
        if dealer is not None and dealer not in (SEATS if game == "coinche" else "AB"):
            raise RulesError("bad_seat", value=dealer[:5])
    except (RulesError, inputs.BadInput) as error:
        return bad_request(request, settings_step(error))
    seats = "all" if data.get("seats") == "all" else "one"
    if request.method == "POST":
        if seed is None:
            seed = random.randrange(SEED_LIMIT)
        if game == "coinche":
            dealer = dealer or coinche.first_dealer(seed)
        else:
            dealer = chouine.cut_for(seed)[0]
        record = TableDeal(
            game=game,
            seed=seed,
            dealer=dealer,
            profile=spec,
            seats=LEARNER_SEATS[game][seats],
            **owner(request),
        )
        table = GAMES[game](record)
        table.advance()
        record.save()
        return redirect("play_deal", game=game, token=record.token)
    mine = TableDeal.objects.filter(owned(request), game=game, finished=False)[:10]
    current = spec if isinstance(spec, str) else None
    profiles = page_rules.choices(request, PROFILES[game], current)
    return render(
        request,
        "play/lobby.html",
        {
            "game": game,
            "seed": seed,
            "dealer": dealer,
            "profile": spec if isinstance(spec, str) else json.dumps(spec),
            "profile_is_house": not isinstance(spec, str),
            "profiles": profiles,
            "seats": seats,
            "mine": mine,
        },
    )


def auto_advance(request) -> bool:
    """Whether the table carries on by itself after each trick: the visitor's own choice
    for the session, else off during their first deal (every gathered trick waits to be
    read) and on once they have played one to the end."""
    chosen = request.session.get("play_auto")
    if chosen is None:
        return request.session.get("play_finished_one", False)
    return chosen


def _page(
    request,
    record: TableDeal,
    table,
    said: Step | None = None,
    move: tuple | None = None,
    status: int = 200,
):
    """The deal's page (its play area for htmx); ``said``: the engine's refusal (of ``move``,
    an action and its value) or another message, shown in the news."""
    lang = get_language()
    view = table.context(lang)
    message = render_step(said, lang) if said is not None else ""
    scores = table.scores()
    share = {"seed": record.seed, "dealer": record.dealer}
    share["profile"] = (
        record.profile if isinstance(record.profile, str) else json.dumps(record.profile)
    )
    context = {
        "v": view,
        "record": record,
        "message": message,
        "at": len(record.moves),
        "deal_url": reverse("play_deal", args=[record.game, record.token]),
        "share_url": reverse("play_lobby", args=[record.game]) + "?" + urlencode(share),
        "scores_json": json.dumps(scores) if view["phase"] == "done" else "",
        "profile_label": page_rules.title(record.profile)
        if isinstance(record.profile, str)
        else "",
        "can_undo": table.undo_moves() != list(record.moves) and not games.moved_on(record),
        "auto": auto_advance(request),
        "share_profile": share.get("profile", ""),
        "suits": [(suit, suit_name(suit, lang)) for suit in "SHDC"],
    }
    if said is not None:
        context["refusal"] = spots.play(record, table.replay_payload(), [said], move, False)
    if "score" in view:
        context["end_report"] = spots.play(record, table.replay_payload(), view["score"]["said"])
    if "why_said" in view:
        context["why_report"] = spots.play(record, table.replay_payload(), view["why_said"])
    if view.get("waiting") and "last_trick" in view:
        said = view["last_trick"]["said"]
        context["gathered_report"] = spots.play(record, table.replay_payload(), said)
    if record.table_game_id and (view["phase"] == "done" or not request.htmx):
        context["match"] = games.deal_context(record, table, lang)
    template = f"play/_{record.game}.html" if request.htmx else f"play/{record.game}.html"
    return render(request, template, context, status=status)


@dataclass
class Refusal:
    """A POST the table does not take: no move is saved (a refused card or call is kept
    among the deal's refusals, for the review), and the answer is drawn once the
    deal's row is free again: the deal's page saying ``said`` (the engine's refusal of
    ``move``, an action and its value, or that the table moved on), or for a request no
    page of the deal sends, the short error page with ``step``."""

    status: int
    said: Step | None = None
    table: object = None
    move: tuple | None = None
    step: Step | None = None


# More moves than any deal has: an ``at`` beyond it is no page's.
MAX_MOVES = 999


@require_http_methods(["GET", "POST"])
def deal(request, game: str, token: str):
    table_class = _game(game)
    if request.method == "GET":
        record = rows.deal(game, token)
        if record is None:
            raise Http404
        return _page(request, record, table_class(record))
    with transaction.atomic():
        record = rows.deal(game, token, lock=True)
        if record is None:
            raise Http404
        outcome = _post(request, record, table_class)
    if isinstance(outcome, Refusal):
        if outcome.step is not None:
            return bad_request(request, outcome.step, status=outcome.status)
        return _page(request, record, outcome.table, outcome.said, outcome.move, outcome.status)
    if record.finished:
        request.session["play_finished_one"] = True
    if request.htmx:
        return _page(request, record, outcome)
    return redirect("play_deal", game=game, token=record.token)


def _post(request, record: TableDeal, table_class):
    """Applies the POSTed action to the locked ``record`` and saves it: the table as it is
    now, or the :class:`Refusal`."""
    table = table_class(record)
    if games.moved_on(record):
        return Refusal(409, Step("play_game_moved_on"), table)
    post = request.POST
    action = post.get("action", "")
    if "card" in post:
        action = "play"
    elif "call" in post:
        action = "call"
    stale = inputs.parse(post.get("at"), 0, MAX_MOVES) != len(record.moves)
    if action == "auto":
        request.session["play_auto"] = post.get("auto") == "1"
    elif action == "continue" and "trick" not in post and record.game == "coinche":
        # An out-of-turn coinche offered and not taken: the auction goes on.
        if stale:
            return Refusal(409, Step("play_stale"), table)
        try:
            table.let_go()
        except RulesError as error:
            return Refusal(200, Step(error.code, error.params), table)
        table.advance()
    elif action == "continue":
        trick = inputs.parse(post.get("trick"), 0, 99)
        if trick is None:
            return Refusal(400, step=Step("play_bad_action", {"value": "continue"}))
        # Only a trick already gathered can have been seen.
        record.seen = max(record.seen, min(trick, _tricks_done(table)))
        table = table_class(record)
        table.advance()
    elif action == "undo":
        if stale:
            return Refusal(409, Step("play_stale"), table)
        record.moves = table.undo_moves()
        # Refusals met on the way to an undone move are no longer part of the deal.
        record.refused = [r for r in record.refused if r["at"] < len(record.moves)]
        table = table_class(record)
        record.seen = min(record.seen, _tricks_done(table))
        record.finished = False
    elif action in ("play", "call", "declare", "exchange", "announce"):
        if stale:
            return Refusal(409, Step("play_stale"), table)
        value = _value(request, action)
        try:
            table.move(action, value)
        except (RulesError, ChouineIllegal) as error:
            said = refusal_step(table, error)
            # Kept under the deal's row lock, like the moves: the refusal is part of its story.
            _keep_refusal(record, table, said)
            return Refusal(200, said, table, (action, value))
        table.advance()
    else:
        return Refusal(400, step=Step("play_bad_action", {"value": action[:20]}))
    record.updated = timezone.now()
    rows.moved(record)
    return table


def refusal_step(table, error: RulesError) -> Step:
    """The engine's reason, spoken to the learner when it is about their own seat (Chouine's
    sentences name a player; Coinche's already speak to the player to move)."""
    params = dict(error.params)
    if table.learner(params.get("player")):
        params["you"] = True
    return Step(error.code, params)


def _keep_refusal(record: TableDeal, table, said: Step) -> None:
    """Keeps a refusal the learner met, for the review after the deal (its sentence is the
    engine's, drawn again in the reader's language)."""
    player = said.params.get("player") or table.deal.to_move
    params = json.loads(json.dumps(said.params, default=str))
    entry = {"at": len(record.moves), "player": player, "code": said.code, "params": params}
    record.refused = [*record.refused, entry]
    record.save(update_fields=["refused"])


def _tricks_done(table) -> int:
    deal = table.deal
    return len(deal.tricks) if table.game == "coinche" else deal.tricks


def _value(request, action: str) -> object:
    return moves.value(request.POST, action)


@require_POST
def again(request, game: str, token: str):
    """The same deal from its first move, as a new deal of the visitor's."""
    table_class = _game(game)
    old = get_object_or_404(TableDeal, game=game, token=token)
    record = TableDeal(
        game=game,
        seed=old.seed,
        dealer=old.dealer,
        profile=old.profile,
        seats=old.seats,
        **owner(request),
    )
    table = table_class(record)
    table.advance()
    record.save()
    return redirect("play_deal", game=game, token=record.token)


@require_POST
def redeal(request, token: str):
    # Under the deal's row lock, as a move: of two tabs that ask, the second finds it dealt.
    with transaction.atomic():
        deals = TableDeal.objects.select_for_update()
        record = get_object_or_404(deals, game="coinche", token=token)
        table = coinche.CoincheTable(record)
        if table.deal.phase != "redeal":
            return bad_request(request, Step("play_bad_action", {"value": "redeal"}))
        table.redeal(random.randrange(SEED_LIMIT))
        table = coinche.CoincheTable(record)
        table.advance()
        record.updated = timezone.now()
        record.save()
    return redirect("play_deal", game="coinche", token=record.token)


def replay_json(request, game: str, token: str):
    """The whole deal in the engine's ``replay`` JSON (CLI.md), for ``python -m tutor.rules``."""
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    table_class = _game(game)
    record = get_object_or_404(TableDeal, game=game, token=token)
    return JsonResponse(
        table_class(record).replay_payload(), json_dumps_params={"ensure_ascii": False}
    )
