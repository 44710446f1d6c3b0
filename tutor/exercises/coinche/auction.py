"""Questions about the auction: whether a call is legal, the final contract."""

from __future__ import annotations

import random

from tutor.rules.cards import SEATS
from tutor.rules.coinche.auction import Auction, Call, parse_call, run_auction
from tutor.rules.coinche.profiles import Profile, coinche_profile
from tutor.rules.coinche.tricks import (
    trump_code,
)
from tutor.rules.explain import Step

from ..base import Solution, register
from .common import (
    CoincheType,
)


def call_step(call: Call, seat: str) -> dict:
    """A call as a line of the auction's history: who said what."""
    params: dict = {"seat": call.seat or seat}
    if call.kind == "bid":
        params.update(bid=call.bid, trump=call.trump)
    return {"code": f"quiz_history_{call.kind}", "params": params}


def auction_table(rules: Profile, dealer: str, calls: list[str]) -> dict:
    """An auction on the table: the dealer marked, each call laid before the seat the engine
    says made it and, while the auction runs, the engine's next speaker marked."""
    auction = Auction(rules, dealer)
    laid = []
    for text in calls:
        call = parse_call(text)
        laid.append((call.seat or auction.turn, text))
        if auction.check(call) is None:
            auction.apply(call)
    return {
        "game": "coinche",
        "dealer": auction.dealer,
        "calls": laid,
        "to_speak": None if auction.done else auction.turn,
        "to_play": False,
    }


def random_calls(rng: random.Random, rules: Profile, dealer: str, stop: int | None) -> list[str]:
    """A legal auction drawn at random: mostly passes and modest raises, now and then a coinche.

    With ``stop`` it ends after that many calls (an auction still running).
    """
    auction = Auction(rules, dealer)
    calls: list[str] = []
    while not auction.done and (stop is None or len(calls) < stop):
        legal = auction.legal_calls()
        bids = [c for c in legal if c[0].isdigit()]
        doubles = [c for c in legal if c in ("coinche", "surcoinche")]
        roll = rng.random()
        if doubles and roll < 0.2:
            call = rng.choice(doubles)
        elif bids and roll < 0.55:
            lowest = sorted({int(c.rstrip("SHDCAT")) for c in bids})[:3]
            amount = rng.choice(lowest)
            call = rng.choice([c for c in bids if int(c.rstrip("SHDCAT")) == amount])
        else:
            call = "pass"
        auction.apply(parse_call(call))
        calls.append(call)
    return calls


# Auctions a situation's pose tries before leaving it to random questions (see
# CallLegal.generate_situation); most situations show within one or two.
SITUATION_AUCTIONS = 20


def _lively_call(rng: random.Random, auction: Auction) -> str:
    """A legal call, a coinche or a modest raise more often than not."""
    legal = auction.legal_calls()
    doubles = [c for c in legal if c in ("coinche", "surcoinche")]
    bids = [c for c in legal if c[0].isdigit()]
    roll = rng.random()
    if doubles and roll < 0.5:
        return rng.choice(doubles)
    if bids and roll < 0.8:
        return rng.choice(sorted(bids, key=lambda c: int(c.rstrip("SHDCAT")))[:8])
    return "pass"


def _running_auction(rng: random.Random, rules: Profile, difficulty: int):
    """A random auction still running, the longer the higher the level: (dealer, calls,
    the engine's auction after them)."""
    dealer = rng.choice(SEATS)
    while True:
        calls = random_calls(rng, rules, dealer, rng.randrange(1, 3 + 2 * difficulty))
        result = run_auction(rules, dealer, calls)
        if not result.done:
            return dealer, calls, result.auction


def _verdict(auction: Auction, text: str) -> str:
    """The rule that decides whether ``text`` may be called now (CallLegal.solve's rule)."""
    refusal = auction.check(parse_call(text))
    return "quiz_call_legal" if refusal is None else refusal.code


def tempting_calls(rules: Profile, auction: Auction) -> list[str]:
    """Calls a player might be tempted to make that the rules may forbid."""
    candidates = ["coinche", "surcoinche"]
    if auction.bid is not None and isinstance(auction.bid, int):
        candidates += [f"{auction.bid}{auction.trump}", f"{max(auction.bid - 10, 80)}S"]
    candidates += [f"{rules.min_bid - 10}H", f"{rules.max_bid + 10}C"]
    if auction.holder:
        candidates.append(f"{auction.bid if isinstance(auction.bid, int) else 160}SA")
    return candidates


