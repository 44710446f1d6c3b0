"""Chouine announcements: which combinations exist, what they are worth, when one may be said.

A combination is announced while playing one of its cards, from the cards in
hand only (never captured ones). Values come from the profile, ``(plain,
trump)``: marriage K-Q 20/40, tierce K-Q-J 30/60, quateron A-K-Q-J 40/80; a
quinte is any five brisques (aces and tens), 50; a chouine A-10-K-Q-J of one
suit wins the deal at once. Only one combination per suit and one quinte per
deal; cards kept in hand after a suit announcement may serve in a quinte later.

>>> from tutor.rules.cards import parse_cards, mask_of, HEARTS, SPADES
>>> hand = mask_of(parse_cards(["KH", "QH", "JH", "AS", "TS"]))
>>> [(kind.value, suit) for kind, suit in possible_announcements(hand, 0, False)]
[('marriage', 1), ('tierce', 1)]
>>> combination_points(Kind.TIERCE, HEARTS, trump=HEARTS)
60
>>> check_announcement(hand, Kind.QUATERON, HEARTS, 0, False, "A").code
'chouine_announce_missing_cards'
"""

from __future__ import annotations

from enum import StrEnum

from ..cards import ACE, JACK, KING, QUEEN, SUITS, TEN, card_code, card_of, cards_of
from ..errors import RulesError
from ..explain import Step, addressed, gettext_noop, messages, ngettext_noop, variants
from .rules import BRISQUES, CHOUINE, ChouineProfile


class Kind(StrEnum):
    MARRIAGE = "marriage"
    TIERCE = "tierce"
    QUATERON = "quateron"
    QUINTE = "quinte"
    CHOUINE = "chouine"


SUIT_RANKS = {
    Kind.MARRIAGE: (KING, QUEEN),
    Kind.TIERCE: (KING, QUEEN, JACK),
    Kind.QUATERON: (ACE, KING, QUEEN, JACK),
    Kind.CHOUINE: (ACE, TEN, KING, QUEEN, JACK),
}
# Shortest first, so that possible_announcements lists what a hand holds in a stable order.
SUIT_KINDS = (Kind.MARRIAGE, Kind.TIERCE, Kind.QUATERON, Kind.CHOUINE)
KINGS = sum(1 << card_of(suit, KING) for suit in range(4))
# For each pattern of one suit's cards (8 bits, in the rank order of cards.py), the suit
# combinations it holds, in SUIT_KINDS order: one lookup instead of four mask tests.
HELD_IN_SUIT = tuple(
    tuple(kind for kind in SUIT_KINDS if all(pattern >> rank & 1 for rank in SUIT_RANKS[kind]))
    for pattern in range(256)
)
COMBINATION_MASKS = {
    (kind, suit): sum(1 << card_of(suit, rank) for rank in ranks)
    for kind, ranks in SUIT_RANKS.items()
    for suit in range(4)
}

