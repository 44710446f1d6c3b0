"""Contracts' card order and points, and who wins a trick.

A contract's trump is a small int: a suit 0-3 (``S H D C``), :data:`SA` (no
trump) or :data:`TA` (all trumps). Every question about a trick is answered
from tables computed once: ``POWER[trump][lead][card]`` ranks the cards that
can win a trick led in ``lead`` (0 for those that cannot).

>>> from tutor.rules.cards import parse_cards, HEARTS
>>> trick = parse_cards(["AS", "TS", "7S", "JH"])
>>> winner_index(trick, HEARTS), trick_points(trick, HEARTS, FEDERATION)
(3, 41)
"""

from __future__ import annotations

from functools import cache

from ..cards import SUITS, card_code
from ..errors import RulesError
from ..explain import Step, counted, gettext_noop, messages, ngettext_noop, variants
from .profiles import FEDERATION, TRUMP_CODES, Profile

SA, TA = 4, 5


def _trick_case(params: dict) -> str:
    return ("seat" if "seat" in params else "card") + ("_only" if params.get("count") == 1 else "")


messages(
    {
        "bad_trump": gettext_noop('"%(value)s" is not a contract: use S, H, D, C, SA or TA.'),
        "trump_not_in_profile": gettext_noop("This rule profile does not play %(strain)s."),
        "trick_won_by_trump": variants(
            _trick_case,
            seat=gettext_noop(
                "%(seat)s wins the trick with %(the_card)s, the highest trump played."
            ),
            seat_only=gettext_noop(
                "%(seat)s wins the trick with %(the_card)s, the only trump played."
            ),
            card=gettext_noop("%(the_card)s wins the trick: it is the highest trump played."),
            card_only=gettext_noop("%(the_card)s wins the trick: it is the only trump played."),
        ),
        # "played": the winner is the highest card of the suit led on the table, not of
        # the suit (a king wins where the ace is still in a hand).
        "trick_won_by_suit": variants(
            _trick_case,
            seat=gettext_noop(
                "%(seat)s wins the trick with %(the_card)s, the highest card played in the suit "
                "led (%(suit)s): nobody trumped."
            ),
            seat_only=gettext_noop(
                "%(seat)s wins the trick with %(the_card)s, the only card played in the suit "
                "led (%(suit)s): nobody trumped."
            ),
            card=gettext_noop(
                "%(the_card)s wins the trick: it is the highest card played in the suit led "
                "(%(suit)s), and nobody trumped."
            ),
            card_only=gettext_noop(
                "%(the_card)s wins the trick: it is the only card played in the suit led "
                "(%(suit)s), and nobody trumped."
            ),
        ),
        "trick_won_no_trump": variants(
            _trick_case,
            seat=gettext_noop(
                "%(seat)s wins the trick with %(the_card)s: only the suit led, %(suit)s, can win."
            ),
            card=gettext_noop("%(the_card)s wins the trick: only the suit led, %(suit)s, can win."),
        ),
        "trick_points": counted(
            some=ngettext_noop(
                "The trick is worth %(points)s point: %(cards)s.",
                "The trick is worth %(points)s points: %(cards)s.",
                "points",
            ),
            none=gettext_noop("The trick is worth nothing: %(cards)s."),
        ),
    }
)

# Strength of each rank (index in cards.RANKS) in the two orders of Belote.
TRUMP_ORDER = (0, 1, 6, 4, 7, 2, 3, 5)  # J 9 A 10 K Q 8 7
PLAIN_ORDER = (0, 1, 2, 6, 3, 4, 5, 7)  # A 10 K Q J 9 8 7


def _power_table(trump: int, lead: int) -> tuple[int, ...]:
    table = []
    for card in range(32):
        suit, rank = card >> 3, card & 7
        if trump < SA and suit == trump:
            table.append(16 + TRUMP_ORDER[rank])
        elif suit == lead:
            table.append(8 + (TRUMP_ORDER if trump == TA else PLAIN_ORDER)[rank])
        else:
            table.append(0)
    return tuple(table)


POWER = tuple(tuple(_power_table(trump, lead) for lead in range(4)) for trump in range(6))


def _mirror(card: int, order: tuple[int, ...]) -> int:
    """The card of the same suit at the opposite end of ``order`` (7 for a jack in trump)."""
    by_strength = sorted(range(8), key=lambda rank: order[rank])
    rank = by_strength[7 - order[card & 7]]
    return (card & ~7) | rank


# 002's inverted order (lines 79-93): every card plays and counts as its mirror in its own
# order, so that the trump 7 is worth the jack's 20 and the plain 7 beats the ace. MIRROR[t]
# maps each card to the card whose place it takes (an involution, suits unchanged).
MIRROR = tuple(
    tuple(
        _mirror(card, TRUMP_ORDER if trump == TA or card >> 3 == trump else PLAIN_ORDER)
        for card in range(32)
    )
    for trump in range(6)
)
IDENTITY = tuple(range(32))


def order_map(profile: Profile, trump: int) -> tuple[int, ...]:
    """How the cards are relabelled to play ``trump`` under ``profile`` (identity unless
    ``inverted``); the legal-card and trick rules then run on the relabelled cards.

    >>> from tutor.rules.cards import parse_card, card_code
    >>> from tutor.rules.coinche.profiles import make_profile
    >>> inverted = make_profile(inverted=True)
    >>> card_code(order_map(inverted, 1)[parse_card("7H")]), card_code(MIRROR[1][parse_card("AS")])
    ('JH', '7S')
    """
    return MIRROR[trump] if profile.inverted else IDENTITY