@register
class CallLegal(CoincheType):
    name = "call_legal"
    topic = "auction"
    situations = (
        "quiz_call_legal",
        "bid_after_coinche",
        "bid_out_of_range",
        "bid_not_higher",
        "coinche_no_contract",
        "coinche_own_side",
        "already_coinched",
        "surcoinche_not_coinched",
        "surcoinche_not_declarer",
    )

    def generate(self, rng, profile, difficulty):
        rules = coinche_profile(profile)
        dealer, calls, auction = _running_auction(rng, rules, difficulty)
        if rng.random() < 0.4:
            candidate = rng.choice(auction.legal_calls())
        else:
            candidate = rng.choice(tempting_calls(rules, auction))
        return {"dealer": dealer, "calls": calls, "call": candidate}

    def generate_situation(self, rng, profile, difficulty, situation):
        """The call to judge chosen among those the engine says show ``situation``, after each
        call of lively auctions (coinches and raises more often than :meth:`generate`'s,
        as long as its own at this level). A rare refusal (a second coinche, a surcoinche
        by the defence) shows within a few auctions this way, where waiting for a random
        question to show it took hundreds of whole questions."""
        rules = coinche_profile(profile)
        for _ in range(SITUATION_AUCTIONS):
            dealer = rng.choice(SEATS)
            auction, calls = Auction(rules, dealer), []
            while len(calls) < 2 + 2 * difficulty:
                calls.append(_lively_call(rng, auction))
                auction.apply(parse_call(calls[-1]))
                if auction.done:
                    break
                candidates = {*auction.legal_calls(), *tempting_calls(rules, auction)}
                found = sorted(call for call in candidates if _verdict(auction, call) == situation)
                if found:
                    return {"dealer": dealer, "calls": list(calls), "call": rng.choice(found)}
        return None

    def prompt(self, question):
        return Step("quiz_coinche_call_legal", {"seat": question["data"]["dealer"]})

    def table(self, question):
        d = question["data"]
        return auction_table(self.rules(question), d["dealer"], d["calls"])

    def _before(self, question) -> Auction:
        """The auction as it stands when the call to judge is made."""
        d = question["data"]
        auction = Auction(self.rules(question), d["dealer"])
        for text in d["calls"]:
            auction.apply(parse_call(text))
        return auction

    def show(self, question):
        """The call to judge: the calls before it are on the table."""
        d = question["data"]
        label = call_step(parse_call(d["call"]), self._before(question).turn)
        return [{"text": {"code": "quiz_show_call", "params": {}}, "labels": [label]}]

    def choices(self, question):
        return [
            {"value": "yes", "label": {"code": "quiz_choice_yes", "params": {}}},
            {"value": "no", "label": {"code": "quiz_choice_no", "params": {}}},
        ]

    def solve(self, question):
        d = question["data"]
        result = run_auction(self.rules(question), d["dealer"], [*d["calls"], d["call"]])
        if result.valid:
            # A call out of turn is legal only because these rules allow it at any moment:
            # the engine's sentence says so.
            call = parse_call(d["call"])
            said = self._before(question).out_of_turn(call.seat) if call.seat else {}
            step = said.get(f"{call.seat}:{call.kind}", Step("quiz_call_legal"))
            return Solution("yes", [step], "quiz_call_legal")
        return Solution("no", result.steps[-1:], result.steps[-1].code)


def _contract_value(contract) -> str:
    if contract is None:
        return "none"
    return f"{contract.seat}:{contract.bid}:{trump_code(contract.trump)}:{contract.double}"


def _contract_label(value: str) -> dict:
    if value == "none":
        return {"code": "quiz_contract_none", "params": {}}
    seat, bid, trump, double = value.split(":")
    code = {"1": "quiz_contract", "2": "quiz_contract_coinche", "4": "quiz_contract_surcoinche"}
    params = {"seat": seat, "bid": int(bid) if bid.isdigit() else bid, "trump": trump}
    return {"code": code[double], "params": params}


def contract_options(
    rules: Profile, dealer: str, calls: list[str], rng: random.Random, difficulty: int
) -> list[str]:
    """The contract a finished auction ends in and three tempting wrong ones (earlier bids,
    the last bid without its double, no contract), in random order."""
    right = _contract_value(run_auction(rules, dealer, calls).contract)
    wrong = {"none"}
    auction = Auction(rules, dealer)
    for text in calls:
        auction.apply(parse_call(text))
        if auction.holder:
            wrong.add(_contract_value(auction.contract()))
            wrong.add(f"{auction.holder}:{auction.bid}:{auction.trump}:1")
            if auction.double == 1 and difficulty > 1:
                wrong.add(f"{auction.holder}:{auction.bid}:{auction.trump}:2")
    wrong.discard(right)
    while len(wrong) < 3:
        bid = rules.min_bid + rules.bid_step * rng.randrange(3)
        wrong.add(f"{rng.choice(SEATS)}:{bid}:{rng.choice(rules.trumps)}:1")
    options = [right, *rng.sample(sorted(wrong), min(3, len(wrong)))]
    rng.shuffle(options)
    return options


@register
class FinalContract(CoincheType):
    name = "final_contract"
    topic = "auction"
    situations = ("auction_contract", "auction_redeal")

    def generate(self, rng, profile, difficulty):
        rules = coinche_profile(profile)
        dealer = rng.choice(SEATS)
        calls = random_calls(rng, rules, dealer, None)
        return {
            "dealer": dealer,
            "calls": calls,
            "options": contract_options(rules, dealer, calls, rng, difficulty),
        }

    def generate_situation(self, rng, profile, difficulty, situation):
        """A redeal is four passes: drawn directly, not waited for among random auctions."""
        if situation != "auction_redeal":
            return None
        rules = coinche_profile(profile)
        dealer, calls = rng.choice(SEATS), ["pass"] * 4
        if run_auction(rules, dealer, calls).contract is not None:
            return None
        return {
            "dealer": dealer,
            "calls": calls,
            "options": contract_options(rules, dealer, calls, rng, difficulty),
        }

    def prompt(self, question):
        return Step("quiz_coinche_final_contract", {"seat": question["data"]["dealer"]})

    def table(self, question):
        d = question["data"]
        return auction_table(self.rules(question), d["dealer"], d["calls"])

    def choices(self, question):
        return [{"value": v, "label": _contract_label(v)} for v in question["data"]["options"]]

    def solve(self, question):
        d = question["data"]
        result = run_auction(self.rules(question), d["dealer"], d["calls"])
        return Solution(_contract_value(result.contract), result.steps, result.steps[-1].code)