messages(
    {
        "chouine_bad_kind": gettext_noop(
            '"%(value)s" is not a Chouine announcement: use marriage, tierce, quateron, '
            "quinte or chouine."
        ),
        "chouine_suit_needed": gettext_noop(
            "This announcement (%(announcement)s) is made in one suit: give its suit."
        ),
        # Said once after the reasons that need it, not in each of them.
        "chouine_announce_captured": gettext_noop(
            "Captured cards never count for an announcement: only the cards in hand do."
        ),
        # Said to the player (``you``) when the learner tried it, else about them.
        "chouine_announce_missing_cards": variants(
            lambda params: (
                params.get("announcement", "marriage") + ("_you" if params.get("you") else "")
            ),
            marriage=ngettext_noop(
                "%(the_player)s cannot announce a marriage in %(suit)s: %(the_cards_missing)s "
                "is not in their hand.",
                "%(the_player)s cannot announce a marriage in %(suit)s: %(the_cards_missing)s "
                "are not in their hand.",
                "cards_missing",
            ),
            marriage_you=ngettext_noop(
                "You cannot announce a marriage in %(suit)s: %(the_cards_missing)s is not in "
                "your hand.",
                "You cannot announce a marriage in %(suit)s: %(the_cards_missing)s are not in "
                "your hand.",
                "cards_missing",
            ),
            tierce=ngettext_noop(
                "%(the_player)s cannot announce a tierce in %(suit)s: %(the_cards_missing)s "
                "is not in their hand.",
                "%(the_player)s cannot announce a tierce in %(suit)s: %(the_cards_missing)s "
                "are not in their hand.",
                "cards_missing",
            ),
            tierce_you=ngettext_noop(
                "You cannot announce a tierce in %(suit)s: %(the_cards_missing)s is not in "
                "your hand.",
                "You cannot announce a tierce in %(suit)s: %(the_cards_missing)s are not in "
                "your hand.",
                "cards_missing",
            ),
            quateron=ngettext_noop(
                "%(the_player)s cannot announce a quateron in %(suit)s: %(the_cards_missing)s "
                "is not in their hand.",
                "%(the_player)s cannot announce a quateron in %(suit)s: %(the_cards_missing)s "
                "are not in their hand.",
                "cards_missing",
            ),
            quateron_you=ngettext_noop(
                "You cannot announce a quateron in %(suit)s: %(the_cards_missing)s is not in "
                "your hand.",
                "You cannot announce a quateron in %(suit)s: %(the_cards_missing)s are not in "
                "your hand.",
                "cards_missing",
            ),
            chouine=ngettext_noop(
                "%(the_player)s cannot announce a chouine in %(suit)s: %(the_cards_missing)s "
                "is not in their hand.",
                "%(the_player)s cannot announce a chouine in %(suit)s: %(the_cards_missing)s "
                "are not in their hand.",
                "cards_missing",
            ),
            chouine_you=ngettext_noop(
                "You cannot announce a chouine in %(suit)s: %(the_cards_missing)s is not in "
                "your hand.",
                "You cannot announce a chouine in %(suit)s: %(the_cards_missing)s are not in "
                "your hand.",
                "cards_missing",
            ),
        ),
        # The refused announcement is named: several may be refused in a row for one suit.
        "chouine_announce_suit_used": variants(
            lambda params: params.get("announcement", "combination"),
            combination=gettext_noop(
                "A combination in %(suit)s was already announced this deal; only one per suit."
            ),
            marriage=gettext_noop(
                "No marriage in %(suit)s: a combination in %(suit)s was already announced this "
                "deal, and only one per suit is allowed."
            ),
            tierce=gettext_noop(
                "No tierce in %(suit)s: a combination in %(suit)s was already announced this "
                "deal, and only one per suit is allowed."
            ),
            quateron=gettext_noop(
                "No quateron in %(suit)s: a combination in %(suit)s was already announced this "
                "deal, and only one per suit is allowed."
            ),
            chouine=gettext_noop(
                "No chouine in %(suit)s: a combination in %(suit)s was already announced this "
                "deal, and only one per suit is allowed."
            ),
        ),
        "chouine_announce_quinte_done": gettext_noop(
            "A quinte was already announced this deal; only one per deal."
        ),
        "chouine_announce_few_brisques": addressed(
            ngettext_noop(
                "%(the_player)s holds %(count)s brisque (aces and tens); a quinte needs "
                "%(needed)s.",
                "%(the_player)s holds %(count)s brisques (aces and tens); a quinte needs "
                "%(needed)s.",
                "count",
            ),
            ngettext_noop(
                "You hold %(count)s brisque (aces and tens); a quinte needs %(needed)s.",
                "You hold %(count)s brisques (aces and tens); a quinte needs %(needed)s.",
                "count",
            ),
        ),
        "chouine_announce_marriage": ngettext_noop(
            "%(the_player)s announces a marriage in %(suit)s (%(cards)s): %(points)s point.",
            "%(the_player)s announces a marriage in %(suit)s (%(cards)s): %(points)s points.",
            "points",
        ),
        "chouine_announce_tierce": ngettext_noop(
            "%(the_player)s announces a tierce in %(suit)s (%(cards)s): %(points)s point.",
            "%(the_player)s announces a tierce in %(suit)s (%(cards)s): %(points)s points.",
            "points",
        ),
        "chouine_announce_quateron": ngettext_noop(
            "%(the_player)s announces a quateron in %(suit)s (%(cards)s): %(points)s point.",
            "%(the_player)s announces a quateron in %(suit)s (%(cards)s): %(points)s points.",
            "points",
        ),
        "chouine_announce_quinte": ngettext_noop(
            "%(the_player)s announces a quinte of brisques (%(cards)s): %(points)s point.",
            "%(the_player)s announces a quinte of brisques (%(cards)s): %(points)s points.",
            "points",
        ),
        "chouine_announce_chouine": gettext_noop(
            "%(the_player)s announces a chouine in %(suit)s (%(cards)s): it wins the deal "
            "once the trick is played."
        ),
    }
)


