"""The JSON questions about Chouine: ``legal``, ``score`` and ``replay``.

Each function takes the parsed JSON object and returns ``(answer, steps)``:
the answer without its ``steps``, and the explanation as :class:`Step`
values. Bad input raises :class:`~tutor.rules.errors.RulesError`. Players are
``"A"`` and ``"B"``; cards and suits are written as in the rest of the engine.

``profile`` (in every question) is ``"chouine"`` (the default), a house-rule code such
as ``"chouine~quinte:100"`` or ``{"base": "chouine", "quinte": 100}``.

``legal``: ``{"profile": "chouine", "trump": "H", "hand": [...], "trick":
[{"player": "A", "card": "AS"}], "player": "B", "stock": 0}``; ``trick`` holds
the card led, if any; ``stock`` counts the cards left in the stock with the
indicator (22 after the deal, 0 for the last five tricks). Answer: ``legal``
(in the order of ``hand``), ``rule``, and ``illegal``, each refused card with
its reason code.

``score``: ``{"trump": "H", "card_points": {"A": 60, "B": 60}, "last_trick":
"A", "announcements": {"A": [{"kind": "marriage", "suit": "D"}]}, "chouine":
null}``. Answer: ``scores`` (None after a chouine) and ``winner`` (None for a tie).

``replay``: ``{"dealer": "A", "deck": [32 cards in dealing order], "moves":
[{"play": "KS"}, {"exchange": true}, {"announce": "marriage", "suit": "H"},
{"play": "KH"}, ...]}``. The deck is dealt as :mod:`tutor.rules.chouine.deal`
says (5 each one at a time from the non-dealer, the 11th card turned, the
other 21 drawn from ``deck[11]`` on). A move may name its ``"player"``, which
is then checked; an exchange is made by whoever holds the trump 7; an
announcement is made by the player to move, whose next move must play a card
of the combination (``suit`` is omitted for a quinte). The first illegal move
stops the replay with ``"valid": false``, its ``index`` and ``reason``; a replay
that stops before the deal's end is valid with ``"complete": false``.

>>> answer, steps = legal({"trump": "S", "hand": ["KH", "7S", "QD"], "player": "B",
...     "trick": [{"player": "A", "card": "AH"}], "stock": 0})
>>> answer["legal"], answer["rule"]
(['KH'], 'chouine_follow_suit')
>>> score({"trump": "H", "card_points": {"A": 60, "B": 60}, "last_trick": "A",
...     "announcements": {"A": [{"kind": "marriage", "suit": "D"}],
...                       "B": [{"kind": "marriage", "suit": "H"}]}, "chouine": None})[0]
{'scores': {'A': 90, 'B': 100}, 'winner': 'B'}
"""

from __future__ import annotations

from ..cards import SUITS, card_code, parse_card, parse_cards, parse_suit
from ..errors import RulesError
from ..explain import Step, gettext_noop, messages, ngettext_noop
from .announce import Kind, announcement_step, parse_kind
from .deal import LAST_STOCK_TRICK, Announced, ChouineDeal, Exchanged, IllegalMove
from .houserules import chouine_profile
from .rules import HAND_SIZE, STOCK_SIZE, ChouineProfile, explain_legal
from .score import other, parse_player, score_deal

