"""Every lesson exercise, checked by tutor.exercises against the engine.

The worked examples of the seeds must come out as the seeds say; every exercise
must accept the engine's answer and explain a wrong one.
"""

import pytest

from tutor import exercises
from tutor.lessons import questions
from tutor.lessons.path import LESSONS

ALL = [
    (slug, index, profile)
    for slug, lesson in LESSONS.items()
    for index in range(len(lesson.exercises))
    for profile in questions.profiles_for(lesson)
]


def posed(slug, number, profile):
    return questions.question(LESSONS[slug].exercises[number - 1], profile)


def expected(slug, number, profile):
    return exercises.solve(posed(slug, number, profile)).expected


def wrong_answer(question, right):
    """An answer the question's form can send that differs from ``right``."""
    kind = questions.answer_kind(question)
    if kind == "cards":
        return [code for code in question["data"]["hand"] if code not in right] or right[:-1]
    if kind == "choice":
        return next(c["value"] for c in question["choices"] if c["value"] != right)
    if kind == "number":
        return right + 1
    return {side: points + 10 for side, points in right.items()}


@pytest.mark.parametrize(("slug", "index", "profile"), ALL)
def test_it_accepts_the_engines_answer_and_explains_a_wrong_one(slug, index, profile):
    question = questions.question(LESSONS[slug].exercises[index], profile)
    right = exercises.solve(question).expected
    verdict = exercises.check(question, right)
    assert verdict.correct and verdict.steps
    wrong = exercises.check(question, wrong_answer(question, right))
    assert not wrong.correct
    assert wrong.steps
    assert all(exercises.text(step, "en") for step in wrong.steps + wrong.why_wrong)


@pytest.mark.parametrize(
    ("slug", "number", "profile", "answer"),
    [
        ("coinche-cards", 1, "federation", 41),
        ("coinche-scoring", 2, "federation", {"NS": 0, "EW": 250}),
        ("coinche-scoring", 1, "federation", {"NS": 210, "EW": 50}),
        ("belote-counting", 1, "maison", {"NS": 112, "EW": 70}),
        ("belote-counting", 2, "maison", {"NS": 122, "EW": 90}),
        ("belote-counting", 3, "maison", {"NS": 208, "EW": 54}),
        ("belote-counting", 3, "official", {"NS": 210, "EW": 50}),
        ("belote-dedans", 1, "maison", {"NS": 20, "EW": 162}),
        ("belote-dedans", 2, "maison", {"NS": 0, "EW": 81}),
        ("belote-dedans", 3, "maison", {"NS": 181, "EW": 62}),
        ("belote-tables", 1, "maison", {"NS": 66, "EW": 64}),
        ("belote-tables", 2, "maison", {"NS": 0, "EW": 520}),
        ("belote-tables", 3, "maison", {"NS": 502, "EW": 0}),
        ("chouine-scoring", 1, "chouine", "B"),
        ("chouine-scoring", 3, "chouine", "tie"),
    ],
)
def test_it_scores_the_seeds_worked_examples_as_the_seeds_do(slug, number, profile, answer):
    assert expected(slug, number, profile) == answer


def game_end(number, profile):
    solution = exercises.solve(posed("coinche-game", number, profile))
    return solution.expected, solution.rule


@pytest.mark.parametrize("profile", questions.profiles_for(LESSONS["coinche-game"]))
def test_it_lets_the_higher_total_win_and_equal_totals_play_on_under_every_target(profile):
    assert game_end(4, profile) == ("NS", "game_won")
    assert game_end(5, profile) == ("none", "game_tie")


def test_it_makes_a_belote_alone_wait_for_a_trick_under_the_federation():
    assert game_end(6, "federation") == ("none", "game_pending")
    assert game_end(7, "federation") == ("none", "game_pending")
    assert game_end(8, "federation") == ("NS", "game_validated")


def test_it_shows_that_the_other_profiles_let_a_belote_alone_win():
    assert game_end(6, "maison") == ("NS", "game_won")
    assert game_end(7, "online-es") == ("EW", "game_won")


def test_it_lets_the_federation_discard_where_classic_rules_undertrump():
    assert expected("coinche-play", 4, "federation") == ["8H", "KD", "8C"]
    assert expected("coinche-play", 4, "official") == ["8H"]


def test_it_allows_a_coinche_out_of_turn_only_where_the_profile_does():
    assert expected("coinche-auction", 5, "federation") == "no"
    assert expected("coinche-auction", 5, "encyclopedia") == "yes"


def test_it_says_why_an_illegal_card_was_chosen():
    question = posed("coinche-play", 2, "federation")
    verdict = exercises.check(question, ["KD"])
    texts = [exercises.text(step, "en") for step in verdict.why_wrong]
    assert "You may not play the king of diamonds: you must trump." in texts
    assert "Playing the jack of hearts was allowed too." in texts


def test_it_compares_every_profile_on_the_same_deal():
    lesson = LESSONS["coinche-scoring"]
    rows = questions.other_rules(lesson.exercises[0], lesson, "federation")
    by_profile = {row["profile"]: row for row in rows}
    assert by_profile["federation"]["current"]
    maison = {cell["side"]: cell for cell in by_profile["maison"]["cells"]}
    assert maison["NS"]["points"] == 208 and maison["NS"]["differs"]
    official = {cell["side"]: cell for cell in by_profile["official"]["cells"]}
    assert not official["NS"]["differs"]
