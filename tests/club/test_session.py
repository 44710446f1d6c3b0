"""A whole session through the test client: scores, rejoining, results, CSV and handout."""

import codecs
from datetime import timedelta
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.html import escape

from tutor.club import codes, questions, results, scoring
from tutor.club import live as liveness
from tutor.club.models import Answer, ClubQuestion, Player

from .conftest import create, join, right_answer, wrong_answer

pytestmark = pytest.mark.django_db
# Reveal, scoreboard, next question — or, after the last reveal, the podium.
THROUGH = ["reveal", "next", "next", "reveal", "next", "next", "reveal", "next"]


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
        if question.position < 2:
            assert 'data-phase="scoreboard"' in client.get(host()).content.decode()
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
    for action in THROUGH:
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


def test_it_reports_the_rules_broken_by_name_and_exports_csv(client, session, host, phone):
    client.post(host("start"))
    phone.post(reverse("club_answer", args=[session.code]), wrong_answer(session.questions.first()))
    for action in THROUGH:
        client.post(host(action))
    page = client.get(host()).content.decode()
    answer = Answer.objects.get()
    assert not answer.correct
    assert f'data-rule="{answer.rule}"' in page
    name = questions.rule_name(answer.rule, session.questions.first().data["type"])
    assert name != answer.rule and f"<strong>{escape(name)}</strong>" in page
    export = reverse("club_export", args=[session.code, codes.teacher_key(session)])
    csv = client.get(export)
    assert csv.headers["Content-Type"].startswith("text/csv")
    assert csv.content.decode().splitlines()[1].split(",")[1] == "Ana"


@pytest.mark.parametrize(
    ("lang", "count", "positions", "expected"),
    [
        ("fr", 1, [2], "1 mauvaise réponse (question 2)"),
        ("fr", 3, [2, 5], "3 mauvaises réponses (questions 2 et 5)"),
        ("ro", 2, [3], "2 răspunsuri greșite (întrebarea 3)"),
        ("ro", 20, [2, 5, 7], "20 de răspunsuri greșite (întrebările 2, 5 și 7)"),
        ("en", 2, [4], "2 wrong answers (question 4)"),
    ],
)
def test_a_rules_tally_counts_answers_and_questions_each_by_its_own_number(
    lang, count, positions, expected
):
    with translation.override(lang):
        assert results._tally(count, positions) == expected


def test_the_full_results_say_how_they_rank_in_a_sentence_of_its_own(client, session, host, phone):
    client.post(host("start"))
    phone.post(reverse("club_answer", args=[session.code]), wrong_answer(session.questions.first()))
    client.post(host("reveal"))
    page = client.get(reverse("club_results", args=[session.code, codes.teacher_key(session)]))
    text = " ".join(unescape(page.content.decode()).split())
    assert "1 question revealed so far. The ranking puts right answers first;" in text
    assert "1 wrong answer (question 1)" in text


@pytest.mark.parametrize(
    ("lang", "separator", "decimal"),
    [("fr", ";", ","), ("pt", ";", ","), ("es", ";", ","), ("ro", ";", ","), ("en", ",", ".")],
)
def test_the_csv_opens_in_columns_in_every_language(
    client, session, host, phone, lang, separator, decimal
):
    client.post(host("start"))
    phone.post(reverse("club_answer", args=[session.code]), right_answer(session.questions.first()))
    Answer.objects.update(elapsed_ms=5200)
    client.post(host("reveal"))
    with translation.override(lang):
        export = reverse("club_export", args=[session.code, codes.teacher_key(session)])
    body = client.get(export).content
    # The byte-order mark tells Excel the file is UTF-8 (accents intact).
    assert body.startswith(codecs.BOM_UTF8)
    header, row = body.decode("utf-8-sig").splitlines()[:2]
    with translation.override(lang):
        assert header.split(separator)[:2] == [
            translation.gettext("Rank"),
            translation.gettext("Nickname"),
        ]
    cells = row.split(separator)
    assert cells[1] == "Ana" and cells[3] == "1"
    assert cells[5] == f"5{decimal}2"


