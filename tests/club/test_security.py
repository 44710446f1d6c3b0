"""The rules that keep a session fair: teacher key, one answer each, none after the reveal,
hard-to-guess codes with a rate limit, escaped nicknames, CSRF."""

from datetime import timedelta

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from tutor.club import codes, questions
from tutor.club.models import Answer, Player

from .conftest import create, join, right_answer

pytestmark = pytest.mark.django_db


def answer_url(session):
    return reverse("club_answer", args=[session.code])


def test_it_hides_the_projector_from_a_wrong_teacher_key(client, session):
    wrong = reverse("club_host", args=[session.code, "0" * 64])
    unknown = reverse("club_host", args=["ZZZZZZZZ", codes.teacher_key(session)])
    assert client.get(wrong).status_code == 404
    assert client.get(unknown).status_code == 404


def test_it_refuses_teacher_actions_without_the_key(client, session, host):
    url = reverse("club_host_act", args=[session.code, "0" * 64, "start"])
    assert client.post(url).status_code == 404
    session.refresh_from_db()
    assert session.phase == "lobby"


def test_it_records_one_answer_per_question(client, session, host, phone):
    client.post(host("start"))
    data = right_answer(session.questions.first())
    assert phone.post(answer_url(session), data).status_code == 200
    second = phone.post(answer_url(session), data, headers={"HX-Request": "true"})
    assert second.status_code == 409
    assert 'role="alert"' in second.content.decode()
    assert Answer.objects.count() == 1


def test_it_refuses_answers_after_the_reveal(client, session, host, phone):
    client.post(host("start"))
    client.post(host("reveal"))
    response = phone.post(answer_url(session), right_answer(session.questions.first()))
    assert response.status_code == 409
    assert Answer.objects.count() == 0


def test_it_refuses_an_answer_after_the_time_and_the_grace(client):
    session = create(client, seconds="20")
    phone = Client()
    join(phone, session, "Ana")
    client.post(reverse("club_host_act", args=[session.code, codes.teacher_key(session), "start"]))
    question = session.questions.first()
    # 21 s after the opening is within the 2 s of grace; 23 s is not.
    question.__class__.objects.filter(pk=question.pk).update(
        opened_at=timezone.now() - timedelta(seconds=21)
    )
    assert phone.post(answer_url(session), right_answer(question)).status_code == 200
    recorded = Answer.objects.get()
    assert 21000 <= recorded.elapsed_ms < 23000 and recorded.correct and recorded.rule == ""
    late = Client()
    join(late, session, "Bia")
    question.__class__.objects.filter(pk=question.pk).update(
        opened_at=timezone.now() - timedelta(seconds=23)
    )
    response = late.post(answer_url(session), right_answer(question))
    assert response.status_code == 409
    assert "Time is up" in response.content.decode()
    assert Answer.objects.count() == 1
    assert Player.objects.get(nickname="Bia").answered_position == -1


def test_it_refuses_answers_before_the_first_question(session, phone):
    response = phone.post(answer_url(session), {"choice": "A"})
    assert response.status_code == 409


def test_it_refuses_an_answer_the_form_could_not_send(client, session, host, phone):
    client.post(host("start"))
    response = phone.post(answer_url(session), {"choice": "nonsense", "card": "ZZ"})
    assert response.status_code == 400
    assert Answer.objects.count() == 0


def test_it_asks_again_for_an_empty_answer(client, session, host, phone):
    client.post(host("start"))
    response = phone.post(answer_url(session), {}, headers={"HX-Request": "true"})
    assert response.status_code == 422
    assert 'role="alert"' in response.content.decode()


def test_it_refuses_answers_from_a_browser_that_never_joined(client, session, host):
    client.post(host("start"))
    response = Client().post(answer_url(session), {"choice": "A"})
    assert response.status_code == 403


