"""Privacy headers: pages holding answers, keys or a learner's record are never cached, and a
Content-Security-Policy without inline script or eval covers the site (security review, D7)."""

import re
from pathlib import Path

import pytest
from club.conftest import create, join
from django.test import Client
from django.urls import reverse

from tutor.club import codes
from tutor.play.models import TableGame
from tutor.quiz.models import SheetDeal

pytestmark = pytest.mark.django_db
TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def assert_private(response):
    assert response.status_code in (200, 302), response.status_code
    assert "no-store" in response["Cache-Control"]


def test_the_club_handout_and_results_are_never_cached(client):
    session = create(client)
    join(Client(), session, "Ana")
    key = codes.teacher_key(session)
    assert_private(client.get(reverse("club_handout", args=[session.code, key])))
    assert_private(client.get(reverse("club_export", args=[session.code, key])))


def test_the_full_results_are_never_cached(client):
    session = create(client)
    join(Client(), session, "Ana")
    key = codes.teacher_key(session)
    assert_private(client.get(reverse("club_results", args=[session.code, key])))


def test_a_signed_in_teachers_club_page_is_never_cached(client, django_user_model):
    assert "no-store" not in client.get(reverse("club_index")).get("Cache-Control", "")
    teacher = django_user_model.objects.create_user("teacher", password="a long pass 42")
    client.force_login(teacher)
    create(client)
    page = client.get(reverse("club_index"))
    assert "/club/host/" in page.content.decode()
    assert_private(page)


def test_a_players_lobby_and_a_games_sheet_are_never_cached(client):
    # A visitor who brings nothing gets the lobby everyone gets (a shared page).
    lobby = reverse("play_lobby", args=["coinche"])
    assert "no-store" not in client.get(lobby).get("Cache-Control", "")
    started = client.post(reverse("play_game_start"), {"seed": "3", "dealer": "W"})
    assert started.status_code == 302
    game = TableGame.objects.get()
    assert_private(client.get(reverse("play_game", args=[game.token])))
    # Now with a session: the lobby lists this player's own deals.
    assert_private(client.get(lobby))


def test_the_score_sheet_is_never_cached(client):
    url = client.post("/en/quiz/sheet/", {"profile": "maison"})["Location"]
    assert_private(client.get(url))


def test_the_self_test_progress_and_review_are_never_cached(client):
    form = {"game": "coinche", "profile": "federation", "difficulty": 1, "length": 5}
    started = client.post("/en/quiz/test/", form)
    assert_private(started)
    assert_private(client.get(started["Location"]))
    assert_private(client.get(reverse("quiz_progress")))
    assert_private(client.get(reverse("quiz_review")))


def test_every_private_page_name_is_a_page_of_the_site():
    from django.conf import settings
    from django.urls import get_resolver

    names = {name for name in get_resolver().reverse_dict if isinstance(name, str)}
    private = settings.PRIVATE_PAGES | settings.PRIVATE_FOR_OWNERS
    assert names >= private, private - names


def test_editing_a_deal_of_the_score_sheet_is_never_cached(client):
    url = client.post("/en/quiz/sheet/", {"profile": "maison"})["Location"]
    token = url.rstrip("/").split("/")[-1]
    deal = {"seat": "S", "bid": "100", "trump": "H", "double": "1", "points": "98"}
    deal.update(last_trick="takers", belote="", nonce="a")
    assert client.post(url, deal).status_code == 302
    recorded = SheetDeal.objects.get()
    edit = {**deal, "version": recorded.version}
    assert_private(client.post(reverse("quiz_sheet_deal", args=[token, recorded.pk]), edit))
    assert_private(client.post(reverse("quiz_sheet_rematch", args=[token])))


def test_public_pages_stay_cacheable(client):
    assert "no-store" not in client.get("/en/glossary/").get("Cache-Control", "")


def test_every_page_carries_a_strict_content_security_policy(client):
    policy = client.get("/en/").headers["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert "unsafe" not in policy


@pytest.mark.parametrize("path", sorted(TEMPLATES.rglob("*.html")), ids=lambda p: p.name)
def test_no_template_needs_inline_script_or_style(path):
    text = path.read_text()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), "inline <script>"
    assert not re.search(r"\s(on[a-z]+|hx-on[:-][\w:-]*)=", text), "inline event handler"
    assert not re.search(r"\sstyle=", text), "inline style attribute"
    assert "<style" not in text
    assert "javascript:" not in text
