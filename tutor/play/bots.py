"""The other seats at a beginner's level: always legal, plausible and simple.

A bot never decides what is legal: it picks among the calls, declarations and cards
the engine offers, ordering them by the engine's own card points and trick
outcomes. The choices are those of a careful beginner (win a trick cheaply when an
opponent holds it, give a small card to a partner's trick, bid on a clear hand),
never strategy advice, and deterministic, so a deal replayed from its moves
always comes out the same.
"""

from __future__ import annotations

from tutor.rules.cards import ACE, JACK, NINE, SUIT_MASKS, card_code, card_of, side_of
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


def _playable_suit(hand: int) -> int | None:
    """A suit a beginner at a real table opens on: its jack and nine; its jack with two more
    cards of it, or with one more and an ace elsewhere; its nine with two more cards of it
    and an ace elsewhere. The strongest such suit (jack, nine, length), or ``None``."""
    aces = {suit for suit in range(4) if hand >> card_of(suit, ACE) & 1}
    best = None
    for suit in range(4):
        cards = hand & SUIT_MASKS[suit]
        count = cards.bit_count()
        jack, nine = cards >> card_of(suit, JACK) & 1, cards >> card_of(suit, NINE) & 1
        ace_elsewhere = bool(aces - {suit})
        playable = (
            (jack and nine)
            or (jack and (count >= 3 or (count >= 2 and ace_elsewhere)))
            or (nine and count >= 3 and ace_elsewhere)
        )
        strength = (3 * jack + 2 * nine + count, count)
        if playable and (best is None or strength > best[0]):
            best = (strength, suit)
    return None if best is None else best[1]


def _supports(hand: int, trump: str | None) -> bool:
    """Whether the hand helps a partner's suit contract: its jack or nine, or two aces."""
    if trump not in ("S", "H", "D", "C"):
        return False
    suit = "SHDC".index(trump)
    aces = sum(hand >> card_of(s, ACE) & 1 for s in range(4))
    return bool(hand >> card_of(suit, JACK) & 1 or hand >> card_of(suit, NINE) & 1) or aces >= 2


def _lowest(legal: list[str], trump: str, limit: int) -> str | None:
    """The lowest numbered bid in ``trump`` the engine offers, up to ``limit``."""
    for call in legal:
        number = call[: -len(trump)]
        if call.endswith(trump) and number.isdigit() and int(number) <= limit:
            return call
    return None


def coinche_call(deal: CoincheDeal) -> str:
    """A beginner's call at a real table, one bid a deal: open at the lowest bid on a
    playable suit when nobody has bid; raise a partner's contract by one step with a hand
    that helps it; bid over an opponent only with a clear suit; else pass. Never coinche.

    Only the cards the seat holds now count: six of them under a six-card deal."""
    seat = deal.to_move
    auction = deal.auction
    if auction.bids_made.get(seat):
        return "pass"
    legal = deal.legal_calls()
    hand = sum(1 << card for card in deal.hand(seat))
    holder = auction.holder
    if holder is not None and side_of(holder) == side_of(seat):
        if _supports(hand, auction.trump) and isinstance(auction.bid, int):
            return _lowest(legal, auction.trump, auction.bid + 10) or "pass"
        return "pass"
    if holder is None:
        suit = _playable_suit(hand)
        limit = deal.profile.min_bid
    else:
        suit = _clear_suit(hand)
        limit = (
            deal.profile.min_bid + 10 * (hand & SUIT_MASKS[suit]).bit_count() - 30
            if suit is not None
            else 0
        )
    if suit is None:
        return "pass"
    return _lowest(legal, "SHDC"[suit], limit) or "pass"


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