messages(
    {
        "chouine_bad_payload": gettext_noop("A JSON object was expected, not %(value)s."),
        "chouine_bad_field": gettext_noop('The field "%(field)s" is missing or malformed.'),
        "chouine_bad_stock": gettext_noop(
            "The stock holds an even number of cards from 0 to 22 (22 after the deal, two "
            "fewer after each trick), not %(value)s."
        ),
        "chouine_bad_hand_size": ngettext_noop(
            "This hand holds %(count)s card; while the stock lasts a hand holds %(expected)s.",
            "This hand holds %(count)s cards; while the stock lasts a hand holds %(expected)s.",
            "count",
        ),
        "chouine_bad_hand_size_closed": ngettext_noop(
            "This hand holds %(count)s card; once the stock is gone a hand holds from 1 to "
            "%(expected)s.",
            "This hand holds %(count)s cards; once the stock is gone a hand holds from 1 to "
            "%(expected)s.",
            "count",
        ),
        "chouine_trick_too_long": gettext_noop(
            "A Chouine trick has two cards: only the card led can be on the table."
        ),
        "chouine_trick_same_player": gettext_noop("%(the_player)s cannot answer their own lead."),
        "chouine_bad_move": gettext_noop("Move %(index)s is not a Chouine move: %(value)s."),
        "chouine_dealt": ngettext_noop(
            "%(the_player)s deals five cards each, one at a time, starting with "
            "%(the_player_other)s, and turns up %(the_card)s: %(trump)s are trumps. With it "
            "the stock holds %(stock)s card. %(the_player_other)s leads.",
            "%(the_player)s deals five cards each, one at a time, starting with "
            "%(the_player_other)s, and turns up %(the_card)s: %(trump)s are trumps. With it "
            "the stock holds %(stock)s cards. %(the_player_other)s leads.",
            "stock",
        ),
        "chouine_exchange": gettext_noop(
            "%(the_player)s exchanges %(the_card_seven)s for the indicator, %(the_card_indicator)s."
        ),
        "chouine_au_sept": gettext_noop(
            "%(the_player)s is about to lead the 11th trick and says “au sept”: this is the "
            "last moment to exchange %(the_card)s for the indicator."
        ),
        "chouine_last_draw": gettext_noop(
            "%(the_player)s draws the last face-down card and %(the_player_other)s takes the "
            "indicator, %(the_card)s. The stock is gone: now follow suit, beat a trump lead "
            "and trump when void."
        ),
        "chouine_two_chouines_trump": gettext_noop(
            "Both players announced a chouine in this trick; the chouine in trumps wins, "
            "so %(the_player)s wins the deal."
        ),
        "chouine_two_chouines_leader": gettext_noop(
            "Both players announced a chouine in this trick and neither is in trumps; "
            "the leader, %(the_player)s, wins the deal."
        ),
    }
)


def _object(payload: object) -> dict:
    if not isinstance(payload, dict):
        raise RulesError("chouine_bad_payload", value=str(payload)[:80])
    return payload


def _field(payload: dict, name: str, kind: type) -> object:
    value = payload.get(name)
    if not isinstance(value, kind):
        raise RulesError("chouine_bad_field", field=name)
    return value


def _trick_player(entry: dict) -> str:
    return parse_player(entry.get("player", entry.get("seat")))


def profile_of(payload: dict) -> ChouineProfile:
    """The question's profile: ``chouine``, a house-rule code or ``{"base": "chouine", …}``."""
    return chouine_profile(payload.get("profile", "chouine"))


def legal(payload: object) -> tuple[dict, list[Step]]:
    """The legal cards of a Chouine position, the rule that decided, each refusal's reason."""
    payload = _object(payload)
    # No option changes what may be played; a bad profile is still refused.
    profile_of(payload)
    trump = parse_suit(payload.get("trump"))
    hand = parse_cards(_field(payload, "hand", list))
    player = parse_player(payload.get("player", payload.get("seat")))
    stock = payload.get("stock")
    if not isinstance(stock, int) or isinstance(stock, bool):
        raise RulesError("chouine_bad_stock", value=str(stock))
    if not 0 <= stock <= STOCK_SIZE or stock % 2:
        raise RulesError("chouine_bad_stock", value=str(stock))
    if stock and len(hand) != HAND_SIZE:
        raise RulesError("chouine_bad_hand_size", expected=HAND_SIZE, count=len(hand))
    if not stock and not 1 <= len(hand) <= HAND_SIZE:
        raise RulesError("chouine_bad_hand_size_closed", expected=HAND_SIZE, count=len(hand))
    trick = payload.get("trick", [])
    if not isinstance(trick, list):
        raise RulesError("chouine_bad_field", field="trick")
    if len(trick) > 1:
        raise RulesError("chouine_trick_too_long")
    lead = -1
    if trick:
        entry = trick[0]
        if not isinstance(entry, dict):
            raise RulesError("chouine_bad_field", field="trick")
        if _trick_player(entry) == player:
            raise RulesError("chouine_trick_same_player", player=player)
        lead = parse_card(entry.get("card"))
        if lead in hand:
            raise RulesError("duplicate_card", card=card_code(lead))
    allowed, rule, illegal, steps = explain_legal(hand, lead, trump, stock, player)
    answer = {
        "legal": [card_code(card) for card in allowed],
        "rule": rule,
        "illegal": [{"card": card_code(card), "code": code} for card, code in illegal.items()],
    }
    return answer, steps


