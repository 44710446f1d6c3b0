"""Every drill's expected answer is the engine's, as its command line gives it.

Items are posed for many seeds, under every profile and level, and the same deals are
asked of ``python -m tutor.rules replay`` / ``score`` (one process per command, the
questions as JSON Lines): the running count is the replay's card points (with the last
trick's 10 or the capot's 100), a trick is the replay's trick points, a deal's totals are
the replay's card points, bonus, declarations and belote, a score line is the score
command's, and Chouine's trick, announcements and deal are the Chouine replay's and score's.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tutor import exercises
from tutor.quiz import drills
from tutor.rules.cards import SEATS
from tutor.rules.chouine.scenarios import random_game

ROOT = Path(__file__).resolve().parents[2]
COINCHE = ("federation", "maison", "official", "online-es", "encyclopedia")
SEEDS = range(20)
LEVELS = (1, 2, 3)


def cli(command: str, payloads: list[dict]) -> list[dict]:
    """The command line's answers, one per question, asked in one process."""
    done = subprocess.run(
        [sys.executable, "-m", "tutor.rules", command],
        input="\n".join(json.dumps(p) for p in payloads),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=300,
    )
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(payloads), done.stderr
    return answers


def posed(type_name: str, profiles) -> list[dict]:
    return [
        exercises.pose(type_name, seed, profile, {"difficulty": level})
        for profile in profiles
        for level in LEVELS
        for seed in SEEDS
    ]


def replay_question(question: dict) -> dict:
    """The deal of a running count or a deal's totals, as the replay command reads it."""
    d = question["data"]
    hands = {seat: [] for seat in SEATS}
    plays = []
    for trick in d["tricks"]:
        leader = SEATS.index(trick["leader"])
        for offset, card in enumerate(trick["cards"]):
            hands[SEATS[(leader + offset) & 3]].append(card)
        plays += trick["cards"]
    payload = {
        "profile": question["profile"],
        "dealer": d["dealer"],
        "hands": hands,
        "plays": plays,
        "contract": d["contract"],
    }
    if not d.get("declarations", True):
        payload["announce"] = {}
    return payload


def bonuses(answer: dict) -> tuple[int, int]:
    """Each side's last-trick 10, or the capot's 100, read off the replay's tricks."""
    won = [SEATS.index(trick["winner"]) & 1 for trick in answer["tricks"]]
    if won.count(0) == 8 or won.count(1) == 8:
        return (100, 0) if won[0] == 0 else (0, 100)
    return (10, 0) if won[-1] == 0 else (0, 10)


def test_the_drills_are_exercise_types_the_review_can_pose():
    for drill in drills.DRILLS.values():
        assert drill.type in exercises.TYPES
        assert set(drill.levels) == {1, 2, 3}


def test_running_counts_and_tricks_are_the_replays():
    questions = posed("running_count", COINCHE)
    answers = cli("replay", [replay_question(q) for q in questions])
    tricks_checked = 0
    for question, answer in zip(questions, answers, strict=True):
        assert answer["valid"], answer
        d = question["data"]
        side = ("NS", "EW").index(d["side"])
        expected = answer["card_points"][d["side"]]
        if d["last"]:
            expected += bonuses(answer)[side]
        assert exercises.solve(question).expected == expected
        for trick in answer["tricks"]:
            data = {"trump": d["contract"]["trump"], "leader": trick["leader"]}
            item = exercises.fixed(
                "trick_points", question["profile"], {**data, "trick": trick["cards"]}
            )
            assert exercises.solve(item).expected == trick["points"]
            tricks_checked += 1
    assert tricks_checked == 8 * len(questions)
    # The levels change what is counted: the last trick's 10 from level 2.
    assert {q["data"]["last"] for q in questions} == {False, True}


def test_deal_totals_are_the_replays():
    questions = posed("deal_total", COINCHE)
    answers = cli("replay", [replay_question(q) for q in questions])
    capots = 0
    for question, answer in zip(questions, answers, strict=True):
        assert answer["valid"], answer
        bonus = bonuses(answer)
        expected = {
            side: answer["card_points"][side]
            + bonus[i]
            + answer["declarations"][side]
            + answer["belote"][side]
            for i, side in enumerate(("NS", "EW"))
        }
        assert exercises.solve(question).expected == expected
        capots += 100 in bonus
    assert capots > 0  # level 3 deals capots


