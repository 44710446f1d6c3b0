"""Seeded random Chouine deals and positions for quizzes, as JSON-able values.

The same seed always gives the same deal or position. A position can be asked
for with filters: ``stock_open``, ``stock_closed``, ``must_trump`` (the
player to move must trump), ``exchange`` (the trump 7 can be exchanged) and
``announce`` (the player to move can announce). Each position carries the
replay that reaches it (``dealer``, ``deck``, ``moves``, as
:mod:`tutor.rules.chouine.cli` reads them) and the ``legal`` question it asks.

>>> position = random_position(7, ["stock_closed", "must_trump"])
>>> position["stock"], position["rule"]
(0, 'chouine_must_trump')
>>> position == random_position(7, ["stock_closed", "must_trump"])
True
>>> len(random_deal(3)["deck"])
32
"""

from __future__ import annotations

import random

from ..cards import SUITS, card_code, cards_of
from ..errors import RulesError
from ..explain import gettext_noop, messages
from .deal import ChouineDeal
from .rules import CARD_STRENGTH, PLAYERS, RULE_MUST_TRUMP, explain_legal
from .score import cut_for_dealer

FILTERS = ("stock_open", "stock_closed", "must_trump", "exchange", "announce")
ATTEMPTS = 500

messages(
    {
        "chouine_bad_filter": gettext_noop(
            '"%(value)s" is not a position filter: use stock_open, stock_closed, must_trump, '
            "exchange or announce."
        ),
        "chouine_no_scenario": gettext_noop(
            "No position was found with all of these filters: %(filters)s."
        ),
    }
)


def random_cut(rng: random.Random) -> tuple[list[tuple[int, int]], str]:
    """Draws for the first dealer until one card is lower (see ``cut_for_dealer``)."""
    draws = []
    while True:
        card_a, card_b = rng.sample(range(32), 2)
        draws.append((card_a, card_b))
        if CARD_STRENGTH[card_a] != CARD_STRENGTH[card_b]:
            return draws, cut_for_dealer(draws)[0]


def random_deck(rng: random.Random) -> list[int]:
    deck = list(range(32))
    rng.shuffle(deck)
    return deck


def random_move(deal: ChouineDeal, rng: random.Random) -> dict:
    """Makes one random legal move (sometimes an exchange or an announcement) and returns it."""
    if deal.can_exchange() and rng.random() < 0.5:
        record = deal.exchange()
        return {"exchange": True, "player": record.player}
    if not deal.pending:
        options = deal.announcements_available()
        if options and rng.random() < 0.5:
            kind, suit = rng.choice(options)
            deal.announce(kind, suit)
            move = {"announce": kind.value}
            if suit is not None:
                move["suit"] = SUITS[suit]
            return move
    legal = cards_of(deal.legal()[0])
    card = legal[rng.randrange(len(legal))]
    deal.play(card)
    return {"play": card_code(card)}


def random_deal(seed: int) -> dict:
    """A seeded deal: the cut for the dealer, the deck, and the hands and indicator it gives."""
    rng = random.Random(seed)
    draws, dealer = random_cut(rng)
    deck = random_deck(rng)
    deal = ChouineDeal(deck, dealer)
    return {
        "seed": seed,
        "cut": [[card_code(a), card_code(b)] for a, b in draws],
        "dealer": dealer,
        "deck": [card_code(card) for card in deck],
        "trump": SUITS[deal.trump],
        "indicator": card_code(deal.indicator),
        "hands": {player: [card_code(c) for c in deal.hand(player)] for player in PLAYERS},
    }


def random_game(seed: int) -> dict:
    """A whole seeded deal played at random, as a replay question."""
    rng = random.Random(seed)
    deck = random_deck(rng)
    dealer = rng.choice(PLAYERS)
    deal = ChouineDeal(deck, dealer)
    moves = []
    while not deal.finished:
        moves.append(random_move(deal, rng))
    return {"dealer": dealer, "deck": [card_code(card) for card in deck], "moves": moves}


def _matches(deal: ChouineDeal, wanted: set[str]) -> bool:
    checks = {
        "stock_open": lambda: deal.stock_count > 0,
        "stock_closed": lambda: deal.stock_count == 0,
        "must_trump": lambda: deal.legal()[1] == RULE_MUST_TRUMP,
        "exchange": deal.can_exchange,
        "announce": lambda: bool(deal.announcements_available()),
    }
    return all(checks[name]() for name in wanted)


def _describe(
    deal: ChouineDeal, seed: int, filters: list[str], deck: list[int], moves: list
) -> dict:
    player = deal.to_move
    hand = deal.hand(player)
    trick = []
    if deal.lead_card is not None:
        trick = [{"player": PLAYERS[1 - PLAYERS.index(player)], "card": card_code(deal.lead)}]
    legal, rule, illegal, _ = explain_legal(hand, deal.lead, deal.trump, deal.stock_count, player)
    return {
        "seed": seed,
        "filters": filters,
        "dealer": PLAYERS[deal.dealer],
        "trump": SUITS[deal.trump],
        "indicator": card_code(deal.indicator) if deal.stock_count else None,
        "stock": deal.stock_count,
        "trick_number": deal.tricks + 1,
        "player": player,
        "hand": [card_code(card) for card in hand],
        "trick": trick,
        "legal": [card_code(card) for card in legal],
        "rule": rule,
        "illegal": [{"card": card_code(card), "code": code} for card, code in illegal.items()],
        "exchange": deal.exchange_holder() if deal.can_exchange() else None,
        "au_sept": deal.au_sept(),
        "announcements": [
            {"kind": kind.value, "suit": None if suit is None else SUITS[suit]}
            for kind, suit in deal.announcements_available()
        ],
        "replay": {
            "dealer": PLAYERS[deal.dealer],
            "deck": [card_code(card) for card in deck],
            "moves": list(moves),
        },
    }


def random_position(seed: int, filters: list[str] | tuple[str, ...] = ()) -> dict:
    """A seeded position, before the player to move acts, meeting every filter."""
    for name in filters:
        if name not in FILTERS:
            raise RulesError("chouine_bad_filter", value=str(name))
    wanted = set(filters)
    rng = random.Random(seed)
    for _ in range(ATTEMPTS):
        deck = random_deck(rng)
        deal = ChouineDeal(deck, rng.choice(PLAYERS))
        # A random starting point, so that positions are spread over the whole deal.
        skip = rng.randrange(32)
        moves: list[dict] = []
        while not deal.finished:
            plays = 2 * deal.tricks + (deal.lead_card is not None)
            if plays >= skip and not deal.pending and _matches(deal, wanted):
                return _describe(deal, seed, sorted(wanted), deck, moves)
            moves.append(random_move(deal, rng))
    raise RulesError("chouine_no_scenario", filters=sorted(wanted))
