"""The self-test: settings, answering every question, the score and the mistakes."""

import pytest

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
    assert {q["type"] for q in test.questions} <= {"trick_winner", "trick_points"}
    for number, question in enumerate(test.questions):
        page = client.get(f"/en/quiz/test/{test.id}/")
        assert f"Question {number + 1} of 5" in page.content.decode()
        expected = exercises.solve(question).expected
        kind = exercises.get_type(question["type"]).answer_kind
        # Right answers to the first three, wrong ones to the last two.
        if kind == "number":
            answer = {"number": expected if number < 3 else expected + 1}
        else:
            answer = {
                "choice": expected if number < 3 else next(s for s in "NESW" if s != expected)
            }
        client.post(f"/en/quiz/test/{test.id}/", {"position": number, **answer})
    result = client.get(f"/en/quiz/test/{test.id}/result/").content.decode()
    assert "You answered 3 of 5 questions correctly." in result
    assert result.count('class="panel mistake"') == 2


def test_it_ignores_a_second_submit(client):
    start(client)
    test = SelfTest.objects.get()
    question = test.questions[0]
    form = {"position": 0, **_right(question)}
    client.post(f"/en/quiz/test/{test.id}/", form)
    assert client.post(f"/en/quiz/test/{test.id}/", form).status_code == 302
    test.refresh_from_db()
    assert len(test.answers) == 1


def _right(question):
    expected = exercises.solve(question).expected
    kind = exercises.get_type(question["type"]).answer_kind
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
