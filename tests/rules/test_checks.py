"""The score sheet's checks: each impossible entry is caught with its likely slip, and nothing
the seeds' worked examples (000, 003, 004) or a played deal enters is ever refused."""

import json
import random
from pathlib import Path

import pytest

from tutor.rules.coinche.checks import check_entry, declaration_totals
from tutor.rules.coinche.deal import random_deal, summarize
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.coinche.summary import table_entry
from tutor.rules.errors import RulesError

VECTORS = json.loads((Path(__file__).parent / "vectors" / "coinche_score.json").read_text())
SEEDS_CHECKED = ("seed 000", "seed 003", "seed 004")
WORKED = [v for v in VECTORS["vectors"] if v["source"].startswith(SEEDS_CHECKED)]


def entry_of(payload: dict) -> dict:
    """What a table enters for a deal: the sheet's entry plus the defence's own count."""
    entry = table_entry(payload)
    side = "NS" if payload["contract"]["seat"] in "NS" else "EW"
    defence = "EW" if side == "NS" else "NS"
    entry["points_defence"] = payload["card_points"].get(defence, 0)
    return entry


def test_the_worked_examples_are_the_three_seeds():
    assert {v["source"][:8] for v in WORKED} == set(SEEDS_CHECKED)
    assert len(WORKED) >= 14


@pytest.mark.parametrize("vector", WORKED, ids=[v["name"] for v in WORKED])
def test_no_check_fires_on_a_worked_example(vector):
    payload = vector["input"]
    profile = coinche_profile(payload["profile"])
    assert check_entry(entry_of(payload), profile) == []


@pytest.mark.parametrize(
    "profile", ["federation", "maison", "official", "online-es", "encyclopedia"]
)
def test_no_check_fires_on_a_deal_the_engine_played(profile):
    rules = coinche_profile(profile)
    rng = random.Random(profile)
    for _ in range(300):
        deal, contract, played, _score = random_deal(rng, rules, special=True)
        summary = summarize(rules, contract, deal.masks(), played)
        payload = {
            "contract": contract.as_dict(),
            "card_points": dict(zip(("NS", "EW"), summary.card_points, strict=True)),
            "tricks": dict(zip("SENW", summary.tricks, strict=True)),
            "last_trick": ("NS", "EW")[summary.last_trick],
            "declarations": dict(zip(("NS", "EW"), summary.declarations, strict=True)),
            "belote": dict(zip(("NS", "EW"), summary.belote, strict=True)),
        }
        assert check_entry(entry_of(payload), rules) == [], payload


BASE = {"contract": {"seat": "S", "bid": 90, "trump": "H"}, "points": 100, "last_trick": "takers"}


@pytest.mark.parametrize(
    ("profile", "changes", "field", "problem", "slip"),
    [
        ("federation", {"points": 162}, "points", "check_points_over", "slip_last_trick_in_points"),
        ("federation", {"points": 172}, "points", "check_points_over", "slip_belote_in_points"),
        (
            "federation",
            {"points": 182},
            "points",
            "check_points_over",
            "slip_last_trick_and_belote_in_points",
        ),
        ("federation", {"points": 252}, "points", "check_points_over", "slip_capot_as_points"),
        ("federation", {"points": 250}, "points", "check_points_over", "slip_capot_as_points"),
        ("federation", {"points": 153}, "points", "check_points_over", "slip_recount_takers"),
        (
            "federation",
            {"points": 150, "points_defence": 20},
            "points_defence",
            "check_points_sum",
            "slip_jack_value",
        ),
        (
            "federation",
            {"points_defence": 62},
            "points_defence",
            "check_points_sum",
            "slip_last_trick_in_points",
        ),
        (
            "federation",
            {"points_defence": 72},
            "points_defence",
            "check_points_sum",
            "slip_belote_in_points",
        ),
        (
            "federation",
            {"points_defence": 66},
            "points_defence",
            "check_points_sum",
            "slip_nine_value",
        ),
        (
            "federation",
            {"points_defence": 34},
            "points_defence",
            "check_points_sum",
            "slip_jack_value",
        ),
        (
            "official",
            {"points_defence": 60},
            "points_defence",
            "check_points_sum",
            "slip_ace_value",
        ),
        (
            "federation",
            {"points_defence": 30},
            "points_defence",
            "check_points_sum",
            "slip_recount",
        ),
        (
            "maison",
            {"contract": {"seat": "S", "bid": 90, "trump": "SA"}, "points_defence": 30},
            "points_defence",
            "check_points_sum",
            "slip_last_trick_in_points",
        ),
        (
            "federation",
            {"sweep": "takers", "points_defence": 10},
            "points_defence",
            "check_capot_defence",
            "slip_capot_defence_points",
        ),
        (
            "federation",
            {"declarations": {"takers": 20, "defence": 50}},
            "declarations_defence",
            "check_declarations_both",
            "slip_declarations_both",
        ),
        (
            "federation",
            {"declarations": {"takers": 30}},
            "declarations_takers",
            "check_declarations_value",
            "slip_declarations_value",
        ),
        (
            "maison",
            {"contract": {"seat": "S", "bid": 90, "trump": "SA"}, "belote": "takers"},
            "belote",
            "check_belote_no_trump",
            "slip_belote_no_trump",
        ),
    ],
)
def test_each_impossible_entry_is_caught_with_its_slip(profile, changes, field, problem, slip):
    slips = check_entry({**BASE, **changes}, coinche_profile(profile))
    assert [(s.field, s.problem.code, s.code) for s in slips] == [(field, problem, slip)]


def test_the_slips_read_in_every_language():
    from tutor.rules.explain import render

    slips = check_entry(
        {**BASE, "points": 150, "points_defence": 20}, coinche_profile("federation")
    )
    english = render(slips[0].problem, "en")
    assert english.startswith(
        "150 + 20 make 170 card points, but the cards of a deal add up to 152"
    )
    assert "162 with the last trick" in english
    for lang in ("pt", "es", "ro", "fr"):
        assert render(slips[0].slip, lang) != render(slips[0].slip, "en")


def test_declaration_totals_follow_the_profile():
    assert {10, 30} & declaration_totals(coinche_profile("federation")) == set()
    assert {20, 40, 50, 70, 100, 150, 200, 220} <= declaration_totals(coinche_profile("federation"))


def test_a_malformed_contract_is_the_engines_usual_refusal():
    with pytest.raises(RulesError) as error:
        check_entry({**BASE, "contract": {"seat": "S", "bid": 95, "trump": "H"}}, coinche_profile())
    assert error.value.code == "bad_bid"
