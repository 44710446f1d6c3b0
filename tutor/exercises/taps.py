"""Questions answered with one tap on the table: the card you would play, the card that wins
the trick, the call you would make, the call that would end the auction.

Each asks about the position of an existing kind of question (``legal_cards``,
``trick_winner``, ``chouine_legal``, ``chouine_trick_winner``, ``call_legal``), drawn, solved
and explained by the same engine calls, but answered by tapping one card or one call. Several
taps can be right (any card the rules allow), so the solution's ``expected`` is the list of
right taps and an answer is right when it is one of them (``QuestionType.is_right``). A
wrong tap is filed under the rule it broke: the engine's reason for that card or call.

>>> from tutor import exercises
>>> question = exercises.pose("play_card", 3, "federation")
>>> solution = exercises.solve(question)
>>> all(exercises.check(question, card).correct for card in solution.expected)
True
>>> refused = [card for card in question["data"]["hand"] if card not in solution.expected]
>>> verdict = exercises.check(question, refused[0])
>>> verdict.correct, verdict.rule == verdict.why_wrong[0].code
(False, True)
"""

from __future__ import annotations

import copy

from tutor.rules.cards import SEATS, next_seat, parse_cards
from tutor.rules.coinche.auction import Auction, parse_call, run_auction
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.coinche.tricks import parse_trump, trick_winner
from tutor.rules.explain import Step, gettext_noop, messages, ngettext_noop, variants

from .base import Solution, register, sampled_situations
from .chouine import ChouineLegal, ChouineTrickWinner
from .coinche.auction import auction_table, random_calls, tempting_calls
from .coinche.common import CoincheType
from .coinche.play import LegalCards, TrickWinner

# Draws a generator makes before it settles for a position with nothing to get wrong.
DRAWS = 60
# Calls offered on the phone: as many as the answer tiles (club/questions.py, TILES).
MAX_CALLS = 6

messages(
    {
        "quiz_coinche_play_card": gettext_noop(
            "The contract is %(strain)s. You are %(seat)s. Play a card the rules allow."
        ),
        "quiz_coinche_trick_winner_card": gettext_noop(
            "The contract is %(strain)s and %(seat)s led. Which card wins the trick?"
        ),
        "quiz_chouine_play_card": variants(
            lambda params: "empty" if not params["stock"] else "stock",
            stock=ngettext_noop(
                "Trumps are %(trump)s and the stock holds %(stock)s card. You are "
                "%(the_player)s, to play. Play a card the rules allow.",
                "Trumps are %(trump)s and the stock holds %(stock)s cards. You are "
                "%(the_player)s, to play. Play a card the rules allow.",
                "stock",
            ),
            empty=gettext_noop(
                "Trumps are %(trump)s and the stock is gone. You are %(the_player)s, to play. "
                "Play a card the rules allow."
            ),
        ),
        "quiz_chouine_trick_winner_card": gettext_noop(
            "Trumps are %(trump)s. %(the_player)s leads and the opponent answers. "
            "Which card wins the trick?"
        ),
        "quiz_coinche_make_call": gettext_noop(
            "%(seat)s dealt and the calls so far lie on the table. Which of these calls may "
            "%(seat_turn)s make?"
        ),
        "quiz_coinche_auction_end": gettext_noop(
            "%(seat)s dealt and the calls so far lie on the table. Which of these calls by "
            "%(seat_turn)s would end the auction?"
        ),
        "quiz_auction_goes_on": gettext_noop(
            "After this call the auction goes on: %(seat)s is to speak next."
        ),
    }
)


@register
class PlayCard(LegalCards):
    """``legal_cards`` answered by playing one card: any card the rules allow is right."""

    name = "play_card"
    answer_kind = "tap"
    tap_field = "card"
    # A lead leaves every card allowed: nothing to ask.
    situations = tuple(code for code in LegalCards.situations if code != "lead_any")

    def possible(self, profile, difficulty):
        return tuple(code for code in super().possible(profile, difficulty) if code != "lead_any")

    def generate(self, rng, profile, difficulty):
        for _ in range(DRAWS):
            data = super().generate(rng, profile, difficulty)
            if self._illegal({"profile": profile, "data": data}):
                break
        return data

    def prompt(self, question):
        d = question["data"]
        return Step("quiz_coinche_play_card", {"trump": d["trump"], "seat": d["seat"]})

    def taps(self, question):
        return list(question["data"]["hand"])

    def why_wrong(self, question, given, solution):
        refused = self._illegal(question)
        return [refused[given]] if given in refused else []

    def rule_broken(self, question, given, solution):
        refused = self._illegal(question)
        return refused[given].code if given in refused else solution.rule


