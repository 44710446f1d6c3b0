"""Tables a lesson shows, computed from the engine's data rather than written in prose.

Each function returns plain values for a template; :data:`DIAGRAMS` says which
lesson shows which. Cards use hearts as the example suit.
"""

from __future__ import annotations

from tutor.rules.cards import HEARTS, SPADES, card_code, card_of
from tutor.rules.chouine import rules as chouine
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.coinche.tricks import PLAIN_ORDER, SA, TA, TRUMP_ORDER, hand_points, points_table
from tutor.rules.profiles import get_profile


def _ordered(order: tuple[int, ...], suit: int, points: tuple[int, ...]) -> list[dict]:
    """The eight cards of ``suit``, strongest first, with their points."""
    ranks = sorted(range(8), key=lambda rank: order[rank], reverse=True)
    return [
        {"card": card_code(card_of(suit, rank)), "points": points[card_of(suit, rank)]}
        for rank in ranks
    ]


def coinche_order(profile_name: str) -> dict:
    """Trump and plain suit, in trick order, with the profile's points (hearts trump)."""
    profile = coinche_profile(profile_name)
    table = points_table(profile, HEARTS)
    return {
        "trump": _ordered(TRUMP_ORDER, HEARTS, table),
        "plain": _ordered(PLAIN_ORDER, SPADES, table),
        "total": hand_points(profile, HEARTS),
    }


def coinche_contracts(profile_name: str) -> dict:
    """The points of a card in no-trump and all-trump contracts, where the profile has them."""
    profile = coinche_profile(profile_name)
    rows = []
    for code, trump in (("SA", SA), ("TA", TA)):
        if profile.allows(code):
            table = points_table(profile, trump)
            order = PLAIN_ORDER if trump == SA else TRUMP_ORDER
            rows.append(
                {
                    "trump": code,
                    "cards": _ordered(order, HEARTS, table),
                    "total": hand_points(profile, trump),
                }
            )
    return {"contracts": rows}


def chouine_order(profile_name: str) -> dict:
    """Chouine's one order for every suit, with its points and the deal's total."""
    points = chouine.CARD_POINTS
    return {
        "plain": _ordered(chouine.RANK_STRENGTH, HEARTS, points),
        "total": chouine.DECK_POINTS + chouine.CHOUINE.last_trick_bonus,
        "deck": chouine.DECK_POINTS,
    }


DIAGRAMS = {
    "coinche-cards": coinche_order,
    "belote-tables": coinche_contracts,
    "chouine-cards": chouine_order,
}


def rules_of(profile_name: str) -> object:
    """The engine's profile, whose values (bids, target, bonuses) the prose quotes."""
    return get_profile(profile_name)


def diagram(slug: str, profile_name: str) -> dict | None:
    function = DIAGRAMS.get(slug)
    return None if function is None else function(profile_name)
