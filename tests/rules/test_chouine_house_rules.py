"""Chouine house rules: their codes, the command line under them (the vectors), the match
told without a next dealer once it is won, and why "one quinte per player" is no option."""

import json
import random
from collections import defaultdict

import pytest
from cli_process import ROOT, ask_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.rules.chouine.announce import Kind
from tutor.rules.chouine.deal import ChouineDeal
from tutor.rules.chouine.houserules import (
    BUILDER_OPTIONS,
    chouine_profile,
    decode,
    domain,
    make_chouine_profile,
)
from tutor.rules.chouine.rules import BRISQUES, CHOUINE
from tutor.rules.chouine.scenarios import random_move
from tutor.rules.chouine.score import match_progress
from tutor.rules.explain import render_all
from tutor.rules.profiles import get_profile

VECTORS = json.loads(
    (ROOT / "tests" / "rules" / "vectors" / "chouine_house_rules.json").read_text("utf-8")
)["vectors"]


@pytest.fixture(scope="module")
def answers() -> dict[str, dict]:
    by_command = defaultdict(list)
    for vector in VECTORS:
        by_command[vector["command"]].append(vector)
    found = {}
    for command, vectors in by_command.items():
        answered = ask_cli(command, [v["input"] for v in vectors], "--lang", "pt")
        for vector, answer in zip(vectors, answered, strict=True):
            found[vector["name"]] = answer
    return found


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_chouine_house_rule(vector, answers):
    assert vector["source"].startswith("seed 001 line")
    answer = answers[vector["name"]]
    expect = dict(vector["expect"])
    if "error" in expect:
        assert answer["error"]["code"] == expect.pop("error")
        # Refused in the language asked, the option named by its label.
        assert "quinte_" not in answer["error"]["text"] or "quinte_per_player" in str(vector)
        return
    assert "error" not in answer, answer
    for key, value in expect.items():
        assert answer[key] == value, key


def values(option: str):
    kind, *args = domain(option)
    if kind == "bool":
        return st.booleans()
    low, high, step = args
    return st.integers(low // step, high // step).map(lambda n: n * step)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_every_option_set_has_one_code_that_reads_back(data):
    chosen = data.draw(st.lists(st.sampled_from(BUILDER_OPTIONS), unique=True))
    overrides = {option: data.draw(values(option)) for option in chosen}
    profile = make_chouine_profile(**overrides)
    assert decode(profile.name) == profile == get_profile(profile.name)
    assert chouine_profile({"base": "chouine", **overrides}) == profile
    changed = {o: v for o, v in overrides.items() if v != getattr(CHOUINE, o)}
    assert profile.name == "~".join(
        [
            "chouine",
            *(
                f"{o}:{v}"
                for o, v in sorted(changed.items(), key=lambda item: BUILDER_OPTIONS.index(item[0]))
            ),
        ]
    )


@pytest.mark.parametrize(
    ("needed", "results"),
    [(1, ["A"]), (3, ["A", None, "B", "A", "A"]), (5, ["A", "B", "A", "A", "B", "A", "A"])],
)
def test_the_match_names_no_next_dealer_once_it_is_won(needed, results):
    state = match_progress("B", results, make_chouine_profile(deals_to_win_match=needed))
    assert state.winner == "A" and state.wins["A"] == needed
    codes = [s.code for s in state.steps]
    assert codes[-2:] == ["chouine_match_deal_won_last", "chouine_match_won"]
    # Every decisive deal before the last says who deals next; the last one does not.
    assert all("player_dealer" in s.params for s in state.steps[:-2] if s.code.endswith("won"))
    assert "player_dealer" not in state.steps[-2].params
    text = render_all(state.steps, "en")[-2]["text"]
    assert "deals next" not in text and "goes to player A" in text


def test_a_match_not_won_still_names_the_next_dealer():
    state = match_progress("A", ["A", "B"])
    assert state.winner is None
    assert [s.code for s in state.steps[:2]] == ["chouine_match_deal_won"] * 2
    assert state.steps[1].params["player_dealer"] == "A"


def test_one_quinte_per_player_could_never_differ_from_one_per_deal():
    """Seed 001 line 25 allows one quinte a deal. A rule of one per player would only differ
    if both players could hold five brisques in the same deal: after one player's quinte
    the other never holds more than three of the eight (a card played never comes back),
    so it is not an option (docs/chouine.md)."""
    rng = random.Random(28)
    brisques = [c for c in range(32) if BRISQUES >> c & 1]
    quintes = 0
    for number in range(1200):
        deck = list(range(32))
        rng.shuffle(deck)
        if number % 2:
            # Half the deals give the non-dealer five brisques at once (quintes are rare).
            five = rng.sample(brisques, 5)
            others = [c for c in deck if c not in five]
            deck = [c for pair in zip(five, others[:5], strict=True) for c in pair] + others[5:]
        deal = ChouineDeal(deck, rng.choice("AB"))
        first = None
        while not deal.finished:
            if first is not None:
                other = deal.hands[1 - first]
                assert (other & BRISQUES).bit_count() <= 3
            if first is None and (Kind.QUINTE, None) in deal.announcements_available():
                first = deal.turn
                deal.announce(Kind.QUINTE)
                quintes += 1
                continue
            random_move(deal, rng)
    assert quintes > 500
