"""Shuffling, the cut and the 3-2-3 deal, and whole deals played at random.

Everything random takes a :class:`random.Random`, so the same seed always
gives the same deal (quizzes and lessons rely on it).

>>> import random
>>> deal = cut_and_deal(random.Random(7), "N")
>>> sorted(len(cards) for cards in deal.hands.values()), 3 <= deal.cut <= 29
([8, 8, 8, 8], True)
>>> deal == cut_and_deal(random.Random(7), "N")
True
>>> played = play_random(deal.masks(), 3, 1, False, random.Random(1))
>>> sum(played.card_points(FEDERATION, 1)), sum(played.tricks)
(152, 8)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import SEATS, next_seat
from .auction import four_sevens_seat
from .declarations import belote_points, belote_suits, best_declarations, compare
from .play import decide
from .profiles import FEDERATION, Profile
from .scoring import Contract, DealScore, DealSummary, score_deal
from .tricks import POWER, points_table


@dataclass(frozen=True)
class Deal:
    """Each seat's eight cards (in the order dealt) and where the pack was cut."""

    dealer: str
    hands: dict[str, list[int]]
    cut: int

    def masks(self) -> list[int]:
        """The hands as bitmasks in the order of :data:`SEATS` (S E N W)."""
        return [sum(1 << c for c in self.hands[seat]) for seat in SEATS]


def cut_and_deal(rng: random.Random, dealer: str, deck: list[int] | None = None) -> Deal:
    """Shuffle (unless ``deck`` is given), cut leaving at least 3 cards in each
    packet, and deal 3, 2, 3 cards to each player from the dealer's right (000)."""
    cards = list(range(32)) if deck is None else list(deck)
    if deck is None:
        rng.shuffle(cards)
    cut = rng.randint(3, 29)
    cards = cards[cut:] + cards[:cut]
    first = SEATS.index(next_seat(dealer))
    hands: dict[str, list[int]] = {}
    for i in range(4):
        # Packets of 3, 2 and 3 go round the table, starting at the dealer's right.
        start_3, start_2, start_3b = 3 * i, 12 + 2 * i, 20 + 3 * i
        hands[SEATS[(first + i) & 3]] = (
            cards[start_3 : start_3 + 3]
            + cards[start_2 : start_2 + 2]
            + cards[start_3b : start_3b + 3]
        )
    return Deal(dealer, hands, cut)


@dataclass
class PlayedDeal:
    """The 32 cards in play order, each trick's leader and winner (seat indexes)."""

    plays: list[int]
    leaders: list[int]
    winners: list[int]
    tricks: list[int]

    def card_points(self, profile: Profile, trump: int) -> tuple[int, int]:
        table = points_table(profile, trump)
        points = [0, 0]
        winners = self.winners
        for i, card in enumerate(self.plays):
            points[winners[i >> 2] & 1] += table[card]
        return points[0], points[1]


def play_random(
    hands: list[int], leader: int, trump: int, undertrump: bool, rng: random.Random
) -> PlayedDeal:
    """Plays eight tricks, each player choosing uniformly among their legal cards.

    ``hands`` are bitmasks by seat index (S E N W); they are not modified.
    """
    hands = list(hands)
    rand = rng.random
    powers = POWER[trump]
    plays: list[int] = []
    play = plays.append
    leaders, winners = [], []
    tricks = [0, 0, 0, 0]
    for _ in range(8):
        seat = leader
        legal = hands[seat]
        for _ in range(int(rand() * legal.bit_count())):
            legal &= legal - 1
        card = (legal & -legal).bit_length() - 1
        hands[seat] ^= 1 << card
        play(card)
        lead = card >> 3
        power = powers[lead]
        best, master, best_power = 0, card, power[card]
        for n in (1, 2, 3):
            seat = (seat + 1) & 3
            legal = decide(hands[seat], lead, master, best == n - 2, trump, undertrump)[0]
            for _ in range(int(rand() * legal.bit_count())):
                legal &= legal - 1
            card = (legal & -legal).bit_length() - 1
            hands[seat] ^= 1 << card
            play(card)
            if power[card] > best_power:
                best, master, best_power = n, card, power[card]
        leaders.append(leader)
        leader = (leader + best) & 3
        winners.append(leader)
        tricks[leader] += 1
    return PlayedDeal(plays, leaders, winners, tricks)


def summarize(
    profile: Profile,
    contract: Contract,
    hands: list[int],
    played: PlayedDeal,
    deposit: int = 0,
    classic: bool = False,
) -> DealSummary:
    """The summary of a deal played from ``hands``, every player declaring their best."""
    trump = contract.trump
    declared = [best_declarations(hand, trump, profile) for hand in hands]
    winner = compare(declared[0] + declared[2], declared[1] + declared[3])[0]
    declarations = [0, 0]
    if winner is not None:
        declarations[winner] = sum(
            c.points for seat in (winner, winner + 2) for c in declared[seat]
        )
    belote = [0, 0]
    suits = belote_suits(trump, profile)
    if suits:
        for seat, hand in enumerate(hands):
            count = sum(1 for s in suits if hand >> (8 * s + 5) & 3 == 3)
            if count:
                belote[seat & 1] += belote_points(count, profile)
    return DealSummary(
        contract,
        played.card_points(profile, trump),
        tuple(played.tricks),
        played.winners[-1] & 1,
        (declarations[0], declarations[1]),
        (belote[0], belote[1]),
        deposit,
        classic,
    )


def random_deal(
    rng: random.Random, profile: Profile = FEDERATION, dealer: str = "N"
) -> tuple[Deal, Contract, PlayedDeal, DealScore]:
    """A complete random deal: cut and deal, a random contract, random legal play, the score.

    A deal the profile cancels after the auction (``four_sevens_cancel``) is dealt again.
    """
    deal = cut_and_deal(rng, dealer)
    hands = deal.masks()
    while four_sevens_seat(profile, hands) is not None:
        deal = cut_and_deal(rng, dealer)
        hands = deal.masks()
    trump = ("S", "H", "D", "C", "SA", "TA").index(rng.choice(profile.trumps))
    bid = rng.randrange(profile.min_bid, profile.max_bid + 1, profile.bid_step)
    contract = Contract(rng.choice(SEATS), bid, trump, rng.choice((1, 1, 2, 4)))
    leader = SEATS.index(next_seat(dealer))
    played = play_random(hands, leader, trump, profile.undertrump, rng)
    return deal, contract, played, score_deal(profile, summarize(profile, contract, hands, played))
