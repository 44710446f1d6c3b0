"""Each type's word on which situations can occur, held to what ``pose`` really finds."""

import pytest

from tutor import exercises

CASES = [
    (name, profile, difficulty)
    for name, qtype in exercises.TYPES.items()
    if qtype.situations
    for profile in qtype.profiles
    for difficulty in (1, 2, 3)
]
# The guard on the declarations: two seeds per possible situation keeps the whole
# sweep to seconds. A rare situation (a litige, a second coinche) need only turn up
# for one of them, as the practice page tries several seeds too.
GUARD_SEEDS = (0, 1)


@pytest.mark.parametrize(("name", "profile", "difficulty"), CASES)
def test_it_finds_every_situation_declared_possible(name, profile, difficulty):
    possible = exercises.possible_situations(name, profile, difficulty)
    assert set(possible) <= set(exercises.get_type(name).situations)
    for situation in possible:
        params = {"difficulty": difficulty, "situation": situation}
        for seed in GUARD_SEEDS:
            try:
                question = exercises.pose(name, seed, profile, params)
            except exercises.ExerciseError as error:
                assert error.code == "quiz_no_scenario"
                continue
            assert exercises.solve(question).rule == situation
            break
        else:
            pytest.fail(f"{situation} declared possible but not found for seeds {GUARD_SEEDS}")


@pytest.mark.parametrize(("name", "profile", "difficulty"), CASES)
def test_it_refuses_an_impossible_situation_without_drawing(name, profile, difficulty, monkeypatch):
    qtype = exercises.get_type(name)
    impossible = set(qtype.situations) - set(qtype.possible(profile, difficulty))

    def draw(*args):
        raise AssertionError("an impossible situation was drawn for")

    monkeypatch.setattr(qtype, "generate", draw)
    monkeypatch.setattr(qtype, "generate_situation", draw)
    for situation in impossible:
        params = {"difficulty": difficulty, "situation": situation}
        with pytest.raises(exercises.ExerciseError) as refused:
            exercises.pose(name, 0, profile, params)
        assert refused.value.code == "quiz_no_scenario"


@pytest.mark.parametrize(
    ("name", "profile", "difficulty", "situation"),
    [
        ("legal_cards", "federation", 2, "must_undertrump"),
        ("legal_cards", "maison", 2, "may_discard"),
        ("legal_cards", "federation", 2, "sa_follow"),
        ("legal_cards", "maison", 2, "ta_follow"),
        ("legal_cards", "encyclopedia", 1, "ta_follow"),
        ("legal_cards", "federation", 2, "lead_any"),
        ("trick_winner", "online-es", 1, "trick_won_no_trump"),
        ("deal_score", "federation", 1, "classic_litige"),
        ("game_end", "maison", 3, "game_pending"),
        ("game_end", "federation", 2, "game_validated"),
        ("chouine_legal", "chouine", 1, "chouine_must_trump"),
        ("chouine_legal", "chouine", 3, "chouine_lead"),
    ],
)
def test_it_rules_out_what_the_profile_or_level_never_deals(name, profile, difficulty, situation):
    assert situation in exercises.get_type(name).situations
    assert situation not in exercises.possible_situations(name, profile, difficulty)


def test_it_checks_what_it_is_asked_about_possible_situations():
    with pytest.raises(exercises.ExerciseError, match="quiz_unknown_profile"):
        exercises.possible_situations("legal_cards", "chouine", 1)
    with pytest.raises(exercises.ExerciseError, match="quiz_bad_difficulty"):
        exercises.possible_situations("legal_cards", "federation", 4)
