"""Each profile follows its own seed (vectors/coinche_seed_readings.json), asked through the
command line as a separate process, one process per subcommand (JSON Lines)."""

import json
from collections import defaultdict

import pytest
from cli_process import ROOT, ask_cli

VECTORS = json.loads(
    (ROOT / "tests" / "rules" / "vectors" / "coinche_seed_readings.json").read_text("utf-8")
)["vectors"]


@pytest.fixture(scope="module")
def answers() -> dict[str, dict]:
    by_command = defaultdict(list)
    for vector in VECTORS:
        by_command[vector["command"]].append(vector)
    found = {}
    for command, vectors in by_command.items():
        answered = ask_cli(command, [v["input"] for v in vectors])
        for vector, answer in zip(vectors, answered, strict=True):
            found[vector["name"]] = answer
    return found


def test_every_vector_cites_a_seed_line():
    assert len({v["name"] for v in VECTORS}) == len(VECTORS)
    for vector in VECTORS:
        assert vector["source"].startswith("seed 00") and " line " in vector["source"]


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_seed_reading(vector, answers):
    answer = answers[vector["name"]]
    assert "error" not in answer, answer
    for key, value in vector["expect"].items():
        assert answer[key] == value, (key, answer.get("steps", [])[-3:])