def _announcements(value: object) -> dict[str, list[tuple[Kind, int | None]]]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RulesError("chouine_bad_field", field="announcements")
    made: dict[str, list[tuple[Kind, int | None]]] = {}
    for key, items in value.items():
        player = parse_player(key)
        if not isinstance(items, list):
            raise RulesError("chouine_bad_field", field="announcements")
        made[player] = []
        for item in items:
            if not isinstance(item, dict):
                raise RulesError("chouine_bad_field", field="announcements")
            kind = parse_kind(item.get("kind"))
            suit = None
            if kind is not Kind.QUINTE:
                if item.get("suit") is None:
                    raise RulesError("chouine_suit_needed", announcement=kind.value)
                suit = parse_suit(item.get("suit"))
            made[player].append((kind, suit))
    return made


def score(payload: object) -> tuple[dict, list[Step]]:
    """The totals and the winner of a Chouine deal from its summary."""
    payload = _object(payload)
    profile = profile_of(payload)
    trump = parse_suit(payload.get("trump"))
    chouine = payload.get("chouine")
    if chouine is not None:
        result = score_deal(None, None, {}, trump, parse_player(chouine), profile)
        return {"scores": result.scores, "winner": result.winner}, result.steps
    points = _field(payload, "card_points", dict)
    if set(points) != {"A", "B"} or not all(
        isinstance(value, int) and not isinstance(value, bool) and value >= 0
        for value in points.values()
    ):
        raise RulesError("chouine_bad_field", field="card_points")
    last = parse_player(payload.get("last_trick"))
    made = _announcements(payload.get("announcements"))
    result = score_deal(points, last, made, trump, profile=profile)
    return {"scores": result.scores, "winner": result.winner}, result.steps


def _parse_move(index: int, move: object) -> tuple[str, object, str | None]:
    bad = RulesError("chouine_bad_move", index=index, value=str(move)[:80])
    if not isinstance(move, dict):
        raise bad
    actions = [key for key in ("play", "exchange", "announce") if key in move]
    if len(actions) != 1:
        raise bad
    player = move.get("player")
    if player is not None:
        player = parse_player(player)
    action = actions[0]
    if action == "play":
        return action, parse_card(move["play"]), player
    if action == "exchange":
        if move["exchange"] is not True:
            raise bad
        return action, None, player
    kind = parse_kind(move["announce"])
    suit = None
    if kind is not Kind.QUINTE:
        if move.get("suit") is None:
            raise RulesError("chouine_suit_needed", announcement=kind.value)
        suit = parse_suit(move["suit"])
    return action, (kind, suit), player


def _trick_json(trick) -> dict:
    return {
        "number": trick.number,
        "leader": trick.leader,
        "cards": [card_code(card) for card in trick.cards],
        "winner": trick.winner,
        "points": trick.points,
        "reason": trick.reason,
        "draws": [{"player": player, "card": card_code(card)} for player, card in trick.draws],
    }


