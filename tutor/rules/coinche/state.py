"""A whole Coinche deal as a state machine: the auction, declarations, the 32 cards.

Each action has ``verify_x`` (raises :class:`IllegalMove` with the reason),
``can_x`` and ``x`` (returns what happened), as Chouine's
:class:`~tutor.rules.chouine.deal.ChouineDeal` does, so a page can replay a
deal from its moves and ask at any point who is to move and what they may do.
The score of a finished deal comes from :func:`~tutor.rules.coinche.replay.replay`
on the same moves, so the machine and the ``replay`` command cannot disagree.

>>> import random
>>> from tutor.rules.cards import card_code
>>> from tutor.rules.coinche.deal import cut_and_deal
>>> deal = CoincheDeal("federation", "N", cut_and_deal(random.Random(5), "N").hands)
>>> deal.phase, deal.to_move, deal.legal_calls()[:3]
('auction', 'W', ['pass', '80S', '90S'])
>>> deal.can_call("coinche"), deal.verify_call("pass")
(False, None)
>>> for text in ("80H", "pass", "pass", "pass"):
...     _ = deal.call(text)
>>> deal.phase, deal.contract.as_dict(), deal.to_move
('play', {'seat': 'W', 'bid': 80, 'trump': 'H', 'double': 1}, 'W')
>>> while not deal.finished:
...     _ = deal.play(deal.legal().legal[0])
>>> result = deal.result()
>>> result.valid, sum(result.summary.card_points), len(deal.tricks)
(True, 152, 8)
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import KING, QUEEN, SEATS, card_code, card_of, next_seat, side_of
from ..errors import RulesError
from ..explain import Step, gettext_noop, messages, variants
from .auction import Auction, four_sevens_seat, parse_call
from .declarations import (
    Combination,
    belote_suits,
    best_declarations,
    compare,
    declaration_steps,
)
from .play import LegalAnswer, first_leader, legal_plays
from .profiles import AUCTION_CARDS, Profile, coinche_profile
from .replay import CAPOT_BIDS, ReplayResult, choose_declarations, replay
from .scoring import Contract
from .tricks import explain_trick, points_table, trick_winner

messages(
    {
        "deal_in_auction": gettext_noop("The auction is not over: no card can be played yet."),
        "deal_auction_over": gettext_noop("The auction is over: it is time to play the cards."),
        "deal_over": gettext_noop("The deal is over: all 32 cards have been played."),
        "deal_redealt": gettext_noop("This deal was cancelled: the cards are dealt again."),
        "declare_too_late": gettext_noop(
            "Declarations are made during the first trick, before your first card."
        ),
        "declare_twice": gettext_noop("%(seat)s has already declared."),
        "declare_nothing": gettext_noop("%(seat)s declares nothing."),
        "declare_said": variants(
            lambda params: params["kind"],
            tierce=gettext_noop("%(seat)s declares a tierce."),
            quarte=gettext_noop("%(seat)s declares a quarte."),
            quinte=gettext_noop("%(seat)s declares a quinte."),
            carre=gettext_noop("%(seat)s declares four of a kind."),
        ),
        "belote_said": gettext_noop("%(seat)s plays %(the_card)s and says “belote”."),
        "rebelote_said": gettext_noop(
            "%(seat)s plays %(the_card)s and says “rebelote”: the belote counts for %(side)s."
        ),
        "trick_taken": gettext_noop("%(seat)s takes trick %(number)s."),
        # 002 lines 11 and 149: the auction is made on six cards, the last two come after it
        # (the only packets of Profile.deal that hold cards back, AUCTION_CARDS).
        "deal_auction_cards": gettext_noop(
            "The auction is made on six cards: each player receives the last two once it is over."
        ),
        "deal_completed": gettext_noop("%(seat)s deals each player their last two cards."),
    }
)


class IllegalMove(RulesError):
    """A move the rules forbid in this position; ``code`` and ``params`` say why."""


class Trick(NamedTuple):
    number: int
    leader: str
    cards: tuple[int, ...]
    winner: str
    points: int
    steps: list[Step]


class Played(NamedTuple):
    seat: str
    card: int
    trick: Trick | None
    belote: Step | None


class CoincheDeal:
    """One deal from the auction to the last card; ``hands`` are each seat's eight cards in
    the order dealt, so that under a six-card deal (``Profile.deal``) the first six are
    those held during the auction and the last two arrive when it ends with a contract.

    ``profile`` is a name, a house-rule object (``{"base": …, option: …}``) or a
    :class:`Profile`; it is kept as given for :meth:`replay_payload`.
    """

    def __init__(self, profile: object, dealer: str, hands: dict[str, list[int]]):
        self.spec = profile.name if isinstance(profile, Profile) else profile
        self.profile = coinche_profile(profile)
        self.dealer = dealer
        self.hands = {seat: list(hands[seat]) for seat in SEATS}
        self.remaining = {seat: sum(1 << c for c in hands[seat]) for seat in SEATS}
        self.auction = Auction(self.profile, dealer)
        # How many cards each seat has been dealt so far.
        self.dealt = AUCTION_CARDS[self.profile.deal]
        self.calls: list[str] = []
        self.contract: Contract | None = None
        self.redeal: Step | None = None
        self.announce: dict[str, list[str]] = {seat: [] for seat in SEATS}
        self.declared: set[str] = set()
        self.best: dict[str, list[Combination]] = {}
        self.plays: list[int] = []
        self.trick: list[int] = []
        self.leader = next_seat(dealer)
        self.turn = self.leader
        self.tricks: list[Trick] = []
        self.card_points = [0, 0]
        self.table: tuple[int, ...] = ()
        self._result: ReplayResult | None = None

    # -- the position -----------------------------------------------------------------

    @property
    def phase(self) -> str:
        """``auction``, ``play``, ``done`` or ``redeal`` (four passes, or the four 7s)."""
        if self.redeal is not None:
            return "redeal"
        if self.contract is None:
            return "auction"
        return "done" if len(self.plays) == 32 else "play"

    @property
    def finished(self) -> bool:
        return self.phase in ("done", "redeal")

    @property
    def to_move(self) -> str | None:
        phase = self.phase
        if phase == "auction":
            return self.auction.turn
        return self.turn if phase == "play" else None

    def trick_seats(self) -> list[str]:
        """The seats of the cards on the table, in the order played."""
        start = SEATS.index(self.leader)
        return [SEATS[(start + i) & 3] for i in range(len(self.trick))]

    def hand(self, seat: str) -> list[int]:
        """What ``seat`` holds now, in the order dealt: during a six-card auction only the
        first six cards."""
        return [c for c in self.dealt_cards(seat) if self.remaining[seat] >> c & 1]

    def dealt_cards(self, seat: str) -> list[int]:
        """The cards ``seat`` has been dealt so far (all eight once the auction has a
        contract), in the order dealt."""
        return self.hands[seat][: self.dealt]

    def to_come(self) -> int:
        """How many cards each player still receives after the auction (0 when all are dealt,
        and after four passes, since those cards are never dealt)."""
        return 8 - self.dealt if self.phase == "auction" else 0

    def auction_note(self) -> Step | None:
        """During a six-card auction, the sentence that says the last cards come after it."""
        if not self.to_come():
            return None
        return Step("deal_auction_cards")

    # -- the auction --------------------------------------------------------------------

    def legal_calls(self) -> list[str]:
        return self.auction.legal_calls() if self.phase == "auction" else []

    def calls_out_of_turn(self, seat: str) -> dict[str, Step]:
        """What ``seat`` may call now out of turn (``S:coinche``), each with the sentence
        saying why it may (:meth:`Auction.out_of_turn`)."""
        return self.auction.out_of_turn(seat) if self.phase == "auction" else {}

    def verify_call(self, text: str) -> None:
        if self.phase != "auction":
            raise IllegalMove("deal_redealt" if self.redeal else "deal_auction_over")
        reason = self.auction.check(parse_call(text))
        if reason is not None:
            raise IllegalMove(reason.code, **reason.params)

    def can_call(self, text: str) -> bool:
        try:
            self.verify_call(text)
        except RulesError:
            return False
        return True

    def call(self, text: str) -> list[Step]:
        """Makes the call for the seat to speak; returns what it did and how the auction ended."""
        self.verify_call(text)
        call = parse_call(text)
        # The caller is named only when it is not their turn, as the replay's calls are.
        out_of_turn = call.seat is not None and call.seat != self.auction.turn
        steps = self.auction.apply(call)
        self.calls.append(f"{call.seat}:{call.text()}" if out_of_turn else call.text())
        if not self.auction.done:
            return steps
        contract = self.auction.contract()
        if contract is None:
            self.redeal = Step("auction_redeal")
            return steps
        if self.dealt < 8:
            steps.append(Step("deal_completed", {"seat": self.dealer}))
            self.dealt = 8
        # The four 7s are read from the cards held at the end of the auction (replay).
        held = AUCTION_CARDS[self.profile.deal]
        sevens = four_sevens_seat(
            self.profile, [sum(1 << c for c in self.hands[seat][:held]) for seat in SEATS]
        )
        if sevens is not None:
            self.redeal = Step("four_sevens_redeal", {"seat": sevens})
            return [*steps, self.redeal]
        self.contract = contract
        self.leader = self.turn = first_leader(self.profile, self.dealer, contract)
        self.table = points_table(self.profile, contract.trump)
        self.best = {
            seat: best_declarations(self.remaining[seat], contract.trump, self.profile)
            for seat in SEATS
        }
        return steps

    # -- declarations (first trick) -------------------------------------------------------

    def declarable(self) -> list[Combination]:
        """What the seat to play may still declare now (their best set), else nothing."""
        try:
            self._check_declare_time()
        except IllegalMove:
            return []
        return self.best[self.turn]

    def _check_declare_time(self) -> None:
        if self.phase != "play":
            raise IllegalMove("deal_in_auction" if self.phase == "auction" else "deal_over")
        if not self.profile.declarations:
            raise IllegalMove("declarations_off")
        if self.tricks:
            raise IllegalMove("declare_too_late")
        if self.turn in self.declared:
            raise IllegalMove("declare_twice", seat=self.turn)

    def verify_declare(self, kinds: list[str]) -> None:
        self._check_declare_time()
        try:
            choose_declarations(self.turn, self.best[self.turn], kinds)
        except RulesError as error:
            raise IllegalMove(error.code, **error.params) from None

    def can_declare(self, kinds: list[str]) -> bool:
        try:
            self.verify_declare(kinds)
        except IllegalMove:
            return False
        return True

    def declare(self, kinds: list[str]) -> list[Step]:
        """The seat to play says what it declares (``[]``: nothing), before its first card."""
        self.verify_declare(kinds)
        seat = self.turn
        self.declared.add(seat)
        self.announce[seat] = list(kinds)
        if not kinds:
            return [Step("declare_nothing", {"seat": seat})]
        return [Step("declare_said", {"seat": seat, "kind": kind}) for kind in kinds]

    def declarations_outcome(self) -> list[Step]:
        """Once the first trick is over: what was declared and which side scores it (and why)."""
        if not self.tricks or not self.profile.declarations:
            return []
        chosen = {
            seat: choose_declarations(seat, self.best[seat], self.announce[seat]) for seat in SEATS
        }
        winner = compare(chosen["N"] + chosen["S"], chosen["E"] + chosen["W"])[0]
        return declaration_steps({s: c for s, c in chosen.items() if c}, winner)

    # -- the cards ------------------------------------------------------------------------

    def legal(self) -> LegalAnswer:
        """The legal cards of the seat to play, the rule that decided and every refusal."""
        if self.phase != "play":
            raise IllegalMove("deal_in_auction" if self.phase == "auction" else "deal_over")
        trick = list(zip(self.trick_seats(), self.trick, strict=True))
        contract = self.contract
        against = contract.bid in CAPOT_BIDS and side_of(self.turn) != side_of(contract.seat)
        return legal_plays(
            self.hand(self.turn), trick, self.turn, contract.trump, self.profile, against
        )

    def verify_play(self, card: int) -> None:
        answer = self.legal()
        if not self.remaining[self.turn] >> card & 1:
            raise IllegalMove("not_in_hand", seat=self.turn, card=card_code(card))
        if card in answer.illegal:
            step = answer.illegal[card]
            raise IllegalMove(step.code, **step.params)

    def can_play(self, card: int) -> bool:
        try:
            self.verify_play(card)
        except IllegalMove:
            return False
        return True

    def play(self, card: int) -> Played:
        """Plays ``card`` for the seat to play; completes the trick after the fourth card."""
        self.verify_play(card)
        seat = self.turn
        trump = self.contract.trump
        self.remaining[seat] ^= 1 << card
        self.plays.append(card)
        self.trick.append(card)
        self.declared.add(seat)
        belote = self._belote(seat, card)
        self.turn = next_seat(seat)
        if len(self.trick) < 4:
            return Played(seat, card, None, belote)
        cards = tuple(self.trick)
        winner = SEATS[(SEATS.index(self.leader) + trick_winner(cards, trump, self.profile)) & 3]
        points = sum(self.table[c] for c in cards)
        self.card_points[SEATS.index(winner) & 1] += points
        steps = [
            *explain_trick(cards, trump, self.profile),
            Step("trick_taken", {"seat": winner, "number": len(self.tricks) + 1}),
        ]
        trick = Trick(len(self.tricks) + 1, self.leader, cards, winner, points, steps)
        self.tricks.append(trick)
        self.leader = self.turn = winner
        self.trick = []
        return Played(seat, card, trick, belote)

    def _belote(self, seat: str, card: int) -> Step | None:
        """ "Belote" at the first of the king and queen of trump a player holds, "rebelote" at
        the second."""
        suit, rank = card >> 3, card & 7
        if rank not in (KING, QUEEN) or suit not in belote_suits(self.contract.trump, self.profile):
            return None
        other = card_of(suit, KING + QUEEN - rank)
        if other not in self.hands[seat]:
            return None
        if self.remaining[seat] >> other & 1:
            return Step("belote_said", {"seat": seat, "card": card_code(card)})
        return Step("rebelote_said", {"seat": seat, "card": card_code(card), "side": side_of(seat)})

    # -- the whole deal -------------------------------------------------------------------

    def result(self) -> ReplayResult:
        """The deal checked and scored by :func:`replay` (the ``replay`` command's answer)."""
        if self._result is None:
            self._result = replay(
                self.profile,
                self.dealer,
                self.hands,
                self.plays,
                calls=self.calls,
                announce=self.announce if self.profile.declarations else None,
            )
        return self._result

    def replay_payload(self) -> dict:
        """The deal so far as the ``replay`` command's JSON (CLI.md)."""
        payload = {
            "profile": self.spec,
            "dealer": self.dealer,
            "hands": {seat: [card_code(c) for c in self.hands[seat]] for seat in SEATS},
            "calls": list(self.calls),
            "plays": [card_code(c) for c in self.plays],
        }
        if self.profile.declarations:
            payload["announce"] = {seat: list(kinds) for seat, kinds in self.announce.items()}
        return payload