def test_speed_scoring_gives_points_and_streaks(client):
    session = create(client, scoring="speed", seconds="20")

    def url(action):
        return reverse("club_host_act", args=[session.code, codes.teacher_key(session), action])

    ana, bea = Client(), Client()
    join(ana, session, "Ana")
    join(bea, session, "Bea")
    client.post(url("start"))
    for question in session.questions.order_by("position"):
        ana.post(reverse("club_answer", args=[session.code]), right_answer(question))
        bea.post(reverse("club_answer", args=[session.code]), right_answer(question))
        # Ana answers in 2 s each time; Bea takes 10 s and is wrong on the second question.
        Answer.objects.filter(question=question, player__nickname="Ana").update(elapsed_ms=2000)
        Answer.objects.filter(question=question, player__nickname="Bea").update(elapsed_ms=10000)
        if question.position == 1:
            Answer.objects.filter(question=question, player__nickname="Bea").update(correct=False)
        client.post(url("reveal"))
        client.post(url("next"))
        if question.position < 2:
            client.post(url("next"))
    board = {row.nickname: row for row in results.standings(session)}
    # 1,000 → 500 over the 20 s allowed: 2 s gives 950, 10 s gives 750; 100 per answer in a row.
    assert board["Ana"].points == 950 + 1050 + 1150
    assert board["Ana"].streak == 3
    assert board["Bea"].points == 750 + 0 + 750
    assert board["Ana"].rank == 1
    page = ana.get(reverse("club_play", args=[session.code])).content.decode()
    assert "3,150 points" in page


def test_accuracy_scoring_ranks_right_answers_before_speed():
    players = [(1, "Quick", "en"), (2, "Careful", "en")]
    answers = [
        (1, 0, True, 1000, None),
        (1, 1, False, 500, None),
        (2, 0, True, 9000, None),
        (2, 1, True, 9000, None),
    ]
    accuracy = scoring.standings(players, answers, "accuracy", last=1)
    assert [row.nickname for row in accuracy] == ["Careful", "Quick"]
    assert scoring.points_for(0, None, 1) == 1000
    assert scoring.points_for(30_000, None, 1) == 500
    assert scoring.points_for(0, 10, 9) == 1000 + 500


def test_the_teacher_removes_a_player(client, session, host, phone):
    player = Player.objects.get()
    url = reverse("club_remove", args=[session.code, codes.teacher_key(session), player.pk])
    assert client.post(url.replace(codes.teacher_key(session), "0" * 64)).status_code == 404
    assert Player.objects.exists()
    client.post(url)
    assert not Player.objects.exists()
    assert "Ana" not in client.get(host()).content.decode()
    poll = phone.get(reverse("club_play_live", args=[session.code]), headers={"HX-Request": "true"})
    assert poll.status_code == 403
    # The poll sends the phone to the join page, which says why; joining again is refused.
    join_page = poll.headers["HX-Redirect"]
    with translation.override("en"):
        told = translation.gettext("The teacher removed you from this session.")
    assert told in unescape(phone.get(join_page).content.decode())
    again = phone.post(join_page, {"code": session.code, "nickname": "Ana2", "lang": "en"})
    assert again.status_code == 403
    assert told in unescape(again.content.decode())
    assert not Player.objects.exists()
    # Another phone may still take the place.
    join(Client(), session, "Bea")
    assert Player.objects.get().nickname == "Bea"


def test_the_session_takes_no_more_players_than_its_cap(client):
    session = create(client, max_players="2")
    join(Client(), session, "Ana")
    join(Client(), session, "Bea")
    full = Client().post("/fr/club/join/", {"code": session.code, "nickname": "Cy", "lang": "fr"})
    assert full.status_code == 409
    assert Player.objects.count() == 2
    with translation.override("fr"):
        assert translation.gettext(
            "This session is full: the teacher set a limit on players."
        ) in unescape(full.content.decode())


def test_a_timed_question_reveals_itself_when_the_teacher_chose_so(client):
    session = create(client, seconds="20", auto_reveal="on")
    assert session.auto_reveal
    key = codes.teacher_key(session)
    phone = Client()
    join(phone, session, "Ana")
    client.post(reverse("club_host_act", args=[session.code, key, "start"]))
    live_url = reverse("club_play_live", args=[session.code])
    assert (
        'data-phase="question"'
        in phone.get(live_url, headers={"HX-Request": "true"}).content.decode()
    )
    # Past the time and the grace: the next poll, from any phone, reveals.
    ClubQuestion.objects.filter(session=session, position=0).update(
        opened_at=timezone.now() - timedelta(seconds=23)
    )
    liveness.forget(session.code)
    page = phone.get(live_url, headers={"HX-Request": "true"}).content.decode()
    assert 'data-phase="reveal"' in page
    session.refresh_from_db()
    assert session.phase == "reveal"


