"""The lesson pages and the answer endpoint, in English and with bad input."""

import re

import pytest
from django.urls import reverse

from tutor.lessons.path import LESSONS

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("slug", sorted(LESSONS))
def test_it_serves_every_lesson(client, slug):
    response = client.get(reverse("lesson", args=[slug]))
    assert response.status_code == 200
    assert len(LESSONS[slug].exercises) >= 3


def answer_url(slug, number):
    return reverse("lesson_answer", args=[slug, number])


def test_it_explains_a_wrong_answer_in_a_fragment(client):
    response = client.post(
        answer_url("chouine-cards", 3),
        {"profile": "chouine", "choice": "B"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert "<html" not in body
    assert 'id="exercise-3"' in body
    assert "Not quite." in body
    assert "is a trump and the ace of diamonds is not" in body


def test_it_marks_a_right_answer_and_says_why(client):
    response = client.post(
        answer_url("chouine-cards", 3),
        {"profile": "chouine", "choice": "A"},
        headers={"HX-Request": "true"},
    )
    body = response.content.decode()
    assert "Right!" in body
    assert "solved" in body


def test_it_answers_a_plain_post_with_the_whole_page(client):
    response = client.post(
        answer_url("chouine-stock", 1), {"profile": "chouine", "card": ["AS", "7C"]}
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert "<html" in body
    assert (
        "You could also have played the queen and the ten of hearts, and the nine of diamonds."
        in body
    )


def test_it_asks_for_an_answer_when_none_is_given(client):
    response = client.post(
        answer_url("chouine-cards", 1), {"profile": "chouine"}, headers={"HX-Request": "true"}
    )
    assert "Choose an answer first." in response.content.decode()


@pytest.mark.parametrize(
    ("url", "data", "status"),
    [
        ("/en/learn/no-such-lesson/", None, 404),
        ("/en/learn/chouine-cards/9/", {"profile": "chouine", "choice": "A"}, 404),
        ("/en/learn/no-such-lesson/1/", {"choice": "A"}, 404),
        ("/en/learn/chouine-cards/1/", {"profile": "chouine", "choice": "Z"}, 400),
        ("/en/learn/chouine-cards/1/", {"profile": "chouine", "choice": ["A", "B"]}, 400),
        ("/en/learn/chouine-stock/1/", {"profile": "chouine", "card": ["KS"]}, 400),
        ("/en/learn/chouine-cards/1/", {"profile": "federation", "choice": "A"}, 400),
        ("/en/learn/chouine-cards/?profile=nonsense", None, 400),
        ("/en/learn/resume/poker/", None, 404),
    ],
)
def test_it_refuses_bad_input_with_a_4xx(client, url, data, status):
    response = client.get(url) if data is None else client.post(url, data)
    assert response.status_code == status


def test_it_translates_the_refusal(client):
    response = client.post("/pt/learn/chouine-cards/1/", {"profile": "chouine", "choice": "Z"})
    assert response.status_code == 400
    assert '<html lang="pt">' in response.content.decode()


def test_it_refuses_get_on_the_answer_endpoint(client):
    assert client.get(answer_url("chouine-cards", 1)).status_code == 405


def test_it_shows_the_same_deal_under_other_rules_after_a_right_score(client):
    response = client.post(
        answer_url("coinche-scoring", 1),
        {"profile": "federation", "score_NS": "210", "score_EW": "50"},
        headers={"HX-Request": "true"},
    )
    body = response.content.decode()
    assert "Right!" in body
    assert "Same deal, other rules" in body
    assert "Maison counting" in body
    assert '<strong class="bad">208' in body


def test_it_changes_the_answer_with_the_profile(client):
    answer = {"card": ["8H", "KD", "8C"], "profile": "federation"}
    federation = client.post(answer_url("coinche-play", 4), answer, headers={"HX-Request": "true"})
    assert "Right!" in federation.content.decode()
    classic = client.post(
        answer_url("coinche-play", 4),
        {**answer, "profile": "official"},
        headers={"HX-Request": "true"},
    )
    assert "Not quite." in classic.content.decode()


def test_it_offers_the_profile_switch_with_the_default_selected(client):
    body = client.get(reverse("lesson", args=["coinche-play"])).content.decode()
    assert '<option value="federation" selected>' in body
    body = client.get(
        reverse("lesson", args=["coinche-play"]) + "?profile=official"
    ).content.decode()
    assert '<option value="official" selected>' in body


@pytest.mark.parametrize("lang", ["pt", "es", "ro", "fr", "en"])
def test_it_serves_the_course_in_every_language(client, lang):
    response = client.get(f"/{lang}/learn/")
    assert response.status_code == 200
    assert f'<html lang="{lang}">' in response.content.decode()
    assert client.get(f"/{lang}/learn/coinche-scoring/").status_code == 200


@pytest.mark.parametrize("lang", ["pt", "es", "ro", "fr", "en"])
def test_it_shows_and_explains_a_deal_with_announcements_in_every_language(client, lang):
    body = client.get(f"/{lang}/learn/chouine-scoring/").content.decode()
    exercise = body[body.index('id="exercise-1"') : body.index('id="exercise-2"')]
    assert exercise.count("<li>") == 2
    response = client.post(
        f"/{lang}/learn/chouine-scoring/1/",
        {"profile": "chouine", "choice": "B"},
        headers={"HX-Request": "true"},
    )
    body = response.content.decode()
    assert 'class="good"' in body
    verdict = re.findall(r"<li>([^<]*)</li>", body[body.index('<ol class="plain-list steps">') :])[
        -1
    ]
    assert "100" in verdict and "90" in verdict
    assert (lang == "en") == ("a marriage in spades" in body.lower())


def test_it_refuses_a_non_number_score(client):
    response = client.post(
        answer_url("coinche-scoring", 1),
        {"profile": "federation", "score_NS": "lots", "score_EW": "1"},
    )
    assert response.status_code == 400
