"""Coinche and classic Belote questions: play, tricks, declarations, the auction, the score.

Scenarios are seeded random deals from :mod:`tutor.rules.deal` (cut, dealt
3-2-3 and, where a question needs it, played at random with legal cards);
every fact a question shows is then computed by the engine from those cards.
"""

from __future__ import annotations

import random

from tutor.rules.auction import Auction, Call, parse_call, run_auction
from tutor.rules.cards import SEATS, card_code, mask_of, next_seat, parse_cards
from tutor.rules.deal import cut_and_deal, play_random, summarize
from tutor.rules.declarations import (
    best_declarations,
    compare,
    declaration_steps,
)
from tutor.rules.errors import RulesError
from tutor.rules.explain import Step, gettext_noop, messages, ngettext_noop, variants
from tutor.rules.game import Game
from tutor.rules.play import legal_mask, legal_plays
from tutor.rules.profiles import PROFILES, Profile, coinche_profile
from tutor.rules.scenarios import KINDS as SCENARIO_KINDS
from tutor.rules.scenarios import SA_RULES, SUIT_RULES, TA_RULES, scenario
from tutor.rules.scoring import Contract, DealSummary, score_deal
from tutor.rules.tricks import explain_trick, parse_trump, trick_points, trump_code, winner_index

from .base import ExerciseError, QuestionType, Solution, broken_rule, card_mistakes
from .registry import register

COINCHE_PROFILES = tuple(name for name, p in PROFILES.items() if isinstance(p, Profile))
SIDES = ("NS", "EW")

messages(
    {
        "quiz_coinche_legal": gettext_noop(
            "The contract is %(strain)s. You are %(seat)s. Select every card you may play."
        ),
        "quiz_coinche_trick_winner": gettext_noop(
            "The contract is %(strain)s and %(seat)s led. Who wins this trick?"
        ),
        "quiz_coinche_trick_points": gettext_noop(
            "The contract is %(strain)s. How many card points is this trick worth "
            "(without the last-trick bonus)?"
        ),
        "quiz_coinche_declare": gettext_noop(
            "The contract is %(strain)s. How many points of declarations (carrés and "
            "sequences, without belote) may %(seat)s announce with this hand?"
        ),
        "quiz_coinche_declarations_winner": gettext_noop(
            "The contract is %(strain)s. These are the best declarations of each player. "
            "Which partnership scores its declarations?"
        ),
        "quiz_coinche_deal_score": gettext_noop("What does each partnership score for this deal?"),
        "quiz_coinche_made": gettext_noop("Is the contract made?"),
        "quiz_show_seat_hand": gettext_noop("Hand of %(seat)s:"),
        "quiz_show_trick": gettext_noop("Cards played, starting with %(seat)s:"),
        "quiz_show_declares": gettext_noop("%(seat)s holds:"),
        "quiz_show_nothing": gettext_noop("%(seat)s has nothing to declare."),
        "quiz_show_contract": gettext_noop("Contract: %(seat)s bid %(contract)s."),
        "quiz_show_contract_capot": gettext_noop("Contract: %(seat)s bid capot %(strain)s."),
        "quiz_show_contract_generale": gettext_noop(
            "Contract: %(seat)s bid a générale %(strain)s."
        ),
        "quiz_show_contract_classic": variants(
            lambda params: "suit" if params["trump"] in "SHDC" else params["trump"],
            suit=gettext_noop("Classic Belote: %(seat)s took, with %(trump)s as trumps."),
            SA=gettext_noop("Classic Belote: %(seat)s took, and the deal is played at no trump."),
            TA=gettext_noop("Classic Belote: %(seat)s took, and the deal is played at all trumps."),
        ),
        "quiz_show_coinche": gettext_noop("The contract was coinched: it counts double."),
        "quiz_show_surcoinche": gettext_noop("The contract was surcoinched: it counts four times."),
        "quiz_show_side_points": variants(
            lambda params: "none" if not params["count"] else "some",
            some=ngettext_noop(
                "%(side)s took %(count)s trick, worth %(points)s card points.",
                "%(side)s took %(count)s tricks, worth %(points)s card points.",
                "count",
            ),
            none=gettext_noop("%(side)s took no trick."),
        ),
        "quiz_show_last_trick": gettext_noop("%(side)s won the last trick."),
        "quiz_show_declarations": ngettext_noop(
            "%(side)s have %(points)s point of declarations.",
            "%(side)s have %(points)s points of declarations.",
            "points",
        ),
        "quiz_show_belote": ngettext_noop(
            "%(side)s hold belote-rebelote (%(points)s point).",
            "%(side)s hold belote-rebelote (%(points)s points).",
            "points",
        ),
        "quiz_show_deposit": ngettext_noop(
            "%(points)s point is held in deposit from a tied deal.",
            "%(points)s points are held in deposit from a tied deal.",
            "points",
        ),
        "quiz_wrong_number": gettext_noop("The answer is %(points)s, not %(points_given)s."),
        "quiz_choice_nobody_declares": gettext_noop("Neither partnership"),
    }
)


