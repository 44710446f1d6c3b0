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
