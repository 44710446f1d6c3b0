"""Chouine for two players (seed 001): card order, the profile, legal plays, the trick.

Chouine ranks every suit, trump included, A 10 K Q J 9 8 7, with points
11 10 4 3 2 0 0 0 (120 in the deck, 130 with the 10 for the last trick). Cards
are the ints of :mod:`tutor.rules.cards`; a hand is a bitmask, so the legal
plays are a few integer operations (:func:`legal_rule`).

While the stock lasts any card may be played; once it is gone (the last five
tricks) a player must follow suit, beat a trump lead when able, and trump when
void in a plain suit led. Each answer names the rule that decided it:

>>> from tutor.rules.cards import parse_card, parse_cards, mask_of, cards_of, card_code, HEARTS
>>> hand = mask_of(parse_cards(["7H", "KH", "AS", "9C"]))
>>> mask, rule = legal_rule(hand, parse_card("QH"), HEARTS, stock=0)
>>> [card_code(c) for c in cards_of(mask)], rule
(['KH'], 'chouine_beat_trump')
>>> legal_rule(hand, parse_card("QH"), HEARTS, stock=8)[1]
'chouine_stock_open'
>>> trick_winner(parse_card("KS"), parse_card("TS"), HEARTS)
(1, 'chouine_trick_higher')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..cards import ACE, SUIT_MASKS, TEN, card_code, card_of, cards_of
from ..explain import (
    Step,
    Variants,
    addressed,
    gettext_noop,
    group_cards,
    messages,
    ngettext_noop,
)
from ..profiles import register_profile

PLAYERS = "AB"

# Indexed by the rank of cards.py (7 8 9 T J Q K A): the ten sits just under the ace.
RANK_STRENGTH = (0, 1, 2, 6, 3, 4, 5, 7)
RANK_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
CARD_POINTS = tuple(RANK_POINTS[card & 7] for card in range(32))
CARD_STRENGTH = tuple(RANK_STRENGTH[card & 7] for card in range(32))
# For each card, the cards of its suit that beat it.
BEATEN_BY = tuple(
    sum(
        1 << other
        for other in range(32)
        if other >> 3 == card >> 3 and CARD_STRENGTH[other] > CARD_STRENGTH[card]
    )
    for card in range(32)
)
BRISQUES = sum(1 << card_of(suit, rank) for suit in range(4) for rank in (ACE, TEN))
DECK_POINTS = 120
HAND_SIZE = 5
STOCK_SIZE = 32 - 2 * HAND_SIZE  # 21 face down and the indicator
TRICKS = 16


@dataclass(frozen=True)
class ChouineProfile:
    """The options of Chouine as seed 001 plays it; another local code changes values here
    (the house rules a club may change: ``houserules.py``).

    Announcement values are ``(plain suit, trump suit)``.
    """

    GAME: ClassVar[str] = "chouine"
    name: str = "chouine"
    source: str = "001"
    last_trick_bonus: int = 10
    marriage: tuple[int, int] = (20, 40)
    tierce: tuple[int, int] = (30, 60)
    quateron: tuple[int, int] = (40, 80)
    # 001 line 23: "vale 50 no código local escolhido"; line 47: Pagat's later profile
    # values it differently.
    quinte: int = 50
    quinte_cards: int = 5
    # 001 line 33: "Quem vencer 3 distribuições decisivas ganha a nossa manche".
    deals_to_win_match: int = 3


CHOUINE = ChouineProfile()
register_profile(CHOUINE)

RULE_STOCK_OPEN = "chouine_stock_open"
RULE_LEAD = "chouine_lead"
RULE_FOLLOW = "chouine_follow_suit"
RULE_BEAT_TRUMP = "chouine_beat_trump"
RULE_FOLLOW_TRUMP = "chouine_follow_trump"
RULE_MUST_TRUMP = "chouine_must_trump"
RULE_DISCARD = "chouine_discard"

TRICK_HIGHER = "chouine_trick_higher"
TRICK_LEADER_HIGHER = "chouine_trick_leader_higher"
TRICK_TRUMPED = "chouine_trick_trumped"
TRICK_OFF_SUIT = "chouine_trick_off_suit"

messages(
    {
        RULE_STOCK_OPEN: addressed(
            ngettext_noop(
                "The stock still holds %(stock)s card, so %(the_player)s may play any card.",
                "The stock still holds %(stock)s cards, so %(the_player)s may play any card.",
                "stock",
            ),
            ngettext_noop(
                "The stock still holds %(stock)s card, so you may play any card.",
                "The stock still holds %(stock)s cards, so you may play any card.",
                "stock",
            ),
        ),
        RULE_LEAD: addressed(
            gettext_noop("%(the_player)s leads this trick and may play any card."),
            gettext_noop("You lead this trick: you may play any card."),
        ),
        RULE_FOLLOW: addressed(
            gettext_noop(
                "The stock is gone: %(the_player)s holds %(suit)s and must follow suit, "
                "without having to beat %(the_card_led)s."
            ),
            gettext_noop(
                "The stock is gone: you hold %(suit)s and must follow suit, without having "
                "to beat %(the_card_led)s."
            ),
        ),
        RULE_BEAT_TRUMP: addressed(
            gettext_noop(
                "The stock is gone and trump was led: %(the_player)s must beat "
                "%(the_card_led)s with a higher trump."
            ),
            gettext_noop(
                "The stock is gone and trump was led: you must beat %(the_card_led)s with a "
                "higher trump."
            ),
        ),
        RULE_FOLLOW_TRUMP: addressed(
            gettext_noop(
                "The stock is gone and trump was led: %(the_player)s cannot beat "
                "%(the_card_led)s but must still play a trump."
            ),
            gettext_noop(
                "The stock is gone and trump was led: you cannot beat %(the_card_led)s but "
                "must still play a trump."
            ),
        ),
        RULE_MUST_TRUMP: addressed(
            gettext_noop(
                "The stock is gone: %(the_player)s has no %(suit)s, so must play a trump "
                "(%(trump)s)."
            ),
            gettext_noop(
                "The stock is gone: you have no %(suit)s, so you must play a trump (%(trump)s)."
            ),
        ),
        # On a trump lead there is no other suit to follow: only trump is lacking.
        RULE_DISCARD: Variants(
            lambda params: (
                ("you_" if params.get("you") else "")
                + ("trump_led" if params.get("suit") == params.get("trump") else "suit_led")
            ),
            {
                "suit_led": gettext_noop(
                    "The stock is gone: %(the_player)s can neither follow %(suit)s nor trump, "
                    "so may discard any card."
                ),
                "you_suit_led": gettext_noop(
                    "The stock is gone: you can neither follow %(suit)s nor trump, so you may "
                    "discard any card."
                ),
                "trump_led": gettext_noop(
                    "The stock is gone and trump was led: %(the_player)s has no trump left, "
                    "so may discard any card."
                ),
                "you_trump_led": gettext_noop(
                    "The stock is gone and trump was led: you have no trump left, so you may "
                    "discard any card."
                ),
            },
        ),
        # Counted by the cards, for the languages that build a list after a negation
        # into the sentence ("ne peut jouer ni… ni…").
        "chouine_illegal_follow": addressed(
            ngettext_noop(
                "%(the_player)s may not play %(neither_the_card)s: they must follow %(suit)s.",
                "%(the_player)s may not play %(neither_the_card)s: they must follow %(suit)s.",
                "card",
            ),
            ngettext_noop(
                "You may not play %(neither_the_card)s: you must follow %(suit)s.",
                "You may not play %(neither_the_card)s: you must follow %(suit)s.",
                "card",
            ),
        ),
        "chouine_illegal_beat": addressed(
            ngettext_noop(
                "%(the_player)s may not play %(neither_the_card)s: it does not beat "
                "%(the_card_led)s, and they hold a trump that does.",
                "%(the_player)s may not play %(neither_the_card)s: they do not beat "
                "%(the_card_led)s, and they hold a trump that does.",
                "card",
            ),
            ngettext_noop(
                "You may not play %(neither_the_card)s: it does not beat %(the_card_led)s, and "
                "you hold a trump that does.",
                "You may not play %(neither_the_card)s: they do not beat %(the_card_led)s, and "
                "you hold a trump that does.",
                "card",
            ),
        ),
        "chouine_illegal_trump": addressed(
            ngettext_noop(
                "%(the_player)s may not play %(neither_the_card)s: they hold no %(suit)s and "
                "must trump.",
                "%(the_player)s may not play %(neither_the_card)s: they hold no %(suit)s and "
                "must trump.",
                "card",
            ),
            ngettext_noop(
                "You may not play %(neither_the_card)s: you hold no %(suit)s and must trump.",
                "You may not play %(neither_the_card)s: you hold no %(suit)s and must trump.",
                "card",
            ),
        ),
        TRICK_HIGHER: gettext_noop(
            "%(the_card_winner)s beats %(the_card_loser)s: same suit, and it is higher in the "
            "order A 10 K Q J 9 8 7. %(the_player)s wins the trick."
        ),
        TRICK_LEADER_HIGHER: gettext_noop(
            "%(the_card_winner)s, led, is higher than %(the_card_loser)s of the same suit. "
            "%(the_player)s wins the trick."
        ),
        TRICK_TRUMPED: gettext_noop(
            "%(the_card_winner)s is a trump and %(the_card_loser)s is not. "
            "%(the_player)s wins the trick."
        ),
        TRICK_OFF_SUIT: gettext_noop(
            "%(the_card_loser)s is neither of the suit led nor a trump, so it cannot win: "
            "%(the_player)s wins the trick with %(the_card_winner)s."
        ),
    }
)

ILLEGAL_REASON = {
    RULE_FOLLOW: "chouine_illegal_follow",
    RULE_FOLLOW_TRUMP: "chouine_illegal_follow",
    RULE_MUST_TRUMP: "chouine_illegal_trump",
}


PHASE_STOCK_OPEN = "stock_open"
PHASE_STOCK_CLOSED = "stock_closed"


def phase(stock: int) -> str:
    """The phase of play: free play while the stock lasts, strict play in the last five tricks.

    >>> phase(12), phase(0)
    ('stock_open', 'stock_closed')
    """
    return PHASE_STOCK_OPEN if stock > 0 else PHASE_STOCK_CLOSED


def legal_rule(hand: int, lead: int, trump: int, stock: int) -> tuple[int, str]:
    """The legal cards (a bitmask) of ``hand`` and the rule that decided them.

    ``lead`` is the card led, or -1 when leading; ``stock`` the cards left in
    the stock, indicator included (0 for the last five tricks).
    """
    if stock:
        return hand, RULE_STOCK_OPEN
    if lead < 0:
        return hand, RULE_LEAD
    suit = lead >> 3
    follow = hand & SUIT_MASKS[suit]
    if suit == trump:
        if follow:
            higher = follow & BEATEN_BY[lead]
            if higher:
                return higher, RULE_BEAT_TRUMP
            return follow, RULE_FOLLOW_TRUMP
        return hand, RULE_DISCARD
    if follow:
        return follow, RULE_FOLLOW
    trumps = hand & SUIT_MASKS[trump]
    if trumps:
        return trumps, RULE_MUST_TRUMP
    return hand, RULE_DISCARD


def illegal_reason(rule: str, card: int, trump: int) -> str:
    """Why ``card`` is not among the cards ``rule`` allows."""
    if rule == RULE_BEAT_TRUMP and card >> 3 == trump:
        return "chouine_illegal_beat"
    return ILLEGAL_REASON.get(rule, "chouine_illegal_follow")


def explain_legal(
    hand: list[int], lead: int, trump: int, stock: int, player: str = "A"
) -> tuple[list[int], str, dict[int, str], list[Step]]:
    """Legal cards (in the order of ``hand``), the rule, each illegal card's reason, the steps.

    >>> from tutor.rules.cards import parse_card, parse_cards, card_code, SPADES
    >>> legal, rule, illegal, steps = explain_legal(
    ...     parse_cards(["KH", "7S", "QD"]), parse_card("AH"), SPADES, 0, "B")
    >>> [card_code(c) for c in legal], rule, sorted(set(illegal.values()))
    (['KH'], 'chouine_follow_suit', ['chouine_illegal_follow'])
    >>> [step.code for step in steps][0]
    'chouine_follow_suit'
    """
    mask = 0
    for card in hand:
        mask |= 1 << card
    legal_mask, rule = legal_rule(mask, lead, trump, stock)
    led = card_code(lead) if lead >= 0 else None
    params = {"player": player, "stock": stock, "trump": "SHDC"[trump]}
    if led is not None:
        params.update(card_led=led, suit="SHDC"[lead >> 3])
    rule_params = {
        RULE_STOCK_OPEN: ("stock", "player"),
        RULE_LEAD: ("player",),
        RULE_FOLLOW: ("player", "suit", "card_led"),
        RULE_BEAT_TRUMP: ("player", "card_led"),
        RULE_FOLLOW_TRUMP: ("player", "card_led"),
        RULE_MUST_TRUMP: ("player", "suit", "trump"),
        RULE_DISCARD: ("player", "suit", "trump"),
    }[rule]
    steps = [Step(rule, {key: params[key] for key in rule_params})]
    legal = [card for card in hand if legal_mask >> card & 1]
    illegal = {}
    for card in hand:
        if not legal_mask >> card & 1:
            code = illegal_reason(rule, card, trump)
            illegal[card] = code
            step_params = {"card": card_code(card), "player": player, "suit": params["suit"]}
            if code == "chouine_illegal_beat":
                step_params = {"card": card_code(card), "player": player, "card_led": led}
            steps.append(Step(code, step_params))
    # One sentence per reason, naming all the cards it forbids.
    return legal, rule, illegal, [steps[0], *group_cards(steps[1:])]


def trick_winner(lead: int, reply: int, trump: int) -> tuple[int, str]:
    """Who wins a trick, 0 for the leader and 1 for the other player, and why."""
    if reply >> 3 == lead >> 3:
        if CARD_STRENGTH[reply] > CARD_STRENGTH[lead]:
            return 1, TRICK_HIGHER
        return 0, TRICK_LEADER_HIGHER
    if reply >> 3 == trump:
        return 1, TRICK_TRUMPED
    return 0, TRICK_OFF_SUIT


# trick_winner for every trump, lead and reply, indexed by trump << 10 | lead << 5 | reply:
# ChouineDeal.play looks the answer up instead of making a call for every trick.
TRICK_OUTCOMES = tuple(
    trick_winner(lead, reply, trump)
    for trump in range(4)
    for lead in range(32)
    for reply in range(32)
)


def explain_trick(lead: int, reply: int, trump: int, leader: str = "A") -> tuple[str, Step]:
    """The winner of a trick (``"A"``/``"B"``) and the step that says why.

    >>> from tutor.rules.cards import parse_card, CLUBS
    >>> winner, step = explain_trick(parse_card("AD"), parse_card("7C"), CLUBS, "A")
    >>> winner, step.code, step.params["card_winner"]
    ('B', 'chouine_trick_trumped', '7C')
    """
    who, reason = trick_winner(lead, reply, trump)
    other = PLAYERS[1 - PLAYERS.index(leader)]
    winner = leader if who == 0 else other
    won, lost = (lead, reply) if who == 0 else (reply, lead)
    params = {"card_winner": card_code(won), "card_loser": card_code(lost), "player": winner}
    return winner, Step(reason, params)


def hand_points(mask: int) -> int:
    """The card points of a set of cards.

    >>> from tutor.rules.cards import FULL_MASK
    >>> hand_points(FULL_MASK)
    120
    """
    return sum(CARD_POINTS[card] for card in cards_of(mask))
