"""A teacher's question sets: building, ordering, timing, sharing, copying, running live and
assigning as homework; bad input refused with a translated reason, what was typed kept."""

from datetime import timedelta
from html import unescape
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tutor import exercises
from tutor.club import positions
from tutor.club.models import ClubSession, Homework, QuestionSet, SetQuestion

from .test_positions import CHOUINE, REFEREE

pytestmark = pytest.mark.django_db


@pytest.fixture
def teacher(client):
    user = User.objects.create(username="prof")
    client.force_login(user)
    return user


@pytest.fixture
def question_set(client, teacher):
    response = client.post("/en/club/sets/", {"name": "Tonight", "profile": "federation"})
    assert response.status_code == 302
    return QuestionSet.objects.get()


def add_url(position, source="referee", lang="en"):
    query = urlencode({"position": positions.sign(position), "source": source})
    return f"/{lang}/club/sets/add/?{query}"


def draw(client, question_set, **data):
    form = {"what": "play_card", "difficulty": "1", "count": "2", "seconds": "", **data}
    return client.post(f"/en/club/sets/{question_set.token}/draw/", form)


def test_it_asks_for_an_account_to_keep_sets(client):
    page = client.get("/en/club/sets/").content.decode()
    assert "/en/learn/account/login/?next=%2Fen%2Fclub%2Fsets%2F" in page
    response = client.get(add_url(REFEREE))
    assert response.status_code == 302 and response["Location"].startswith(
        "/en/learn/account/login/"
    )


def test_a_set_needs_a_name_and_keeps_what_was_typed(client, teacher):
    response = client.post("/fr/club/sets/", {"name": "  ", "profile": "maison"})
    assert response.status_code == 400
    body = unescape(response.content.decode())
    assert 'value="maison" selected' in body
    assert "Ce champ est obligatoire." in body
    assert not QuestionSet.objects.exists()


def test_a_referee_position_joins_a_new_set_as_a_tap_question(client, teacher):
    page = client.get(add_url(REFEREE, lang="pt"))
    assert page.status_code == 200
    assert 'value="play_card"' in page.content.decode()
    response = client.post(
        add_url(REFEREE),
        {"kind": "play_card", "target": "", "name": "Sexta", "profile": "maison", "seconds": "30"},
    )
    assert response.status_code == 302
    item = SetQuestion.objects.get()
    assert response["Location"] == f"/en/club/sets/{item.question_set.token}/#question-{item.pk}"
    assert item.question_set.name == "Sexta" and item.question_set.profile == "maison"
    assert item.source == "referee" and item.seconds == 30
    assert item.question["type"] == "play_card" and item.question["profile"] == "maison"


def test_a_position_the_sets_rules_refuse_is_refused_with_the_engines_reason(
    client, teacher, question_set
):
    no_trump = {**REFEREE, "trump": "SA"}
    response = client.post(
        add_url(no_trump, lang="fr"),
        {"kind": "play_card", "target": question_set.token, "seconds": "45"},
    )
    assert response.status_code == 400
    body = unescape(response.content.decode())
    with_reason = exercises.text({"code": "trump_not_in_profile", "params": {"trump": "SA"}}, "fr")
    assert with_reason in body and "data-refused" in body
    # Nothing else is lost: the choices stay as they were made.
    assert f'value="{question_set.token}" selected' in body and 'value="45" selected' in body
    assert not SetQuestion.objects.exists()
    # A Chouine position has no place in a Coinche set.
    response = client.post(add_url(CHOUINE), {"kind": "chouine_play_card", "target": ""})
    assert response.status_code == 400


def test_a_forged_position_is_refused(client, teacher):
    response = client.get("/ro/club/sets/add/?position=forged")
    assert response.status_code == 400
    text = exercises.text({"code": "club_position_unreadable", "params": {}}, "ro")
    assert text in unescape(response.content.decode())


def test_questions_are_drawn_fresh_of_a_kind_and_about_a_rule(client, teacher, question_set):
    response = draw(client, question_set, what="play_card:must_trump", count="3", seconds="20")
    assert response.status_code == 200
    drawn = list(question_set.questions.all())
    assert [item.order for item in drawn] == [0, 1, 2]
    for item in drawn:
        assert item.source == "drawn" and item.seconds == 20
        assert exercises.solve(item.question).rule == "must_trump"
    # A rule these rules never show, or too many questions: refused, the form kept.
    response = draw(client, question_set, what="legal_cards:must_undertrump")
    assert response.status_code == 400
    assert draw(client, question_set, count="99").status_code == 400
    assert question_set.questions.count() == 3


def test_questions_move_lose_their_place_and_get_their_time(client, teacher, question_set):
    draw(client, question_set, count="3")
    first, second, third = question_set.questions.all()
    base = f"/en/club/sets/{question_set.token}/q"
    response = client.post(f"{base}/{third.pk}/move-up/")
    assert response["Location"].endswith(f"#question-{third.pk}")
    assert list(question_set.questions.all()) == [first, third, second]
    client.post(f"{base}/{first.pk}/move-up/")
    assert list(question_set.questions.all()) == [first, third, second]
    partial = client.post(f"{base}/{first.pk}/move-down/", headers={"HX-Request": "true"})
    assert partial.status_code == 200 and "<html" not in partial.content.decode()
    assert list(question_set.questions.all()) == [third, first, second]
    client.post(f"{base}/{first.pk}/time/", {"seconds": "90"})
    assert SetQuestion.objects.get(pk=first.pk).seconds == 90
    assert client.post(f"{base}/{first.pk}/time/", {"seconds": "7"}).status_code == 400
    client.post(f"{base}/{second.pk}/remove/")
    assert list(question_set.questions.all()) == [third, first]
    assert client.post(f"{base}/{second.pk}/remove/").status_code == 404


