"""A whole Chouine deal as a state machine: plays, the trump-7 exchange and announcements.

The deck is given in dealing order: ``deck[0:10]`` go one at a time to the
non-dealer, the dealer, the non-dealer …; ``deck[10]`` is turned as the
trump indicator; ``deck[11:32]`` are the 21 face-down cards laid across it,
``deck[11]`` drawn first. The indicator belongs to the stock, which holds 22
cards after the deal; the winner of the 11th trick draws the last face-down
card and the loser the indicator (or the trump 7 exchanged into its place).

Every action has ``verify_x`` (raises :class:`IllegalMove` with the reason),
``can_x`` and ``x`` (returns a record of what happened), so a deal's history
is a list of records, :attr:`ChouineDeal.history`.

>>> from tutor.rules.cards import card_code, parse_cards
>>> deal = ChouineDeal(list(range(32)), dealer="A")
>>> deal.to_move, deal.stock_count, card_code(deal.indicator)
('B', 22, '9H')
>>> [card_code(c) for c in deal.hand("B")]
['7S', '9S', 'JS', 'KS', '7H']
>>> deal.play(parse_cards(["KS"])[0]).trick is None
True
>>> trick = deal.play(parse_cards(["8S"])[0]).trick
>>> trick.winner, trick.points, [(p, card_code(c)) for p, c in trick.draws]
('B', 4, [('B', 'TH'), ('A', 'JH')])
"""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

from ..cards import FULL_MASK, SEVEN, card_code, card_of, cards_of, mask_of
from ..errors import RulesError
from ..explain import Step, addressed, gettext_noop, messages, ngettext_noop
from .announce import (
    KINGS,
    Kind,
    check_announcement,
    combination_mask,
    combination_points,
    possible_announcements,
)
from .rules import (
    BRISQUES,
    CARD_POINTS,
    CHOUINE,
    HAND_SIZE,
    PLAYERS,
    RULE_STOCK_OPEN,
    STOCK_SIZE,
    TRICK_OUTCOMES,
    TRICKS,
    ChouineProfile,
    explain_legal,
    illegal_reason,
    legal_rule,
)
from .score import DealScore, score_deal

# The 11th trick empties the stock: its lead is the last moment for the exchange.
LAST_STOCK_TRICK = STOCK_SIZE // 2

messages(
    {
        "chouine_bad_deck": ngettext_noop(
            "A Chouine deck is the 32 cards, each once, in dealing order; this one has "
            "%(count)s card.",
            "A Chouine deck is the 32 cards, each once, in dealing order; this one has "
            "%(count)s cards.",
            "count",
        ),
        "chouine_deal_over": gettext_noop("The deal is over: no more moves."),
        "chouine_deal_not_over": gettext_noop("The deal is not over yet: it cannot be scored."),
        "chouine_not_in_hand": gettext_noop("%(the_player)s does not hold %(the_card)s."),
        "chouine_not_your_turn": gettext_noop(
            "%(the_player)s is to play, not %(the_player_named)s."
        ),
        "chouine_announce_card": addressed(
            gettext_noop(
                "%(the_card)s is not part of the combination %(the_player)s just announced: "
                "an announcement is made while playing one of its cards."
            ),
            gettext_noop(
                "%(the_card)s is not part of the combination you just announced: an "
                "announcement is made while playing one of its cards."
            ),
        ),
        "chouine_announce_pending": addressed(
            gettext_noop(
                "%(the_player)s has just announced: the next move is playing a card of that "
                "combination."
            ),
            gettext_noop(
                "You have just announced: your next move is playing a card of that combination."
            ),
        ),
        # The rule while an announcement waits for its card: the cards named are the ones
        # the player may play, so it agrees with the hand drawn under it.
        "chouine_rule_announced": addressed(
            gettext_noop(
                "%(the_player)s has just announced, so plays one of the cards announced: %(cards)s."
            ),
            gettext_noop(
                "You have just announced, so you play one of the cards announced: %(cards)s."
            ),
        ),
        "chouine_announce_no_legal_card": addressed(
            gettext_noop(
                "%(the_player)s may not play any card of that combination now, so cannot "
                "announce it."
            ),
            gettext_noop(
                "You may not play any card of that combination now, so you cannot announce it."
            ),
        ),
        "chouine_exchange_done": gettext_noop(
            "The seven of trumps has already been exchanged for the indicator."
        ),
        "chouine_exchange_seven_turned": gettext_noop(
            "The indicator is %(the_card)s itself: there is nothing to exchange."
        ),
        "chouine_exchange_too_late": gettext_noop(
            "Too late: the exchange must be made before the lead of the 11th trick."
        ),
        "chouine_exchange_no_seven": gettext_noop(
            "Nobody holds %(the_card)s in hand, so nobody can exchange it."
        ),
        "chouine_exchange_not_holder": gettext_noop(
            "%(the_player)s does not hold %(the_card)s; only its holder may exchange it."
        ),
    }
)


