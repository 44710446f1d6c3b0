"""Hostile input to the command line: always ``{"error"}`` and exit status 2, never a traceback,
and in JSON Lines mode the good lines are still answered (security review, D6)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import JSON
from test_cli import LEGAL, SCORE, run

from tutor.rules.cli import COMMANDS

ROOT = Path(__file__).resolve().parents[2]


def run_bytes(command: str, data: bytes, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tutor.rules", command],
        input=data,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        env={**os.environ, **env},
    )


def error_code(lines: list[dict]) -> str:
    assert len(lines) == 1, lines
    return lines[0]["error"]["code"]


@pytest.mark.parametrize("value", [10**28, -(10**40), 10**30 + 1])
def test_a_huge_number_in_a_question_is_an_error(value):
    status, lines = run("score", json.dumps({**SCORE, "deposit": value}))
    assert status == 2
    assert error_code(lines) == "number_too_long"
    assert "too long" in lines[0]["error"]["text"]


def test_a_number_of_thousands_of_digits_is_an_error():
    status, lines = run("legal", "9" * 5000)
    assert (status, error_code(lines)) == (2, "number_too_long")


@pytest.mark.parametrize("depth", [40, 5000, 100_000])
def test_deep_nesting_is_an_error(depth):
    status, lines = run("legal", "[" * depth + "]" * depth)
    assert (status, error_code(lines)) == (2, "too_deep")


def test_a_lone_surrogate_is_an_error_and_the_other_lines_are_answered():
    bad = '{"trump": "\\ud800", "hand": ["AS"], "seat": "N"}'
    status, lines = run("legal", "\n".join([json.dumps(LEGAL), bad, json.dumps(LEGAL)]))
    assert status == 2
    assert [("error" in line) for line in lines] == [False, True, False]
    assert lines[1]["error"]["code"] == "bad_text"


@pytest.mark.parametrize("encoding", ["utf-8", ""])
def test_invalid_utf8_is_an_error_and_the_other_lines_are_answered(encoding):
    good = json.dumps(LEGAL).encode()
    done = run_bytes("legal", good + b'\n{"seat": "\xff"}\n' + good, PYTHONIOENCODING=encoding)
    assert done.returncode == 2, done.stderr
    assert done.stderr == b""
    lines = [json.loads(line) for line in done.stdout.decode().split("\n") if line]
    assert [("error" in line) for line in lines] == [False, True, False]
    assert lines[1]["error"]["code"] == "bad_text"


def test_line_separators_in_echoed_values_stay_inside_one_line():
    status, lines = run("legal", json.dumps({**LEGAL, "hand": ["\u2028\x85ZZ"]}))
    assert status == 2 and len(lines) == 1
    out = json.dumps(lines[0])
    assert "\u2028" not in out and "\x85" not in out


FIELDS = ["trump", "hand", "seat", "trick", "contract", "card_points", "tricks", "calls"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    command=st.sampled_from(COMMANDS),
    base=st.sampled_from([LEGAL, SCORE, {}]),
    changes=st.dictionaries(st.sampled_from(FIELDS + ["profile", "dealer"]), JSON, max_size=3),
)
def test_any_json_question_gets_an_answer_or_a_clean_error(command, base, changes):
    status, lines = run(command, json.dumps({**base, **changes}))
    assert len(lines) == 1
    assert status in (0, 2)
    if status == 2:
        error = lines[0]["error"]
        assert error["code"] != "internal_error", error
        assert error["text"]


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=60))
def test_any_text_gets_one_line_per_question(text):
    status, lines = run("legal", text)
    assert status in (0, 2)
    assert all(("error" in line) or ("legal" in line) for line in lines)
    if status == 2:
        assert all(line.get("error", {}).get("code") != "internal_error" for line in lines)
