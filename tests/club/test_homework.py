"""Homework: learners without accounts answering at their own pace, the deadline, the review
queue, and the teacher's report per learner and per rule (page, CSV, Excel)."""

import io
from datetime import timedelta
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from openpyxl import load_workbook

from tutor import exercises
from tutor.club.models import Homework, HomeworkAnswer, Learner
from tutor.quiz.models import ReviewItem

pytestmark = pytest.mark.django_db


@pytest.fixture
def homework():
    teacher = User.objects.create(username="prof")
    posed = [exercises.pose("play_card", seed, "federation") for seed in (1, 2)]
    posed.append(exercises.pose("trick_winner_card", 5, "federation"))
    return Homework.objects.create(
        owner=teacher,
        name="For Friday",
        game="coinche",
        profile="federation",
        questions=posed,
        deadline=timezone.now() + timedelta(days=2),
    )


@pytest.fixture
def teacher(client, homework):
    client.force_login(homework.owner)
    return client


def start(homework, nickname="Ana", lang="pt"):
    learner = Client()
    response = learner.post(
        f"/{lang}/club/homework/{homework.token}/", {"nickname": nickname, "lang": lang}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert response["Location"] == f"/{lang}/club/homework/{homework.token}/"
    return learner


def tap(question, right):
    qtype = exercises.get_type(question["type"])
    expected = exercises.solve(question).expected
    taps = [t for t in qtype.taps(question) if (t in expected) == right]
    return {qtype.tap_field: taps[0]}


def answer(learner, homework, number, right, lang="pt"):
    data = {"number": number, **tap(homework.questions[number], right)}
    return learner.post(f"/{lang}/club/homework/{homework.token}/", data)


def test_a_learner_answers_with_the_engines_explanation_and_gets_a_review(homework):
    learner = start(homework)
    page = learner.get(f"/pt/club/homework/{homework.token}/").content.decode()
    assert "Pergunta 1 de 3" in unescape(page) and 'name="number" value="0"' in page
    right = answer(learner, homework, 0, right=True)
    assert 'data-result="right"' in right.content.decode()
    wrong = answer(learner, homework, 1, right=False, lang="pt")
    body = unescape(wrong.content.decode())
    assert 'data-result="wrong"' in body
    verdict = exercises.check(homework.questions[1], tap(homework.questions[1], False)["card"])
    assert exercises.text(verdict.why_wrong[0], "pt") in body
    # One answer counts: the solution at once, and no "Try again" to answer it over.
    assert "data-expected" in body and 'data-action="retry"' not in body
    # The rule missed waits in this browser's review queue.
    assert ReviewItem.objects.get().rule == verdict.rule
    # The same question again (a second tab, the back button): refused, nothing changes.
    again = answer(learner, homework, 1, right=True)
    assert again.status_code == 409
    assert HomeworkAnswer.objects.get(number=1).correct is False
    answer(learner, homework, 2, right=True)
    end = unescape(learner.get(f"/pt/club/homework/{homework.token}/").content.decode())
    assert 'data-homework-result data-right="2"' in end
    assert 'data-action="practise-rule"' in end and "/pt/quiz/q/play_card/federation/" in end
    assert 'data-action="review"' in end


def test_bad_answers_are_refused_and_nothing_is_recorded(homework):
    learner = start(homework, lang="fr")
    url = f"/fr/club/homework/{homework.token}/"
    assert learner.post(url, {"number": "0"}).status_code == 422
    assert learner.post(url, {"number": "0", "card": "ZZ"}).status_code == 400
    assert learner.post(url, {"number": "x", "card": "AS"}).status_code == 409
    assert not HomeworkAnswer.objects.exists()


def test_two_learners_cannot_share_a_nickname(homework):
    start(homework, "Ana")
    response = Client().post(
        f"/ro/club/homework/{homework.token}/", {"nickname": "ANA", "lang": "ro"}
    )
    assert response.status_code == 409
    assert 'value="ANA"' in response.content.decode()
    assert Learner.objects.count() == 1


def test_after_the_deadline_it_says_so_and_keeps_what_was_answered(homework):
    learner = start(homework)
    answer(learner, homework, 0, right=False)
    Homework.objects.filter(pk=homework.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    late = answer(learner, homework, 1, right=True)
    assert late.status_code == 410
    body = unescape(late.content.decode())
    assert "data-homework-result" in body and 'data-question="1" data-verdict="wrong"' in body
    assert 'data-question="2" data-verdict="unanswered"' in body
    assert HomeworkAnswer.objects.count() == 1
    newcomer = Client().post(
        f"/es/club/homework/{homework.token}/", {"nickname": "Eva", "lang": "es"}
    )
    assert newcomer.status_code == 410 and not Learner.objects.filter(nickname="Eva").exists()


def test_the_report_says_who_missed_which_rule(teacher, homework):
    ana, ioana = start(homework, "Ana"), start(homework, "=Ioana", "ro")
    for number in range(3):
        answer(ana, homework, number, right=True)
    answer(ioana, homework, 0, right=False, lang="ro")
    answer(ioana, homework, 1, right=False, lang="ro")
    page = teacher.get(f"/en/club/homework/{homework.token}/report/")
    body = unescape(page.content.decode())
    assert "data-homework-report" in body
    rules = {
        exercises.check(question, tap(question, False)["card"]).rule
        for question in homework.questions[:2]
    }
    for rule in rules:
        assert f'data-rule="{rule}" data-share="50"' in body
    assert 'data-nickname="Ana" data-right="3"' in body
    assert 'data-nickname="=Ioana" data-right="0"' in body

    csv = teacher.get(f"/fr/club/homework/{homework.token}/report.csv")
    text = csv.content.decode()
    assert text.startswith("\ufeffPseudo;") and "'=Ioana;ro;0;2;0;0;;" in text
    workbook = teacher.get(f"/en/club/homework/{homework.token}/report.xlsx")
    assert workbook["Content-Type"].startswith("application/vnd.openxmlformats")
    learners, by_rule = load_workbook(io.BytesIO(workbook.content)).worksheets
    assert learners["A1"].value == "For Friday"
    rows = {row[0]: row for row in learners.iter_rows(min_row=3, values_only=True)}
    # A nickname that looks like a formula stays text.
    assert rows["=Ioana"][2:7] == (0, 2, "✗", "✗", None)
    assert rows["Ana"][2:7] == (3, 3, "✓", "✓", "✓")
    shares = [row[2] for row in by_rule.iter_rows(min_row=2, values_only=True)]
    assert shares == [0.5] * len(rules)


def test_only_the_teacher_who_assigned_it_reads_the_report(client, homework):
    url = f"/en/club/homework/{homework.token}/report/"
    assert client.get(url)["Location"].startswith("/en/learn/account/login/")
    client.force_login(User.objects.create(username="other"))
    assert client.get(url).status_code == 403
    assert client.get(f"/en/club/homework/{homework.token}/report.xlsx").status_code == 404


def test_the_teacher_moves_the_deadline(teacher, homework):
    url = f"/en/club/homework/{homework.token}/report/"
    later = (timezone.localtime() + timedelta(days=9)).strftime("%Y-%m-%dT%H:%M")
    assert teacher.post(url, {"deadline": later}).status_code == 302
    homework.refresh_from_db()
    assert timezone.localtime(homework.deadline).strftime("%Y-%m-%dT%H:%M") == later
    assert teacher.post(url, {"deadline": "tomorrow"}).status_code == 400


def test_the_qr_code_opens_the_homework_in_the_phones_language(client, homework):
    response = client.get(f"/h/{homework.token}", headers={"Accept-Language": "ro"})
    assert response["Location"] == f"/ro/club/homework/{homework.token}/"