@register
class TrickWinnerCard(TrickWinner):
    """``trick_winner`` answered by pointing at the card that takes the trick."""

    name = "trick_winner_card"
    tap_asks = "winner"
    answer_kind = "tap"
    tap_field = "card"

    def prompt(self, question):
        d = question["data"]
        return Step("quiz_coinche_trick_winner_card", {"trump": d["trump"], "seat": d["leader"]})

    def choices(self, question):
        return []

    def taps(self, question):
        return list(question["data"]["trick"])

    def tap_seats(self, question):
        d = question["data"]
        seats, seat = {}, d["leader"]
        for card in d["trick"]:
            seats[card] = seat
            seat = next_seat(seat)
        return seats

    def solve(self, question):
        d = question["data"]
        rules = self.rules(question)
        cards = parse_cards(d["trick"])
        index = trick_winner(cards, parse_trump(d["trump"], rules), rules)
        seated = super().solve(question)
        return Solution([d["trick"][index]], seated.steps, seated.rule)


@register
class ChouinePlayCard(ChouineLegal):
    """``chouine_legal`` answered by playing one card, in the last five tricks where the
    rules refuse some."""

    name = "chouine_play_card"
    answer_kind = "tap"
    tap_field = "card"
    # In the stock's time, and on a lead, every card is allowed: nothing to ask.
    situations = tuple(
        code
        for code in ChouineLegal.situations
        if code not in ("chouine_stock_open", "chouine_lead")
    )

    def possible(self, profile, difficulty):
        # Every level draws the same positions (see generate): sampled once, for level 3.
        found = sampled_situations(self.name, profile, 3)
        return tuple(code for code in found if code in self.situations)

    def generate(self, rng, profile, difficulty):
        for _ in range(DRAWS):
            # The strictest level's draws: the stock gone and a card led.
            data = super().generate(rng, profile, 3)
            if self.card_reasons({"profile": profile, "data": data}):
                break
        return data

    def prompt(self, question):
        d = question["data"]
        return Step(
            "quiz_chouine_play_card",
            {"trump": d["trump"], "stock": d["stock"], "player": d["player"]},
        )

    def taps(self, question):
        return list(question["data"]["hand"])

    def why_wrong(self, question, given, solution):
        refused = self._illegal(solution)
        return [refused[given]] if given in refused else []

    def rule_broken(self, question, given, solution):
        refused = self._illegal(solution)
        return refused[given].code if given in refused else solution.rule


@register
class ChouineTrickWinnerCard(ChouineTrickWinner):
    """``chouine_trick_winner`` answered by pointing at the card that takes the trick."""

    name = "chouine_trick_winner_card"
    tap_asks = "winner"
    answer_kind = "tap"
    tap_field = "card"

    def prompt(self, question):
        d = question["data"]
        return Step("quiz_chouine_trick_winner_card", {"trump": d["trump"], "player": d["leader"]})

    def choices(self, question):
        return []

    def taps(self, question):
        d = question["data"]
        return [d["lead"], d["reply"]]

    def tap_seats(self, question):
        d = question["data"]
        return {d["lead"]: d["leader"], d["reply"]: "B" if d["leader"] == "A" else "A"}

    def solve(self, question):
        d = question["data"]
        seated = super().solve(question)
        return Solution(
            [d["lead"] if seated.expected == d["leader"] else d["reply"]],
            seated.steps,
            seated.rule,
        )


def call_options(auction: Auction) -> list[str]:
    """The calls a question offers the player to speak: pass, the lowest bid the rules allow,
    coinche and surcoinche, then bids a player might try that the rules may refuse; each
    once, at most :data:`MAX_CALLS`. The same auction always gets the same calls."""
    legal = auction.legal_calls()
    lowest = [call for call in legal if call[0].isdigit()][:1]
    options: list[str] = []
    tempting = tempting_calls(auction.profile, auction)
    for call in ["pass", *lowest, "coinche", "surcoinche", *tempting]:
        text = parse_call(call).text()
        if text not in options:
            options.append(text)
    return options[:MAX_CALLS]


def _copy(auction: Auction) -> Auction:
    """The auction as it stands, to try a call on (``apply`` changes only these fields)."""
    after = copy.copy(auction)
    after.bids_made = dict(auction.bids_made)
    return after


