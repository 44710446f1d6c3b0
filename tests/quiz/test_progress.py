"""The progress page: accuracy per topic and per day, streaks."""

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
    assert "67 %" in body


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
    assert "1 of 5 lessons done" not in body and "0 of 5 lessons done" in body
    assert "2 of 36 stars" in body  # the first Chouine exercise, right at once
    assert 'data-rule="trick_won_by_suit"' in body and "0 of 1 right" in body
    assert (
        "/en/quiz/q/trick_winner/federation/?difficulty=1&amp;situation=trick_won_by_suit" in body
    )
    index = client.get("/en/quiz/").content.decode()
    assert 'data-recommended="weak"' in index
    assert "Your weakest rule: Nobody trumps: the suit led wins" in index
