"""The Chouine questions of the JSON interface, and their refusals of bad input."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.rules.chouine import cli as chouine_cli
from tutor.rules.chouine.scenarios import random_game
from tutor.rules.errors import RulesError
from tutor.rules.explain import MESSAGES, Step, render

ROOT = Path(__file__).resolve().parents[2]

LEGAL = {
    "profile": "chouine",
    "trump": "H",
    "hand": ["7S", "TS", "AD", "KH"],
    "trick": [{"player": "A", "card": "KS"}],
    "player": "B",
    "stock": 0,
}
SCORE = {
    "profile": "chouine",
    "trump": "H",
    "card_points": {"A": 60, "B": 60},
    "last_trick": "A",
    "announcements": {"A": [{"kind": "marriage", "suit": "D"}]},
    "chouine": None,
}


def refused(function, payload):
    with pytest.raises(RulesError) as error:
        function(payload)
    assert error.value.code in MESSAGES
    assert "%(" not in render(Step(error.value.code, error.value.params))
    return error.value.code


@pytest.mark.parametrize(
    "change, code",
    [
        ({"hand": ["7S", "ZZ", "AD", "KH"]}, "bad_card"),
        ({"hand": ["7S", "7S", "AD", "KH"]}, "duplicate_card"),
        ({"hand": ["KS", "TS", "AD", "KH"]}, "duplicate_card"),
        ({"hand": "7S TS"}, "chouine_bad_field"),
        ({"hand": []}, "chouine_bad_hand_size_closed"),
        ({"player": "N"}, "chouine_bad_player"),
        ({"player": "A"}, "chouine_trick_same_player"),
        ({"trump": "X"}, "bad_suit"),
        ({"stock": 24}, "chouine_bad_stock"),
        ({"stock": -2}, "chouine_bad_stock"),
        ({"stock": 7}, "chouine_bad_stock"),
        ({"stock": "22"}, "chouine_bad_stock"),
        ({"stock": True}, "chouine_bad_stock"),
        ({"stock": 12}, "chouine_bad_hand_size"),
        (
            {"trick": [{"player": "A", "card": "KS"}, {"player": "B", "card": "7S"}]},
            "chouine_trick_too_long",
        ),
        ({"trick": ["KS"]}, "chouine_bad_field"),
        ({"trick": {"player": "A"}}, "chouine_bad_field"),
        ({"trick": [{"player": "C", "card": "KS"}]}, "chouine_bad_player"),
    ],
)
def test_legal_refuses_bad_input(change, code):
    assert refused(chouine_cli.legal, {**LEGAL, **change}) == code


def test_legal_refuses_a_non_object():
    assert refused(chouine_cli.legal, ["AS"]) == "chouine_bad_payload"


@pytest.mark.parametrize(
    "change, code",
    [
        ({"card_points": {"A": 60, "B": 61}}, "chouine_card_points_total"),
        ({"card_points": {"A": 1, "B": 119}}, "chouine_card_points_impossible"),
        ({"card_points": {"A": 60}}, "chouine_bad_field"),
        ({"card_points": {"A": "60", "B": 60}}, "chouine_bad_field"),
        ({"card_points": {"A": -10, "B": 130}}, "chouine_bad_field"),
        ({"card_points": [60, 60]}, "chouine_bad_field"),
        ({"last_trick": "C"}, "chouine_bad_player"),
        ({"trump": None}, "bad_suit"),
        ({"chouine": "Z"}, "chouine_bad_player"),
        ({"announcements": {"C": []}}, "chouine_bad_player"),
        ({"announcements": {"A": [{"kind": "belote", "suit": "H"}]}}, "chouine_bad_kind"),
        ({"announcements": {"A": [{"kind": "tierce"}]}}, "chouine_suit_needed"),
        (
            {"announcements": {"A": [{"kind": "chouine", "suit": "S"}]}},
            "chouine_chouine_not_counted",
        ),
        ({"announcements": {"A": "marriage"}}, "chouine_bad_field"),
        (
            {
                "announcements": {
                    "A": [{"kind": "marriage", "suit": "D"}],
                    "B": [{"kind": "tierce", "suit": "D"}],
                }
            },
            "chouine_suit_twice",
        ),
        (
            {"announcements": {"A": [{"kind": "quinte"}], "B": [{"kind": "quinte"}]}},
            "chouine_quinte_twice",
        ),
    ],
)
def test_score_refuses_bad_input(change, code):
    assert refused(chouine_cli.score, {**SCORE, **change}) == code


REPLAY = {
    "profile": "chouine",
    "dealer": "A",
    "deck": [f"{r}{s}" for s in "SHDC" for r in "789TJQKA"],
    "moves": [],
}


@pytest.mark.parametrize(
    "change, code",
    [
        ({"dealer": "N"}, "chouine_bad_player"),
        ({"deck": REPLAY["deck"][:31]}, "chouine_bad_deck"),
        ({"deck": REPLAY["deck"][:31] + ["7S"]}, "duplicate_card"),
        ({"deck": REPLAY["deck"][:31] + ["1X"]}, "bad_card"),
        ({"moves": {"play": "7S"}}, "chouine_bad_field"),
        ({"moves": [{"play": "7S", "exchange": True}]}, "chouine_bad_move"),
        ({"moves": [{}]}, "chouine_bad_move"),
        ({"moves": ["7S"]}, "chouine_bad_move"),
        ({"moves": [{"exchange": "yes"}]}, "chouine_bad_move"),
        ({"moves": [{"announce": "marriage"}]}, "chouine_suit_needed"),
        ({"moves": [{"announce": "carre", "suit": "S"}]}, "chouine_bad_kind"),
        ({"moves": [{"play": "7S", "player": "Z"}]}, "chouine_bad_player"),
    ],
)
def test_replay_refuses_bad_input(change, code):
    assert refused(chouine_cli.replay, {**REPLAY, **change}) == code


def test_an_incomplete_replay_is_valid_and_says_who_moves():
    answer, steps = chouine_cli.replay({**REPLAY, "moves": [{"play": "7S"}]})
    assert answer["valid"] and not answer["complete"]
    assert answer["to_move"] == "A" and answer["scores"] is None
    assert steps[0].code == "chouine_dealt"


main_module = ROOT / "tutor" / "rules" / "__main__.py"


@pytest.mark.skipif(not main_module.exists(), reason="the engine's command line is not there yet")
@pytest.mark.parametrize(
    "command, payload, key, expected",
    [
        ("legal", LEGAL, "legal", ["7S", "TS"]),
        (
            "score",
            {
                **SCORE,
                "announcements": {
                    "A": [{"kind": "marriage", "suit": "D"}],
                    "B": [{"kind": "marriage", "suit": "H"}],
                },
            },
            "winner",
            "B",
        ),
        ("replay", {"profile": "chouine", **random_game(3)}, "complete", True),
    ],
)
def test_command_line_dispatches_to_chouine(command, payload, key, expected):
    result = subprocess.run(
        [sys.executable, "-m", "tutor.rules", command, "--lang", "pt"],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    answer = json.loads(result.stdout)
    assert answer[key] == expected
    assert answer["steps"] and all(step["text"] for step in answer["steps"])


@pytest.mark.skipif(not main_module.exists(), reason="the engine's command line is not there yet")
def test_command_line_bad_chouine_input_exits_2():
    result = subprocess.run(
        [sys.executable, "-m", "tutor.rules", "legal"],
        input=json.dumps({**LEGAL, "stock": 23}),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 2
    assert json.loads(result.stdout)["error"]["code"] == "chouine_bad_stock"


@pytest.mark.parametrize("seed", range(30))
def test_every_replay_step_renders(seed):
    answer, steps = chouine_cli.replay(random_game(seed))
    assert answer["complete"]
    for step in steps:
        assert step.code in MESSAGES
        text = render(step, "en")
        assert "%(" not in text and "chouine_" not in text