class CallTap(CoincheType):
    """What both call questions share: an auction under way, ``options`` to tap."""

    topic = "auction"
    answer_kind = "tap"
    tap_field = "call"

    def auction(self, question) -> Auction:
        d = question["data"]
        auction = Auction(self.rules(question), d["dealer"])
        for text in d["calls"]:
            auction.apply(parse_call(text))
        return auction

    def draw(self, rng, profile, difficulty) -> dict:
        """An auction still running, with the calls offered after it."""
        rules = coinche_profile(profile)
        dealer = rng.choice(SEATS)
        while True:
            calls = random_calls(rng, rules, dealer, rng.randrange(1, 3 + 2 * difficulty))
            result = run_auction(rules, dealer, calls)
            if not result.done:
                return {"dealer": dealer, "calls": calls, "options": call_options(result.auction)}

    def table(self, question):
        d = question["data"]
        return auction_table(self.rules(question), d["dealer"], d["calls"])

    def taps(self, question):
        return list(question["data"]["options"])

    def card_reasons(self, question):
        """The engine's reason for each call offered that the rules refuse now."""
        auction = self.auction(question)
        reasons = {}
        for text in question["data"]["options"]:
            reason = auction.check(parse_call(text))
            if reason is not None:
                reasons[text] = reason
        return reasons


@register
class MakeCall(CallTap):
    """An auction under way: tap a call the rules allow (``call_legal``, asked the other way)."""

    name = "make_call"

    def generate(self, rng, profile, difficulty):
        return self.draw(rng, profile, difficulty)

    def prompt(self, question):
        d = question["data"]
        turn = self.auction(question).turn
        return Step("quiz_coinche_make_call", {"seat": d["dealer"], "seat_turn": turn})

    def solve(self, question):
        auction = self.auction(question)
        refused = self.card_reasons(question)
        allowed = [text for text in question["data"]["options"] if text not in refused]
        steps = [Step("auction_next", {"seat": auction.turn}), *refused.values()]
        rule = next(iter(refused.values())).code if refused else "quiz_call_legal"
        return Solution(allowed, steps, rule)

    def why_wrong(self, question, given, solution):
        refused = self.card_reasons(question)
        return [refused[given]] if given in refused else []

    def rule_broken(self, question, given, solution):
        refused = self.card_reasons(question)
        return refused[given].code if given in refused else solution.rule


@register
class AuctionEnd(CallTap):
    """An auction under way: tap the call that would end it (three passes after a bid, or
    four with a profile where the bidder speaks last; four passes and no bid; a surcoinche)."""

    name = "auction_end"
    tap_asks = "ends"
    situations = ("auction_contract", "auction_redeal")

    def generate(self, rng, profile, difficulty):
        rules = coinche_profile(profile)
        for _ in range(DRAWS):
            data = self.draw(rng, profile, difficulty)
            # Passes bring an auction nearer its end: try this one, then with one or two more.
            for _extra in range(3):
                ending = self._endings({"profile": profile, "data": data})
                if ending and len(ending) < len(data["options"]):
                    return data
                calls = [*data["calls"], "pass"]
                result = run_auction(rules, data["dealer"], calls)
                if result.done:
                    break
                data = {**data, "calls": calls, "options": call_options(result.auction)}
        # Three passes and no bid: the fourth ends the auction under every profile.
        dealer = rng.choice(SEATS)
        auction = Auction(rules, dealer)
        for _ in range(3):
            auction.apply(parse_call("pass"))
        return {"dealer": dealer, "calls": ["pass"] * 3, "options": call_options(auction)}

    def _endings(self, question) -> dict[str, list[Step]]:
        """Each call offered that the rules allow and that ends the auction, with the steps
        the engine takes when it is made."""
        auction = self.auction(question)
        endings = {}
        for text in question["data"]["options"]:
            call = parse_call(text)
            if auction.check(call) is not None:
                continue
            after = _copy(auction)
            steps = after.apply(call)
            if after.done:
                endings[text] = steps
        return endings

    def prompt(self, question):
        d = question["data"]
        return Step(
            "quiz_coinche_auction_end",
            {"seat": d["dealer"], "seat_turn": self.auction(question).turn},
        )

    def solve(self, question):
        auction = self.auction(question)
        endings = self._endings(question)
        steps = [Step("auction_next", {"seat": auction.turn})]
        for found in endings.values():
            steps += found
        rule = steps[-1].code if endings else "quiz_auction_goes_on"
        return Solution(list(endings), steps, rule)

    def _goes_on(self, question, given) -> Step | None:
        """Why ``given`` does not end the auction: the engine's refusal, or who speaks next."""
        auction = self.auction(question)
        call = parse_call(given)
        reason = auction.check(call)
        if reason is not None:
            return reason
        auction.apply(call)
        if auction.done:
            return None
        return Step("quiz_auction_goes_on", {"seat": auction.turn})

    def why_wrong(self, question, given, solution):
        step = self._goes_on(question, given)
        return [step] if step else []

    def rule_broken(self, question, given, solution):
        step = self._goes_on(question, given)
        return step.code if step else solution.rule
