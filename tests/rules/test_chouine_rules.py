"""Chouine legal plays, trick, scoring, cut and match, from data vectors named for seed 001."""

import json
from pathlib import Path

import pytest

from tutor.rules.cards import CLUBS, HEARTS, SPADES, parse_card, parse_cards
from tutor.rules.chouine import cli as chouine_cli
from tutor.rules.chouine.rules import (
    CARD_POINTS,
    CHOUINE,
    explain_legal,
    explain_trick,
    hand_points,
    trick_winner,
)
from tutor.rules.chouine.score import cut_for_dealer, match_progress
from tutor.rules.errors import RulesError
from tutor.rules.explain import MESSAGES, render
from tutor.rules.profiles import get_profile

VECTORS = Path(__file__).parent / "vectors"


def load(name):
    return json.loads((VECTORS / name).read_text())


@pytest.mark.parametrize("vector", load("chouine_legal.json"), ids=lambda v: v["name"])
def test_legal_vectors(vector):
    answer, steps = chouine_cli.legal(vector["input"])
    assert answer["legal"] == vector["legal"]
    assert answer["rule"] == vector["rule"]
    assert steps[0].code == vector["rule"]
    expected_illegal = vector.get("illegal")
    if expected_illegal is not None:
        assert {i["card"]: i["code"] for i in answer["illegal"]} == expected_illegal
    # Every refused card is named once, in the one step of its reason (cards that share a
    # reason share a sentence), and every step has an English sentence.
    named = []
    for step in steps[1:]:
        cards = step.params["card"]
        named += cards if isinstance(cards, list) else [cards]
    refused = [card for card in vector["input"]["hand"] if card not in vector["legal"]]
    assert sorted(named) == sorted(refused)
    assert len({step.code for step in steps[1:]}) == len(steps) - 1
    for step in steps:
        assert step.code in MESSAGES
        assert "%(" not in render(step)


@pytest.mark.parametrize("vector", load("chouine_score.json"), ids=lambda v: v["name"])
def test_score_vectors(vector):
    answer, steps = chouine_cli.score(vector["input"])
    assert answer == {"scores": vector["scores"], "winner": vector["winner"]}
    assert steps[-1].code in {"chouine_deal_won", "chouine_deal_tied", "chouine_score_chouine"}


def test_alice_and_bob_steps_are_numbers():
    alice_bob = load("chouine_score.json")[0]
    _, steps = chouine_cli.score(alice_bob["input"])
    assert [(s.code, s.params.get("player"), s.params.get("points")) for s in steps] == [
        ("chouine_score_cards", "A", 60),
        ("chouine_score_last_trick", "A", 10),
        ("chouine_score_marriage", "A", 20),
        ("chouine_score_total", "A", 90),
        ("chouine_score_cards", "B", 60),
        ("chouine_score_marriage", "B", 40),
        ("chouine_score_total", "B", 100),
        ("chouine_deal_won", "B", 100),
    ]
    assert render(steps[-1]) == "Player B wins the deal, 100 points to 90."


@pytest.mark.parametrize("vector", load("chouine_replay.json"), ids=lambda v: v["name"])
def test_chouine_vectors(vector):
    answer, steps = chouine_cli.replay(vector["input"])
    assert answer["valid"] and answer["complete"]
    assert answer["chouine"] == answer["winner"] == vector["chouine"]
    assert answer["scores"] is None
    assert vector["reason"] in [step.code for step in steps]
    assert len(answer["tricks"]) == 1


@pytest.mark.parametrize(
    "lead, reply, trump, winner, reason",
    [
        ("KS", "TS", HEARTS, 1, "chouine_trick_higher"),
        ("TS", "KS", HEARTS, 0, "chouine_trick_leader_higher"),
        ("AD", "7C", CLUBS, 1, "chouine_trick_trumped"),
        ("7D", "AS", CLUBS, 0, "chouine_trick_off_suit"),
        ("9H", "JH", SPADES, 1, "chouine_trick_higher"),
        ("7S", "AS", SPADES, 1, "chouine_trick_higher"),
    ],
)
def test_trick_winner(lead, reply, trump, winner, reason):
    assert trick_winner(parse_card(lead), parse_card(reply), trump) == (winner, reason)


def test_explain_trick_names_the_winner():
    winner, step = explain_trick(parse_card("QD"), parse_card("KD"), SPADES, "B")
    assert winner == "A"
    assert render(step) == (
        "The king of diamonds beats the queen of diamonds: same suit, and it is higher in "
        "the order A 10 K Q J 9 8 7. Player A wins the trick."
    )


def test_card_points_follow_the_seed():
    values = [
        CARD_POINTS[parse_card(code)] for code in ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S"]
    ]
    assert values == [11, 10, 4, 3, 2, 0, 0, 0]
    assert hand_points((1 << 32) - 1) + CHOUINE.last_trick_bonus == 130


def test_cut_lowest_deals_ties_redraw():
    draws = [tuple(parse_cards(pair)) for pair in (["9S", "9H"], ["TS", "KD"])]
    dealer, steps = cut_for_dealer(draws)
    # The king is lower than the ten in Chouine.
    assert dealer == "B"
    assert [s.code for s in steps] == ["chouine_cut_tie", "chouine_cut_dealer"]
    with pytest.raises(RulesError) as error:
        cut_for_dealer([tuple(parse_cards(["9S", "9H"]))])
    assert error.value.code == "chouine_cut_unfinished"
    with pytest.raises(RulesError) as error:
        cut_for_dealer([tuple(parse_cards(["7S", "9H"])), tuple(parse_cards(["7D", "9C"]))])
    assert error.value.code == "chouine_cut_extra"


def test_match_dealer_alternates_after_decisive_deals_only():
    state = match_progress("A", ["A", None, "B"])
    assert state.wins == {"A": 1, "B": 1}
    # A decisive deal passes the deal, a tie keeps it, the next decisive deal passes it back.
    deals = [s for s in state.steps if s.code != "chouine_match_goes_on"]
    assert [s.params["player_dealer"] for s in deals] == ["B", "B", "A"]
    # Nobody has won yet: the explanation ends on why the match goes on.
    assert state.winner is None and state.steps[-1].code == "chouine_match_goes_on"
    assert state.steps[-1].params == {"deals": 3}
    finished = match_progress("B", ["A", "A", None, "B", "A"])
    assert finished.winner == "A" and finished.steps[-1].code == "chouine_match_won"
    with pytest.raises(RulesError) as error:
        match_progress("B", ["A", "A", "A", "B"])
    assert error.value.code == "chouine_match_over"


def test_profile_is_registered():
    assert get_profile("chouine") is CHOUINE
    assert CHOUINE.quinte == 50


@pytest.mark.parametrize(
    ("led", "said", "not_said"),
    [
        # Seed 001 §02: void in the suit led and in trump, the player discards freely.
        ("AS", "can neither follow spades nor trump", "trump was led"),
        # The same rule on a trump lead: there is no other suit to follow, only trump is lacking.
        ("7H", "trump was led: player B has no trump left", "neither follow"),
    ],
)
def test_a_free_discard_says_what_the_player_lacks(led, said, not_said):
    _legal, rule, _illegal, steps = explain_legal(
        parse_cards(["KD", "QC"]), parse_card(led), HEARTS, 0, "B"
    )
    text = render(steps[0], "en")
    assert rule == "chouine_discard" and said in text and not_said not in text
