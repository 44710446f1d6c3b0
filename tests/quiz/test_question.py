"""The question pages: stable addresses, htmx and plain answers, bad input."""

from datetime import timedelta

import pytest
from django.utils import timezone
from django.utils.html import escape

from tutor import exercises
from tutor.quiz.models import Attempt, ReviewItem

pytestmark = pytest.mark.django_db


def url(name="legal_cards", profile="federation", seed=42, lang="en"):
    return f"/{lang}/quiz/q/{name}/{profile}/{seed}/"


def right_form(question):
    expected = exercises.solve(question).expected
    qtype = exercises.get_type(question["type"])
    kind = qtype.answer_kind
    if kind == "cards":
        return {"card": expected}
    if kind == "tap":
        return {qtype.tap_field: expected[0]}
    if kind == "choice":
        return {"choice": expected}
    if kind == "number":
        return {"number": expected}
    return {f"score_{side}": points for side, points in expected.items()}


def test_it_lists_every_type(client):
    page = client.get("/en/quiz/").content.decode()
    for name in exercises.TYPES:
        assert f"/en/quiz/q/{name}/" in page


@pytest.mark.parametrize("name", list(exercises.TYPES))
def test_it_shows_and_checks_every_type(client, name):
    profile = exercises.get_type(name).profiles[0]
    question = exercises.pose(name, 42, profile)
    response = client.get(url(name, profile))
    assert response.status_code == 200
    assert escape(exercises.text(question["prompt"], "en")) in response.content.decode()
    answer = client.post(url(name, profile), right_form(question), headers={"HX-Request": "true"})
    assert answer.status_code == 200
    body = answer.content.decode()
    assert "Right!" in body and "<html" not in body


def test_it_redirects_to_a_permanent_address_with_filters(client):
    response = client.get("/en/quiz/q/legal_cards/federation/?difficulty=2&profile=official")
    assert response.status_code == 302
    assert response["Location"].startswith("/en/quiz/q/legal_cards/official/")
    assert "difficulty=2" in response["Location"]


def test_it_explains_a_wrong_answer_and_files_it_for_review(client):
    question = exercises.pose("trick_winner", 42, "federation")
    expected = exercises.solve(question).expected
    wrong = next(s for s in "NESW" if s != expected)
    response = client.post(url("trick_winner"), {"choice": wrong})
    body = response.content.decode()
    assert response.status_code == 200
    # A first miss: the verdict, "Try again" and "Show me", not the answer nor the steps.
    assert "Not quite." in body and 'id="feedback"' in body
    assert "Step by step" not in body and "data-expected" not in body
    assert 'data-action="retry"' in body and 'data-action="show-me"' in body
    assert Attempt.objects.get().correct is False
    item = ReviewItem.objects.get()
    assert item.rule == exercises.check(question, wrong).rule
    assert item.question["seed"] == 42
    # The second miss shows the solution; only the first answer counted.
    second = client.post(url("trick_winner"), {"choice": wrong}).content.decode()
    assert "Step by step" in second and "data-expected" in second
    assert 'data-action="show-me"' not in second
    right = client.post(url("trick_winner"), {"choice": expected}).content.decode()
    assert "Right!" in right
    assert Attempt.objects.count() == 1


@pytest.mark.parametrize("name", ["play_card", "make_call", "auction_end"])
def test_a_tap_questions_first_miss_says_why_that_tap_is_wrong_and_keeps_the_taps(client, name):
    question = exercises.pose(name, 42, "federation")
    qtype = exercises.get_type(name)
    expected = exercises.solve(question).expected
    wrong = next(tap for tap in qtype.taps(question) if tap not in expected)
    field = qtype.tap_field
    first = client.post(url(name), {field: wrong}, headers={"HX-Request": "true"}).content
    first = first.decode()
    # Why this tap breaks a rule, in the engine's words; nothing marks the right taps.
    assert "data-held" in first and "data-expected" not in first
    assert escape(exercises.text(exercises.check(question, wrong).hint[0], "en")) in first
    assert f'data-{field}="{wrong}" data-verdict="wrong"' in first
    for tap in expected:
        assert f'data-{field}="{tap}" data-verdict' not in first
    # The taps stay buttons, to tap again at once.
    for tap in qtype.taps(question):
        assert f'name="{field}" value="{tap}"' in first
    second = client.post(url(name), {field: wrong}, headers={"HX-Request": "true"}).content
    second = second.decode()
    assert "data-held" not in second and "data-expected" in second
    for tap in expected:
        assert f'data-{field}="{tap}" data-verdict="missed"' in second


def test_a_tap_between_two_cards_shows_the_solution_at_its_first_miss(client):
    question = exercises.pose("chouine_trick_winner_card", 42, "chouine")
    taps = (question["data"]["lead"], question["data"]["reply"])
    wrong = next(tap for tap in taps if tap not in exercises.solve(question).expected)
    body = client.post(url("chouine_trick_winner_card", "chouine"), {"card": wrong}).content
    assert "data-held" not in body.decode() and "data-expected" in body.decode()


