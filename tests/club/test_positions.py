"""Positions into questions (tutor/club/positions.py): what each shape can ask, and the
engine's refusals under a set's rules."""

import pytest

from tutor import exercises
from tutor.club import positions

# The referee's answer: South led the ace of spades, East the ten; North to play.
REFEREE = {
    "profile": "federation",
    "trump": "H",
    "hand": ["JH", "KD", "7S", "8H"],
    "trick": [{"seat": "S", "card": "AS"}, {"seat": "E", "card": "TS"}],
    "seat": "N",
}
# A whole trick, as a played deal or a lesson's example gives it.
TRICK = {
    "trump": "H",
    "trick": [
        {"seat": "N", "card": "AS"},
        {"seat": "W", "card": "9H"},
        {"seat": "S", "card": "JH"},
        {"seat": "E", "card": "7S"},
    ],
    "hands": {"N": ["AS", "KC"], "W": ["9H", "QC"], "S": ["JH", "8H"], "E": ["7S", "TC"]},
}
CHOUINE = {
    "profile": "chouine",
    "trump": "H",
    "hand": ["AS", "TS", "7H"],
    "trick": [{"player": "A", "card": "KS"}],
    "player": "B",
    "stock": 0,
}


def refusal(position, kind, profile, seat=None):
    with pytest.raises(positions.Refused) as refused:
        positions.pose(position, kind, profile, seat)
    return refused.value.step


def test_a_signed_position_reads_back_and_a_forged_one_does_not():
    assert positions.read(positions.sign(REFEREE)) == REFEREE
    forged = positions.sign(REFEREE)[:-3] + "abc"
    with pytest.raises(positions.Refused):
        positions.read(forged)
    with pytest.raises(positions.Refused):
        positions.read("")


def test_each_shape_offers_its_questions():
    assert positions.kinds(REFEREE) == [("play_card", None), ("legal_cards", None)]
    assert positions.kinds(TRICK)[:3] == [
        ("trick_winner_card", None),
        ("trick_winner", None),
        ("trick_points", None),
    ]
    assert ("play_card", "S") in positions.kinds(TRICK)
    assert positions.kinds({"dealer": "N", "calls": ["pass", "80H"]}) == [
        ("make_call", None),
        ("auction_end", None),
    ]
    finished = {"dealer": "N", "calls": ["pass", "80H", "pass", "pass", "pass"]}
    assert positions.kinds(finished) == [("final_contract", None)]
    assert positions.kinds(CHOUINE)[0] == ("chouine_play_card", None)
    posed = exercises.pose("legal_cards", 3, "federation")
    question = {"question": {"type": posed["type"], "data": posed["data"]}}
    assert positions.kinds(question) == [("legal_cards", None), ("play_card", None)]


def test_the_questions_are_the_engines():
    question = positions.pose(REFEREE, "play_card", "maison")
    assert question["profile"] == "maison"
    # North holds a spade: it must follow.
    assert exercises.solve(question).expected == ["7S"]
    assert exercises.solve(positions.pose(TRICK, "trick_winner_card", "federation")).expected == [
        "JH"
    ]
    # South's play: before its card, the ace of spades and West's trump lie on the table.
    south = positions.pose(TRICK, "legal_cards", "federation", "S")
    assert south["data"]["trick"] == ["AS", "9H"] and south["data"]["seat"] == "S"
    assert exercises.solve(south).expected == ["JH"]
    assert exercises.solve(positions.pose(CHOUINE, "chouine_play_card", "chouine")).expected == [
        "AS",
        "TS",
    ]


def test_the_engine_refuses_a_position_under_the_sets_rules():
    # No-trump contracts are not in the federation's rules.
    assert refusal({**REFEREE, "trump": "SA"}, "play_card", "federation").code == (
        "trump_not_in_profile"
    )
    assert refusal({**REFEREE, "hand": ["AS", "KD"]}, "play_card", "federation").code == (
        "duplicate_card"
    )
    # After East comes North, not West.
    step = refusal({**REFEREE, "seat": "W"}, "play_card", "federation")
    assert step.code == "club_position_turn"
    assert exercises.text(step, "en") == (
        "The cards of a trick go round in the order of play: after East comes North, not West."
    )
    assert refusal(CHOUINE, "chouine_play_card", "federation").code == "club_position_game"
    assert refusal(REFEREE, "trick_winner", "federation").code == "club_position_kind"


def test_an_auction_is_the_engines_too():
    illegal = {"dealer": "N", "calls": ["80H", "70S"]}
    assert refusal(illegal, "make_call", "federation").code == "bid_out_of_range"
    running = {"dealer": "N", "calls": ["pass", "80H", "pass"]}
    # Two passes after the bid: no call offered ends it yet.
    assert refusal(running, "auction_end", "federation").code == "club_position_nothing_right"
    question = positions.pose(
        {**running, "calls": [*running["calls"], "pass"]}, "auction_end", "federation"
    )
    assert exercises.solve(question).expected == ["pass"]
    # Three passes end it under the federation's rules; where the bidder may raise their own
    # bid, the bidder speaks once more.
    finished = {**running, "calls": [*running["calls"], "pass", "pass"]}
    assert exercises.solve(positions.pose(finished, "final_contract", "federation")).expected
    raising = "federation~raise_own_bid:1"
    assert refusal(finished, "final_contract", raising).code == "club_auction_not_over"
