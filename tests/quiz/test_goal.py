"""The home page of a returning learner, the daily goal, the streak with its freeze, and the
review backlog served a day's share at a time (tutor/quiz/goal.py)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tutor import exercises
from tutor.quiz import goal
from tutor.quiz.models import Goal, ReviewItem, WorkDay

pytestmark = pytest.mark.django_db

QUESTION = "/en/quiz/q/trick_winner/federation/42/"


def miss(client):
    question = exercises.pose("trick_winner", 42, "federation")
    expected = exercises.solve(question).expected
    client.post(QUESTION, {"choice": next(s for s in "NESW" if s != expected)})


def test_a_first_visit_gets_the_games_and_no_welcome(client):
    body = client.get("/en/").content.decode()
    assert "data-learner" not in body and "The games" in body


def test_a_returning_learner_is_told_where_they_are_with_one_action_first(client):
    client.post(reverse("lesson_answer", args=["coinche-cards", 1]), {"number": "41"})
    miss(client)
    body = client.get("/en/").content.decode()
    assert 'data-first="lesson"' in body
    assert "Continue with lesson 1: The cards, their order and their points" in body
    assert "Today's goal: 2 of 10 exercises" in body
    # The mistake is due again: reviewing it comes first, the lesson next.
    ReviewItem.objects.update(due=timezone.now() - timedelta(minutes=1))
    body = client.get("/en/").content.decode()
    assert 'data-first="review"' in body and "Review 1 rule" in body
    assert "Next in Coinche: lesson 1, The cards, their order and their points" in body


def test_the_learner_sets_the_goal_and_nonsense_is_refused(client):
    miss(client)
    response = client.post("/en/quiz/goal/", {"kind": "minutes", "amount": "15", "streak": "on"})
    assert response.status_code == 302
    body = client.get("/en/").content.decode()
    assert (
        "Today's goal: 1 of 15 minutes" in body
        and "No streak yet: meet today's goal to start one" in body
    )
    for bad in (
        {"kind": "minutes", "amount": "7"},
        {"kind": "hours", "amount": "10"},
        {"kind": "exercises", "amount": "-3"},
        {"kind": "exercises", "amount": "9" * 40},
    ):
        refused = client.post("/en/quiz/goal/", bad)
        assert refused.status_code == 400 and 'role="alert"' in refused.content.decode()
    wrong_amount = client.post("/pt/quiz/goal/", {"kind": "minutes", "amount": "7"})
    assert "Escolhe" in wrong_amount.content.decode()
    assert Goal.objects.get().amount == 15


def _days(client, *met_days_ago):
    """Work that met a goal of 5 exercises on each of those days before today."""
    session = client.session.session_key
    today = timezone.localdate()
    for ago in met_days_ago:
        WorkDay.objects.create(session_key=session, day=today - timedelta(days=ago), answers=6)


def test_the_streak_counts_real_work_and_forgives_one_missed_day_in_seven(client):
    miss(client)  # one answer today: not a day's work
    client.post("/en/quiz/goal/", {"kind": "exercises", "amount": "5", "streak": "on"})
    _days(client, 1, 2, 4, 5)
    body = client.get("/en/").content.decode()
    assert 'data-streak="4"' in body and "1 missed day forgiven" in body
    # A second gap within the week ends the streak there.
    WorkDay.objects.filter(day=timezone.localdate() - timedelta(days=5)).delete()
    _days(client, 7)
    assert 'data-streak="3"' in client.get("/en/").content.decode()


def test_after_an_absence_the_review_backlog_comes_back_a_days_share_at_a_time(client):
    miss(client)
    item = ReviewItem.objects.get()
    for number in range(goal.REVIEW_CAP + 5):
        ReviewItem.objects.create(
            session_key=item.session_key,
            rule=f"rule{number}",
            question=item.question,
            card=item.card,
            due=timezone.now() - timedelta(days=30),
        )
    home = client.get("/en/").content.decode()
    assert f'data-due="{goal.REVIEW_CAP}"' in home
    review = client.get("/en/quiz/review/").content.decode()
    assert "5 more rules are waiting" in review
    WorkDay.objects.update(reviews=goal.REVIEW_CAP)
    done = client.get("/en/quiz/review/").content.decode()
    assert "data-rationed" in done and 'name="item"' not in done