def test_show_me_gives_the_solution_and_a_later_right_answer_does_not_count(client):
    question = exercises.pose("legal_cards", 42, "federation")
    expected = exercises.solve(question).expected
    shown = client.post(url(), {"show": "1"}, headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in shown
    for code in expected:
        assert f'data-card="{code}" data-verdict="missed"' in shown
    client.post(url(), {"card": expected}, headers={"HX-Request": "true"})
    assert not Attempt.objects.exists()


def test_it_asks_again_when_the_answer_is_empty(client):
    response = client.post(url(), {}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "Choose an answer first." in response.content.decode()
    assert not Attempt.objects.exists()


@pytest.mark.parametrize(
    "path",
    [
        url("nonsense"),
        url(profile="nobody"),
        url(seed="abc"),
        url(seed="99999999999"),
        url(name="chouine_legal", profile="federation"),
        url() + "?difficulty=7",
        url() + "?situation=flying",
        "/en/quiz/q/nonsense/federation/",
        "/en/quiz/example/nothing/",
    ],
)
def test_it_answers_bad_addresses_with_400(client, path):
    response = client.get(path)
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()


def test_it_refuses_a_tampered_answer(client):
    assert client.post(url(), {"card": ["ZZ"]}).status_code == 400
    assert client.post(url("trick_winner"), {"choice": "X"}).status_code == 400


def test_it_shows_the_worked_examples(client):
    for slug in exercises.CURATED:
        assert client.get(f"/en/quiz/example/{slug}/").status_code == 200


def test_it_brings_mistakes_back_in_review(client):
    question = exercises.pose("trick_winner", 42, "federation")
    expected = exercises.solve(question).expected
    client.post(url("trick_winner"), {"choice": next(s for s in "NESW" if s != expected)})
    # Right after the mistake the queue names what comes back, and when.
    body = client.get("/en/quiz/review/").content.decode()
    assert "Nothing to review right now" in body
    assert "Who wins the trick? — Nobody trumps: the suit led wins" in body
    assert "in less than a minute" in body
    assert 'data-action="review-now"' in body
    early = client.get("/en/quiz/review/?all=1")
    assert escape(exercises.text(question["prompt"], "en")) in early.content.decode()
    item = ReviewItem.objects.get()
    first_due = item.due
    assert f'name="due" value="{_due(item)}"' in early.content.decode()
    drawn = {"item": item.pk, "due": _due(item)}
    response = client.post("/en/quiz/review/", {**drawn, "choice": expected})
    assert "Right!" in response.content.decode()
    item.refresh_from_db()
    assert item.due > first_due and item.card["state"] == 1 and item.card["step"] == 1
    # The same drawing answered again schedules nothing more.
    client.post("/en/quiz/review/", {**drawn, "choice": expected})
    item.refresh_from_db()
    assert item.card["state"] == 1 and item.card["step"] == 1
    # Drawn again, right again: FSRS graduates the rule to days away; a miss brings it back
    # in minutes.
    client.post("/en/quiz/review/", {"item": item.pk, "due": _due(item), "choice": expected})
    item.refresh_from_db()
    assert item.card["state"] == 2 and item.due - timezone.now() > timedelta(hours=12)
    wrong = "N" if expected != "N" else "E"
    client.post("/en/quiz/review/", {"item": item.pk, "due": _due(item), "choice": wrong})
    item.refresh_from_db()
    assert item.card["state"] == 3 and item.due - timezone.now() < timedelta(minutes=11)


def _due(item):
    """The due time a review page draws its item with (its hidden ``due`` field)."""
    return str(int(item.due.timestamp() * 1000))


def test_it_keeps_review_queues_apart(client, django_user_model):
    question = exercises.pose("trick_winner", 42, "federation")
    expected = exercises.solve(question).expected
    client.post(url("trick_winner"), {"choice": next(s for s in "NESW" if s != expected)})
    user = django_user_model.objects.create_user("ana", password="pw-long-enough-1")
    client.force_login(user)
    assert "No mistakes to review yet." in client.get("/en/quiz/review/").content.decode()
    item = ReviewItem.objects.get()
    assert client.post("/en/quiz/review/", {"item": item.pk, "choice": "N"}).status_code == 400


@pytest.mark.parametrize("lang", ["en", "pt", "es", "ro", "fr"])
def test_it_serves_every_page_in_every_language(client, lang):
    for path in [
        "",
        "test/",
        "review/",
        "progress/",
        "calculator/",
        "sheet/",
        "q/legal_cards/federation/5/",
        "q/chouine_exchange_seven/chouine/5/",
        "q/game_end/official/5/",
        "example/maison-litige/",
    ]:
        response = client.get(f"/{lang}/quiz/{path}")
        assert response.status_code == 200, path
        assert f'<html lang="{lang}">' in response.content.decode()


@pytest.mark.parametrize(
    ("name", "profile", "said"),
    [
        ("trick_winner_card", "federation", "escolhida, mas não ganha a vaza"),
        ("chouine_trick_winner_card", "chouine", "escolhida, mas não ganha a vaza"),
        ("auction_end", "federation", "escolhida, mas não termina o leilão"),
        ("play_card", "federation", "escolhida, mas não permitida"),
    ],
)
def test_a_wrong_tap_is_marked_for_what_the_question_asked(client, name, profile, said):
    """A card that does not win the trick was allowed: its mark says it does not win."""
    question = exercises.pose(name, 42, profile)
    qtype = exercises.get_type(name)
    expected = exercises.solve(question).expected
    wrong = next(tap for tap in qtype.taps(question) if tap not in expected)
    body = client.post(url(name, profile, lang="pt"), {qtype.tap_field: wrong}).content.decode()
    mark = body.split(f'data-{qtype.tap_field}="{wrong}" data-verdict="wrong"', 1)[1]
    assert f'<span class="visually-hidden verdict-said">{said}</span>' in mark[:1500]
    assert ("não permitida" in mark[:1500]) == (qtype.tap_asks == "allowed")
