"""Questions about declarations: what a hand may declare, whose declarations score."""

from __future__ import annotations

import random

from tutor.rules.cards import SEATS, card_code, mask_of, parse_cards
from tutor.rules.coinche.declarations import (
    best_declarations,
    compare,
    declaration_steps,
)
from tutor.rules.coinche.profiles import Profile, coinche_profile
from tutor.rules.coinche.tricks import (
    parse_trump,
)
from tutor.rules.explain import Step

from ..base import Solution, register
from .common import (
    SIDES,
    CoincheType,
    deal_hands,
    draw_trump,
    side_choices,
)


@register
class Declare(CoincheType):
    name = "declare"
    topic = "declarations"
    answer_kind = "number"
    situations = ("declarations_none", "declaration")
    # Most random hands hold nothing; levels 2 and 3 insist on a hand with this many
    # declarations (and give up after 60 hands: too rare to offer as a situation).
    WANTED = {1: 0, 2: 1, 3: 2}

    def possible(self, profile, difficulty):
        ruled_out = set()
        if self.WANTED[difficulty]:
            ruled_out.add("declarations_none")
        if not coinche_profile(profile).declarations:
            ruled_out.add("declaration")
        return tuple(code for code in self.situations if code not in ruled_out)

    def generate(self, rng, profile, difficulty):
        rules = coinche_profile(profile)
        trump = draw_trump(rng, rules, 1)
        for _ in range(60):
            hand = deal_hands(rng)["S"]
            found = best_declarations(mask_of(hand), parse_trump(trump, rules), rules)
            if len(found) >= self.WANTED[difficulty]:
                break
        return {"trump": trump, "seat": rng.choice(SEATS), "hand": [card_code(c) for c in hand]}

    def prompt(self, question):
        d = question["data"]
        return Step("quiz_coinche_declare", {"trump": d["trump"], "seat": d["seat"]})

    def table(self, question):
        d = question["data"]
        return {"game": "coinche", "hand": d["hand"], "trump": d["trump"], "you": d["seat"]}

    def solve(self, question):
        d = question["data"]
        rules = self.rules(question)
        found = best_declarations(
            mask_of(parse_cards(d["hand"])), parse_trump(d["trump"], rules), rules
        )
        steps = declaration_steps({d["seat"]: found}, None)
        if found:
            steps = steps[:-1]  # one hand: no comparison to report
        return Solution(sum(c.points for c in found), steps, steps[0].code)

    def why_wrong(self, question, given, solution):
        return [Step("quiz_wrong_number", {"points": solution.expected, "points_given": given})]


def _declarations(rng: random.Random, rules: Profile, trump_code: str, difficulty: int):
    trump = parse_trump(trump_code, rules)
    for _ in range(200):
        hands = deal_hands(rng)
        found = {s: best_declarations(mask_of(hands[s]), trump, rules) for s in SEATS}
        declaring = sum(1 for s in SEATS if found[s])
        if declaring >= min(difficulty, 2):
            return hands, found
    return hands, found


@register
class DeclarationsWinner(CoincheType):
    name = "declarations_winner"
    topic = "declarations"
    situations = ("declarations_best", "declarations_tie")

    def possible(self, profile, difficulty):
        return self.situations if coinche_profile(profile).declarations else ()

    def generate(self, rng, profile, difficulty):
        rules = coinche_profile(profile)
        trump = draw_trump(rng, rules, 1)
        hands, found = _declarations(rng, rules, trump, difficulty)
        return {
            "trump": trump,
            "declared": {s: [card_code(c) for comb in found[s] for c in comb.cards] for s in SEATS},
            "hands": {s: [card_code(c) for c in hands[s]] for s in SEATS},
        }

    def prompt(self, question):
        return Step("quiz_coinche_declarations_winner", {"trump": question["data"]["trump"]})

    def table(self, question):
        d = question["data"]
        return {"game": "coinche", "trump": d["trump"], "declared": d["declared"], "to_play": False}

    def choices(self, question):
        nobody = {"code": "quiz_choice_nobody_declares", "params": {}}
        return [*side_choices(), {"value": "none", "label": nobody}]

    def solve(self, question):
        d = question["data"]
        rules = self.rules(question)
        trump = parse_trump(d["trump"], rules)
        found = {
            s: best_declarations(mask_of(parse_cards(d["hands"][s])), trump, rules) for s in SEATS
        }
        ns = found["N"] + found["S"]
        ew = found["E"] + found["W"]
        winner = compare(ns, ew)[0]
        steps = declaration_steps(found, winner)
        return Solution("none" if winner is None else SIDES[winner], steps, steps[-1].code)
