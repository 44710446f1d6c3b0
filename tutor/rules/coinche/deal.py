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
from .play import decide, first_leader, lead_mask
from .profiles import AUCTION_CARDS, FEDERATION, TRUMP_CODES, Profile
from .scoring import Contract, DealScore, DealSummary, score_deal
from .tricks import POWER, map_mask, order_map, points_table


@dataclass(frozen=True)
class Deal:
    """Each seat's eight cards (in the order dealt) and where the pack was cut."""

    dealer: str
    hands: dict[str, list[int]]
    cut: int

    def auction_hands(self, pattern: str = "3-2-3") -> dict[str, list[int]]:
        """The cards each player holds while the auction is on (``Profile.deal``)."""
        return {seat: cards[: AUCTION_CARDS[pattern]] for seat, cards in self.hands.items()}

    def masks(self) -> list[int]:
        """The hands as bitmasks in the order of :data:`SEATS` (S E N W)."""
        return [sum(1 << c for c in self.hands[seat]) for seat in SEATS]


# The packets each player receives, round by round, for each ``deal`` option (how many
# cards each holds during the auction: profiles.AUCTION_CARDS).
PACKETS = {"3-2-3": (3, 2, 3), "3-3-2": (3, 3, 2), "6-2": (6, 2)}


def cut_and_deal(
    rng: random.Random, dealer: str, deck: list[int] | None = None, pattern: str = "3-2-3"
) -> Deal:
    """Shuffle (unless ``deck`` is given), cut leaving at least 3 cards in each
    packet, and deal the packets of ``pattern`` (3, 2, 3 in 000) to each player in
    turn from the dealer's right.

    >>> deal = cut_and_deal(random.Random(1), "N", list(range(32)), "3-3-2")
    >>> deal.cut, deal.hands["W"], deal.auction_hands("3-3-2")["W"]
    (7, [7, 8, 9, 19, 20, 21, 31, 0], [7, 8, 9, 19, 20, 21])
    """
    cards = list(range(32)) if deck is None else list(deck)
    if deck is None:
        rng.shuffle(cards)
    cut = rng.randint(3, 29)
    cards = cards[cut:] + cards[:cut]
    first = SEATS.index(next_seat(dealer))
    hands: dict[str, list[int]] = {SEATS[(first + i) & 3]: [] for i in range(4)}
    position = 0
    for size in PACKETS[pattern]:
        for i in range(4):
            hands[SEATS[(first + i) & 3]] += cards[position : position + size]
            position += size
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
    hands: list[int],
    leader: int,
    trump: int,
    undertrump: bool,
    rng: random.Random,
    profile: Profile | None = None,
    capot_side: int | None = None,
) -> PlayedDeal:
    """Plays eight tricks, each player choosing uniformly among their legal cards.

    ``hands`` are bitmasks by seat index (S E N W); they are not modified. With
    ``profile``, its card order (``inverted``) and, when ``capot_side`` bid a capot, its
    lead rule (``no_trump_lead_vs_capot``) apply.
    """
    if profile is not None and (profile.inverted or capot_side is not None):
        return _play_random_profile(hands, leader, trump, rng, profile, capot_side)
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


def _play_random_profile(hands, leader, trump, rng, profile, capot_side) -> PlayedDeal:
    """:func:`play_random` on relabelled cards (``order_map``), leads checked by ``lead_mask``."""
    mapping = order_map(profile, trump)
    mapped = [map_mask(hand, mapping) for hand in hands]
    plays, leaders, winners, tricks = [], [], [], [0, 0, 0, 0]
    powers = POWER[trump]
    for _ in range(8):
        seat = leader
        trick: list[int] = []
        best = 0
        for n in range(4):
            if n:
                power = powers[trick[0] >> 3]
                best = max(range(n), key=lambda i: power[trick[i]])
                legal = decide(
                    mapped[seat],
                    trick[0] >> 3,
                    trick[best],
                    best == n - 2,
                    trump,
                    profile.undertrump,
                )[0]
            else:
                against = capot_side is not None and seat & 1 != capot_side
                real = map_mask(mapped[seat], mapping)
                legal = map_mask(lead_mask(real, trump, profile, against), mapping)
            card = rng.choice([c for c in range(32) if legal >> c & 1])
            mapped[seat] ^= 1 << card
            trick.append(card)
            plays.append(mapping[card])
            seat = (seat + 1) & 3
        power = powers[trick[0] >> 3]
        best = max(range(4), key=lambda i: power[trick[i]])
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


def special_bids(profile: Profile, trump: int) -> list[str]:
    """The bids that are not numbers which ``profile`` offers in ``trump``."""
    bids = ["capot"] if profile.capot_bid else []
    if profile.generale:
        bids.append("generale")
    if profile.belote_capot and belote_suits(trump, profile):
        bids += [bid + "belote" for bid in list(bids)]
    return bids


def _masks(hands: dict[str, list[int]]) -> list[int]:
    return [sum(1 << c for c in hands[seat]) for seat in SEATS]


def random_deal(
    rng: random.Random, profile: Profile = FEDERATION, dealer: str = "N", special: bool = False
) -> tuple[Deal, Contract, PlayedDeal, DealScore]:
    """A complete random deal: cut and deal, a random contract, random legal play, the score.

    With ``special``, one contract in eight is a capot (or générale…) where the profile has it.

    A deal the profile cancels after the auction (``four_sevens_cancel``) is dealt again.
    """
    deal = cut_and_deal(rng, dealer, pattern=profile.deal)
    while (
        profile.four_sevens_cancel
        and four_sevens_seat(profile, _masks(deal.auction_hands(profile.deal))) is not None
    ):
        deal = cut_and_deal(rng, dealer, pattern=profile.deal)
    hands = deal.masks()
    code = rng.choice(profile.trumps)
    trump = TRUMP_CODES.index(code)
    low, high, step = profile.bid_range(code)
    bid: int | str = rng.randrange(low, high + 1, step)
    special = special_bids(profile, trump) if special else []
    if special and rng.random() < 0.125:
        bid = rng.choice(special)
    contract = Contract(rng.choice(SEATS), bid, trump, rng.choice((1, 1, 2, 4)))
    leader = SEATS.index(first_leader(profile, dealer, contract))
    capot_side = contract.side if isinstance(bid, str) else None
    played = play_random(hands, leader, trump, profile.undertrump, rng, profile, capot_side)
    return deal, contract, played, score_deal(profile, summarize(profile, contract, hands, played))