def test_score_lines_are_the_score_commands():
    questions = posed("deal_score", COINCHE)
    payloads = []
    for question in questions:
        d = question["data"]
        contract = dict(d["contract"])
        if d["classic"]:
            contract.update(bid=None, double=1)
        payloads.append(
            {
                "profile": question["profile"],
                "game": "belote" if d["classic"] else "coinche",
                "contract": contract,
                "card_points": dict(zip(("NS", "EW"), d["card_points"], strict=True)),
                "tricks": dict(zip(SEATS, d["tricks"], strict=True)),
                "last_trick": ("NS", "EW")[d["last_trick"]],
                "declarations": dict(zip(("NS", "EW"), d["declarations"], strict=True)),
                "belote": dict(zip(("NS", "EW"), d["belote"], strict=True)),
                "deposit": d.get("deposit", 0),
            }
        )
    answers = cli("score", payloads)
    for question, answer in zip(questions, answers, strict=True):
        assert exercises.solve(question).expected == answer["scores"], answer
    assert any(q["data"].get("deposit") for q in questions)  # level 3's litige deposit


def test_chouine_tricks_are_the_replays():
    games = [{"profile": "chouine", **random_game(seed)} for seed in range(40)]
    answers = cli("replay", games)
    for answer in answers:
        assert answer["valid"], answer
        for trick in answer["tricks"]:
            last = trick["number"] == 16
            lead, reply = trick["cards"]
            data = {"lead": lead, "reply": reply, "trump": answer["trump"]}
            item = exercises.fixed(
                "chouine_trick_points", "chouine", {**data, "leader": trick["leader"], "last": last}
            )
            assert exercises.solve(item).expected == trick["points"] + (10 if last else 0)


def _announcements(made):
    return [{"kind": kind, "suit": suit} if suit else {"kind": kind} for kind, suit in made]


def test_chouine_announcements_and_deals_are_the_score_commands():
    announced = posed("chouine_announcement_points", ["chouine"])
    payloads = []
    for question in announced:
        d = question["data"]
        other = "B" if d["player"] == "A" else "A"
        payloads.append(
            {
                "profile": "chouine",
                "trump": d["trump"],
                "card_points": {"A": 60, "B": 60},
                "last_trick": other,
                "announcements": {d["player"]: _announcements(d["announcements"])},
            }
        )
    for question, answer in zip(announced, cli("score", payloads), strict=True):
        assert (
            exercises.solve(question).expected == answer["scores"][question["data"]["player"]] - 60
        )
    deals = posed("chouine_deal_points", ["chouine"])
    payloads = [
        {
            "profile": "chouine",
            "trump": q["data"]["trump"],
            "card_points": q["data"]["card_points"],
            "last_trick": q["data"]["last_trick"],
            "announcements": {
                player: _announcements(made) for player, made in q["data"]["announcements"].items()
            },
        }
        for q in deals
    ]
    for question, answer in zip(deals, cli("score", payloads), strict=True):
        assert exercises.solve(question).expected == answer["scores"]


@pytest.mark.parametrize("type_name", [d.type for d in drills.DRILLS.values()])
def test_every_drill_explains_its_sum_term_by_term_down_to_the_answer(type_name):
    profile = exercises.get_type(type_name).profiles[0]
    for seed in SEEDS:
        question = exercises.pose(type_name, seed, profile, {"difficulty": 3})
        solution = exercises.solve(question)
        text = " ".join(exercises.text(step, "en") for step in solution.steps)
        assert "+" in text or len(solution.steps) > 2, text
        totals = (
            solution.expected.values()
            if isinstance(solution.expected, dict)
            else [solution.expected]
        )
        for total in totals:
            # A total of zero may be said in words ("In all: no points.").
            said = [f"{total:,}"] + (["no points", "nothing"] if total == 0 else [])
            assert any(words in text for words in said), (total, text)
