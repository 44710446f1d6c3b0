"""A phone's live region from the phase's stencil is the page the template renders for it.

Each phone below polls in every phase and state of a session (lobby; a question timed,
untimed, answered, out of time; a reveal right, wrong and unanswered; the scoreboard; the
podium) in its own language, under both scorings, and its answer is compared with the
template rendered for the same phone; so are the phone's whole page around its region, and
the join page, for any code in its address."""

import re

import pytest
from django.template.loader import render_to_string
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from django.utils.http import urlencode
from django.utils.safestring import mark_safe

from tutor.club import live, phase, play, state, stencil
from tutor.club.forms import JoinForm
from tutor.club.models import Player

from .conftest import create, join, right_answer, wrong_answer

pytestmark = pytest.mark.django_db
POLL_MS = 2000
# Three phones in Portuguese answer right, wrong and not at all: the variants of one language.
PHONES = (
    ("Ana", "pt"),
    ("Bea", "pt"),
    ("Caio", "pt"),
    ("Doina", "ro"),
    ("Élise", "fr"),
    ("Dan", "en"),
)


def _same_token(html: str) -> str:
    # Django masks the CSRF token afresh for every use: compare the pages around it.
    html = re.sub(r'name="csrfmiddlewaretoken" value="\w+"', 'name="csrfmiddlewaretoken"', html)
    return re.sub(r'"X-CSRFToken": "\w+"', '"X-CSRFToken"', html)


def _by_template(client: Client, code: str, lang: str) -> str:
    request = RequestFactory().get("/", HTTP_HX_REQUEST="true")
    request.COOKIES = {name: morsel.value for name, morsel in client.cookies.items()}
    with translation.override(lang):
        player = play.current_player(request, code)
        context = {**play._context(player), "etag": play._etag(player), "poll_ms": POLL_MS}
        return render_to_string("club/play.html#live", context, request)


def _compare(phones, session, seconds_left, monkeypatch) -> set[str]:
    monkeypatch.setattr(state, "seconds_left", lambda session, opened_at: seconds_left)
    phases = set()
    for client, lang in phones:
        with translation.override(lang):
            url = reverse("club_play_live", args=[session.code])
        response = client.get(url, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        page = response.content.decode()
        assert _same_token(page) == _same_token(_by_template(client, session.code, lang))
        phases.add(re.search(r'data-phase="(\w+)"', page)[1])
    return phases


@pytest.mark.parametrize("scoring", ["accuracy", "speed"])
def test_every_phone_gets_the_page_the_template_renders(client, monkeypatch, scoring):
    monkeypatch.setattr(live, "poll_ms", lambda: POLL_MS)
    session = create(client, seconds="30", scoring=scoring)
    key = play.codes.teacher_key(session)
    phones = []
    for nickname, lang in PHONES:
        phone = Client()
        join(phone, session, nickname, lang)
        phones.append((phone, lang))
    seen = _compare(phones, session, None, monkeypatch)
    answer = reverse("club_answer", args=[session.code])
    for question in session.questions.all():
        client.post(
            reverse(
                "club_host_act",
                args=[session.code, key, "start" if not question.position else "next"],
            )
        )
        seen |= _compare(phones, session, 17, monkeypatch)
        seen |= _compare(phones, session, None, monkeypatch)
        phones[0][0].post(answer, right_answer(question))
        phones[1][0].post(answer, wrong_answer(question))
        phones[3][0].post(answer, right_answer(question))
        seen |= _compare(phones, session, 0, monkeypatch)
        client.post(reverse("club_host_act", args=[session.code, key, "reveal"]))
        seen |= _compare(phones, session, None, monkeypatch)
        client.post(reverse("club_host_act", args=[session.code, key, "next"]))
        seen |= _compare(phones, session, None, monkeypatch)
    assert seen == {"lobby", "question", "reveal", "scoreboard", "finished"}
    assert Player.objects.filter(session=session, answered_position=2).count() == 3


def test_a_stencil_fills_each_slot_and_keeps_the_rest():
    page = stencil.render("club/_countdown.html", {}, {"seconds_left": "12"}).fill(
        {"seconds_left": "7"}
    )
    assert 'data-seconds-left="7">7<' in page and "12" not in page
    assert "\ue000" not in page and "\ue001" not in page


def test_the_stencil_is_rendered_once_per_phase_and_variant(client, monkeypatch, session, host):
    phones = [Client() for _ in range(3)]
    for number, phone in enumerate(phones):
        join(phone, session, f"P{number}")
    client.post(host("start"))
    phase.clear()
    rendered = []
    original = stencil.render
    monkeypatch.setattr(stencil, "render", lambda *args: rendered.append(args) or original(*args))
    for phone in phones * 2:
        assert (
            phone.get(
                reverse("club_play_live", args=[session.code]), HTTP_HX_REQUEST="true"
            ).status_code
            == 200
        )
    assert len(rendered) == 1


@pytest.mark.parametrize("lang", ["pt", "ro"])
@pytest.mark.parametrize("deck", ["2", "4"])
@pytest.mark.parametrize("code", ["", "AB12CD34", "<b>\"x&y'"])
def test_the_join_page_is_the_one_the_template_renders(lang, deck, code):
    phone = Client()
    phone.cookies["deck"] = deck
    with translation.override(lang):
        url = reverse("club_join")
    query = f"?{urlencode({'code': code})}" if code else ""
    page = phone.get(url + query).content.decode()
    request = RequestFactory().get(url + query)
    request.COOKIES["deck"] = deck
    with translation.override(lang):
        form = JoinForm(initial={"code": code, "lang": lang})
        expected = render_to_string("club/join.html", {"form": form, "notice": ""}, request)
    assert _same_token(page) == _same_token(expected)
    assert 'name="next" type="hidden" value="' + escape(url + query) in page


@pytest.mark.parametrize("lang", ["pt", "ro"])
@pytest.mark.parametrize("deck", ["2", "4"])
def test_the_phone_page_is_the_one_the_template_renders(
    client, session, host, monkeypatch, lang, deck
):
    monkeypatch.setattr(live, "poll_ms", lambda: POLL_MS)
    nickname = "Zoé <b>& \"Bo\" 'Ng'</b>"
    phone = Client()
    phone.cookies["deck"] = deck
    join(phone, session, nickname, lang)
    for move in ("", "start", "reveal"):
        if move:
            client.post(host(move))
        # The page a phone that came back sees (it says so) and the one it sees after.
        for back in (True, False):
            with translation.override(lang):
                url = reverse("club_play", args=[session.code]) + ("?back=1" if back else "")
            page = phone.get(url).content.decode()
            request = RequestFactory().get(url)
            request.COOKIES = {name: morsel.value for name, morsel in phone.cookies.items()}
            with translation.override(lang):
                player = play.current_player(request, session.code)
                region = mark_safe(_by_template(phone, session.code, lang))
                context = {"session": player.session, "player": player, "live_html": region}
                expected = render_to_string("club/play.html", {**context, "back": back}, request)
            assert _same_token(page) == _same_token(expected)
            assert escape(nickname) in page and nickname not in page
            assert ("data-back=" in page) is back
