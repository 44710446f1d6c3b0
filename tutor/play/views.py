"""Play pages: start a deal, play it move by move (plain forms, enhanced by htmx), the replay.

A POST names its ``action`` and carries ``at``, the number of moves the page was
drawn after, so a form left open on another device or a double tap cannot make
a move twice. A move the rules refuse is answered with the engine's reason on
the same page; nothing is lost.
"""

import json
import random

from django.http import Http404, HttpResponseNotAllowed, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import get_language
from django.views.decorators.http import require_http_methods, require_POST

from tutor.pages import rules as page_rules
from tutor.quiz.owner import owned, owner
from tutor.reports import spots
from tutor.rules.cards import SEATS
from tutor.rules.chouine.deal import IllegalMove as ChouineIllegal
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.errors import RulesError
from tutor.rules.explain import Step, gettext_noop, messages, suit_name
from tutor.rules.explain import render as render_step

from . import chouine, coinche, games, moves
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


def _profile_spec(text: str | None, request=None) -> object:
    """A profile name, a house-rule code (``federation~max_bid:180``) or a house-rule JSON
    object, checked by the engine (raises RulesError); by default the visitor's rules."""
    if not text:
        if request is None:
            return "federation"
        return page_rules.chosen(request, coinche.PROFILES, source={}) or "federation"
    spec: object = text
    if text.lstrip().startswith("{"):
        try:
            spec = json.loads(text)
        except json.JSONDecodeError as error:
            raise RulesError("bad_json", line=error.lineno, column=error.colno) from None
    coinche_profile(spec)
    return spec


def _seed(text: str | None) -> int | None:
    if text in (None, ""):
        return None
    if not text.isdigit() or int(text) >= SEED_LIMIT:
        raise RulesError("play_bad_seed", value=text[:20])
    return int(text)


@require_http_methods(["GET", "POST"])
def lobby(request, game: str):
    _game(game)
    data = request.POST if request.method == "POST" else request.GET
    try:
        seed = _seed(data.get("seed"))
        spec = _profile_spec(data.get("profile"), request) if game == "coinche" else "chouine"
        dealer = data.get("dealer") or None
        if dealer is not None and dealer not in (SEATS if game == "coinche" else "AB"):
            raise RulesError("bad_seat", value=dealer[:5])
    except RulesError as error:
        return bad_request(request, Step(error.code, error.params))
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
    profiles = page_rules.choices(request, coinche.PROFILES, current)
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


def _page(request, record: TableDeal, table, said: Step | None = None, move: tuple | None = None):
    """The deal's page (its play area for htmx); ``said``: the engine's refusal (of ``move``,
    an action and its value) or another message, shown in the news."""
    lang = get_language()
    view = table.context(lang)
    message = render_step(said, lang) if said is not None else ""
    scores = table.scores()
    share = {"seed": record.seed, "dealer": record.dealer}
    if record.game == "coinche":
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
    if record.table_game_id and (view["phase"] == "done" or not request.htmx):
        context["match"] = games.deal_context(record, table, lang)
    template = f"play/_{record.game}.html" if request.htmx else f"play/{record.game}.html"
    return render(request, template, context)


@require_http_methods(["GET", "POST"])
def deal(request, game: str, token: str):
    table_class = _game(game)
    record = get_object_or_404(TableDeal, game=game, token=token)
    table = table_class(record)
    if request.method == "GET":
        return _page(request, record, table)
    if games.moved_on(record):
        return bad_request(request, Step("play_game_moved_on"), status=409)
    action = request.POST.get("action", "")
    if "card" in request.POST:
        action = "play"
    elif "call" in request.POST:
        action = "call"
    if action == "auto":
        request.session["play_auto"] = request.POST.get("auto") == "1"
    elif action == "continue" and "trick" not in request.POST and game == "coinche":
        # An out-of-turn coinche offered and not taken: the auction goes on.
        if request.POST.get("at") != str(len(record.moves)):
            return _page(request, record, table, Step("play_stale"))
        try:
            table.let_go()
        except RulesError as error:
            return _page(request, record, table, Step(error.code, error.params))
        table.advance()
    elif action == "continue":
        try:
            trick = int(request.POST.get("trick", ""))
        except ValueError:
            return bad_request(request, Step("play_bad_action", {"value": "continue"}))
        # Only a trick already gathered can have been seen.
        record.seen = max(record.seen, min(trick, _tricks_done(table)))
        table = table_class(record)
        table.advance()
    elif action == "undo":
        record.moves = table.undo_moves()
        table = table_class(record)
        record.seen = min(record.seen, _tricks_done(table))
        record.finished = False
    elif action in ("play", "call", "declare", "exchange", "announce"):
        if request.POST.get("at") != str(len(record.moves)):
            return _page(request, record, table, Step("play_stale"))
        value = _value(request, action)
        try:
            table.move(action, value)
        except (RulesError, ChouineIllegal) as error:
            return _page(request, record, table, refusal_step(table, error), (action, value))
        table.advance()
    else:
        return bad_request(request, Step("play_bad_action", {"value": action[:20]}))
    record.updated = timezone.now()
    record.save()
    if record.finished:
        request.session["play_finished_one"] = True
    if request.htmx:
        return _page(request, record, table)
    return redirect("play_deal", game=game, token=record.token)


def refusal_step(table, error: RulesError) -> Step:
    """The engine's reason, spoken to the learner when it is about their own seat (Chouine's
    sentences name a player; Coinche's already speak to the player to move)."""
    params = dict(error.params)
    if table.learner(params.get("player")):
        params["you"] = True
    return Step(error.code, params)


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
    record = get_object_or_404(TableDeal, game="coinche", token=token)
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