def _level_trumps(profile: Profile, difficulty: int) -> tuple[str, ...]:
    """Suit contracts first; no trump and all trumps from level 2 where the profile has them."""
    return profile.trumps if difficulty > 1 else profile.trumps[:4]


def _trump(rng: random.Random, profile: Profile, difficulty: int) -> str:
    return rng.choice(_level_trumps(profile, difficulty))


def _without_no_trump(profile: Profile, difficulty: int, situations, no_trump) -> tuple[str, ...]:
    """``situations`` less those of ``no_trump`` (codes by trump: ``{"SA": (...), ...}``)
    whose trump this level does not deal."""
    trumps = _level_trumps(profile, difficulty)
    ruled_out = {code for trump, codes in no_trump.items() if trump not in trumps for code in codes}
    return tuple(code for code in situations if code not in ruled_out)


def _hands(rng: random.Random) -> dict[str, list[int]]:
    deal = cut_and_deal(rng, rng.choice(SEATS))
    return {seat: sorted(cards) for seat, cards in deal.hands.items()}


def _seat_choices() -> list[dict]:
    return [
        {"value": s, "label": {"code": "quiz_choice_seat", "params": {"seat": s}}} for s in "NESW"
    ]


def _side_choices() -> list[dict]:
    return [
        {"value": s, "label": {"code": "quiz_choice_side", "params": {"side": s}}} for s in SIDES
    ]


class CoincheType(QuestionType):
    game = "coinche"
    profiles = COINCHE_PROFILES

    @staticmethod
    def rules(question: dict) -> Profile:
        return coinche_profile(question["profile"])


# How many cards are already on the table when a legal-cards question is asked, by level.
CARDS_BEFORE = {1: range(0, 2), 2: range(1, 4), 3: range(1, 4)}


