"""The Coinche auction: whose turn, which calls are legal, and why the others are not.

Calls are text, as in the JSON interface: ``pass``, ``90H``, ``110SA``,
``capotS``, ``generaleS``, ``coinche``, ``surcoinche``, optionally prefixed by
the caller's seat (``N:coinche``) where the profile lets someone speak out of
turn (002's coinche "à la volée").

>>> from tutor.rules.profiles import get_profile
>>> calls = ["pass", "90H", "100S", "coinche", "surcoinche"]
>>> result = run_auction(get_profile("federation"), "N", calls)
>>> result.valid, result.done, result.contract.as_dict()
(True, True, {'seat': 'E', 'bid': 100, 'trump': 'S', 'double': 4})
>>> result = run_auction(get_profile("federation"), "N", ["pass", "90H", "80S"])
>>> result.valid, result.index, result.steps[-1].code
(False, 2, 'bid_not_higher')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..cards import SEATS, SEVEN, SUITS, card_of, next_seat, parse_seat, side_of
from ..errors import RulesError
from ..explain import Step, by_multiplier, gettext_noop, messages, ngettext_noop, variants
from .declarations import belote_suits
from .profiles import TRUMP_CODES, Profile
from .scoring import Contract
from .tricks import parse_trump

messages(
    {
        "bad_call": gettext_noop(
            '"%(value)s" is not a call: use pass, a bid such as 90H, 110SA or capotS, '
            "coinche or surcoinche."
        ),
        "call_pass": gettext_noop("%(seat)s passes."),
        "call_bid": gettext_noop("%(seat)s bids %(contract)s."),
        "call_coinche": gettext_noop("%(seat)s says coinche: the contract is doubled."),
        "call_surcoinche": gettext_noop("%(seat)s says surcoinche: the contract is redoubled."),
        "auction_redeal": gettext_noop("Four passes and no bid: the cards are dealt again."),
        "auction_contract": variants(
            by_multiplier,
            plain=gettext_noop("The auction is over: %(seat)s plays %(contract)s."),
            coinche=gettext_noop("The auction is over: %(seat)s plays %(contract)s, coinched."),
            # Said once, here: a surcoinche ends the auction.
            surcoinche=gettext_noop(
                "The surcoinche ends the auction: %(seat)s plays %(contract)s, surcoinched."
            ),
        ),
        "auction_next": gettext_noop("It is %(seat)s's turn to speak."),
        "auction_over": gettext_noop("The auction is over: nobody may speak any more."),
        "not_your_turn": gettext_noop("%(seat)s may not speak now: it is %(seat_turn)s's turn."),
        "bid_after_coinche": gettext_noop("After a coinche the contract is fixed: no more bids."),
        "bid_out_of_range": gettext_noop(
            "%(bid)s is not a bid: bids run from %(points_min)s to %(points_max)s in steps of "
            "%(step)s."
        ),
        "capot_not_in_profile": gettext_noop("This profile has no capot bid."),
        "generale_not_in_profile": gettext_noop("This profile has no générale."),
        # An equal bid is told that matching is not enough; a lower one, that it is lower.
        "bid_not_higher": variants(
            lambda params: "equal" if params.get("equal") else "lower",
            equal=gettext_noop(
                "The current bid is %(bid_current)s and %(bid)s does not beat it: a bid must go "
                "higher; equalling it is not enough."
            ),
            lower=gettext_noop(
                "The current bid is %(bid_current)s and %(bid)s is lower: a bid must go higher."
            ),
        ),
        "own_bid_same_suit": gettext_noop(
            "%(seat)s may raise their own bid only by changing the contract, which is now "
            "%(strain)s."
        ),
        "four_sevens_redeal": gettext_noop(
            "%(seat)s holds the four sevens: under this profile the deal is cancelled at the end "
            "of the auction and the cards are dealt again."
        ),
        "too_many_bids": ngettext_noop(
            "%(seat)s has already bid %(count)s time, the most this profile allows.",
            "%(seat)s has already bid %(count)s times, the most this profile allows.",
            "count",
        ),
        "coinche_no_contract": gettext_noop("There is no bid to coinche yet."),
        "coinche_own_side": gettext_noop(
            "%(seat)s cannot coinche their own side's contract: only the opponents can."
        ),
        "already_coinched": gettext_noop("The contract is already coinched."),
        "coinche_capot_forbidden": gettext_noop(
            "Under this profile a capot or générale cannot be coinched."
        ),
        "coinche_generale_forbidden": gettext_noop(
            "Under this profile a générale cannot be coinched (a capot can)."
        ),
        "coinche_taken_back": gettext_noop(
            "%(seat)s bids over the coinched contract: the coinche is taken back."
        ),
        "belote_capot_not_in_profile": gettext_noop(
            "This profile has no belote capot or générale belotée bid."
        ),
        "belote_capot_no_belote": gettext_noop(
            "A belote capot or générale belotée needs a contract with a belote, and %(trump)s "
            "has none."
        ),
        "surcoinche_not_coinched": gettext_noop("Surcoinche answers a coinche, and there is none."),
        "surcoinche_not_declarer": gettext_noop(
            "Only the side that holds the contract can surcoinche."
        ),
        "call_any_moment": variants(
            lambda params: params["kind"],
            coinche=gettext_noop(
                "%(seat)s may coinche now, without waiting for their turn: under these rules "
                "an opponent of the bidder may coinche at any moment of the auction."
            ),
            surcoinche=gettext_noop(
                "%(seat)s may surcoinche now, without waiting for their turn: under these rules "
                "the coinched side may answer at any moment of the auction."
            ),
        ),
    }
)

_CALL = re.compile(
    r"^(?:([NESWnesw]):)?(pass|coinche|surcoinche|"
    r"([0-9]{1,4}|capotbelote|capot|generalebelote|generale)(SA|TA|[SHDC]))$",
    re.I,
)
# The bids that are not numbers, in rank order (002 line 165: a belote capot above a
# capot, a générale above both, a générale belotée above everything).
_RANK = {"capot": 10_000, "capotbelote": 15_000, "generale": 20_000, "generalebelote": 25_000}
GENERALES = ("generale", "generalebelote")
SEVENS = sum(1 << card_of(suit, SEVEN) for suit in range(len(SUITS)))


def four_sevens_seat(profile: Profile, hands: list[int]) -> str | None:
    """The seat whose four 7s cancel the deal (``four_sevens_cancel``), if any.

    ``hands`` are bitmasks in the order of :data:`SEATS` of the cards held at the end of
    the auction (002 line 199, "la sfârșitul licitației"): six under a six-card auction
    (``Profile.deal``), whose last two cards come too late to cancel anything.

    >>> from tutor.rules.coinche.profiles import make_profile
    >>> four_sevens_seat(make_profile(four_sevens_cancel=True), [0, SEVENS | 1 << 31, 0, 0])
    'E'
    """
    if profile.four_sevens_cancel:
        for index, hand in enumerate(hands):
            if hand & SEVENS == SEVENS:
                return SEATS[index]
    return None


@dataclass(frozen=True)
class Call:
    seat: str | None
    kind: str  # pass, bid, coinche, surcoinche
    bid: int | str | None = None
    trump: str | None = None

    def text(self) -> str:
        if self.kind != "bid":
            return self.kind
        return f"{self.bid}{self.trump}"


def parse_call(text: object) -> Call:
    """A call from its text (``"N:coinche"``, ``"110SA"``).

    >>> parse_call("N:coinche"), parse_call("capotH").bid
    (Call(seat='N', kind='coinche', bid=None, trump=None), 'capot')
    """
    match = _CALL.match(text.strip()) if isinstance(text, str) else None
    if not match:
        raise RulesError("bad_call", value=str(text))
    seat = match.group(1).upper() if match.group(1) else None
    word = match.group(2).lower()
    if word in ("pass", "coinche", "surcoinche"):
        return Call(seat, word)
    amount = match.group(3).lower()
    bid = int(amount) if amount.isdigit() else amount
    return Call(seat, "bid", bid, match.group(4).upper())


@dataclass
class Auction:
    """The state of an auction; :meth:`check` says why a call is illegal."""

    profile: Profile
    dealer: str
    turn: str = ""
    bid: int | str | None = None
    trump: str | None = None
    holder: str | None = None
    double: int = 1
    passes: int = 0
    done: bool = False
    bids_made: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.dealer = parse_seat(self.dealer)
        self.turn = next_seat(self.dealer)

    def contract(self) -> Contract | None:
        if self.holder is None:
            return None
        return Contract(self.holder, self.bid, parse_trump(self.trump), self.double)

    def check(self, call: Call) -> Step | None:
        """The reason ``call`` is illegal now, or ``None`` when it is legal."""
        p = self.profile
        seat = call.seat or self.turn
        if self.done:
            return Step("auction_over")
        volley = call.kind in ("coinche", "surcoinche") and p.coinche_out_of_turn
        if seat != self.turn and not volley:
            return Step("not_your_turn", {"seat": seat, "seat_turn": self.turn})
        if call.kind == "bid":
            return self._check_bid(seat, call)
        if call.kind == "coinche":
            if self.holder is None:
                return Step("coinche_no_contract")
            if side_of(self.holder) == side_of(seat):
                return Step("coinche_own_side", {"seat": seat})
            if self.double > 1:
                return Step("already_coinched")
            if self.bid in _RANK and not p.coinche_capot:
                return Step("coinche_capot_forbidden")
            if self.bid in GENERALES and not p.coinche_generale:
                return Step("coinche_generale_forbidden")
        if call.kind == "surcoinche":
            if self.double != 2:
                return Step("surcoinche_not_coinched")
            if side_of(self.holder) != side_of(seat):
                return Step("surcoinche_not_declarer")
        return None

    def _check_bid(self, seat: str, call: Call) -> Step | None:
        p = self.profile
        # 002 line 169: a higher bid may take back a coinche (not a surcoinche).
        if self.double > 1 and not (p.coinche_overbid and self.double == 2):
            return Step("bid_after_coinche")
        if not p.allows(call.trump):
            return Step("trump_not_in_profile", {"trump": call.trump})
        if call.bid in ("capot", "capotbelote") and not p.capot_bid:
            return Step("capot_not_in_profile")
        if call.bid in GENERALES and not p.generale:
            return Step("generale_not_in_profile")
        if call.bid in ("capotbelote", "generalebelote"):
            if not p.belote_capot:
                return Step("belote_capot_not_in_profile")
            if not belote_suits(parse_trump(call.trump), p):
                return Step("belote_capot_no_belote", {"trump": call.trump})
        low, high, step = p.bid_range(call.trump)
        if isinstance(call.bid, int) and (not low <= call.bid <= high or (call.bid - low) % step):
            return Step(
                "bid_out_of_range",
                {"bid": call.bid, "points_min": low, "points_max": high, "step": step},
            )
        if self.bid is not None:
            rank, current = self._rank(call.bid, call.trump), self._rank(self.bid, self.trump)
            if rank <= current:
                params = {"bid": call.bid, "bid_current": self.bid, "equal": rank == current}
                return Step("bid_not_higher", params)
        # Only the bidder's last turn (raise_own_bid) lets a seat bid over itself.
        if seat == self.holder and p.raise_own_bid_other_suit_only and call.trump == self.trump:
            return Step("own_bid_same_suit", {"seat": seat, "trump": call.trump})
        count = self.bids_made.get(seat, 0)
        if p.bids_per_player and count >= p.bids_per_player:
            return Step("too_many_bids", {"seat": seat, "count": count})
        return None

    def _rank(self, bid: int | str, trump: str) -> int:
        return _RANK[bid] if bid in _RANK else self.profile.bid_rank(bid, trump)

    def apply(self, call: Call) -> list[Step]:
        """Plays a legal call; returns what it did (and how the auction ended)."""
        seat = call.seat or self.turn
        steps = []
        if call.kind == "pass":
            self.passes += 1
            steps.append(Step("call_pass", {"seat": seat}))
        elif call.kind == "bid":
            if self.double == 2:
                self.double = 1
                steps.append(Step("coinche_taken_back", {"seat": seat}))
            self.bid, self.trump, self.holder = call.bid, call.trump, seat
            self.passes = 0
            self.bids_made[seat] = self.bids_made.get(seat, 0) + 1
            steps.append(Step("call_bid", {"seat": seat, "bid": call.bid, "trump": call.trump}))
        elif call.kind == "coinche":
            self.double, self.passes = 2, 0
            steps.append(Step("call_coinche", {"seat": seat}))
        else:
            self.double = 4
            self.done = True
            steps.append(Step("call_surcoinche", {"seat": seat}))
        self.turn = next_seat(seat)
        # Three passes end it because the bidder cannot go over their own bid (002); where
        # they may, they speak last. A coinche fixes the contract, so three passes end it.
        last_pass = 4 if self.profile.raise_own_bid and self.double == 1 else 3
        if self.holder is None and self.passes == 4:
            self.done = True
            steps.append(Step("auction_redeal"))
        elif self.holder is not None and self.passes == last_pass:
            self.done = True
        if self.done and self.holder is not None:
            steps.append(
                Step(
                    "auction_contract",
                    {
                        "bid": self.bid,
                        "trump": self.trump,
                        "seat": self.holder,
                        "multiplier": self.double,
                    },
                )
            )
        return steps

    def _lowest(self, trump: str) -> int | str:
        """The lowest bid in ``trump`` above the current one (the first special bid when
        no number is higher)."""
        low, high, step = self.profile.bid_range(trump)
        current = -1 if self.bid is None else self._rank(self.bid, self.trump)
        for amount in [*range(low, high + 1, step), *_RANK]:
            if self._rank(amount, trump) > current:
                return amount
        return "generalebelote"

    def legal_calls(self) -> list[str]:
        """Every legal call of the player whose turn it is, as text."""
        if self.done:
            return []
        p = self.profile
        candidates = [Call(None, "pass")]
        for trump in TRUMP_CODES:
            low, high, step = p.bid_range(trump)
            amounts: list[int | str] = [*range(low, high + 1, step), *_RANK]
            candidates += [Call(None, "bid", a, trump) for a in amounts]
        candidates += [Call(None, "coinche"), Call(None, "surcoinche")]
        return [c.text() for c in candidates if self.check(c) is None]

    def out_of_turn(self, seat: str) -> dict[str, Step]:
        """The calls ``seat`` may make now although it is not their turn (a coinche or
        surcoinche "à la volée", 002 line 31, where ``coinche_out_of_turn``), as ``S:coinche``,
        each with the sentence that says so."""
        if self.done or seat == self.turn:
            return {}
        return {
            f"{seat}:{kind}": Step("call_any_moment", {"seat": seat, "kind": kind})
            for kind in ("coinche", "surcoinche")
            if self.check(Call(seat, kind)) is None
        }

    def refusals(self) -> dict[str, Step]:
        """Why each kind of call the player to speak cannot make is refused.

        Bids are represented by the lowest one in each contract the profile
        offers, so the answer stays short.
        """
        candidates = [Call(None, "bid", self._lowest(t), t) for t in TRUMP_CODES]
        candidates += [Call(None, "coinche"), Call(None, "surcoinche")]
        reasons = {}
        for call in candidates:
            reason = self.check(call)
            if reason is not None:
                reasons[call.text()] = reason
        return reasons


@dataclass
class AuctionResult:
    valid: bool
    done: bool
    contract: Contract | None
    steps: list[Step]
    index: int | None = None
    auction: Auction | None = None

    def as_dict(self) -> dict:
        answer: dict = {
            "valid": self.valid,
            "done": self.done,
            "contract": self.contract.as_dict() if self.contract else None,
        }
        if self.index is not None:
            answer["index"] = self.index
        if self.valid and not self.done:
            answer["next"] = self.auction.turn
            answer["legal_calls"] = self.auction.legal_calls()
            refusals = self.auction.refusals()
            answer["refused"] = [{"call": call, "code": s.code} for call, s in refusals.items()]
        return answer


def run_auction(
    profile: Profile, dealer: str, calls: list, hands: list[int] | None = None
) -> AuctionResult:
    """Plays ``calls`` in order; the first illegal one stops the auction with its reason.

    With ``hands`` (bitmasks in the order of :data:`SEATS`) a finished auction is
    also checked for a deal the profile cancels (``four_sevens_cancel``).
    """
    if not isinstance(calls, list):
        raise RulesError("bad_field", name="calls", value=repr(calls))
    auction = Auction(profile, dealer)
    parsed = [parse_call(text) for text in calls]
    steps: list[Step] = []
    for index, call in enumerate(parsed):
        reason = auction.check(call)
        if reason is not None:
            return AuctionResult(
                False, auction.done, auction.contract(), [*steps, reason], index, auction
            )
        steps += auction.apply(call)
    contract = auction.contract()
    if not auction.done:
        steps.append(Step("auction_next", {"seat": auction.turn}))
        steps += auction.refusals().values()
    elif contract is not None and hands is not None:
        seat = four_sevens_seat(profile, hands)
        if seat is not None:
            steps.append(Step("four_sevens_redeal", {"seat": seat}))
            contract = None
    return AuctionResult(True, auction.done, contract, steps, None, auction)
