"""The score sheet's short entry: a deal told as taker, contract and the takers' points.

Every worked example of the seeds that a table can enter this way (one belote at most)
is turned into a table entry and back, and must score what the seed says.
"""

import json
from pathlib import Path

import pytest

from tutor.rules.cli import ask
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.coinche.summary import parse_summary, table_entry, table_payload
from tutor.rules.errors import RulesError

VECTORS = Path(__file__).parent / "vectors" / "coinche_score.json"
SCORE = json.loads(VECTORS.read_text(encoding="utf-8"))["vectors"]


def ids(vectors):
    return [v["name"] for v in vectors]


def enterable(vector) -> bool:
    belote = vector["input"].get("belote", {})
    profile = coinche_profile(vector["input"]["profile"])
    return all(points in (0, profile.belote) for points in belote.values())


TABLE = [v for v in SCORE if enterable(v)]


def test_most_worked_examples_can_be_entered_at_the_table():
    assert len(TABLE) >= len(SCORE) - 3


@pytest.mark.parametrize("vector", TABLE, ids=ids(TABLE))
def test_table_entry_scores_as_the_seed(vector):
    profile = coinche_profile(vector["input"]["profile"])
    entry = table_entry(vector["input"])
    payload = table_payload(entry, profile)
    answer, _ = ask("score", {**payload, "profile": vector["input"]["profile"]})
    for key, value in vector["expect"].items():
        if key in ("scores", "made"):
            assert answer[key] == value, key
    assert table_entry(payload) == entry


def entry(**changes):
    base = {
        "contract": {"seat": "S", "bid": 80, "trump": "H", "double": 1},
        "points": 81,
        "last_trick": "takers",
        "belote": None,
    }
    return {**base, **changes}


FEDERATION = coinche_profile("federation")


def test_seed_000_89_of_90_entered_with_one_number():
    # Seed 000 §05: 90 hearts bid, 79 card points + the last trick = 89, the contract fails.
    e = entry(contract={"seat": "S", "bid": 90, "trump": "H", "double": 1}, points=79)
    answer, _ = ask("score", {**table_payload(e, FEDERATION), "profile": "federation"})
    assert answer["made"] is False
    assert answer["scores"] == {"NS": 0, "EW": 250}


def test_sweep_gives_every_card_point_and_a_capot():
    e = entry(sweep="takers", points=None, last_trick=None)
    payload = table_payload(e, FEDERATION)
    assert payload["card_points"] == {"NS": 152, "EW": 0}
    answer, _ = ask("score", {**payload, "profile": "federation"})
    assert answer["made"] is True
    assert answer["scores"]["NS"] >= 250


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"points": 153}, "table_points_range"),
        ({"points": -1}, "table_points_range"),
        ({"points": None}, "table_points_missing"),
        ({"sweep": "taker"}, "table_generale_off"),
        ({"contract": {"seat": "S", "bid": 80, "trump": "SA"}}, "trump_not_in_profile"),
        ({"belote": "nobody"}, "bad_field"),
    ],
)
def test_impossible_entries_are_refused_with_a_reason(changes, code):
    with pytest.raises(RulesError) as caught:
        table_payload(entry(**changes), FEDERATION)
    assert caught.value.code == code


def test_belote_in_no_trump_is_refused_by_the_summary_check():
    profile = coinche_profile("encyclopedia")
    e = entry(contract={"seat": "S", "bid": 80, "trump": "SA", "double": 1}, belote="takers")
    with pytest.raises(RulesError) as caught:
        parse_summary(table_payload(e, profile), profile)
    assert caught.value.code == "impossible_belote"
