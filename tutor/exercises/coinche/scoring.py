"""Questions about the score: a deal's score, whether the contract is made, the game's end."""

from __future__ import annotations

import random

from tutor.rules.cards import SEATS, next_seat
from tutor.rules.coinche.deal import cut_and_deal, play_random, summarize
from tutor.rules.coinche.game import Game
from tutor.rules.coinche.profiles import Profile, coinche_profile
from tutor.rules.coinche.scoring import Contract, DealSummary, score_deal
from tutor.rules.coinche.tricks import (
    parse_trump,
)
from tutor.rules.explain import Step

from ..base import Solution, register
from .common import (
    SIDES,
    CoincheType,
    draw_trump,
    side_choices,
)


def random_summary(rng: random.Random, rules: Profile, difficulty: int) -> dict:
    """A deal cut, dealt and played at random by the engine, as the facts scoring needs.

    The contract is drawn too: a classic Belote taker half the time where the
    profile counts classic Belote, doubles from level 2, capot bids at level 3.
    """
    dealer = rng.choice(SEATS)
    hands = cut_and_deal(rng, dealer).masks()
    classic = rules.classic and rng.random() < 0.5
    trump = parse_trump(draw_trump(rng, rules, difficulty), rules)
    if classic:
        bid = None
    elif difficulty == 3 and rules.capot_bid and rng.random() < 0.15:
        bid = "capot"
    else:
        bid = rng.randrange(rules.min_bid, min(rules.max_bid, 130) + 1, rules.bid_step)
    double = 1 if classic or difficulty == 1 else rng.choice((1, 1, 2, 4))
    contract = Contract(rng.choice(SEATS), bid, trump, double)
    leader = SEATS.index(next_seat(dealer))
    played = play_random(hands, leader, trump, rules.undertrump, rng)
    summary = summarize(rules, contract, hands, played, classic=classic)
    return {
        "contract": contract.as_dict(),
        "classic": classic,
        "card_points": list(summary.card_points),
        "tricks": list(summary.tricks),
        "last_trick": summary.last_trick,
        "declarations": list(summary.declarations),
        "belote": list(summary.belote),
    }


def summary_rows(d: dict) -> list[dict]:
    """The facts of a deal summary that the table (:func:`summary_table`) does not draw."""
    rows = []
    for i, side in enumerate(SIDES):
        count = d["tricks"][i] + d["tricks"][i + 2]
        rows.append(
            {
                "text": {
                    "code": "quiz_show_side_points",
                    "params": {"side": side, "points": d["card_points"][i], "count": count},
                }
            }
        )
    rows.append(
        {"text": {"code": "quiz_show_last_trick", "params": {"side": SIDES[d["last_trick"]]}}}
    )
    for i, side in enumerate(SIDES):
        if d["declarations"][i]:
            rows.append(
                {
                    "text": {
                        "code": "quiz_show_declarations",
                        "params": {"side": side, "points": d["declarations"][i]},
                    }
                }
            )
        if d["belote"][i]:
            rows.append(
                {
                    "text": {
                        "code": "quiz_show_belote",
                        "params": {"side": side, "points": d["belote"][i]},
                    }
                }
            )
    if d.get("deposit"):
        rows.append({"text": {"code": "quiz_show_deposit", "params": {"points": d["deposit"]}}})
    return rows


def summary_table(question: dict) -> dict:
    """A deal summary on the table: the contract badge and the tricks each seat won."""
    d = question["data"]
    c = d["contract"]
    contract = {**c, "bid": None if d["classic"] else c["bid"]}
    return {
        "game": "coinche",
        "contract": contract,
        "tricks_won": dict(zip(SEATS, d["tricks"], strict=True)),
        "to_play": False,
    }


def score_summary(d: dict, rules: Profile):
    """The engine's score of a summary dict (as :func:`random_summary` makes them)."""
    c = d["contract"]
    contract = Contract(c["seat"], c["bid"], parse_trump(c["trump"], rules), c["double"])
    summary = DealSummary(
        contract,
        tuple(d["card_points"]),
        tuple(d["tricks"]),
        d["last_trick"],
        tuple(d["declarations"]),
        tuple(d["belote"]),
        d.get("deposit", 0),
        d["classic"],
    )
    return score_deal(rules, summary, explain=True)


# At this level a classic deal may carry a litige's deposit: half a deal of 162 with no
# extras, with a belote, with a fifty.
DEPOSIT_LEVEL, DEPOSIT_SHARE, DEPOSITS = 3, 0.5, (81, 91, 106)


