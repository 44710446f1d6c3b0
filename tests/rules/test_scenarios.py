"""Scenarios: the same (kind, seed, profile) gives the same JSON, and it shows its rule."""

import json

import pytest

from tutor.rules.cli import ask
from tutor.rules.coinche.scenarios import DEAL_KINDS, SA_RULES, SUIT_RULES, TA_RULES, scenario
from tutor.rules.errors import RulesError

POSITIONS = [
    (kind, profile)
    for profile in ("federation", "official", "online-es", "encyclopedia")
    for kind in SUIT_RULES + SA_RULES + TA_RULES
    if not (kind == "may_discard" and profile != "federation")
    and not (kind == "must_undertrump" and profile == "federation")
    and not (kind in SA_RULES + TA_RULES and profile == "federation")
    and not (kind in TA_RULES and profile == "official")
]


@pytest.mark.parametrize(("kind", "profile"), POSITIONS)
def test_position_scenarios_show_their_rule_and_are_deterministic(kind, profile):
    s = scenario(kind, 7, profile)
    assert s == scenario(kind, 7, profile)
    assert json.loads(json.dumps(s)) == s
    answer, _ = ask(
        "legal",
        {
            "profile": profile,
            "trump": s["trump"],
            "hand": s["hand"],
            "trick": s["trick"],
            "seat": s["seat"],
        },
    )
    assert answer["rule"] == kind == s["rule"]
    assert answer["legal"] == s["legal"]


def test_different_seeds_give_different_scenarios():
    assert scenario("partner_master", 1) != scenario("partner_master", 2)


@pytest.mark.parametrize("profile", ["federation", "maison", "online-es", "encyclopedia"])
@pytest.mark.parametrize("kind", [k for k in DEAL_KINDS if k != "litige"])
def test_deal_scenarios_replay_to_the_same_score(kind, profile):
    s = scenario(kind, 5, profile)
    assert s == scenario(kind, 5, profile)
    scored, _ = ask("score", {"profile": profile, **s["summary"]})
    assert scored["scores"] == s["scores"]
    replayed, _ = ask(
        "replay",
        {
            "profile": profile,
            "dealer": s["dealer"],
            "hands": s["hands"],
            "contract": s["contract"],
            "plays": s["plays"],
        },
    )
    assert replayed["valid"] and replayed["scores"] == s["scores"]


def test_fails_by_one_point():
    s = scenario("fails_by_one_point", 11, "federation")
    _, steps = ask("score", {"profile": "federation", **s["summary"]})
    failed = next(step for step in steps if step.code == "failed_short")
    assert failed.params["points"] == failed.params["points_needed"] - 1
    assert s["made"] is False


def test_capot_scenario():
    s = scenario("capot", 3, "official")
    assert s["summary"]["card_points"] == {"NS": 152, "EW": 0}
    assert s["made"] is True and s["contract"]["bid"] == "capot"


def test_declarations_tie_scenario():
    s = scenario("declarations_tie", 3)
    sides = {seat in "NS" for seat in s["declared"]}
    assert sides == {True, False}
    assert s["summary"]["declarations"] == {"NS": 0, "EW": 0}


def test_litige_scenario():
    s = scenario("litige", 2, "maison")
    scored, _ = ask("score", {"profile": "maison", **s["summary"]})
    assert scored["made"] is None and scored["deposit"] > 0


@pytest.mark.parametrize(
    ("kind", "profile", "code"),
    [
        ("must_undertrump", "federation", "scenario_not_in_profile"),
        ("sa_follow", "federation", "scenario_not_in_profile"),
        ("litige", "federation", "scenario_not_in_profile"),
        ("whatever", "federation", "unknown_scenario"),
    ],
)
def test_impossible_scenarios(kind, profile, code):
    with pytest.raises(RulesError) as err:
        scenario(kind, 1, profile)
    assert err.value.code == code
