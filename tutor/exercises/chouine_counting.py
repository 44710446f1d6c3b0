"""Chouine counting questions: a trick, a player's announcements, each player's total.

Every answer and every term of its sum comes from the engine (:mod:`tutor.rules.count`
and :mod:`tutor.rules.chouine.score`).
"""

from __future__ import annotations

from tutor.rules.cards import DECK, SUITS, card_code, parse_card
from tutor.rules.chouine.announce import Kind
from tutor.rules.chouine.score import score_deal
from tutor.rules.count import count_chouine_announcements, count_chouine_trick
from tutor.rules.explain import Step, gettext_noop, messages, ngettext_noop, variants

from .base import QuestionType, Solution, register
from .chouine import PROFILES, ChouineDealWinner, _announce_label

messages(
    {
        "quiz_chouine_trick_points": variants(
            lambda params: "last" if params["last"] else "plain",
            plain=gettext_noop("Trumps are %(trump)s. How many points is this trick worth?"),
            last=gettext_noop(
                "Trumps are %(trump)s and this is the last trick of the deal. How many points "
                "is it worth, with its bonus?"
            ),
        ),
        "quiz_chouine_announcement_points": gettext_noop(
            "Trumps are %(trump)s. %(the_player)s made these announcements during the deal. "
            "How many points do they bring?"
        ),
        "quiz_chouine_deal_points": ngettext_noop(
            "Trumps are %(trump)s. %(the_player)s captured %(points)s card point, the opponent "
            "%(points_other)s; %(the_player_last)s won the last trick. What does each player "
            "total?",
            "Trumps are %(trump)s. %(the_player)s captured %(points)s card points, the opponent "
            "%(points_other)s; %(the_player_last)s won the last trick. What does each player "
            "total?",
            "points",
        ),
        "quiz_wrong_player_score": gettext_noop(
            "%(the_player)s totals %(points)s, not %(points_given)s."
        ),
    }
)

# At this level a trick may be the deal's last, and its bonus counts.
LAST_TRICK_LEVEL = 3
# How many announcements one player makes, by level, and from which level a trump suit's
# combination (worth double) and a quinte of brisques come in.
ANNOUNCEMENTS = {1: (1, 2), 2: (1, 3), 3: (2, 4)}
TRUMP_FROM, QUINTE_FROM = 2, 3
SUIT_KINDS = (Kind.MARRIAGE, Kind.MARRIAGE, Kind.TIERCE, Kind.QUATERON)


@register
class ChouineTrickPoints(QuestionType):
    name = "chouine_trick_points"
    game = "chouine"
    topic = "chouine_scoring"
    answer_kind = "number"
    profiles = PROFILES

    def generate(self, rng, profile, difficulty):
        lead, reply = rng.sample(DECK, 2)
        return {
            "lead": card_code(lead),
            "reply": card_code(reply),
            "trump": SUITS[rng.randrange(4)],
            "leader": rng.choice("AB"),
            "last": difficulty >= LAST_TRICK_LEVEL and rng.random() < 0.35,
        }

    def prompt(self, question):
        d = question["data"]
        return Step("quiz_chouine_trick_points", {"trump": d["trump"], "last": d["last"]})

    def table(self, question):
        d = question["data"]
        return {
            "game": "chouine",
            "trump": d["trump"],
            "leader": d["leader"],
            "trick": [d["lead"], d["reply"]],
            "to_play": False,
        }

    def solve(self, question):
        d = question["data"]
        count = count_chouine_trick([parse_card(d["lead"]), parse_card(d["reply"])], d["last"])
        return Solution(count.points, count.steps, "count_chouine_trick")

    def why_wrong(self, question, given, solution):
        return [Step("quiz_wrong_number", {"points": solution.expected, "points_given": given})]


def _announcements(question: dict) -> list[tuple[Kind, int | None]]:
    return [
        (Kind(kind), SUITS.index(suit) if suit else None)
        for kind, suit in question["data"]["announcements"]
    ]


@register
class ChouineAnnouncementPoints(QuestionType):
    name = "chouine_announcement_points"
    game = "chouine"
    topic = "chouine_announcements"
    answer_kind = "number"
    profiles = PROFILES

    def generate(self, rng, profile, difficulty):
        trump = rng.randrange(4)
        suits = [suit for suit in range(4) if difficulty >= TRUMP_FROM or suit != trump]
        rng.shuffle(suits)
        low, high = ANNOUNCEMENTS[difficulty]
        made = []
        for _ in range(rng.randint(low, high)):
            quinte_done = any(kind == "quinte" for kind, _suit in made)
            if difficulty >= QUINTE_FROM and not quinte_done and rng.random() < 0.25:
                made.append(["quinte", None])
                continue
            if not suits:
                break
            made.append([rng.choice(SUIT_KINDS).value, SUITS[suits.pop()]])
        return {"trump": SUITS[trump], "player": rng.choice("AB"), "announcements": made}

    def prompt(self, question):
        d = question["data"]
        return Step(
            "quiz_chouine_announcement_points", {"trump": d["trump"], "player": d["player"]}
        )

    def show(self, question):
        labels = [_announce_label(kind, suit) for kind, suit in question["data"]["announcements"]]
        return [{"labels": labels}]

    def table(self, question):
        return {"game": "chouine", "trump": question["data"]["trump"], "to_play": False}

    def solve(self, question):
        d = question["data"]
        trump = SUITS.index(d["trump"])
        count = count_chouine_announcements(d["player"], _announcements(question), trump)
        return Solution(count.points, count.steps, "count_chouine_announcements")

    def why_wrong(self, question, given, solution):
        return [Step("quiz_wrong_number", {"points": solution.expected, "points_given": given})]


@register
class ChouineDealPoints(QuestionType):
    name = "chouine_deal_points"
    game = "chouine"
    topic = "chouine_scoring"
    answer_kind = "scores"
    profiles = PROFILES

    def generate(self, rng, profile, difficulty):
        data = ChouineDealWinner.generate(self, rng, profile, difficulty)
        return {**data, "sides": ["A", "B"]}

    def prompt(self, question):
        d = question["data"]
        return Step(
            "quiz_chouine_deal_points",
            {
                "trump": d["trump"],
                "player": "A",
                "points": d["card_points"]["A"],
                "points_other": d["card_points"]["B"],
                "player_last": d["last_trick"],
            },
        )

    show = ChouineDealWinner.show
    table = ChouineDealWinner.table

    def solve(self, question):
        d = question["data"]
        announcements = {
            player: [(Kind(kind), SUITS.index(suit) if suit else None) for kind, suit in made]
            for player, made in d["announcements"].items()
        }
        result = score_deal(
            d["card_points"], d["last_trick"], announcements, SUITS.index(d["trump"])
        )
        steps = [step for step in result.steps if not step.code.startswith("chouine_deal_")]
        return Solution(result.scores, steps, "chouine_score_total")

    def why_wrong(self, question, given, solution):
        if not given:
            return []
        return [
            Step(
                "quiz_wrong_player_score",
                {"player": p, "points": solution.expected[p], "points_given": given[p]},
            )
            for p in "AB"
            if given[p] != solution.expected[p]
        ]
