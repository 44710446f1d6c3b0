"""Creating a session: the teacher link, the questions and the form's refusals."""

import pytest
from django.test import Client
from django.urls import reverse

from tutor.club import codes, views
from tutor.club.models import ClubSession

from .conftest import create

pytestmark = pytest.mark.django_db


def test_it_creates_a_session_without_an_account(client):
    session = create(client, count="4")
    assert session.owner is None
    assert session.questions.count() == 4
    assert all(q.data["type"].startswith("chouine_") for q in session.questions.all())
    assert codes.normalise_code(session.code) == session.code


def test_it_lists_an_owners_sessions(client, django_user_model):
    user = django_user_model.objects.create_user("teacher", password="x-long-password-1")
    client.force_login(user)
    session = create(client, game="coinche", profile="maison", topics=["scoring"])
    page = client.get(reverse("club_index")).content.decode()
    assert session.owner == user
    assert codes.teacher_key(session) in page


def test_it_refuses_a_profile_of_another_game(client):
    response = client.post(
        reverse("club_index"),
        {"game": "chouine", "profile": "federation", "count": "3", "difficulty": "1"},
    )
    assert response.status_code == 400
    assert 'class="error"' in response.content.decode()


@pytest.mark.parametrize("count", ["0", "31", "many"])
def test_it_refuses_a_bad_number_of_questions(client, count):
    response = client.post(
        reverse("club_index"),
        {"game": "chouine", "profile": "chouine", "count": count, "difficulty": "1"},
    )
    assert response.status_code == 400


def test_it_asks_a_timed_session_with_a_countdown(client):
    session = create(client, seconds="30")
    client.post(reverse("club_host_act", args=[session.code, codes.teacher_key(session), "start"]))
    page = client.get(views.host_url(session)).content.decode()
    assert "data-seconds-left=" in page


def test_sessions_created_from_one_address_are_limited(client, settings):
    settings.CLUB_SESSIONS_PER_TEN_MINUTES = 2
    create(client)
    create(client)
    data = {"game": "chouine", "profile": "chouine", "count": "3", "difficulty": "1"}
    refused = client.post(reverse("club_index"), data)
    assert refused.status_code == 429
    assert "Many sessions were created" in refused.content.decode()
    assert ClubSession.objects.count() == 2
    assert Client(REMOTE_ADDR="203.0.113.5").post(reverse("club_index"), data).status_code == 302


def test_a_session_runs_under_chouine_house_rules_in_use(client):
    # "Use these rules" from the builder: the club form offers them, and the questions
    # are posed under them (the match to five deals, the quinte at 100).
    code = "chouine~quinte:100~deals_to_win_match:5"
    client.post(reverse("use_rules"), {"profile": code, "name": "Lavardin"})
    page = client.get(reverse("club_index")).content.decode()
    assert f'<option value="{code}">Lavardin</option>' in page
    session = create(client, profile=code, topics=["chouine_scoring"], count="4")
    assert session.profile == code
    assert {q.data["profile"] for q in session.questions.all()} == {code}
    refused = client.post(
        reverse("club_index"),
        {"game": "chouine", "profile": "chouine~max_bid:180", "count": "3", "difficulty": "1"},
    )
    assert refused.status_code == 400


def test_the_ranking_mode_and_the_glossarys_scoring_section_are_two_words(client):
    """One English word, two ideas: how a session ranks its players ("Classement") and the
    glossary's section on counting points ("Le décompte")."""
    form = client.get("/fr/club/").content.decode()
    assert '<label for="id_scoring">Classement' in form
    glossary = client.get("/fr/glossary/").content.decode()
    assert "Le décompte" in glossary
