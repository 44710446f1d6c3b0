"""Counting questions on whole deals the engine plays: the running count, each side's total.

A deal is stored as its contract and its eight tricks (leader, cards, winner): each
seat's hand is the cards it played, so the engine can replay the deal, find the
declarations and the belote, and count it again whenever the question is asked.
"""

from __future__ import annotations

import random
from dataclasses import replace

from tutor.rules.cards import SEATS, card_code, mask_of, next_seat, parse_cards
from tutor.rules.coinche.deal import PlayedDeal, cut_and_deal, play_random, summarize
from tutor.rules.coinche.declarations import best_declarations, hand_belotes
from tutor.rules.coinche.profiles import Profile, coinche_profile
from tutor.rules.coinche.scoring import Contract
from tutor.rules.coinche.tricks import SA, parse_trump
from tutor.rules.count import count_running, count_totals
from tutor.rules.explain import Step, gettext_noop, messages, variants

from ..base import Solution, register
from .common import SIDES, CoincheType, draw_trump

messages(
    {
        "quiz_coinche_running": variants(
            lambda params: "last" if params["last"] else "cards",
            cards=gettext_noop(
                "The contract is %(strain)s. Count as the tricks go by: how many card points "
                "have %(side)s taken, without the last trick's 10?"
            ),
            last=gettext_noop(
                "The contract is %(strain)s. Count as the tricks go by: how many points have "
                "%(side)s taken, with the last trick's 10 (or the capot's 100)?"
            ),
        ),
        "quiz_show_trick_played": variants(
            lambda params: "own" if params["seat"] == params["seat_winner"] else "other",
            other=gettext_noop("Trick %(number)s: %(seat)s leads, %(seat_winner)s wins."),
            own=gettext_noop("Trick %(number)s: %(seat)s leads and wins it."),
        ),
        "quiz_coinche_deal_total": variants(
            lambda params: "declarations" if params["declarations"] else "plain",
            plain=gettext_noop(
                "The contract is %(strain)s and nobody declares. Before the contract is settled, "
                "what total has each partnership made: cards, last trick or capot, belote?"
            ),
            declarations=gettext_noop(
                "The contract is %(strain)s and every player declares their best. Before the "
                "contract is settled, what total has each partnership made: cards, last trick "
                "or capot, declarations, belote?"
            ),
        ),
        "quiz_show_belote_held": variants(
            lambda params: "one" if params["count"] == 1 else "several",
            one=gettext_noop("%(seat)s holds the king and queen of trump."),
            several=gettext_noop(
                "%(seat)s holds the king and queen of %(count)s suits, every one a trump."
            ),
        ),
    }
)

# From this level the count includes the last trick's 10, and the side asked about varies.
LAST_TRICK_FROM = 2
# From this level the deal's total includes the declarations every player holds.
DECLARATIONS_FROM = 2
# At this level, one deal in this many is a capot (random play almost never makes one).
CAPOT_LEVEL, CAPOT_SHARE = 3, 0.25


def _capot_deck(rng: random.Random, trump: int, side: int) -> dict[str, list[int]]:
    """Hands where ``side`` cannot lose a trick: every trump, and the aces, tens and two of
    the kings of the other suits, so any lead is won by that side whoever plays it."""
    strong = [card for card in range(32) if card >> 3 == trump]
    plain = [suit for suit in range(4) if suit != trump]
    weak_king = rng.choice(plain)
    for suit in plain:
        ranks = (7, 3) if suit == weak_king else (7, 3, 6)  # A, T, K in cards.RANKS order
        strong += [suit * 8 + rank for rank in ranks]
    weak = [card for card in range(32) if card not in strong]
    rng.shuffle(strong)
    rng.shuffle(weak)
    seats = [seat for seat in SEATS if SEATS.index(seat) & 1 == side]
    others = [seat for seat in SEATS if SEATS.index(seat) & 1 != side]
    # Whoever leads, the strong side wins: the lead needs no fixing.
    return {seats[0]: strong[:8], seats[1]: strong[8:], others[0]: weak[:8], others[1]: weak[8:]}


def played_deal(rng: random.Random, rules: Profile, difficulty: int, capot: bool = False) -> dict:
    """A deal cut, dealt and played at random by the engine under a random contract: its
    contract and its tricks in order. With ``capot``, a suit contract whose takers hold the
    cards that take every trick."""
    dealer = rng.choice(SEATS)
    seat = rng.choice(SEATS)
    if capot:
        trump_code = rng.choice([t for t in rules.trumps if t in "SHDC"])
        trump = parse_trump(trump_code, rules)
        hands = _capot_deck(rng, trump, SEATS.index(seat) & 1)
    else:
        trump_code = draw_trump(rng, rules, difficulty)
        trump = parse_trump(trump_code, rules)
        hands = cut_and_deal(rng, dealer).hands
    bid = rng.randrange(rules.min_bid, min(rules.max_bid, 130) + 1, rules.bid_step)
    contract = Contract(seat, bid, trump, 1)
    masks = [mask_of(hands[s]) for s in SEATS]
    leader = SEATS.index(next_seat(dealer))
    played = play_random(masks, leader, trump, rules.undertrump, rng, rules)
    tricks = [
        {
            "leader": SEATS[played.leaders[n]],
            "cards": [card_code(card) for card in played.plays[4 * n : 4 * n + 4]],
            "winner": SEATS[played.winners[n]],
        }
        for n in range(8)
    ]
    return {"dealer": dealer, "contract": contract.as_dict(), "tricks": tricks}


