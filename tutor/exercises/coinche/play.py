"""Questions about the play: the legal cards, who wins a trick, what a trick is worth."""

from __future__ import annotations

import random

from tutor.rules.cards import SEATS, card_code, mask_of, next_seat, parse_cards
from tutor.rules.coinche.play import legal_plays, profile_legal_mask
from tutor.rules.coinche.profiles import Profile, coinche_profile
from tutor.rules.coinche.scenarios import KINDS as SCENARIO_KINDS
from tutor.rules.coinche.scenarios import SA_RULES, SUIT_RULES, TA_RULES, scenario
from tutor.rules.coinche.tricks import explain_trick, parse_trump, trick_winner
from tutor.rules.count import count_trick
from tutor.rules.errors import RulesError
from tutor.rules.explain import Step

from ..base import ExerciseError, Solution, broken_rule, card_mistakes, register
from .common import (
    CoincheType,
    deal_hands,
    draw_trump,
    seat_choices,
    without_no_trump,
)

# How many cards are already on the table when a legal-cards question is asked, by level.
CARDS_BEFORE = {1: range(0, 2), 2: range(1, 4), 3: range(1, 4)}


def _trick(rng: random.Random, difficulty: int) -> tuple[str, list[int], dict[str, list[int]]]:
    """A leader, the cards already played (0-3) and the hands they came from."""
    hands = deal_hands(rng)
    leader = rng.choice(SEATS)
    before = rng.choice(CARDS_BEFORE[difficulty])
    # Part of the deal has gone: the hand in question holds 3 to 8 cards.
    played_out = rng.randrange(0, 6) if difficulty > 1 else 0
    for seat in SEATS:
        hands[seat] = hands[seat][played_out:]
    cards, seat = [], leader
    for _ in range(before):
        card = rng.choice(hands[seat])
        hands[seat].remove(card)
        cards.append(card)
        seat = next_seat(seat)
    return leader, cards, hands


@register
class LegalCards(CoincheType):
    name = "legal_cards"
    topic = "play"
    answer_kind = "cards"
    # Every rule the engine's legal-play decision can name, plus a free lead.
    situations = ("lead_any", *SUIT_RULES, *SA_RULES, *TA_RULES)

    def possible(self, profile, difficulty):
        rules = coinche_profile(profile)
        # A player who cannot overtrump must undertrump or may discard: the profile says which.
        ruled_out = {"may_discard" if rules.undertrump else "must_undertrump"}
        if 0 not in CARDS_BEFORE[difficulty]:
            ruled_out.add("lead_any")
        situations = [code for code in self.situations if code not in ruled_out]
        return without_no_trump(rules, difficulty, situations, {"SA": SA_RULES, "TA": TA_RULES})

    def generate(self, rng, profile, difficulty):
        rules = coinche_profile(profile)
        leader, cards, hands = _trick(rng, difficulty)
        seat = leader
        for _ in cards:
            seat = next_seat(seat)
        return {
            "trump": draw_trump(rng, rules, difficulty),
            "leader": leader,
            "trick": [card_code(c) for c in cards],
            "seat": seat,
            "hand": [card_code(c) for c in hands[seat]],
        }

    def generate_situation(self, rng, profile, difficulty, situation):
        if situation not in SCENARIO_KINDS:
            return None
        try:
            found = scenario(situation, rng.randrange(2**32), profile)
        except RulesError:
            raise ExerciseError("quiz_no_scenario") from None
        trick = found["trick"]
        return {
            "trump": found["trump"],
            "leader": trick[0]["seat"] if trick else found["seat"],
            "trick": [play["card"] for play in trick],
            "seat": found["seat"],
            "hand": found["hand"],
        }

    def prompt(self, question):
        d = question["data"]
        return Step("quiz_coinche_legal", {"trump": d["trump"], "seat": d["seat"]})

    def table(self, question):
        d = question["data"]
        return {
            "game": "coinche",
            "hand": d["hand"],
            "trump": d["trump"],
            "leader": d["leader"],
            "trick": d["trick"],
            "you": d["seat"],
        }

    def _answer(self, question):
        d = question["data"]
        rules = self.rules(question)
        seat, trick = d["leader"], []
        for card in parse_cards(d["trick"]):
            trick.append((seat, card))
            seat = next_seat(seat)
        return legal_plays(
            parse_cards(d["hand"]), trick, d["seat"], parse_trump(d["trump"], rules), rules
        )

    def solve(self, question):
        answer = self._answer(question)
        return Solution(answer.codes(), answer.steps, answer.rule)

    def _illegal(self, question) -> dict[str, Step]:
        return {card_code(c): step for c, step in self._answer(question).illegal.items()}

    card_reasons = _illegal

    def why_wrong(self, question, given, solution):
        return card_mistakes(given, solution.expected, self._illegal(question))

    def rule_broken(self, question, given, solution):
        return broken_rule(given, self._illegal(question), solution.rule)


def _full_trick(rng: random.Random, profile: Profile, difficulty: int) -> dict:
    hands = deal_hands(rng)
    leader = rng.choice(SEATS)
    seat, cards = leader, []
    trump = draw_trump(rng, profile, difficulty)
    trump_int = parse_trump(trump, profile)
    for _ in range(4):
        mask = profile_legal_mask(profile, mask_of(hands[seat]), cards, trump_int)
        legal = [c for c in hands[seat] if mask >> c & 1]
        card = rng.choice(legal)
        hands[seat].remove(card)
        cards.append(card)
        seat = next_seat(seat)
    return {"trump": trump, "leader": leader, "trick": [card_code(c) for c in cards]}


@register
class TrickWinner(CoincheType):
    name = "trick_winner"
    topic = "tricks"
    situations = ("trick_won_by_trump", "trick_won_by_suit", "trick_won_no_trump")
    shows_winner = True

    def possible(self, profile, difficulty):
        no_trump = ("trick_won_no_trump",)
        rules = coinche_profile(profile)
        return without_no_trump(
            rules, difficulty, self.situations, {"SA": no_trump, "TA": no_trump}
        )

    def generate(self, rng, profile, difficulty):
        return _full_trick(rng, coinche_profile(profile), difficulty)

    def prompt(self, question):
        d = question["data"]
        return Step("quiz_coinche_trick_winner", {"trump": d["trump"], "seat": d["leader"]})

    def table(self, question):
        d = question["data"]
        return {"game": "coinche", "trump": d["trump"], "leader": d["leader"], "trick": d["trick"]}

    def choices(self, question):
        return seat_choices()

    def solve(self, question):
        d = question["data"]
        rules = self.rules(question)
        cards = parse_cards(d["trick"])
        trump = parse_trump(d["trump"], rules)
        seat = d["leader"]
        for _ in range(trick_winner(cards, trump, rules)):
            seat = next_seat(seat)
        steps = explain_trick(cards, trump, rules, seat)
        return Solution(seat, steps[:1], steps[0].code)


@register
class TrickPoints(CoincheType):
    name = "trick_points"
    topic = "tricks"
    answer_kind = "number"

    def generate(self, rng, profile, difficulty):
        return _full_trick(rng, coinche_profile(profile), difficulty)

    def prompt(self, question):
        return Step("quiz_coinche_trick_points", {"trump": question["data"]["trump"]})

    table = TrickWinner.table

    def solve(self, question):
        d = question["data"]
        rules = self.rules(question)
        count = count_trick(parse_cards(d["trick"]), parse_trump(d["trump"], rules), rules)
        return Solution(count.points, count.steps, "trick_points")

    def why_wrong(self, question, given, solution):
        return [Step("quiz_wrong_number", {"points": solution.expected, "points_given": given})]
