"""The self-test: settings, answering every question, the score and the mistakes."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone, translation
from django.utils.html import escape

from tutor import exercises
from tutor.quiz.models import SelfTest

pytestmark = pytest.mark.django_db


def start(client, **data):
    form = {"game": "coinche", "profile": "federation", "difficulty": 1, "length": 5, **data}
    return client.post("/en/quiz/test/", form)


def test_it_runs_a_test_to_its_score(client):
    response = start(client, topics=["tricks"])
    assert response.status_code == 302
    test = SelfTest.objects.get()
    assert {q["type"] for q in test.questions} <= {
        "trick_winner",
        "trick_points",
        "running_count",
        "trick_winner_card",
    }
    for number, question in enumerate(test.questions):
        page = client.get(f"/en/quiz/test/{test.id}/")
        assert f"Question {number + 1} of 5" in page.content.decode()
        expected = exercises.solve(question).expected
        kind = exercises.get_type(question["type"]).answer_kind
        # Right answers to the first three, wrong ones to the last two.
        if kind == "number":
            answer = {"number": expected if number < 3 else expected + 1}
        elif kind == "tap":
            wrong = next(card for card in question["data"]["trick"] if card not in expected)
            answer = {"card": expected[0] if number < 3 else wrong}
        else:
            answer = {
                "choice": expected if number < 3 else next(s for s in "NESW" if s != expected)
            }
        client.post(f"/en/quiz/test/{test.id}/", {"position": number, **answer})
    result = client.get(f"/en/quiz/test/{test.id}/result/").content.decode()
    assert "You answered 3 of 5 questions correctly." in result
    verdicts = re.findall(r'class="panel reviewed-question" id="q\d+" data-verdict="(\w+)"', result)
    assert verdicts.count("right") == 3 and verdicts.count("wrong") == 2
    assert "Your score to beat next time: 3 right answers." in result


def test_it_reveals_nothing_before_the_end(client):
    start(client)
    test = SelfTest.objects.get()
    wrong = _wrong(test.questions[0])
    response = client.post(f"/en/quiz/test/{test.id}/", {"position": 0, **wrong})
    assert response.status_code == 302 and response["Location"] == f"/en/quiz/test/{test.id}/"
    page = client.get(response["Location"]).content.decode()
    assert "Not quite" not in page and "Right!" not in page
    assert "Question 2 of 5" in page and 'value="1"' in page
    htmx = client.post(
        f"/en/quiz/test/{test.id}/",
        {"position": 1, **_right(test.questions[1])},
        HTTP_HX_REQUEST="true",
    )
    assert htmx["HX-Redirect"] == f"/en/quiz/test/{test.id}/"
    # The result waits for the end of the test.
    assert client.get(f"/en/quiz/test/{test.id}/result/")["Location"] == f"/en/quiz/test/{test.id}/"


def test_an_empty_answer_is_asked_again(client):
    start(client)
    test = SelfTest.objects.get()
    response = client.post(f"/en/quiz/test/{test.id}/", {"position": 0})
    assert "Choose an answer first." in response.content.decode()
    test.refresh_from_db()
    assert test.answers == []


def test_a_time_limit_ends_the_test_and_counts_the_rest_as_unanswered(client):
    start(client, minutes=2)
    test = SelfTest.objects.get()
    assert 110 <= test.seconds_left <= 120
    page = client.get(f"/en/quiz/test/{test.id}/").content.decode()
    assert 'http-equiv="refresh"' in page and "data-seconds-left" in page
    client.post(f"/en/quiz/test/{test.id}/", {"position": 0, **_right(test.questions[0])})
    SelfTest.objects.filter(pk=test.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    late = client.post(f"/en/quiz/test/{test.id}/", {"position": 1, **_right(test.questions[1])})
    assert late["Location"] == f"/en/quiz/test/{test.id}/result/"
    result = client.get(late["Location"]).content.decode()
    assert "You answered 1 of 5 questions correctly." in result
    assert "Time ran out: 4 questions were not answered." in result
    assert result.count('data-verdict="unanswered"') == 4


def take(client, right: int) -> SelfTest:
    """A new test of the same kind, its first ``right`` questions answered right, the rest
    wrong."""
    start(client)
    test = SelfTest.objects.order_by("-created").first()
    for number, question in enumerate(test.questions):
        answer = _right(question) if number < right else _wrong(question)
        client.post(f"/en/quiz/test/{test.id}/", {"position": number, **answer})
    return test


def test_the_score_to_beat_is_the_best_of_the_same_kind_of_test(client):
    for right in (2, 4, 3):
        test = take(client, right)
    result = client.get(f"/en/quiz/test/{test.id}/result/").content.decode()
    assert "Your best is 4 right answers: beat it next time." in result
    SelfTest.objects.exclude(pk=test.pk).filter(answers__len=0).delete()
    earlier = SelfTest.objects.order_by("created")[1]
    result = client.get(f"/en/quiz/test/{earlier.id}/result/").content.decode()
    assert "A new best: you had never done better than 2 right answers." in result


def test_it_ignores_a_second_submit(client):
    start(client)
    test = SelfTest.objects.get()
    question = test.questions[0]
    form = {"position": 0, **_right(question)}
    client.post(f"/en/quiz/test/{test.id}/", form)
    assert client.post(f"/en/quiz/test/{test.id}/", form).status_code == 302
    test.refresh_from_db()
    assert len(test.answers) == 1


def _wrong(question):
    expected = exercises.solve(question).expected
    qtype = exercises.get_type(question["type"])
    kind = qtype.answer_kind
    if kind == "tap":
        return {qtype.tap_field: next(t for t in qtype.taps(question) if t not in expected)}
    if kind == "cards":
        other = [c for c in question["data"]["hand"] if c not in expected]
        return {"card": other or expected[:-1] or question["data"]["hand"][:1]}
    if kind == "number":
        return {"number": expected + 1}
    if kind == "scores":
        return {f"score_{s}": p + 10 for s, p in expected.items()}
    return {"choice": next(c["value"] for c in question["choices"] if c["value"] != expected)}


def _right(question):
    expected = exercises.solve(question).expected
    qtype = exercises.get_type(question["type"])
    kind = qtype.answer_kind
    if kind == "tap":
        return {qtype.tap_field: expected[0]}
    if kind == "cards":
        return {"card": expected}
    if kind == "number":
        return {"number": expected}
    if kind == "scores":
        return {f"score_{s}": p for s, p in expected.items()}
    return {"choice": expected}


@pytest.mark.parametrize(
    "data",
    [{"game": "golf"}, {"profile": "chouine"}, {"length": 7}, {"topics": ["chouine_play"]}],
)
def test_it_refuses_bad_settings(client, data):
    response = start(client, **data)
    assert response.status_code == 400
    assert not SelfTest.objects.exists()


def test_it_hides_another_visitors_test(client):
    start(client)
    test = SelfTest.objects.get()
    client.cookies.clear()
    assert client.get(f"/en/quiz/test/{test.id}/").status_code == 404


def test_the_results_show_each_answer_on_the_table_with_the_one_feedback(client):
    """Following suit: a wrong hand is marked card by card, as in practice; a right one has
    its steps folded; a question left unanswered shows the engine's answer, no "your answer"."""
    start(client, topics=["play"], minutes=2)
    test = SelfTest.objects.get()
    # The cards that may be played, ticked all at once or played one at a time.
    assert {q["type"] for q in test.questions} <= {"legal_cards", "play_card"}
    client.post(f"/en/quiz/test/{test.id}/", {"position": 0, **_wrong(test.questions[0])})
    client.post(f"/en/quiz/test/{test.id}/", {"position": 1, **_right(test.questions[1])})
    SelfTest.objects.filter(pk=test.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    result = client.get(f"/en/quiz/test/{test.id}/result/").content.decode()
    items = result.split('<li class="panel reviewed-question"')[1:]
    assert len(items) == 5
    wrong, right, *unanswered = items
    assert 'data-verdict="wrong"' in wrong and 'class="feedback-title bad"' in wrong
    assert 'data-table="coinche"' in wrong
    given = _wrong(test.questions[0])["card"]
    given = {given} if isinstance(given, str) else set(given)
    expected = set(exercises.solve(test.questions[0]).expected)
    # A first miss: the reason beside each refused card chosen, or how many were left out.
    if given - expected:
        assert 'class="card-reasons"' in wrong
    else:
        assert "You left out" in wrong
    for code in given - expected:
        assert f'data-card="{code}" data-verdict="wrong"' in wrong
    assert 'class="feedback-title good"' in right and 'class="steps-fold"' in right
    # The test's wrong answer was a first miss: why, not the answer.
    assert 'data-verdict="missed"' not in wrong and 'data-action="show-me"' in wrong
    # A question left when time ran out is asked again, nothing marked.
    for item in unanswered:
        assert 'data-verdict="unanswered"' in item and "Your answer:" not in item
        assert "answer it now" in item and 'data-verdict="missed"' not in item
        assert f'action="/en/quiz/test/{test.id}/result/{items.index(item) + 1}/"' in item


def test_the_results_teach_a_retry_without_changing_the_score(client):
    start(client, topics=["play"], minutes=2)
    test = SelfTest.objects.get()
    client.post(f"/en/quiz/test/{test.id}/", {"position": 0, **_wrong(test.questions[0])})
    SelfTest.objects.filter(pk=test.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    retry = f"/en/quiz/test/{test.id}/result/1/"
    htmx = {"HX-Request": "true"}
    # The test's answer was the first miss: a second one shows the solution.
    second = client.post(retry, _wrong(test.questions[0]), headers=htmx).content.decode()
    assert second.startswith('\n<li class="panel reviewed-question" id="q1"')
    assert 'data-verdict="missed"' in second or "You could also" in second
    assert "The solution comes after" not in second
    right = client.post(retry, _right(test.questions[0]), headers=htmx).content.decode()
    assert "Right!" in right
    # A question time cut short: its first miss holds the answer back.
    late = client.post(
        f"/en/quiz/test/{test.id}/result/2/", _wrong(test.questions[1]), headers=htmx
    ).content.decode()
    assert "The solution comes after" in late
    test.refresh_from_db()
    assert test.score == 0 and len(test.answers) == 1
    assert client.post(f"/en/quiz/test/{test.id}/result/9/", {}).status_code == 400
    assert client.post(retry, {"card": ["ZZ"]}).status_code == 400


@pytest.mark.parametrize("lang", ["en", "pt", "ro"])
def test_no_right_answer_has_its_own_sentences_not_a_count_of_zero(client, lang):
    """Three tests of one kind: none right, none right again, then one right."""
    said = {
        "first": "Next time, a single right answer will beat this score.",
        "kept": "Your best so far has no right answer: a single one will beat it.",
        "new": "A new best: until now you had no right answer.",
    }
    for right, best in ((0, "first"), (0, "kept"), (1, "new")):
        test = take(client, right)
        result = client.get(f"/{lang}/quiz/test/{test.id}/result/").content.decode()
        with translation.override(lang):
            sentence = translation.gettext(said[best])
        assert sentence != said[best] or lang == "en"
        assert f'data-best="{best}"' in result and escape(sentence) in result
        assert " 0 " not in re.search(r'data-best="\w+">([^<]*)<', result).group(1)