def test_an_untimed_or_manual_session_waits_for_the_teacher(client):
    session = create(client, seconds="20")
    phone = Client()
    join(phone, session, "Ana")
    client.post(reverse("club_host_act", args=[session.code, codes.teacher_key(session), "start"]))
    ClubQuestion.objects.filter(session=session, position=0).update(
        opened_at=timezone.now() - timedelta(seconds=60)
    )
    liveness.forget(session.code)
    page = phone.get(reverse("club_play_live", args=[session.code]), headers={"HX-Request": "true"})
    assert 'data-phase="question"' in page.content.decode()
    assert "data-locked" in page.content.decode()


def test_the_projector_view_shows_the_session_without_the_teacher_key(client, session, host):
    key = codes.teacher_key(session)
    teacher_page = client.get(host()).content.decode()
    screen = reverse("club_screen", args=[session.code, codes.screen_key(session)])
    assert f'href="{screen}"' in teacher_page
    page = client.get(screen).content.decode()
    assert 'data-phase="lobby"' in page and codes.spaced(session.code) in page
    assert key not in page
    assert "data-action=" not in page
    # The projector view's key runs nothing.
    assert client.post(host("start").replace(key, codes.screen_key(session))).status_code == 404
    assert client.get(reverse("club_screen", args=[session.code, "0" * 64])).status_code == 404


def test_a_teacher_with_an_account_sees_past_sessions_and_rules(client, django_user_model):
    user = django_user_model.objects.create_user("teacher", password="x-long-password-1")
    client.force_login(user)
    first = create(client)
    second = create(client)
    for session in (first, second):
        phone = Client()
        join(phone, session, "Ana")
        client.post(
            reverse("club_host_act", args=[session.code, codes.teacher_key(session), "start"])
        )
        phone.post(
            reverse("club_answer", args=[session.code]), wrong_answer(session.questions.first())
        )
    # Both wrong answers filed under one rule, as when two sessions trip on the same one.
    rule = Answer.objects.first().rule
    Answer.objects.update(rule=rule)
    page = client.get(reverse("club_index")).content.decode()
    assert f'data-session="{first.code}"' in page and f'data-session="{second.code}"' in page
    name = questions.rule_name(rule, first.questions.first().data["type"])
    row = page[page.index(f'<tr data-rule="{rule}">') :].split("</tr>")[0]
    assert escape(name) in row
    assert "<td>2</td>" in row


@pytest.mark.parametrize("lang", ["pt", "es", "ro", "fr", "en"])
def test_it_prints_a_handout_in_every_language(client, session, lang):
    with translation.override(lang):
        url = reverse("club_handout", args=[session.code, codes.teacher_key(session)])
    page = client.get(url).content.decode()
    assert f'<html lang="{lang}">' in page
    # The questions first, then the answer key on its own page.
    assert page.count("data-question=") == 3
    assert page.count("data-answer=") == 3
    assert (
        page.index("data-question=") < page.index('class="answer-key"') < page.index("data-answer=")
    )


def test_the_short_link_opens_the_join_form_in_the_phones_language(client, session):
    response = client.get(f"/j/{session.code}", headers={"accept-language": "es-ES,es;q=0.9"})
    assert response.headers["location"] == f"/es/club/join/?code={session.code}"


def test_the_projector_shows_the_code_and_a_qr(client, session, host):
    page = client.get(host()).content.decode()
    assert codes.spaced(session.code) in page
    assert "<svg" in page
    # The address to type and the code, on one line.
    assert '<span class="join-address">testserver/j</span>' in page
    assert client.get("/j").headers["location"].endswith("/club/join/?code=")


def test_it_names_each_language_in_that_language_on_the_join_form(client):
    page = client.get("/ro/club/join/").content.decode()
    for code, name in (("pt", "Português"), ("es", "Español"), ("fr", "Français")):
        assert f'<option value="{code}">{name}</option>' in page