def map_mask(mask: int, mapping: tuple[int, ...]) -> int:
    if mapping is IDENTITY:
        return mask
    result = 0
    while mask:
        low = mask & -mask
        result |= 1 << mapping[low.bit_length() - 1]
        mask ^= low
    return result


# Cards of the same suit above each card in the trump order.
ABOVE_TRUMP = tuple(
    sum(
        1 << other
        for other in range(card & ~7, (card & ~7) + 8)
        if TRUMP_ORDER[other & 7] > TRUMP_ORDER[card & 7]
    )
    for card in range(32)
)


def parse_trump(code: object, profile: Profile | None = None) -> int:
    """The contract named by ``code`` (``S H D C SA TA``), checked against ``profile``.

    >>> parse_trump("TA"), parse_trump("h")
    (5, 1)
    """
    if not isinstance(code, str) or code.upper() not in TRUMP_CODES:
        raise RulesError("bad_trump", value=str(code))
    code = code.upper()
    if profile is not None and not profile.allows(code):
        raise RulesError("trump_not_in_profile", trump=code)
    return TRUMP_CODES.index(code)


def trump_code(trump: int) -> str:
    return TRUMP_CODES[trump]


@cache
def points_table(profile: Profile, trump: int) -> tuple[int, ...]:
    """Card points of each of the 32 cards under ``trump``.

    Where 002 counts no trump and all trumps at their classic values and converts the
    total (``sa_ta_count``, ``bid_scale``), the cards carry plain / trump values.
    """
    classic = profile.sa_ta_count != "points" or profile.bid_scale == "table"
    sa_points = profile.sa_points
    ta_points = profile.ta_points
    if classic and profile.sa_ta_count != "two_thirds":
        sa_points = profile.plain_points
    if classic:
        ta_points = profile.trump_points
    mapping = order_map(profile, trump)
    table = []
    for card in range(32):
        suit, rank = card >> 3, mapping[card] & 7
        if trump == SA:
            table.append(sa_points[rank])
        elif trump == TA:
            table.append(ta_points[rank])
        elif suit == trump:
            table.append(profile.trump_points[rank])
        else:
            table.append(profile.plain_points[rank])
    return tuple(table)


def hand_points(profile: Profile, trump: int) -> int:
    """Card points of the whole deck under ``trump`` (152, or 120 in Maison no-trump)."""
    return sum(points_table(profile, trump))


def strength(card: int, trump: int) -> int:
    """How high ``card`` ranks within its own suit under ``trump``: the trump order
    (J 9 A 10 K Q 8 7) for trumps and in all trumps, the plain order otherwise.

    >>> from tutor.rules.cards import parse_card, HEARTS
    >>> strength(parse_card("9H"), HEARTS) > strength(parse_card("AH"), HEARTS)
    True
    >>> strength(parse_card("9S"), HEARTS) > strength(parse_card("AS"), HEARTS)
    False
    """
    trumped = trump == TA or (trump < SA and card >> 3 == trump)
    return (TRUMP_ORDER if trumped else PLAIN_ORDER)[card & 7]


def winner_index(cards: list[int] | tuple[int, ...], trump: int) -> int:
    """Position in ``cards`` (play order) of the card that wins so far."""
    power = POWER[trump][cards[0] >> 3]
    best, best_power = 0, power[cards[0]]
    for i in range(1, len(cards)):
        if power[cards[i]] > best_power:
            best, best_power = i, power[cards[i]]
    return best


def trick_winner(cards: list[int] | tuple[int, ...], trump: int, profile: Profile) -> int:
    """:func:`winner_index` under ``profile``'s card order (``inverted``)."""
    mapping = order_map(profile, trump)
    return winner_index([mapping[c] for c in cards], trump)


def beats(card: int, other: int, lead: int, trump: int) -> bool:
    """Whether ``card`` beats ``other`` in a trick led in suit ``lead``.

    >>> from tutor.rules.cards import parse_card, SPADES, HEARTS
    >>> beats(parse_card("7H"), parse_card("AS"), SPADES, HEARTS)
    True
    >>> beats(parse_card("AD"), parse_card("7S"), SPADES, SA)
    False
    """
    power = POWER[trump][lead]
    return power[card] > power[other]


def trick_points(
    cards: list[int] | tuple[int, ...], trump: int, profile: Profile = FEDERATION
) -> int:
    table = points_table(profile, trump)
    return sum(table[card] for card in cards)


def explain_trick(
    cards: list[int] | tuple[int, ...],
    trump: int,
    profile: Profile = FEDERATION,
    winner_seat: str | None = None,
) -> list[Step]:
    """Why the trick's winner (``winner_seat``, when known) wins it, and what it is worth.

    >>> from tutor.rules.cards import parse_cards
    >>> [s.code for s in explain_trick(parse_cards(["AS", "TS", "7S", "KS"]), 4)]
    ['trick_won_no_trump', 'trick_points']
    """
    win = cards[trick_winner(cards, trump, profile)]
    lead = SUITS[cards[0] >> 3]
    seat = {"seat": winner_seat} if winner_seat else {}
    if trump in (SA, TA):
        first = Step("trick_won_no_trump", {"card": card_code(win), "suit": lead, **seat})
    elif win >> 3 == trump:
        count = sum(1 for card in cards if card >> 3 == trump)
        first = Step("trick_won_by_trump", {"card": card_code(win), "count": count, **seat})
    else:
        count = sum(1 for card in cards if card >> 3 == cards[0] >> 3)
        params = {"card": card_code(win), "suit": lead, "count": count, **seat}
        first = Step("trick_won_by_suit", params)
    points = Step(
        "trick_points",
        {"points": trick_points(cards, trump, profile), "cards": [card_code(c) for c in cards]},
    )
    return [first, points]
