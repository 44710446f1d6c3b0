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
    # A first miss: why, not which cards were left out.
    assert "You left out 3 cards that are also allowed." in body
    assert "was allowed too" not in body
    # "Try again" without JavaScript: the exercise afresh, on the same rules.
    assert 'href="/en/learn/chouine-stock/?profile=chouine#exercise-1" data-action="retry"' in body
    second = client.post(
        answer_url("chouine-stock", 1), {"profile": "chouine", "card": ["AS", "7C"]}
    ).content.decode()
    assert (
        "Playing the queen and the ten of hearts, and the nine of diamonds was allowed too."
        in second
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
    # The two announcements, in the rows under the table (which draws the players' points).
    rows = exercise[exercise.index('class="question-row"') :]
    assert rows.count("<li>") == 2
    assert 'data-points="60"' in exercise
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


@pytest.mark.parametrize("slug", sorted(LESSONS))
def test_every_lesson_opens_with_its_example_at_the_first_step(client, slug):
    body = client.get(reverse("lesson", args=[slug])).content.decode()
    example = body.index(f'data-example="{slug}"')
    assert example < body.index('id="explanation"') < body.index('id="practice"')
    assert 'data-step="0"' in body and "Step 1 of" in body
    assert 'data-action="example-previous"' not in body
    assert 'data-action="example-next"' in body


def test_it_draws_a_step_of_the_example_without_javascript(client):
    url = reverse("lesson", args=["coinche-play"])
    body = client.get(url, {"step": "3", "profile": "official"}).content.decode()
    stage = body[body.index('id="example-stage"') : body.index('id="explanation"')]
    assert 'data-step="3"' in stage and 'data-cards="3"' in stage
    assert "Step 4 of 6" in stage
    # South overtrumps West's nine of hearts: South's hand, the card played and the rule.
    assert "South played the jack of hearts." in stage
    assert "The rule:" in stage and "South holds no spades" in stage
    assert "so must play a higher trump" in stage and "you must" not in stage
    assert 'class="pick is-chosen" data-card="JH"' in stage
    for step in (2, 4):
        assert f'href="{url}?profile=official&amp;step={step}#example"' in stage
    last = client.get(url, {"step": "5"}).content.decode()
    assert 'data-action="example-done"' in last and 'href="#practice"' in last
    assert 'data-winner="S"' in last


def test_it_swaps_only_the_example_and_says_the_step_to_screen_readers(client):
    response = client.get(
        reverse("lesson", args=["coinche-auction"]),
        {"step": "6", "profile": "federation"},
        headers={"HX-Request": "true", "HX-Target": "example-stage"},
    )
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body and 'id="exercise-1"' not in body
    assert body.lstrip().startswith('<div class="example-stage" id="example-stage" data-step="6"')
    live = body[body.index('<p id="example-live" hx-swap-oob="innerHTML">') :]
    assert "Step 7 of 8" in live and "South says coinche: the contract is doubled." in live
    # The calls so far lie at their seats, the next speaker marked.
    assert body.count('class="call ') == 6
    assert 'data-seat="E"' in body[body.index("data-to-speak") - 400 : body.index("data-to-speak")]


@pytest.mark.parametrize("step", ["-1", "x", "1.5", "", "99999"])
def test_it_refuses_a_step_no_link_has_in_a_translated_page(client, step):
    response = client.get("/fr/learn/coinche-play/", {"step": step})
    assert response.status_code == 400
    assert "L'exemple de la leçon n'a pas cette étape." in response.content.decode()


def test_a_step_past_the_end_shows_the_last_one(client):
    body = client.get(reverse("lesson", args=["coinche-play"]), {"step": "40"}).content.decode()
    assert 'data-step="5"' in body and "Step 6 of 6" in body


def test_an_example_house_rules_forbid_is_played_under_the_lessons_rules_and_says_so(client):
    # A lowest bid of 90 refuses the example's opening 80 in hearts.
    url = reverse("lesson", args=["coinche-auction"])
    house = "federation~min_bid:90"
    body = client.get(url, {"profile": house, "step": "1"}).content.decode()
    assert "data-shown-under" in body and "West bids 80 in hearts." in body
    # The links keep the learner's own rules.
    assert "profile=federation~min_bid%3A90&amp;step=2" in body
    plain = client.get(url, {"profile": "federation"}).content.decode()
    assert "data-shown-under" not in plain
