"""The command line, in process and as a subprocess, good questions and bad ones."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.rules.cli import main
from tutor.rules.coinche.scenarios import scenario

ROOT = Path(__file__).resolve().parents[2]

LEGAL = {
    "profile": "federation",
    "trump": "H",
    "hand": ["JH", "KD"],
    "trick": [
        {"seat": "S", "card": "AS"},
        {"seat": "W", "card": "TS"},
        {"seat": "N", "card": "7S"},
    ],
    "seat": "E",
}
SCORE = {
    "profile": "official",
    "game": "coinche",
    "contract": {"seat": "S", "bid": 100, "trump": "H", "double": 1},
    "card_points": {"NS": 98, "EW": 54},
    "tricks": {"N": 3, "E": 1, "S": 3, "W": 1},
    "last_trick": "S",
    "declarations": {"NS": 0, "EW": 0},
    "belote": {"NS": 0, "EW": 0},
    "deposit": 0,
}
AUCTION = {"profile": "federation", "dealer": "N", "calls": ["pass", "90H", "100S", "coinche"]}


def run(command: str, text: str, *options: str) -> tuple[int, list[dict]]:
    out = io.StringIO()
    status = main([command, *options], io.StringIO(text), out)
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def run_process(command: str, text: str, *options: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tutor.rules", command, *options],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_it_answers_the_cli_md_legal_example_as_a_subprocess():
    done = run_process("legal", json.dumps(LEGAL))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["legal"] == ["JH"]
    assert all(set(step) == {"code", "text"} for step in answer["steps"])


def test_it_answers_the_cli_md_score_example_as_a_subprocess():
    done = run_process("score", json.dumps(SCORE), "--lang", "pt")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["scores"] == {"NS": 210, "EW": 50}
    assert answer["made"] is True and answer["deposit"] == 0


def test_it_exits_2_with_json_and_no_traceback_as_a_subprocess():
    done = run_process("score", "{not json")
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"]["code"] == "bad_json"
    assert "Traceback" not in done.stderr


def test_it_answers_json_lines_one_line_each_in_order():
    lines = "\n".join(json.dumps(q) for q in (AUCTION, {**AUCTION, "calls": ["pass"] * 4}))
    status, answers = run("auction", lines)
    assert status == 0
    assert answers[0]["contract"]["double"] == 2 and answers[0]["done"] is False
    assert answers[1]["contract"] is None and answers[1]["done"] is True


def test_it_accepts_one_pretty_printed_object():
    status, answers = run("legal", json.dumps(LEGAL, indent=2))
    assert status == 0 and answers[0]["legal"] == ["JH"]


def test_it_keeps_answering_after_a_bad_line_and_exits_2():
    status, answers = run("legal", "{oops\n" + json.dumps(LEGAL))
    assert status == 2
    assert answers[0]["error"]["code"] == "bad_json"
    assert answers[1]["legal"] == ["JH"]


def test_an_illegal_call_is_a_normal_answer():
    status, answers = run("auction", json.dumps({**AUCTION, "calls": ["90H", "80S"]}))
    assert status == 0
    assert answers[0]["valid"] is False and answers[0]["index"] == 1


def test_it_renders_in_the_language_asked():
    status, answers = run("legal", json.dumps(LEGAL), "--lang", "fr")
    assert status == 0 and answers[0]["steps"][0]["code"] == "must_trump"


def test_house_rules_profile_as_an_object():
    question = {**AUCTION, "profile": {"base": "federation", "max_bid": 180}, "calls": ["170H"]}
    status, answers = run("auction", json.dumps(question))
    assert status == 0 and answers[0]["valid"] is True


def test_replay_cli_md_shape_with_calls():
    s = scenario("fails_by_one_point", 3)
    question = {
        "profile": "federation",
        "dealer": s["dealer"],
        "hands": s["hands"],
        "contract": s["contract"],
        "plays": s["plays"],
    }
    status, answers = run("replay", json.dumps(question))
    answer = answers[0]
    assert status == 0 and answer["valid"] is True
    assert len(answer["tricks"]) == 8
    assert sum(t["points"] for t in answer["tricks"]) == 152
    assert answer["scores"] == s["scores"] and answer["made"] is False


def test_replay_stops_at_the_first_illegal_play():
    s = scenario("must_overtrump", 2)
    hands = s["hands"]
    plays = s["plays"]
    # The card the rule forbids, played where the scenario stops.
    wrong = next(card for card in s["hand"] if card not in s["legal"])
    question = {
        "profile": "federation",
        "dealer": s["dealer"],
        "hands": hands,
        "contract": {"seat": "S", "bid": 80, "trump": s["trump"]},
        "plays": [*plays, wrong],
    }
    status, answers = run("replay", json.dumps(question))
    assert status == 0
    assert answers[0]["valid"] is False and answers[0]["index"] == len(plays)
    codes = [step["code"] for step in answers[0]["steps"]]
    assert codes[-3:-1] == ["illegal_play", "must_overtrump"]


def test_replay_with_calls_and_redeal():
    s = scenario("capot", 1)
    question = {
        "profile": "federation",
        "dealer": "N",
        "hands": s["hands"],
        "calls": ["pass", "pass", "pass", "pass"],
        "plays": [],
    }
    status, answers = run("replay", json.dumps(question))
    assert status == 0 and answers[0]["contract"] is None


def test_chouine_questions_go_to_the_chouine_engine():
    question = {
        "profile": "chouine",
        "trump": "H",
        "card_points": {"A": 60, "B": 60},
        "last_trick": "A",
        "announcements": {
            "A": [{"kind": "marriage", "suit": "D"}],
            "B": [{"kind": "marriage", "suit": "H"}],
        },
        "chouine": None,
    }
    status, answers = run("score", json.dumps(question))
    assert status == 0
    assert answers[0]["scores"] == {"A": 90, "B": 100} and answers[0]["winner"] == "B"


def _with(base: dict, **changes) -> dict:
    result = json.loads(json.dumps(base))
    for path, value in changes.items():
        target = result
        keys = path.split("__")
        for key in keys[:-1]:
            target = target[key]
        if value is _DROP:
            del target[keys[-1]]
        else:
            target[keys[-1]] = value
    return result


_DROP = object()


def q(base: dict, **changes) -> str:
    return json.dumps(_with(base, **changes))


CAPOT = {
    **SCORE,
    "contract": {"seat": "S", "bid": "capot", "trump": "H"},
    "card_points": {"NS": 152, "EW": 0},
    "tricks": {"NS": 8, "EW": 0},
}
HANDS = scenario("capot", 1)["hands"]
REPLAY = {"dealer": "W", "hands": HANDS, "contract": {"seat": "S", "bid": 80, "trump": "H"}}

BAD = [
    ("score", "{", "bad_json"),
    ("score", "[1, 2]", "not_an_object"),
    ("legal", q(LEGAL, hand=["JH", "ZZ"]), "bad_card"),
    ("legal", q(LEGAL, hand=["JH", "AS"]), "duplicate_card"),
    ("legal", q(LEGAL, hand=["JH", "JH"]), "duplicate_card"),
    ("legal", q(LEGAL, seat="X"), "bad_seat"),
    ("legal", q(LEGAL, seat="S"), "seat_in_trick"),
    ("legal", q(LEGAL, trump="Z"), "bad_trump"),
    ("legal", q(LEGAL, trump="SA"), "trump_not_in_profile"),
    ("legal", q(LEGAL, hand=_DROP), "missing_field"),
    ("legal", q(LEGAL, hand="JH"), "bad_card_list"),
    ("legal", q(LEGAL, trick=[{"card": "AS"}]), "bad_trick"),
    ("legal", q(LEGAL, profile="nope"), "unknown_profile"),
    ("score", q(SCORE, card_points__EW=50), "impossible_card_points"),
    ("score", q(SCORE, card_points__EW="54"), "bad_field"),
    ("score", q(SCORE, tricks__W=0), "impossible_tricks"),
    ("score", q(CAPOT, card_points={"NS": 150, "EW": 2}), "points_without_tricks"),
    ("score", q(CAPOT, last_trick="E"), "last_trick_without_tricks"),
    ("score", q(SCORE, contract__bid=85), "bad_bid"),
    ("score", q(SCORE, contract__double="two"), "bad_double"),
    ("score", q(SCORE, contract__seat="Q"), "bad_seat"),
    ("score", q(SCORE, belote={"NS": 20, "EW": 20}), "impossible_belote"),
    ("score", q(SCORE, declarations={"NS": 25}), "bad_declarations"),
    ("score", q(SCORE, game="tarot"), "bad_game"),
    ("score", q(SCORE, profile="federation", game="belote"), "game_not_in_profile"),
    ("score", q(SCORE, contract=_DROP), "missing_field"),
    (
        "score",
        json.dumps(_with(SCORE, profile={"base": "official", "colour": 1})),
        "unknown_option",
    ),
    (
        "score",
        json.dumps(_with(SCORE, profile={"base": "official", "target": "x"})),
        "bad_option_type",
    ),
    ("auction", q(AUCTION, calls=["pass", "banana"]), "bad_call"),
    ("auction", q(AUCTION, calls="pass"), "bad_field"),
    ("auction", q(AUCTION, dealer="Z"), "bad_seat"),
    ("auction", q(AUCTION, profile="chouine"), "no_auction_in_profile"),
    ("replay", q(REPLAY, plays=["7S", "XX"]), "bad_card"),
    ("replay", q(REPLAY, plays=[], hands__N=HANDS["N"][:7]), "hand_size"),
    ("replay", q(REPLAY, plays=[], hands__N=HANDS["S"]), "duplicate_card"),
    ("replay", q(REPLAY, plays=[], hands__E=_DROP), "missing_field"),
    ("replay", q(REPLAY, plays=[], calls=["pass"]), "contract_or_calls"),
    (
        "replay",
        json.dumps(_with(REPLAY, plays=[], announce={"E": ["quinte"]})),
        "announce_not_held",
    ),
    ("replay", q(REPLAY, plays=[], announce={"S": ["sixte"]}), "bad_announce"),
    ("replay", q(REPLAY, plays=HANDS["S"] * 2), "duplicate_card"),
]


@pytest.mark.parametrize(("command", "text", "code"), BAD, ids=[f"{b[0]}-{b[2]}" for b in BAD])
def test_bad_input_gives_an_error_and_status_2(command, text, code):
    status, answers = run(command, text)
    assert status == 2
    assert answers == [{"error": {"code": code, "text": answers[0]["error"]["text"]}}]
    assert answers[0]["error"]["text"]


@pytest.mark.parametrize("argv", [[], ["bid"], ["legal", "--lang", "de"], ["legal", "--verbose"]])
def test_bad_command_line(argv):
    out = io.StringIO()
    assert main(argv, io.StringIO("{}"), out) == 2
    assert json.loads(out.getvalue())["error"]["code"] == "bad_command"


def test_empty_input():
    status, answers = run("score", "  \n")
    assert status == 2 and answers[0]["error"]["code"] == "empty_input"


def test_auction_in_progress_lists_legal_calls_and_refusals():
    status, answers = run("auction", json.dumps({"dealer": "N", "calls": ["pass", "160H"]}))
    answer = answers[0]
    assert status == 0 and answer["next"] == "E"
    assert answer["legal_calls"] == ["pass", "capotS", "capotH", "capotD", "capotC", "coinche"]
    refused = {r["call"]: r["code"] for r in answer["refused"]}
    assert refused == {
        "capotSA": "trump_not_in_profile",
        "capotTA": "trump_not_in_profile",
        "surcoinche": "surcoinche_not_coinched",
    }


def test_replay_from_calls():
    s = scenario("capot", 2)
    question = {
        "profile": "federation",
        "dealer": "W",
        "hands": s["hands"],
        "calls": ["capot" + s["contract"]["trump"], "pass", "pass", "pass"],
        "plays": s["plays"],
    }
    status, answers = run("replay", json.dumps(question))
    answer = answers[0]
    assert status == 0 and answer["valid"]
    assert answer["contract"]["bid"] == "capot" and answer["made"] is True
    assert all(trick["winner"] == "S" for trick in answer["tricks"])
    assert answer["card_points"] == {"NS": 152, "EW": 0}


VECTORS = Path(__file__).parent / "vectors"


@pytest.mark.parametrize("lang", ["en", "pt", "es", "ro", "fr"])
def test_every_vector_renders_in_every_language(lang):
    for command, name in (
        ("score", "coinche_score.json"),
        ("legal", "coinche_legal.json"),
        ("auction", "coinche_auction.json"),
    ):
        vectors = json.loads((VECTORS / name).read_text(encoding="utf-8"))["vectors"]
        text = "\n".join(json.dumps(v["input"]) for v in vectors)
        status, answers = run(command, text, "--lang", lang)
        assert status == 0, answers
        assert all(step["text"] for answer in answers for step in answer["steps"])


def test_every_message_uses_named_placeholders():
    import re

    from tutor.rules.explain import MESSAGES, english_texts

    for code, message in MESSAGES.items():
        for text in english_texts(message):
            assert not re.search(r"%[sd]", text), code