class IllegalMove(RulesError):
    """A move the rules forbid in this position; ``code`` and ``params`` say why."""


class Trick(NamedTuple):
    number: int
    leader: str
    cards: tuple[int, int]
    winner: str
    points: int
    reason: str
    draws: tuple[tuple[str, int], ...]


class Played(NamedTuple):
    player: str
    card: int
    trick: Trick | None


class Exchanged(NamedTuple):
    player: str
    seven: int
    indicator: int


class Announced(NamedTuple):
    player: str
    kind: Kind
    suit: int | None
    cards: tuple[int, ...]
    points: int


# A NamedTuple is built through a generated Python __new__; tuple.__new__ makes the same
# record for half the cost, and play() makes 48 of them in every deal.
_new_played = partial(tuple.__new__, Played)
_new_trick = partial(tuple.__new__, Trick)


class ChouineDeal:
    """One deal, from the cards dealt to the last trick or a chouine."""

    __slots__ = (
        "profile",
        "dealer",
        "trump",
        "seven",
        "hands",
        "stock",
        "drawn",
        "leader",
        "turn",
        "lead",
        "captured",
        "points",
        "tricks",
        "used_suits",
        "quinte_done",
        "pending",
        "chouines",
        "announced",
        "exchanged",
        "chouine_winner",
        "chouine_rule",
        "last_trick",
        "history",
    )

    def __init__(self, deck: list[int], dealer: str = "A", profile: ChouineProfile = CHOUINE):
        cards = list(deck)
        if len(cards) != 32 or mask_of(cards) != FULL_MASK:
            raise RulesError("chouine_bad_deck", count=len(set(cards)))
        self.profile = profile
        self.dealer = PLAYERS.index(dealer)
        opponent = 1 - self.dealer
        dealt = 2 * HAND_SIZE
        hands = [0, 0]
        hands[opponent] = mask_of(cards[0:dealt:2])
        hands[self.dealer] = mask_of(cards[1:dealt:2])
        self.hands = hands
        self.trump = cards[dealt] >> 3
        self.seven = card_of(self.trump, SEVEN)
        # Drawing order: the face-down cards from the top, the indicator last.
        self.stock = cards[dealt + 1 :] + [cards[dealt]]
        self.drawn = 0
        self.leader = self.turn = opponent
        self.lead = -1
        self.captured = [0, 0]
        self.points = [0, 0]
        self.tricks = 0
        self.used_suits = 0
        self.quinte_done = False
        self.pending = 0
        self.chouines: list[tuple[int, int]] = []
        self.announced: list[list[Announced]] = [[], []]
        self.exchanged = False
        self.chouine_winner: int | None = None
        self.chouine_rule: str | None = None
        self.last_trick: int | None = None
        self.history: list[Played | Exchanged | Announced] = []

    # -- the position ---------------------------------------------------------------

    @property
    def stock_count(self) -> int:
        """Cards left in the stock, the indicator included (22 after the deal, 0 at the end)."""
        return STOCK_SIZE - self.drawn

    @property
    def indicator(self) -> int:
        """The card under the stock: the turned trump, or the 7 exchanged for it."""
        return self.stock[-1]

    @property
    def finished(self) -> bool:
        return self.tricks == TRICKS or self.chouine_winner is not None

    @property
    def to_move(self) -> str | None:
        return None if self.finished else PLAYERS[self.turn]

    @property
    def lead_card(self) -> int | None:
        return None if self.lead < 0 else self.lead

    def hand(self, player: str) -> list[int]:
        return cards_of(self.hands[PLAYERS.index(player)])

    def captured_cards(self, player: str) -> list[int]:
        return cards_of(self.captured[PLAYERS.index(player)])

    def legal(self) -> tuple[int, str]:
        """The legal cards of the player to move (a bitmask) and the rule that decided."""
        if self.drawn < STOCK_SIZE:
            mask, rule = self.hands[self.turn], RULE_STOCK_OPEN
        else:
            mask, rule = legal_rule(self.hands[self.turn], self.lead, self.trump, 0)
        if self.pending:
            mask &= self.pending
        return mask, rule

    def legal_cards(self) -> list[int]:
        return [] if self.finished else cards_of(self.legal()[0])

    def play_rule(self) -> Step:
        """The rule deciding what the player to move may play: the trick's rule, or, right
        after an announcement, the announced cards that rule allows."""
        player = PLAYERS[self.turn]
        if self.pending:
            cards = [card_code(c) for c in cards_of(self.legal()[0])]
            return Step("chouine_rule_announced", {"player": player, "cards": cards})
        hand = cards_of(self.hands[self.turn])
        return explain_legal(hand, self.lead, self.trump, self.stock_count, player)[3][0]

    # -- playing a card ---------------------------------------------------------------

    def verify_play(self, card: int) -> None:
        if self.finished:
            raise IllegalMove("chouine_deal_over")
        player = PLAYERS[self.turn]
        if not self.hands[self.turn] >> card & 1:
            raise IllegalMove("chouine_not_in_hand", player=player, card=card_code(card))
        if self.pending and not self.pending >> card & 1:
            raise IllegalMove("chouine_announce_card", player=player, card=card_code(card))
        mask, rule = legal_rule(
            self.hands[self.turn], self.lead, self.trump, STOCK_SIZE - self.drawn
        )
        if not mask >> card & 1:
            raise IllegalMove(
                illegal_reason(rule, card, self.trump),
                card=card_code(card),
                player=player,
                suit="SHDC"[self.lead >> 3],
                card_led=card_code(self.lead),
            )

    def can_play(self, card: int) -> bool:
        try:
            self.verify_play(card)
        except IllegalMove:
            return False
        return True

    def play(self, card: int) -> Played:
        """Plays ``card`` for the player to move; completes the trick when it is the reply."""
        player = self.turn
        hands = self.hands
        if self.tricks == TRICKS or self.chouine_winner is not None:
            raise IllegalMove("chouine_deal_over")
        drawn = self.drawn
        lead = self.lead
        if drawn < STOCK_SIZE:
            mask = hands[player]
        else:
            mask = legal_rule(hands[player], lead, self.trump, 0)[0]
        if self.pending:
            mask &= self.pending
        if not mask >> card & 1:
            self.verify_play(card)  # raises, with the precise reason
        hands[player] ^= 1 << card
        self.pending = 0
        if lead < 0:
            self.lead = card
            self.turn = 1 - player
            record = _new_played((PLAYERS[player], card, None))
            self.history.append(record)
            return record
        leader = self.leader
        beaten, reason = TRICK_OUTCOMES[self.trump << 10 | lead << 5 | card]
        winner = leader ^ beaten
        loser = 1 - winner
        points = CARD_POINTS[lead] + CARD_POINTS[card]
        self.captured[winner] |= 1 << lead | 1 << card
        self.points[winner] += points
        tricks = self.tricks = self.tricks + 1
        draws: tuple[tuple[str, int], ...] = ()
        if self.chouines:
            self._settle_chouines()
        elif drawn < STOCK_SIZE:
            first, second = self.stock[drawn], self.stock[drawn + 1]
            hands[winner] |= 1 << first
            hands[loser] |= 1 << second
            self.drawn = drawn + 2
            draws = ((PLAYERS[winner], first), (PLAYERS[loser], second))
        if tricks == TRICKS:
            self.last_trick = winner
        self.leader = self.turn = winner
        self.lead = -1
        trick = _new_trick(
            (tricks, PLAYERS[leader], (lead, card), PLAYERS[winner], points, reason, draws)
        )
        record = _new_played((PLAYERS[player], card, trick))
        self.history.append(record)
        return record

    def _settle_chouines(self) -> None:
        # The leader announces first, so chouines[0] is the leader's.
        if len(self.chouines) == 1:
            self.chouine_winner = self.chouines[0][0]
            return
        trump_side = [player for player, suit in self.chouines if suit == self.trump]
        if trump_side:
            self.chouine_winner = trump_side[0]
            self.chouine_rule = "chouine_two_chouines_trump"
        else:
            self.chouine_winner = self.chouines[0][0]
            self.chouine_rule = "chouine_two_chouines_leader"

    # -- the trump-7 exchange -----------------------------------------------------

    def exchange_holder(self) -> str | None:
        """Who holds the trump 7 in hand (whether or not the exchange is still allowed)."""
        for player in (0, 1):
            if self.hands[player] >> self.seven & 1:
                return PLAYERS[player]
        return None

    def _exchange_refusal(self, player: str | None) -> tuple[str, dict] | None:
        # A plain value rather than an exception: can_exchange is asked before every move.
        if self.finished:
            return "chouine_deal_over", {}
        if self.pending:
            return "chouine_announce_pending", {"player": PLAYERS[self.turn]}
        if self.exchanged:
            return "chouine_exchange_done", {}
        if self.stock[-1] == self.seven:
            return "chouine_exchange_seven_turned", {"card": card_code(self.seven)}
        if self.tricks >= LAST_STOCK_TRICK or (
            self.tricks == LAST_STOCK_TRICK - 1 and self.lead >= 0
        ):
            return "chouine_exchange_too_late", {}
        holder = self.exchange_holder()
        if holder is None:
            return "chouine_exchange_no_seven", {"card": card_code(self.seven)}
        if player is not None and player != holder:
            return "chouine_exchange_not_holder", {"player": player, "card": card_code(self.seven)}
        return None

    def verify_exchange(self, player: str | None = None) -> None:
        refusal = self._exchange_refusal(player)
        if refusal is not None:
            raise IllegalMove(refusal[0], **refusal[1])

    def can_exchange(self, player: str | None = None) -> bool:
        if self.exchanged or self.tricks >= LAST_STOCK_TRICK:
            return False
        if not (self.hands[0] | self.hands[1]) >> self.seven & 1:
            return False
        return self._exchange_refusal(player) is None

    def exchange(self, player: str | None = None) -> Exchanged:
        """The holder of the trump 7 takes the indicator and leaves the 7 in its place."""
        self.verify_exchange(player)
        holder = PLAYERS.index(self.exchange_holder())
        indicator = self.stock[-1]
        self.hands[holder] ^= 1 << self.seven | 1 << indicator
        self.stock[-1] = self.seven
        self.exchanged = True
        record = Exchanged(PLAYERS[holder], self.seven, indicator)
        self.history.append(record)
        return record

    def au_sept(self) -> bool:
        """True at the lead of the 11th trick while the exchange is still possible."""
        return self.tricks == LAST_STOCK_TRICK - 1 and self.lead < 0 and self.can_exchange()

    # -- announcements ------------------------------------------------------------

    def verify_announce(self, kind: Kind, suit: int | None = None) -> None:
        if self.finished:
            raise IllegalMove("chouine_deal_over")
        player = PLAYERS[self.turn]
        if self.pending:
            raise IllegalMove("chouine_announce_pending", player=player)
        hand = self.hands[self.turn]
        reason = check_announcement(
            hand, kind, suit, self.used_suits, self.quinte_done, player, self.profile
        )
        if reason is not None:
            raise IllegalMove(reason.code, **reason.params)
        if not self.legal()[0] & combination_mask(kind, suit) & hand:
            raise IllegalMove("chouine_announce_no_legal_card", player=player)

    def can_announce(self, kind: Kind, suit: int | None = None) -> bool:
        try:
            self.verify_announce(kind, suit)
        except IllegalMove:
            return False
        return True

    def announce(self, kind: Kind, suit: int | None = None) -> Announced:
        """The player to move announces; their next play must be a card of the combination."""
        self.verify_announce(kind, suit)
        player = self.turn
        cards = self.hands[player] & combination_mask(kind, suit)
        if kind is Kind.QUINTE:
            self.quinte_done = True
        else:
            self.used_suits |= 1 << suit
        if kind is Kind.CHOUINE:
            self.chouines.append((player, suit))
        self.pending = cards
        points = combination_points(kind, suit, self.trump, self.profile)
        record = Announced(PLAYERS[player], kind, suit, tuple(cards_of(cards)), points)
        self.announced[player].append(record)
        self.history.append(record)
        return record

    def announcements_available(self) -> list[tuple[Kind, int | None]]:
        """What the player to move may announce now (with a card they may play)."""
        if self.pending or self.tricks == TRICKS or self.chouine_winner is not None:
            return []
        hand = self.hands[self.turn]
        # Asked before every move, and most hands hold neither a king with its queen (in
        # every suit combination) nor five brisques: turn those away before any call.
        if not hand & hand << 1 & KINGS and (
            self.quinte_done or (hand & BRISQUES).bit_count() < self.profile.quinte_cards
        ):
            return []
        found = possible_announcements(hand, self.used_suits, self.quinte_done, self.profile)
        if not found:
            return found
        legal = self.legal()[0]
        if legal == hand:
            # Every combination found lies in the hand: with every card legal, all stand.
            return found
        return [(kind, suit) for kind, suit in found if legal & combination_mask(kind, suit) & hand]

    # -- the result ---------------------------------------------------------------

    def card_points(self) -> dict[str, int]:
        return {"A": self.points[0], "B": self.points[1]}

    def result(self) -> DealScore:
        """Totals, winner (None for a tie) and the scoring steps of a finished deal."""
        if not self.finished:
            raise IllegalMove("chouine_deal_not_over")
        if self.chouine_winner is not None:
            return score_deal(
                None, None, {}, self.trump, PLAYERS[self.chouine_winner], self.profile
            )
        made = {
            PLAYERS[player]: [(record.kind, record.suit) for record in self.announced[player]]
            for player in (0, 1)
        }
        return score_deal(
            self.card_points(), PLAYERS[self.last_trick], made, self.trump, profile=self.profile
        )
