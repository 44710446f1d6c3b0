"""The other seats at a beginner's level: always legal, plausible and simple.

A bot never decides what is legal: it picks among the calls, declarations and cards
the engine offers, ordering them by the engine's own card points and trick
outcomes. The choices are those of a careful beginner (win a trick cheaply when an
opponent holds it, give a small card to a partner's trick, bid on a clear hand),
never strategy advice, and deterministic, so a deal replayed from its moves
always comes out the same.
"""

from __future__ import annotations

from tutor.rules.cards import JACK, NINE, SUIT_MASKS, card_code, card_of, side_of
from tutor.rules.chouine import rules as chouine_rules
from tutor.rules.chouine.announce import combination_points
from tutor.rules.chouine.deal import ChouineDeal
from tutor.rules.chouine.rules import CARD_POINTS, CARD_STRENGTH
from tutor.rules.coinche.state import CoincheDeal
from tutor.rules.coinche.tricks import POWER, trick_winner

# -- Coinche --------------------------------------------------------------------------


def _clear_suit(hand: int) -> int | None:
    """A suit in which the hand is clearly worth a contract: the jack and the nine of it
    with two more cards, or five cards with the jack."""
    best = None
    for suit in range(4):
        cards = hand & SUIT_MASKS[suit]
        count = cards.bit_count()
        jack, nine = cards >> card_of(suit, JACK) & 1, cards >> card_of(suit, NINE) & 1
        clear = (jack and nine and count >= 4) or (jack and count >= 5)
        if clear and (best is None or count > best[0]):
            best = (count, suit)
    return None if best is None else best[1]


def coinche_call(deal: CoincheDeal) -> str:
    """Opens (or answers an opponent's bid once) at the lowest bid in a clear suit; else passes.

    Only the cards the seat holds now count: six of them under a six-card deal."""
    seat = deal.to_move
    legal = deal.legal_calls()
    hand = sum(1 << card for card in deal.hand(seat))
    suit = _clear_suit(hand)
    holder = deal.auction.holder
    if suit is None or (holder is not None and side_of(holder) == side_of(seat)):
        return "pass"
    if deal.auction.bids_made.get(seat):
        return "pass"
    wanted = "SHDC"[suit]
    limit = deal.profile.min_bid + 10 * (hand & SUIT_MASKS[suit]).bit_count() - 30
    for call in legal:
        if call.endswith(wanted) and call[:-1].isdigit() and int(call[:-1]) <= limit:
            return call
    return "pass"


def coinche_declarations(deal: CoincheDeal) -> list[str]:
    """Declares everything the engine says the hand holds."""
    return [combination.kind for combination in deal.declarable()]


def coinche_card(deal: CoincheDeal) -> int:
    """A plain beginner's card among the engine's legal ones."""
    legal = deal.legal().legal
    trump = deal.contract.trump
    table = deal.table
    cheap = sorted(legal, key=lambda c: (table[c], POWER[trump][c >> 3][c]))
    if not deal.trick:
        # Lead an ace outside trump if there is one, else a small card.
        aces = [c for c in legal if c & 7 == 7 and c >> 3 != trump]
        return aces[0] if aces else cheap[0]
    trick = deal.trick
    best = trick_winner(trick, trump, deal.profile)
    seats = deal.trick_seats()
    if side_of(seats[best]) == side_of(deal.to_move):
        return cheap[0]
    winning = [c for c in cheap if trick_winner([*trick, c], trump, deal.profile) == len(trick)]
    # The cheapest winning card, unless the trick holds nothing worth taking.
    if winning and (sum(table[c] for c in trick) or len(trick) == 3):
        return min(winning, key=lambda c: (POWER[trump][trick[0] >> 3][c], table[c]))
    return cheap[0]


# -- Chouine ---------------------------------------------------------------------------


def chouine_move(deal: ChouineDeal) -> dict:
    """The bot's next move, in the replay format: exchange, announce or play."""
    player = deal.to_move
    if deal.can_exchange(player):
        return {"exchange": True, "player": player}
    available = deal.announcements_available()
    if available and not deal.pending:
        kind, suit = max(
            available, key=lambda a: combination_points(a[0], a[1], deal.trump, deal.profile)
        )
        move = {"announce": kind.value, "player": player}
        if suit is not None:
            move["suit"] = "SHDC"[suit]
        return move
    return {"play": _chouine_card(deal), "player": player}


def _chouine_card(deal: ChouineDeal) -> str:
    legal = deal.legal_cards()
    trump = deal.trump
    # Small cards first, trumps kept back: the order a beginner throws cards away.
    cheap = sorted(legal, key=lambda c: (c >> 3 == trump, CARD_POINTS[c], CARD_STRENGTH[c]))
    lead = deal.lead_card
    if lead is None:
        return card_code(cheap[0])
    beats = [c for c in legal if chouine_rules.trick_winner(lead, c, trump)[0] == 1]
    worth = CARD_POINTS[lead] >= 10 or deal.stock_count == 0
    if beats and worth:
        return card_code(min(beats, key=lambda c: (c >> 3 == trump, CARD_STRENGTH[c])))
    return card_code(cheap[0])
