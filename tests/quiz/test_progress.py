"""The progress page: accuracy per topic and per day, streaks."""

import html

import pytest

from tutor import exercises

pytestmark = pytest.mark.django_db


def test_it_invites_a_newcomer_to_practise(client):
    assert (
        "You have not answered any question yet."
        in client.get("/en/quiz/progress/").content.decode()
    )


def test_it_counts_answers_per_topic_with_a_chart(client):
    for seed in (1, 2, 3):
        question = exercises.pose("trick_winner", seed, "federation")
        expected = exercises.solve(question).expected
        answer = expected if seed < 3 else next(s for s in "NESW" if s != expected)
        client.post(f"/en/quiz/q/trick_winner/federation/{seed}/", {"choice": answer})
    body = client.get("/en/quiz/progress/").content.decode()
    assert "<svg" in body and "<circle" in body
    assert "Tricks" in body
    assert "67%" in body
    french = client.get("/fr/quiz/progress/").content.decode()
    # French sets a percent sign off by a narrow no-break space, and never runs it on.
    assert "67\u202f%" in french and "67%" not in french and "67 %" not in french


def test_progress_joins_the_lessons_and_names_the_weak_rules(client):
    from django.urls import reverse

    from tutor import exercises

    client.post(
        reverse("lesson_answer", args=["chouine-cards", 1]),
        {"profile": "chouine", "choice": "B"},
    )
    question = exercises.pose("trick_winner", 42, "federation")
    expected = exercises.solve(question).expected
    wrong = next(s for s in "NESW" if s != expected)
    client.post("/en/quiz/q/trick_winner/federation/42/", {"choice": wrong})
    # A retry teaches but does not count: only the first answer to a question does.
    client.post("/en/quiz/q/trick_winner/federation/42/", {"choice": expected})
    body = client.get("/en/quiz/progress/").content.decode()
    assert "1 of 5 lessons done" not in body and "None of the 5 lessons done yet" in body
    assert "2 of 36 stars" in body  # the first Chouine exercise, right at once
    assert 'data-rule="trick_won_by_suit"' in body and "your one answer was wrong" in body
    assert (
        "/en/quiz/q/trick_winner/federation/?difficulty=1&amp;situation=trick_won_by_suit" in body
    )
    index = client.get("/en/quiz/").content.decode()
    assert 'data-recommended="weak"' in index
    assert "Your weakest rule: Nobody trumps: the suit led wins" in index


def test_a_rule_no_situation_names_is_named_in_words_not_by_its_code(client):
    """A wrong trick count files the engine's code "trick_points": My progress and the
    practice page name that rule in the learner's language, never by the code."""
    question = exercises.pose("trick_points", 5, "federation")
    wrong = exercises.solve(question).expected + 1
    client.post("/fr/quiz/q/trick_points/federation/5/", {"number": str(wrong)})
    progress = html.unescape(client.get("/fr/quiz/progress/").content.decode())
    assert 'data-rule="trick_points"' in progress
    assert "<strong>Les points des cartes d'un pli</strong>" in progress
    index = html.unescape(client.get("/fr/quiz/").content.decode())
    assert "Les points des cartes d'un pli (Combien vaut le pli" in index
    for page in (progress, index):
        assert "trick_points<" not in page and "trick_points " not in page