def test_someone_elses_set_is_copied_never_edited(client, teacher, question_set):
    draw(client, question_set, count="2")
    other = Client()
    other.force_login(User.objects.create(username="other"))
    page = other.get(f"/es/club/sets/{question_set.token}/").content.decode()
    assert 'data-action="copy"' in page and 'data-action="remove"' not in page
    item = question_set.questions.first()
    for url in (
        f"/es/club/sets/{question_set.token}/q/{item.pk}/remove/",
        f"/es/club/sets/{question_set.token}/draw/",
        f"/es/club/sets/{question_set.token}/run/",
        f"/es/club/sets/{question_set.token}/assign/",
        f"/es/club/sets/{question_set.token}/delete/",
        f"/es/club/sets/{question_set.token}/",
    ):
        response = other.post(url, {"name": "Mine", "profile": "federation"})
        assert response.status_code == 403, url
    assert question_set.questions.count() == 2
    copied = other.post(f"/es/club/sets/{question_set.token}/copy/")
    mine = QuestionSet.objects.exclude(pk=question_set.pk).get()
    assert copied["Location"] == f"/es/club/sets/{mine.token}/"
    assert mine.copied_from == question_set and mine.questions.count() == 2
    other.post(f"/es/club/sets/{mine.token}/q/{mine.questions.first().pk}/remove/")
    assert mine.questions.count() == 1 and question_set.questions.count() == 2


def test_new_rules_pose_every_question_again_or_say_which_cannot_be(client, teacher, question_set):
    client.post(add_url(REFEREE), {"kind": "play_card", "target": question_set.token})
    response = client.post(
        f"/en/club/sets/{question_set.token}/", {"name": "Tonight", "profile": "maison"}
    )
    assert response.status_code == 302
    assert SetQuestion.objects.get().question["profile"] == "maison"
    response = client.post(
        f"/en/club/sets/{question_set.token}/", {"name": "Renamed", "profile": "chouine"}
    )
    assert response.status_code == 400
    assert "data-refusals" in response.content.decode()
    question_set.refresh_from_db()
    assert (question_set.name, question_set.profile) == ("Tonight", "maison")
    # A pass ends this auction; where the bidder speaks last, no call offered ends it.
    auction = {"dealer": "N", "calls": ["pass", "80H", "pass", "pass"]}
    client.post(add_url(auction), {"kind": "auction_end", "target": question_set.token})
    raising = "federation~raise_own_bid:1"
    response = client.post(
        f"/fr/club/sets/{question_set.token}/", {"name": "Tonight", "profile": raising}
    )
    assert response.status_code == 400
    why = exercises.text({"code": "club_position_nothing_right", "params": {}}, "fr")
    body = unescape(response.content.decode())
    assert why in body and "data-refusals" in body


def test_a_session_takes_the_questions_as_they_are_when_it_starts(client, teacher, question_set):
    assert client.post(f"/en/club/sets/{question_set.token}/run/", {}).status_code == 400
    draw(client, question_set, count="2", seconds="20")
    first = question_set.questions.first()
    client.post(f"/en/club/sets/{question_set.token}/q/{first.pk}/time/", {"seconds": ""})
    response = client.post(
        f"/en/club/sets/{question_set.token}/run/", {"scoring": "speed", "auto_reveal": "on"}
    )
    assert response.status_code == 302
    session = ClubSession.objects.get()
    assert session.question_set == question_set and session.title == "Tonight"
    assert session.scoring == "speed" and session.auto_reveal
    posed = [(q.data, q.seconds) for q in session.questions.all()]
    assert posed == [(item.question, item.seconds) for item in question_set.questions.all()]
    assert [seconds for _data, seconds in posed] == [None, 20]
    # Editing the set afterwards leaves the session alone.
    question_set.questions.all().delete()
    assert session.questions.count() == 2


def test_homework_needs_a_deadline_ahead(client, teacher, question_set):
    draw(client, question_set, count="1")
    url = f"/en/club/sets/{question_set.token}/assign/"
    past = (timezone.localtime() - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
    response = client.post(url, {"deadline": past})
    assert response.status_code == 400 and past in response.content.decode()
    ahead = (timezone.localtime() + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
    response = client.post(url, {"deadline": ahead})
    homework = Homework.objects.get()
    assert response["Location"] == reverse("club_homework_report", args=[homework.token])
    assert homework.questions == [question_set.questions.get().question]


def test_every_kind_of_question_drawn_can_be_previewed(client, teacher, question_set):
    kinds = [
        name
        for group in client.get(f"/en/club/sets/{question_set.token}/")
        .context["draw_form"]
        .fields["what"]
        .choices
        for name, _label in group[1]
        if ":" not in name
    ]
    for kind in kinds:
        assert draw(client, question_set, what=kind, count="1").status_code == 200, kind
    page = client.get(f"/pt/club/sets/{question_set.token}/")
    assert page.status_code == 200
    assert page.content.decode().count('class="stage-preview"') == len(kinds)