def parse_kind(value: object) -> Kind:
    if not isinstance(value, str) or value.lower() not in Kind._value2member_map_:
        raise RulesError("chouine_bad_kind", value=str(value))
    return Kind(value.lower())


def combination_mask(kind: Kind, suit: int | None) -> int:
    """The cards of a suit combination; for a quinte, every brisque."""
    if kind is Kind.QUINTE:
        return BRISQUES
    return COMBINATION_MASKS[kind, suit]


def combination_points(
    kind: Kind, suit: int | None, trump: int, profile: ChouineProfile = CHOUINE
) -> int:
    """Points of an announcement (a chouine scores none: it wins the deal instead)."""
    if kind is Kind.QUINTE:
        return profile.quinte
    if kind is Kind.CHOUINE:
        return 0
    plain, in_trump = getattr(profile, kind.value)
    return in_trump if suit == trump else plain


def check_announcement(
    hand: int,
    kind: Kind,
    suit: int | None,
    used_suits: int,
    quinte_done: bool,
    player: str,
    profile: ChouineProfile = CHOUINE,
) -> Step | None:
    """Why ``player`` may not announce this now, or None when they may.

    ``used_suits`` is a 4-bit mask of suits already announced in this deal.
    """
    if kind is Kind.QUINTE:
        if quinte_done:
            return Step("chouine_announce_quinte_done", {})
        count = (hand & BRISQUES).bit_count()
        if count < profile.quinte_cards:
            return Step(
                "chouine_announce_few_brisques",
                {"player": player, "count": count, "needed": profile.quinte_cards},
            )
        return None
    if suit is None:
        raise RulesError("chouine_suit_needed", announcement=kind.value)
    if used_suits >> suit & 1:
        return Step("chouine_announce_suit_used", {"suit": SUITS[suit], "announcement": kind.value})
    missing = COMBINATION_MASKS[kind, suit] & ~hand
    if missing:
        codes = [card_code(card) for card in cards_of(missing)]
        return Step(
            "chouine_announce_missing_cards",
            {
                "player": player,
                "announcement": kind.value,
                "suit": SUITS[suit],
                "cards_missing": codes,
            },
        )
    return None


def possible_announcements(
    hand: int, used_suits: int, quinte_done: bool, profile: ChouineProfile = CHOUINE
) -> list[tuple[Kind, int | None]]:
    """Every announcement the holder of ``hand`` could make now, suit by suit."""
    found: list[tuple[Kind, int | None]] = []
    quinte = not quinte_done and (hand & BRISQUES).bit_count() >= profile.quinte_cards
    # Every suit combination holds a king and its queen: most hands stop here.
    if not hand & hand << 1 & KINGS and not quinte:
        return found
    for suit in range(4):
        if not used_suits >> suit & 1:
            for kind in HELD_IN_SUIT[hand >> 8 * suit & 0xFF]:
                found.append((kind, suit))
    if quinte:
        found.append((Kind.QUINTE, None))
    return found


def announcement_step(
    kind: Kind, suit: int | None, cards: list[int], points: int, player: str
) -> Step:
    params: dict = {"player": player, "cards": [card_code(card) for card in cards]}
    if suit is not None:
        params["suit"] = SUITS[suit]
    if kind is not Kind.CHOUINE:
        params["points"] = points
    return Step(f"chouine_announce_{kind.value}", params)
