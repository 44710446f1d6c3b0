"""A whole session through the test client: scores, rejoining, results, CSV and handout."""

import pytest
from django.test import Client
from django.urls import reverse

from tutor.club import codes
from tutor.club.models import Answer

from .conftest import join, right_answer, wrong_answer

pytestmark = pytest.mark.django_db


def test_it_runs_a_session_to_the_leaderboard(client, session, host):
    ana, bea = Client(), Client()
    join(ana, session, "Ana", "pt")
    join(bea, session, "Bea", "ro")
    client.post(host("start"))
    for question in session.questions.all():
        ana.post(reverse("club_answer", args=[session.code]), right_answer(question))
        bea.post(reverse("club_answer", args=[session.code]), {})
        client.post(host("reveal"))
        client.post(host("next"))
    page = client.get(host()).content.decode()
    assert 'data-phase="finished"' in page
    assert page.index('data-nickname="Ana"') < page.index('data-nickname="Bea"')
    assert 'data-right="3"' in page
    assert ana.get(f"/pt/club/play/{session.code}/").content.decode().count('data-rank="1"') == 1


def test_it_ranks_equal_scores_by_speed(client, session, host):
    slow, fast = Client(), Client()
    join(slow, session, "Slow")
    join(fast, session, "Fast")
    client.post(host("start"))
    question = session.questions.first()
    fast.post(reverse("club_answer", args=[session.code]), right_answer(question))
    slow.post(reverse("club_answer", args=[session.code]), right_answer(question))
    Answer.objects.filter(player__nickname="Slow").update(elapsed_ms=9000)
    for action in ["reveal", "next", "reveal", "next", "reveal", "next"]:
        client.post(host(action))
    page = client.get(host()).content.decode()
    assert page.index('data-nickname="Fast"') < page.index('data-nickname="Slow"')


def test_a_player_who_comes_back_keeps_the_score(client, session, host, phone):
    client.post(host("start"))
    phone.post(reverse("club_answer", args=[session.code]), right_answer(session.questions.first()))
    client.post(host("reveal"))
    response = phone.get(reverse("club_join") + f"?code={session.code}")
    assert response.status_code == 302
    page = phone.get(response.headers["location"]).content.decode()
    assert 'data-right="1"' in page
    assert 'data-result="right"' in page


def test_it_reports_the_rules_broken_and_exports_csv(client, session, host, phone):
    client.post(host("start"))
    phone.post(reverse("club_answer", args=[session.code]), wrong_answer(session.questions.first()))
    for action in ["reveal", "next", "reveal", "next", "reveal", "next"]:
        client.post(host(action))
    page = client.get(host()).content.decode()
    answer = Answer.objects.get()
    assert not answer.correct
    assert f'data-rule="{answer.rule}"' in page
    export = reverse("club_export", args=[session.code, codes.teacher_key(session)])
    csv = client.get(export)
    assert csv.headers["Content-Type"].startswith("text/csv")
    assert csv.content.decode().splitlines()[1].split(",")[1] == "Ana"


@pytest.mark.parametrize("lang", ["pt", "es", "ro", "fr", "en"])
def test_it_prints_a_handout_in_every_language(client, session, lang):
    from django.utils import translation

    with translation.override(lang):
        url = reverse("club_handout", args=[session.code, codes.teacher_key(session)])
    page = client.get(url).content.decode()
    assert f'<html lang="{lang}">' in page
    assert page.count('class="panel"') == 3


def test_the_short_link_opens_the_join_form_in_the_phones_language(client, session):
    response = client.get(f"/j/{session.code}", headers={"accept-language": "es-ES,es;q=0.9"})
    assert response.headers["location"] == f"/es/club/join/?code={session.code}"


def test_the_projector_shows_the_code_and_a_qr(client, session, host):
    page = client.get(host()).content.decode()
    assert codes.spaced(session.code) in page
    assert "<svg" in page and f"/j/{session.code}" in page


def test_it_names_each_language_in_that_language_on_the_join_form(client):
    page = client.get("/ro/club/join/").content.decode()
    for code, name in (("pt", "Português"), ("es", "Español"), ("fr", "Français")):
        assert f'<option value="{code}">{name}</option>' in page
