"""A finished deal of a table, trick by trick, each card with the referee's address for the
position it was played in (the contract or trump, who led, the cards before it, the hand of
the player to play): the creator opens any moment of the deal on the referee
(``tutor/play/referee.py``), which answers under every rule profile side by side."""

from __future__ import annotations

from django.urls import reverse
from django.utils.http import urlencode

from tutor import table as card_table
from tutor.rules.cards import SUITS, card_code
from tutor.rules.coinche.tricks import trump_code
from tutor.rules.explain import player_name, seat_name


def tricks(built, lang: str) -> list[dict]:
    """Each trick: its number, and its cards in the order played, each with the seat that
    played it, the card drawn, and the referee's address for the moment before it."""
    if built.game == "chouine":
        return _chouine(built, lang)
    found: list[dict] = []
    profile = built.record.profile
    rules = {"profile": profile} if isinstance(profile, str) and "~" in profile else {}
    current: list[dict] = []
    for move, deal in built.positions():
        if "play" not in move:
            continue
        seat = deal.to_move
        trump = trump_code(deal.contract.trump)
        query = [("game", "coinche"), ("trump", trump), ("leader", deal.leader)]
        query += [(f"t{n}", card_code(c)) for n, c in enumerate(deal.trick, 1)]
        query += [("hand", card_code(c)) for c in deal.hand(seat)]
        query += list(rules.items())
        current.append(
            {
                "seat": seat_name(seat, lang),
                "card": card_table.card_view(move["play"], lang, _shown_trump(trump)),
                "url": f"{reverse('referee')}?{urlencode(query)}#answer",
            }
        )
        if len(current) == 4:
            found.append({"number": len(found) + 1, "cards": current})
            current = []
    return found


def _shown_trump(trump: str) -> str | None:
    return trump if trump in ("S", "H", "D", "C", "TA") else None


def _chouine(built, lang: str) -> list[dict]:
    found: list[dict] = []
    current: list[dict] = []
    for move, deal in built.positions():
        if "play" not in move:
            continue
        player = deal.to_move
        trump = SUITS[deal.trump]
        lead = deal.lead_card
        query = [("game", "chouine"), ("trump", trump), ("leader", "AB"[deal.leader])]
        # The referee takes the stock's count by twos (a trick draws two cards).
        query.append(("stock", str(deal.stock_count - deal.stock_count % 2)))
        if lead is not None:
            query.append(("t1", card_code(lead)))
        query += [("hand", card_code(c)) for c in deal.hand(player)]
        current.append(
            {
                "seat": player_name(player, lang),
                "card": card_table.card_view(move["play"], lang, trump),
                "url": f"{reverse('referee')}?{urlencode(query)}#answer",
            }
        )
        if len(current) == 2:
            found.append({"number": len(found) + 1, "cards": current})
            current = []
    return found
