"""Cards, suits, ranks and seats, shared by every game the engine knows.

A card is a small int, ``suit * 8 + rank``, so that hands can be kept as
bitmasks and legal-play questions answered with a few integer operations.
Codes are the two-character names of the JSON interface: rank ``7 8 9 T J Q K
A`` then suit ``S H D C``.

>>> card = parse_card("JH")
>>> card_code(card), suit_of(card) == HEARTS, rank_of(card) == JACK
('JH', True, True)
>>> card_code(parse_card("10s"))
'TS'
>>> [card_code(c) for c in cards_of(mask_of(parse_cards(["AS", "7S"])))]
['7S', 'AS']
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import RulesError

SUITS = "SHDC"
RANKS = "789TJQKA"
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)

DECK = tuple(range(32))
FULL_MASK = (1 << 32) - 1
SUIT_MASKS = tuple(0xFF << (8 * suit) for suit in range(4))


def card_of(suit: int, rank: int) -> int:
    return suit * 8 + rank


def suit_of(card: int) -> int:
    return card >> 3


def rank_of(card: int) -> int:
    return card & 7


def card_code(card: int) -> str:
    return RANKS[card & 7] + SUITS[card >> 3]


def parse_card(code: object) -> int:
    """The card named by ``code`` (``"TS"``, ``"10S"``, case-insensitive)."""
    if not isinstance(code, str):
        raise RulesError("bad_card", value=str(code))
    text = code.strip().upper()
    if text.startswith("10"):
        text = "T" + text[2:]
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        raise RulesError("bad_card", value=code)
    return card_of(SUITS.index(text[1]), RANKS.index(text[0]))


def parse_cards(codes: object, *, unique: bool = True) -> list[int]:
    """A list of card codes; a card named twice is an error when ``unique``."""
    if not isinstance(codes, list):
        raise RulesError("bad_card_list", value=str(codes))
    cards = [parse_card(code) for code in codes]
    if unique:
        seen = 0
        for card in cards:
            if seen >> card & 1:
                raise RulesError("duplicate_card", card=card_code(card))
            seen |= 1 << card
    return cards


def parse_suit(code: object) -> int:
    if not isinstance(code, str) or code.upper() not in tuple(SUITS):
        raise RulesError("bad_suit", value=str(code))
    return SUITS.index(code.upper())


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[int]:
    """The cards of a bitmask, lowest id first."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


# Seats, in the order play goes round: counter-clockwise, each player is
# followed by the one on their right (S -> E -> N -> W).
SEATS = "SENW"
PARTNERSHIPS = ("NS", "EW")


def next_seat(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


def side_of(seat: str) -> str:
    return "NS" if seat in "NS" else "EW"


def partner_of(seat: str) -> str:
    return {"N": "S", "S": "N", "E": "W", "W": "E"}[seat]


def parse_seat(code: object) -> str:
    if not isinstance(code, str) or len(code) != 1 or code.upper() not in SEATS:
        raise RulesError("bad_seat", value=str(code))
    return code.upper()