def test_the_right_answer_stays_on_the_server_until_the_reveal(client, session, host, phone):
    client.post(host("start"))
    data = session.questions.first().data
    # Pages hold the steps HTML-escaped (an apostrophe becomes &#x27;): compare them so.
    steps = [escape(step) for step in questions.explain(data, "en")["steps"]]
    # A step may restate what the question itself shows; only the others would leak.
    question = render_to_string(
        "club/_question.html", {"question": questions.present(data, "en"), "size": ""}
    )
    secret = [step for step in steps if step not in question]
    page_url = reverse("club_play", args=[session.code])
    before = phone.get(page_url).content.decode()
    before += phone.get(reverse("club_play_live", args=[session.code])).content.decode()
    # The answer's block, whichever its words ("Right answer:", "Any of these is right:").
    assert 'class="right-answer"' not in before
    assert not any(step in before for step in secret)
    client.post(host("reveal"))
    after = phone.get(page_url).content.decode()
    assert all(step in after for step in steps)


@pytest.mark.parametrize("code", ["", "ABC", "ABCD-EFG!", "IIIIIIII", "x" * 200])
def test_it_refuses_malformed_codes(client, code):
    response = client.post(reverse("club_join"), {"code": code, "nickname": "Bo", "lang": "pt"})
    assert response.status_code == 400


def test_it_refuses_unknown_codes_in_the_players_language(client):
    response = client.post("/fr/club/join/", {"code": "ABCD-EFGH", "nickname": "Bo", "lang": "fr"})
    assert response.status_code == 404
    assert '<html lang="fr">' in response.content.decode()


def test_it_limits_failed_joins_per_client(client, session):
    for _attempt in range(codes.FAILURES_ALLOWED):
        client.post(reverse("club_join"), {"code": "ABCDEFGH", "nickname": "Bo", "lang": "en"})
    response = client.post(
        reverse("club_join"), {"code": "ABCDEFGJ", "nickname": "Bo", "lang": "en"}
    )
    assert response.status_code == 429
    assert not Player.objects.exists()


def test_it_counts_failed_joins_per_player_behind_a_proxy(client, session, settings):
    settings.CLIENT_IP_HEADER = "HTTP_X_FORWARDED_FOR"
    for _attempt in range(codes.FAILURES_ALLOWED):
        client.post(
            reverse("club_join"),
            {"code": "ABCDEFGH", "nickname": "Bo", "lang": "en"},
            headers={"x-forwarded-for": "203.0.113.7"},
        )
    neighbour = Client().post(
        reverse("club_join"),
        {"code": "ABCDEFGJ", "nickname": "Ana", "lang": "en"},
        headers={"x-forwarded-for": "203.0.113.8"},
    )
    assert neighbour.status_code == 404
    blocked = client.post(
        reverse("club_join"),
        {"code": "ABCDEFGJ", "nickname": "Bo", "lang": "en"},
        headers={"x-forwarded-for": "203.0.113.7"},
    )
    assert blocked.status_code == 429


def test_it_accepts_a_code_typed_loosely(client, session):
    typed = f" {codes.spaced(session.code).lower()} "
    response = client.post(reverse("club_join"), {"code": typed, "nickname": "Bo", "lang": "ro"})
    assert response.status_code == 302
    assert response.headers["location"] == f"/ro/club/play/{session.code}/"


def test_it_keeps_nicknames_unique_in_a_session(client, session):
    join(Client(), session, "Ana")
    response = Client().post(
        reverse("club_join"), {"code": session.code, "nickname": " ana ", "lang": "en"}
    )
    assert response.status_code == 409


def test_it_escapes_nicknames(client, session, host):
    join(Client(), session, "<script>x</script>")
    page = client.get(host()).content.decode()
    assert "<script>x</script>" not in page
    assert "&lt;script&gt;x&lt;/script&gt;" in page


def test_it_refuses_a_post_without_the_csrf_token(session, host):
    strict = Client(enforce_csrf_checks=True)
    assert strict.post(host("start")).status_code == 403
    response = strict.post(
        reverse("club_join"), {"code": session.code, "nickname": "Bo", "lang": "en"}
    )
    assert response.status_code == 403


def test_it_neutralises_formulas_in_the_csv(client, session, host):
    join(Client(), session, "=HYPERLINK(1)")
    url = reverse("club_export", args=[session.code, codes.teacher_key(session)])
    assert "'=HYPERLINK(1)" in client.get(url).content.decode()