def replayed(data: dict, rules: Profile):
    """The deal of ``data`` again: the contract, each seat's hand (bitmasks, order of
    :data:`SEATS`) and the engine's :class:`PlayedDeal`."""
    c = data["contract"]
    contract = Contract(c["seat"], c["bid"], parse_trump(c["trump"], rules), c["double"])
    plays, leaders, winners = [], [], []
    hands = [0, 0, 0, 0]
    counts = [0, 0, 0, 0]
    for trick in data["tricks"]:
        cards = parse_cards(trick["cards"])
        leader = SEATS.index(trick["leader"])
        for offset, card in enumerate(cards):
            hands[(leader + offset) & 3] |= 1 << card
        plays += cards
        leaders.append(leader)
        winners.append(SEATS.index(trick["winner"]))
        counts[winners[-1]] += 1
    return contract, hands, PlayedDeal(plays, leaders, winners, counts)


def deal_table(question: dict) -> dict:
    """The contract badge on the table (the tricks are listed beside it)."""
    return {"game": "coinche", "contract": question["data"]["contract"], "to_play": False}


@register
class RunningCount(CoincheType):
    name = "running_count"
    topic = "tricks"
    answer_kind = "number"

    def generate(self, rng, profile, difficulty):
        data = played_deal(rng, coinche_profile(profile), difficulty)
        later = difficulty >= LAST_TRICK_FROM
        data["side"] = rng.choice(SIDES) if later else "NS"
        data["last"] = later
        return data

    def prompt(self, question):
        d = question["data"]
        return Step(
            "quiz_coinche_running",
            {"trump": d["contract"]["trump"], "side": d["side"], "last": d["last"]},
        )

    def show(self, question):
        return [
            {
                "text": {
                    "code": "quiz_show_trick_played",
                    "params": {
                        "number": number,
                        "seat": trick["leader"],
                        "seat_winner": trick["winner"],
                    },
                },
                "cards": trick["cards"],
            }
            for number, trick in enumerate(question["data"]["tricks"], 1)
        ]

    table = staticmethod(deal_table)

    def solve(self, question):
        d = question["data"]
        rules = self.rules(question)
        tricks = [(parse_cards(t["cards"]), t["winner"]) for t in d["tricks"]]
        trump = parse_trump(d["contract"]["trump"], rules)
        count = count_running(rules, trump, tricks, SIDES.index(d["side"]), d["last"])
        return Solution(count.points, count.steps, "count_running")

    def why_wrong(self, question, given, solution):
        return [Step("quiz_wrong_number", {"points": solution.expected, "points_given": given})]


@register
class DealTotal(CoincheType):
    name = "deal_total"
    topic = "scoring"
    answer_kind = "scores"

    def generate(self, rng, profile, difficulty):
        rules = coinche_profile(profile)
        capot = difficulty >= CAPOT_LEVEL and rng.random() < CAPOT_SHARE
        data = played_deal(rng, rules, difficulty, capot=capot)
        data["declarations"] = difficulty >= DECLARATIONS_FROM and rules.declarations
        data["sides"] = list(SIDES)
        return data

    def _counted(self, question):
        """The engine's summary of the deal, and each hand's declarations (none asked for
        below :data:`DECLARATIONS_FROM`)."""
        d = question["data"]
        rules = self.rules(question)
        contract, hands, played = replayed(d, rules)
        summary = summarize(rules, contract, hands, played)
        if d["declarations"]:
            declared = [best_declarations(hand, contract.trump, rules) for hand in hands]
        else:
            declared = [[], [], [], []]
            summary = replace(summary, declarations=(0, 0))
        return rules, summary, hands, declared

    def prompt(self, question):
        d = question["data"]
        return Step(
            "quiz_coinche_deal_total",
            {"trump": d["contract"]["trump"], "declarations": d["declarations"]},
        )

    def table(self, question):
        rules, summary, _hands, declared = self._counted(question)
        position = {
            **deal_table(question),
            "tricks_won": dict(zip(SEATS, summary.tricks, strict=True)),
        }
        if question["data"]["declarations"]:
            position["declared"] = {
                SEATS[i]: [card_code(card) for combo in combos for card in combo.cards]
                for i, combos in enumerate(declared)
            }
        return position

    def show(self, question):
        rules, summary, hands, _declared = self._counted(question)
        rows = []
        for i, side in enumerate(SIDES):
            count = summary.tricks[i] + summary.tricks[i + 2]
            params = {"side": side, "points": summary.card_points[i], "count": count}
            rows.append({"text": {"code": "quiz_show_side_points", "params": params}})
        last = {"side": SIDES[summary.last_trick]}
        rows.append({"text": {"code": "quiz_show_last_trick", "params": last}})
        trump = summary.contract.trump
        for i, hand in enumerate(hands):
            held = hand_belotes(hand, trump, rules) if trump != SA else 0
            if held:
                params = {"seat": SEATS[i], "count": held}
                rows.append({"text": {"code": "quiz_show_belote_held", "params": params}})
        return rows

    def solve(self, question):
        rules, summary, hands, declared = self._counted(question)
        totals, steps = count_totals(rules, summary, hands, declared)
        return Solution(dict(zip(SIDES, totals, strict=True)), steps, "count_totals")

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
