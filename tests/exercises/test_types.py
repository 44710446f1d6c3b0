"""Every question type, posed from seeds, checked right and wrong through the engine."""

import json

import pytest

from tutor import exercises
from tutor.exercises.base import MAX_SEED

CASES = [(name, profile) for name, qtype in exercises.TYPES.items() for profile in qtype.profiles]


def wrong_answer(question, expected):
    """An answer the form could send that is not the expected one."""
    qtype = exercises.get_type(question["type"])
    kind = qtype.answer_kind
    if kind == "tap":
        return next((tap for tap in qtype.taps(question) if tap not in expected), None)
    if kind == "cards":
        hand = question["data"]["hand"]
        wrong = [code for code in hand if code not in expected]
        return wrong or hand[:-1] or None
    if kind == "choice":
        return next(c["value"] for c in question["choices"] if c["value"] != expected)
    if kind == "number":
        return expected + 10
    return {side: points + 10 for side, points in expected.items()}


def test_it_registers_at_least_twelve_types():
    assert len(exercises.TYPES) >= 12
    assert {t.game for t in exercises.TYPES.values()} == {"coinche", "chouine"}


@pytest.mark.parametrize(("name", "profile"), CASES)
def test_it_checks_right_and_wrong_answers(name, profile):
    for seed in range(6):
        for difficulty in (1, 2, 3):
            question = exercises.pose(name, seed, profile, {"difficulty": difficulty})
            assert json.loads(json.dumps(question)) == question
            expected = exercises.solve(question).expected
            kind = exercises.get_type(name).answer_kind
            right = exercises.check(question, expected[0] if kind == "tap" else expected)
            assert right.correct and right.steps and not right.why_wrong
            assert exercises.text(question["prompt"], "en")
            wrong = wrong_answer(question, expected)
            if wrong is None:
                continue
            verdict = exercises.check(question, wrong)
            assert not verdict.correct
            assert verdict.expected == expected
            assert verdict.rule
            # A wrong tap on a trick's cards is explained by the engine's steps alone.
            if kind != "choice" and not exercises.get_type(name).tap_seats(question):
                assert verdict.why_wrong


@pytest.mark.parametrize(("name", "profile"), CASES)
def test_it_poses_the_same_question_for_the_same_seed(name, profile):
    assert exercises.pose(name, 123, profile) == exercises.pose(name, "123", profile)


@pytest.mark.parametrize("name", [n for n, t in exercises.TYPES.items() if t.situations])
def test_it_filters_by_situation(name):
    qtype = exercises.get_type(name)
    profile = "encyclopedia" if "encyclopedia" in qtype.profiles else qtype.profiles[0]
    found = set()
    for situation in qtype.situations:
        for difficulty in (1, 2, 3):
            params = {"situation": situation, "difficulty": difficulty}
            try:
                question = exercises.pose(name, 5, profile, params)
            except exercises.ExerciseError:
                continue
            assert exercises.solve(question).rule == situation
            found.add(situation)
            break
    assert found


def test_it_explains_the_illegal_card_chosen():
    question = exercises.fixed(
        "legal_cards",
        "federation",
        {
            "trump": "H",
            "leader": "S",
            "trick": ["AS", "9H"],
            "seat": "N",
            "hand": ["8H", "KD", "JH"],
        },
    )
    verdict = exercises.check(question, ["8H", "JH"])
    assert not verdict.correct
    assert verdict.expected == ["JH"]
    assert verdict.rule == "illegal_too_low"
    assert "may not play the eight of hearts" in exercises.text(verdict.why_wrong[0], "en")


def test_it_explains_in_the_language_asked():
    question = exercises.pose("trick_winner", 1, "federation")
    verdict = exercises.check(question, exercises.solve(question).expected)
    english = verdict.as_json("en")["steps"][0]["text"]
    assert english == exercises.text(verdict.steps[0], "en")


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (("nope", 1, "federation"), "quiz_unknown_type"),
        (("legal_cards", 1, "chouine"), "quiz_unknown_profile"),
        (("legal_cards", "x1", "federation"), "quiz_bad_seed"),
        (("legal_cards", MAX_SEED + 1, "federation"), "quiz_bad_seed"),
        (("legal_cards", -1, "federation"), "quiz_bad_seed"),
    ],
)
def test_it_refuses_bad_addresses(args, code):
    with pytest.raises(exercises.ExerciseError) as caught:
        exercises.pose(*args)
    assert caught.value.code == code


def test_it_refuses_bad_filters():
    with pytest.raises(exercises.ExerciseError, match="quiz_bad_difficulty"):
        exercises.pose("legal_cards", 1, "federation", {"difficulty": "9"})
    with pytest.raises(exercises.ExerciseError, match="quiz_unknown_situation"):
        exercises.pose("legal_cards", 1, "federation", {"situation": "nothing"})


def test_it_reads_answers_from_forms():
    question = exercises.pose("legal_cards", 3, "federation")
    hand = question["data"]["hand"]
    assert exercises.read_answer(question, {"card": [hand[0]]}) == [hand[0]]
    assert exercises.read_answer(question, {}) is None
    with pytest.raises(exercises.BadAnswer):
        exercises.read_answer(question, {"card": ["ZZ"]})
    score = exercises.pose("deal_score", 3, "federation")
    assert exercises.read_answer(score, {"score_NS": ["10"], "score_EW": ["20"]}) == {
        "NS": 10,
        "EW": 20,
    }
    with pytest.raises(exercises.BadAnswer):
        exercises.read_answer(score, {"score_NS": ["ten"], "score_EW": ["20"]})


@pytest.mark.parametrize("slug", list(exercises.CURATED))
def test_it_agrees_with_the_sources_worked_examples(slug):
    entry = exercises.CURATED[slug]
    question = exercises.curated(slug)
    assert exercises.solve(question).expected == entry["expected"]
    assert exercises.check(question, entry["expected"]).correct


@pytest.mark.parametrize(
    ("lang", "said", "label"),
    [
        ("es", "0 es poco para el jugador A.", "Jugador B"),
        ("ro", "0 e prea puțin pentru jucătorul A.", "Jucătorul B"),
        ("fr", "0, c'est trop peu pour le joueur A.", "Joueur B"),
        ("pt", "0 é pouco para o jogador A.", "Jogador B"),
    ],
)
def test_a_chouine_player_is_named_with_its_article_in_a_miss_and_its_capital_alone(
    lang, said, label
):
    from tutor.exercises.present import question_view, verdict_view

    question = exercises.pose("chouine_deal_points", 900, "chouine", {})
    expected = exercises.solve(question).expected
    verdict = exercises.check(question, {"A": 0, "B": expected["B"]})
    hint = verdict_view(question, verdict, lang, solution=False)["why_wrong"]
    assert hint[0] == said and hint[1].startswith(label)
    # The tap question's names under the cards stand alone: with their capital.
    tap = question_view(exercises.pose("chouine_trick_winner_card", 900, "chouine", {}), lang)
    cards = [card for group in tap["taps"]["hand"]["groups"] for card in group]
    labels = [card["label"] for card in cards if card["label"]]
    assert labels and all(text[0].isupper() for text in labels)