def _trick_steps(deal: ChouineDeal, trick) -> list[Step]:
    lead, reply = trick.cards
    won, lost = (lead, reply) if trick.winner == trick.leader else (reply, lead)
    params = {"card_winner": card_code(won), "card_loser": card_code(lost), "player": trick.winner}
    steps = [Step(trick.reason, params)]
    if trick.number == LAST_STOCK_TRICK and trick.draws:
        (first, _), (second, indicator) = trick.draws
        steps.append(
            Step(
                "chouine_last_draw",
                {"player": first, "player_other": second, "card": card_code(indicator)},
            )
        )
    if deal.chouine_rule is not None and deal.finished:
        steps.append(Step(deal.chouine_rule, {"player": "AB"[deal.chouine_winner]}))
    return steps


def replay(payload: object) -> tuple[dict, list[Step]]:
    """A whole deal checked move by move, then scored."""
    payload = _object(payload)
    profile = profile_of(payload)
    dealer = parse_player(payload.get("dealer"))
    deck = parse_cards(_field(payload, "deck", list))
    moves = _field(payload, "moves", list)
    parsed = [_parse_move(index, move) for index, move in enumerate(moves)]
    deal = ChouineDeal(deck, dealer, profile)
    dealt = {player: [card_code(card) for card in deal.hand(player)] for player in "AB"}
    steps = [
        Step(
            "chouine_dealt",
            {
                "player": dealer,
                "player_other": other(dealer),
                "card": card_code(deal.indicator),
                "trump": SUITS[deal.trump],
                "stock": deal.stock_count,
            },
        )
    ]
    tricks = []
    exchanges = []
    failure = None
    said_au_sept = False
    for index, (action, value, player) in enumerate(parsed):
        if not said_au_sept and deal.au_sept():
            said_au_sept = True
            seven = card_code(deal.seven)
            steps.append(Step("chouine_au_sept", {"player": deal.to_move, "card": seven}))
        try:
            if action == "exchange":
                record = deal.exchange(player)
            else:
                if player is not None and deal.to_move is not None and player != deal.to_move:
                    raise IllegalMove(
                        "chouine_not_your_turn", player=deal.to_move, player_named=player
                    )
                record = deal.play(value) if action == "play" else deal.announce(*value)
        except IllegalMove as error:
            failure = {"index": index, "reason": error.code}
            steps.append(Step(error.code, error.params))
            break
        if isinstance(record, Exchanged):
            exchanges.append(
                {
                    "player": record.player,
                    "seven": card_code(record.seven),
                    "indicator": card_code(record.indicator),
                }
            )
            steps.append(
                Step(
                    "chouine_exchange",
                    {
                        "player": record.player,
                        "card_seven": card_code(record.seven),
                        "card_indicator": card_code(record.indicator),
                    },
                )
            )
        elif isinstance(record, Announced):
            steps.append(
                announcement_step(
                    record.kind, record.suit, list(record.cards), record.points, record.player
                )
            )
        elif record.trick is not None:
            tricks.append(_trick_json(record.trick))
            steps.extend(_trick_steps(deal, record.trick))
    if failure is None and not said_au_sept and deal.au_sept():
        steps.append(
            Step("chouine_au_sept", {"player": deal.to_move, "card": card_code(deal.seven)})
        )
    answer: dict = {
        "valid": failure is None,
        "complete": deal.finished,
        "dealer": dealer,
        "trump": SUITS[deal.trump],
        "hands": dealt,
        "tricks": tricks,
        "exchanges": exchanges,
        "announcements": {
            player: [
                {
                    "kind": record.kind.value,
                    "suit": None if record.suit is None else SUITS[record.suit],
                    "cards": [card_code(card) for card in record.cards],
                    "points": record.points,
                }
                for record in deal.announced["AB".index(player)]
            ]
            for player in "AB"
        },
        "card_points": deal.card_points(),
        "stock": deal.stock_count,
        "to_move": deal.to_move,
        "chouine": None if deal.chouine_winner is None else "AB"[deal.chouine_winner],
        "last_trick": None if deal.last_trick is None else "AB"[deal.last_trick],
        "scores": None,
        "winner": None,
    }
    if failure is not None:
        answer.update(failure)
    elif deal.finished:
        result = deal.result()
        answer["scores"], answer["winner"] = result.scores, result.winner
        steps.extend(result.steps)
    return answer, steps
