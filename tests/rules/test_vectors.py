"""The seeds' worked examples and the hand-built positions in vectors/, run under their profiles."""

import json
from pathlib import Path

import pytest

from tutor.rules.cards import parse_cards
from tutor.rules.cli import ask
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.coinche.tricks import parse_trump, trick_points, winner_index

VECTORS = Path(__file__).parent / "vectors"


def load(name: str, key: str = "vectors") -> list[dict]:
    return json.loads((VECTORS / name).read_text(encoding="utf-8"))[key]


def ids(vectors: list[dict]) -> list[str]:
    return [v["name"] for v in vectors]


SCORE = load("coinche_score.json")
CHAINS = load("coinche_score.json", "chains")
LEGAL = load("coinche_legal.json")
TRICKS = load("coinche_legal.json", "tricks")
AUCTION = load("coinche_auction.json")


def test_every_vector_names_its_source():
    for vector in SCORE + CHAINS + LEGAL + TRICKS + AUCTION:
        assert vector["source"].strip()


@pytest.mark.parametrize("vector", SCORE, ids=ids(SCORE))
def test_score(vector):
    answer, steps = ask("score", vector["input"])
    for key, value in vector["expect"].items():
        assert answer[key] == value, key
    assert steps[-1].code == "final_scores"


@pytest.mark.parametrize("chain", CHAINS, ids=ids(CHAINS))
def test_score_chain(chain):
    deposit = 0
    for deal in chain["deals"]:
        answer, _ = ask("score", {**deal["input"], "deposit": deposit})
        for key, value in deal["expect"].items():
            assert answer[key] == value, key
        deposit = answer["deposit"]


@pytest.mark.parametrize("vector", LEGAL, ids=ids(LEGAL))
def test_legal(vector):
    answer, steps = ask("legal", vector["input"])
    assert answer["legal"] == vector["expect"]["legal"]
    assert answer["rule"] == vector["expect"]["rule"]
    assert steps[0].code == vector["expect"]["rule"]
    illegal = {entry["card"] for entry in answer["illegal"]}
    assert illegal == set(vector["input"]["hand"]) - set(vector["expect"]["legal"])


@pytest.mark.parametrize("vector", TRICKS, ids=ids(TRICKS))
def test_trick(vector):
    profile = coinche_profile(vector["profile"])
    trump = parse_trump(vector["trump"], profile)
    cards = parse_cards(vector["cards"])
    assert winner_index(cards, trump) == vector["winner"]
    assert trick_points(cards, trump, profile) == vector["points"]


@pytest.mark.parametrize("vector", AUCTION, ids=ids(AUCTION))
def test_auction(vector):
    answer, steps = ask("auction", vector["input"])
    expect = vector["expect"]
    assert answer["valid"] == expect["valid"]
    if expect["valid"]:
        assert answer["done"] == expect["done"]
        assert answer["contract"] == expect["contract"]
    else:
        assert answer["index"] == expect["index"]
    if "reason" in expect:
        assert steps[-1].code == expect["reason"]