def _trick(rng: random.Random, difficulty: int) -> tuple[str, list[int], dict[str, list[int]]]:
    """A leader, the cards already played (0-3) and the hands they came from."""
    hands = _hands(rng)
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
        return _without_no_trump(rules, difficulty, situations, {"SA": SA_RULES, "TA": TA_RULES})

    def generate(self, rng, profile, difficulty):
        rules = coinche_profile(profile)
        leader, cards, hands = _trick(rng, difficulty)
        seat = leader
        for _ in cards:
            seat = next_seat(seat)
        return {
            "trump": _trump(rng, rules, difficulty),
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

    def show(self, question):
        d = question["data"]
        rows = []
        if d["trick"]:
            rows.append(
                {
                    "text": {"code": "quiz_show_trick", "params": {"seat": d["leader"]}},
                    "cards": d["trick"],
                }
            )
        rows.append(
            {
                "text": {"code": "quiz_show_seat_hand", "params": {"seat": d["seat"]}},
                "cards": d["hand"],
            }
        )
        return rows

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

    def why_wrong(self, question, given, solution):
        return card_mistakes(given, solution.expected, self._illegal(question))

    def rule_broken(self, question, given, solution):
        return broken_rule(given, self._illegal(question), solution.rule)


def _full_trick(rng: random.Random, profile: Profile, difficulty: int) -> dict:
    hands = _hands(rng)
    leader = rng.choice(SEATS)
    seat, cards = leader, []
    trump = _trump(rng, profile, difficulty)
    trump_int = parse_trump(trump, profile)
    undertrump = profile.undertrump
    for _ in range(4):
        mask = legal_mask(mask_of(hands[seat]), cards, trump_int, undertrump)
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

    def possible(self, profile, difficulty):
        no_trump = ("trick_won_no_trump",)
        rules = coinche_profile(profile)
        return _without_no_trump(
            rules, difficulty, self.situations, {"SA": no_trump, "TA": no_trump}
        )

    def generate(self, rng, profile, difficulty):
        return _full_trick(rng, coinche_profile(profile), difficulty)

    def prompt(self, question):
        d = question["data"]
        return Step("quiz_coinche_trick_winner", {"trump": d["trump"], "seat": d["leader"]})

    def show(self, question):
        d = question["data"]
        return [
            {
                "text": {"code": "quiz_show_trick", "params": {"seat": d["leader"]}},
                "cards": d["trick"],
            }
        ]

    def choices(self, question):
        return _seat_choices()

    def solve(self, question):
        d = question["data"]
        rules = self.rules(question)
        cards = parse_cards(d["trick"])
        trump = parse_trump(d["trump"], rules)
        seat = d["leader"]
        for _ in range(winner_index(cards, trump)):
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

    show = TrickWinner.show

    def solve(self, question):
        d = question["data"]
        rules = self.rules(question)
        cards = parse_cards(d["trick"])
        trump = parse_trump(d["trump"], rules)
        steps = explain_trick(cards, trump, rules)
        return Solution(trick_points(cards, trump, rules), steps[1:], "trick_points")

    def why_wrong(self, question, given, solution):
        return [Step("quiz_wrong_number", {"points": solution.expected, "points_given": given})]


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
        trump = _trump(rng, rules, 1)
        for _ in range(60):
            hand = _hands(rng)["S"]
            found = best_declarations(mask_of(hand), parse_trump(trump, rules), rules)
            if len(found) >= self.WANTED[difficulty]:
                break
        return {"trump": trump, "seat": rng.choice(SEATS), "hand": [card_code(c) for c in hand]}

    def prompt(self, question):
        d = question["data"]
        return Step("quiz_coinche_declare", {"trump": d["trump"], "seat": d["seat"]})

    def show(self, question):
        d = question["data"]
        return [
            {
                "text": {"code": "quiz_show_seat_hand", "params": {"seat": d["seat"]}},
                "cards": d["hand"],
            }
        ]

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
        hands = _hands(rng)
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
        trump = _trump(rng, rules, 1)
        hands, found = _declarations(rng, rules, trump, difficulty)
        return {
            "trump": trump,
            "declared": {s: [card_code(c) for comb in found[s] for c in comb.cards] for s in SEATS},
            "hands": {s: [card_code(c) for c in hands[s]] for s in SEATS},
        }

    def prompt(self, question):
        return Step("quiz_coinche_declarations_winner", {"trump": question["data"]["trump"]})

    def show(self, question):
        rows = []
        for seat, cards in question["data"]["declared"].items():
            if cards:
                rows.append(
                    {
                        "text": {"code": "quiz_show_declares", "params": {"seat": seat}},
                        "cards": cards,
                    }
                )
            else:
                rows.append({"text": {"code": "quiz_show_nothing", "params": {"seat": seat}}})
        return rows

    def choices(self, question):
        nobody = {"code": "quiz_choice_nobody_declares", "params": {}}
        return [*_side_choices(), {"value": "none", "label": nobody}]

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


def random_summary(rng: random.Random, rules: Profile, difficulty: int) -> dict:
    """A deal cut, dealt and played at random by the engine, as the facts scoring needs.

    The contract is drawn too: a classic Belote taker half the time where the
    profile counts classic Belote, doubles from level 2, capot bids at level 3.
    """
    dealer = rng.choice(SEATS)
    hands = cut_and_deal(rng, dealer).masks()
    classic = rules.classic and rng.random() < 0.5
    trump = parse_trump(_trump(rng, rules, difficulty), rules)
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
    """The facts of a deal summary as rows for the page."""
    c = d["contract"]
    if d["classic"]:
        contract = {
            "code": "quiz_show_contract_classic",
            "params": {"seat": c["seat"], "trump": c["trump"]},
        }
    elif c["bid"] in ("capot", "generale"):
        contract = {
            "code": f"quiz_show_contract_{c['bid']}",
            "params": {"seat": c["seat"], "trump": c["trump"]},
        }
    else:
        contract = {
            "code": "quiz_show_contract",
            "params": {"seat": c["seat"], "bid": c["bid"], "trump": c["trump"]},
        }
    rows = [{"text": contract}]
    if c["double"] > 1:
        code = "quiz_show_coinche" if c["double"] == 2 else "quiz_show_surcoinche"
        rows.append({"text": {"code": code, "params": {}}})
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
        return {**random_summary(rng, coinche_profile(profile), difficulty), "sides": list(SIDES)}

    def prompt(self, question):
        return Step("quiz_coinche_deal_score", {})

    def show(self, question):
        return summary_rows(question["data"])

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


messages(
    {
        "quiz_coinche_call_legal": gettext_noop(
            "%(seat)s dealt. Is the last of the calls listed above legal?"
        ),
        "quiz_coinche_final_contract": gettext_noop(
            "%(seat)s dealt and the auction went as listed. What is the final contract?"
        ),
        "quiz_call_legal": gettext_noop("This call is legal."),
        "quiz_contract": gettext_noop("%(seat)s, %(contract)s"),
        "quiz_contract_coinche": gettext_noop("%(seat)s, %(contract)s, coinched"),
        "quiz_contract_surcoinche": gettext_noop("%(seat)s, %(contract)s, surcoinched"),
        "quiz_contract_none": gettext_noop("No contract: the cards are dealt again"),
        # The auction's history: what was said, never its effect (the last call is judged).
        "quiz_history_pass": gettext_noop("%(seat)s: pass"),
        "quiz_history_bid": gettext_noop("%(seat)s: %(contract)s"),
        "quiz_history_coinche": gettext_noop("%(seat)s: coinche"),
        "quiz_history_surcoinche": gettext_noop("%(seat)s: surcoinche"),
    }
)


def call_step(call: Call, seat: str) -> dict:
    """A call as a line of the auction's history: who said what."""
    params: dict = {"seat": call.seat or seat}
    if call.kind == "bid":
        params.update(bid=call.bid, trump=call.trump)
    return {"code": f"quiz_history_{call.kind}", "params": params}


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


def _illegal_candidates(rules: Profile, auction: Auction) -> list[str]:
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
        dealer = rng.choice(SEATS)
        while True:
            calls = random_calls(rng, rules, dealer, rng.randrange(1, 3 + 2 * difficulty))
            result = run_auction(rules, dealer, calls)
            if not result.done:
                break
        if rng.random() < 0.4:
            candidate = rng.choice(result.auction.legal_calls())
        else:
            candidate = rng.choice(_illegal_candidates(rules, result.auction))
        return {"dealer": dealer, "calls": calls, "call": candidate}

    def prompt(self, question):
        return Step("quiz_coinche_call_legal", {"seat": question["data"]["dealer"]})

    def show(self, question):
        d = question["data"]
        rules = self.rules(question)
        auction = Auction(rules, d["dealer"])
        labels = []
        for text in [*d["calls"], d["call"]]:
            call = parse_call(text)
            labels.append(call_step(call, auction.turn))
            if auction.check(call) is None:
                auction.apply(call)
        return [{"labels": labels, "ordered": True}]

    def choices(self, question):
        return [
            {"value": "yes", "label": {"code": "quiz_choice_yes", "params": {}}},
            {"value": "no", "label": {"code": "quiz_choice_no", "params": {}}},
        ]

    def solve(self, question):
        d = question["data"]
        result = run_auction(self.rules(question), d["dealer"], [*d["calls"], d["call"]])
        if result.valid:
            return Solution("yes", [Step("quiz_call_legal")], "quiz_call_legal")
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


@register
class FinalContract(CoincheType):
    name = "final_contract"
    topic = "auction"
    situations = ("auction_contract", "auction_redeal")

    def generate(self, rng, profile, difficulty):
        rules = coinche_profile(profile)
        dealer = rng.choice(SEATS)
        calls = random_calls(rng, rules, dealer, None)
        result = run_auction(rules, dealer, calls)
        right = _contract_value(result.contract)
        # Tempting wrong answers: earlier bids, the last bid without its double, no contract.
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
        return {"dealer": dealer, "calls": calls, "options": options}

    def prompt(self, question):
        return Step("quiz_coinche_final_contract", {"seat": question["data"]["dealer"]})

    def show(self, question):
        d = question["data"]
        auction = Auction(self.rules(question), d["dealer"])
        labels = []
        for text in d["calls"]:
            call = parse_call(text)
            labels.append(call_step(call, auction.turn))
            auction.apply(call)
        return [{"labels": labels, "ordered": True}]

    def choices(self, question):
        return [{"value": v, "label": _contract_label(v)} for v in question["data"]["options"]]

    def solve(self, question):
        d = question["data"]
        result = run_auction(self.rules(question), d["dealer"], d["calls"])
        return Solution(_contract_value(result.contract), result.steps, result.steps[-1].code)


messages(
    {
        "quiz_coinche_game_end": gettext_noop(
            "The game is played to %(points_target)s. Before this deal North-South had "
            "%(points_ns)s and East-West %(points_ew)s. Who has won the game after it?"
        ),
        "quiz_show_pending": gettext_noop(
            "%(side)s reached the target earlier only through their belote and have not won "
            "a trick since."
        ),
        "quiz_choice_game_goes_on": gettext_noop("Nobody yet: the game goes on"),
    }
)


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

    def show(self, question):
        d = question["data"]
        rows = summary_rows(d)
        if d["pending"] is not None:
            side = SIDES[d["pending"]]
            rows.append({"text": {"code": "quiz_show_pending", "params": {"side": side}}})
        return rows

    def choices(self, question):
        goes_on = {"code": "quiz_choice_game_goes_on", "params": {}}
        return [*_side_choices(), {"value": "none", "label": goes_on}]

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
