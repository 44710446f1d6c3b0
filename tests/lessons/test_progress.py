"""Progress: in the session for visitors, in the database for accounts, merged on sign-in."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tutor.lessons.models import SolvedExercise
from tutor.lessons.path import LESSONS

pytestmark = pytest.mark.django_db

# The right answers of the first Chouine lesson (a lead and a reply per trick).
CHOUINE_CARDS = {1: "B", 2: "B", 3: "A"}


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice", password="a long pass phrase 42")


def solve(client, slug, answers):
    for number, choice in answers.items():
        response = client.post(
            reverse("lesson_answer", args=[slug, number]),
            {"profile": "chouine", "choice": choice},
            headers={"HX-Request": "true"},
        )
        assert "Right!" in response.content.decode(), number


def test_it_keeps_a_visitors_progress_in_the_session(client):
    solve(client, "chouine-cards", {1: "B"})
    assert client.session["lessons_solved"] == [["chouine-cards", 0, "chouine"]]
    assert SolvedExercise.objects.count() == 0


def test_it_counts_a_lesson_done_only_when_every_exercise_is_right(client):
    solve(client, "chouine-cards", {1: "B", 2: "B"})
    page = client.get(reverse("lesson", args=["chouine-cards"])).content.decode()
    assert "You have answered every exercise" not in page
    solve(client, "chouine-cards", {3: "A"})
    page = client.get(reverse("lesson", args=["chouine-cards"])).content.decode()
    assert "You have answered every exercise" in page


def test_it_does_not_count_a_wrong_answer(client):
    client.post(
        reverse("lesson_answer", args=["chouine-cards", 1]), {"profile": "chouine", "choice": "A"}
    )
    assert "lessons_solved" not in client.session


def test_it_keeps_a_signed_in_learners_progress_in_the_database(client, alice):
    client.force_login(alice)
    solve(client, "chouine-cards", {2: "B"})
    assert list(alice.solved_exercises.values_list("lesson", "exercise")) == [("chouine-cards", 1)]


def test_it_merges_the_session_into_the_account_on_login(client, alice):
    solve(client, "chouine-cards", CHOUINE_CARDS)
    SolvedExercise.objects.create(user=alice, lesson="chouine-cards", exercise=0)
    response = client.post(
        reverse("login"), {"username": "alice", "password": "a long pass phrase 42"}
    )
    assert response.status_code == 302
    solved = set(alice.solved_exercises.values_list("lesson", "exercise"))
    assert solved == {("chouine-cards", 0), ("chouine-cards", 1), ("chouine-cards", 2)}
    assert "lessons_solved" not in client.session


def test_it_resumes_at_the_first_lesson_not_done(client):
    assert client.get(reverse("lessons_resume", args=["chouine"])).url == reverse(
        "lesson", args=["chouine-cards"]
    )
    solve(client, "chouine-cards", CHOUINE_CARDS)
    assert client.get(reverse("lessons_resume", args=["chouine"])).url == reverse(
        "lesson", args=["chouine-stock"]
    )


def test_it_signs_up_and_keeps_what_was_solved(client):
    solve(client, "chouine-cards", {1: "B"})
    response = client.post(
        reverse("signup"),
        {
            "username": "bob",
            "password1": "a long pass phrase 42",
            "password2": "a long pass phrase 42",
        },
    )
    assert response.status_code == 302
    bob = get_user_model().objects.get(username="bob")
    assert list(bob.solved_exercises.values_list("lesson", "exercise")) == [("chouine-cards", 0)]


def test_it_signs_out_with_a_post(client, alice):
    client.force_login(alice)
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session


def test_it_shows_the_login_and_signup_pages(client):
    assert client.get(reverse("login")).status_code == 200
    assert client.get(reverse("signup")).status_code == 200


def test_every_lesson_has_three_exercises_or_more():
    assert all(len(lesson.exercises) >= 3 for lesson in LESSONS.values())