@register
class DealScoreQuestion(CoincheType):
    name = "deal_score"
    topic = "scoring"
    answer_kind = "scores"
    situations = ("made", "failed_short", "failed_not_ahead", "classic_dedans", "classic_litige")

    def possible(self, profile, difficulty):
        # Only a profile that counts classic Belote draws a classic taker (random_summary).
        if coinche_profile(profile).classic:
            return self.situations
        return tuple(code for code in self.situations if not code.startswith("classic_"))

    def generate(self, rng, profile, difficulty):
        data = {**random_summary(rng, coinche_profile(profile), difficulty), "sides": list(SIDES)}
        # The full score line at the top level: points held over from a litige, which this
        # deal's winner takes.
        if difficulty == DEPOSIT_LEVEL and data["classic"] and rng.random() < DEPOSIT_SHARE:
            data["deposit"] = rng.choice(DEPOSITS)
        return data

    def prompt(self, question):
        return Step("quiz_coinche_deal_score", {})

    def show(self, question):
        return summary_rows(question["data"])

    table = staticmethod(summary_table)

    def solve(self, question):
        result = score_summary(question["data"], self.rules(question))
        decisive = next(
            (
                s.code
                for s in result.steps
                if s.code in self.situations or s.code.startswith(("made", "failed", "classic_"))
            ),
            "final_scores",
        )
        return Solution(dict(zip(SIDES, result.scores, strict=True)), result.steps, decisive)

    def why_wrong(self, question, given, solution):
        if not given:
            return []
        return [
            Step(
                "quiz_wrong_score",
                {"side": side, "points": solution.expected[side], "points_given": given[side]},
            )
            for side in SIDES
            if given[side] != solution.expected[side]
        ]


@register
class ContractMade(CoincheType):
    name = "contract_made"
    topic = "scoring"
    situations = DealScoreQuestion.situations

    possible = DealScoreQuestion.possible
    generate = DealScoreQuestion.generate
    show = DealScoreQuestion.show
    table = staticmethod(summary_table)

    def prompt(self, question):
        return Step("quiz_coinche_made", {})

    def choices(self, question):
        return [
            {"value": "yes", "label": {"code": "quiz_choice_yes", "params": {}}},
            {"value": "no", "label": {"code": "quiz_choice_no", "params": {}}},
        ]

    def solve(self, question):
        result = score_summary(question["data"], self.rules(question))
        steps = [
            s
            for s in result.steps
            if not s.code.startswith(("score_", "rounded", "final_", "deposit_"))
        ]
        decisive = next(
            (s.code for s in steps if s.code.startswith(("made", "failed", "classic_"))), "made"
        )
        return Solution("yes" if result.made else "no", steps, decisive)


DECISIVE_GAME = ("game_pending", "game_validated", "game_tie", "game_won")


# From level 2 a side holding belote is put just under the target; from level 3 a side
# may already be waiting for a trick to make its belote count.
NEAR_TARGET_FROM = 2


PENDING_FROM = 3


@register
class GameEnd(CoincheType):
    name = "game_end"
    topic = "scoring"
    situations = ("game_won", "game_pending", "game_validated", "game_totals")

    def possible(self, profile, difficulty):
        ruled_out = set()
        # Without the validation rule no side ever waits for a trick (Game ignores pending).
        if not coinche_profile(profile).belote_must_validate or difficulty < NEAR_TARGET_FROM:
            ruled_out |= {"game_pending", "game_validated"}
        if difficulty < PENDING_FROM:
            ruled_out.add("game_validated")
        return tuple(code for code in self.situations if code not in ruled_out)

    def generate(self, rng, profile, difficulty):
        rules = coinche_profile(profile)
        summary = random_summary(rng, rules, difficulty)
        target = rules.target
        # One deal is worth 160 to 500 points: totals this far from the target make
        # both "won" and "goes on" common answers.
        totals = [target - rng.randrange(100, 600), target - rng.randrange(100, 600)]
        pending = None
        if difficulty >= NEAR_TARGET_FROM:
            # Put a side holding belote just under the target: the belote-validation rule.
            for side in (0, 1):
                if summary["belote"][side] and rng.random() < 0.7:
                    totals[side] = target - rng.randrange(1, summary["belote"][side] + 1)
            if difficulty >= PENDING_FROM and rng.random() < 0.3:
                pending = rng.randrange(2)
                totals[pending] = target + rng.randrange(0, 20)
        return {**summary, "totals": totals, "pending": pending}

    def prompt(self, question):
        d = question["data"]
        return Step(
            "quiz_coinche_game_end",
            {
                "points_target": self.rules(question).target,
                "points_ns": d["totals"][0],
                "points_ew": d["totals"][1],
            },
        )

    table = staticmethod(summary_table)

    def show(self, question):
        d = question["data"]
        rows = summary_rows(d)
        if d["pending"] is not None:
            side = SIDES[d["pending"]]
            rows.append({"text": {"code": "quiz_show_pending", "params": {"side": side}}})
        return rows

    def choices(self, question):
        goes_on = {"code": "quiz_choice_game_goes_on", "params": {}}
        return [*side_choices(), {"value": "none", "label": goes_on}]

    def solve(self, question):
        d = question["data"]
        rules = self.rules(question)
        result = score_summary(d, rules)
        pending = [d["pending"] == side for side in (0, 1)]
        game = Game(rules, totals=list(d["totals"]), pending=pending)
        c = d["contract"]
        summary = DealSummary(
            Contract(c["seat"], c["bid"], parse_trump(c["trump"], rules), c["double"]),
            tuple(d["card_points"]),
            tuple(d["tricks"]),
            d["last_trick"],
            tuple(d["declarations"]),
            tuple(d["belote"]),
            0,
            d["classic"],
        )
        steps = game.add_deal(summary, result)
        # The belote-validation rule, when it played, is what the question turns on.
        codes = {step.code for step in steps}
        decisive = next((code for code in DECISIVE_GAME if code in codes), "game_totals")
        winner = "none" if game.winner is None else SIDES[game.winner]
        return Solution(winner, [result.steps[-1], *steps], decisive)
