"""In Chromium on a 390×844 phone: the answer of a practice, self-test and club question is
within thumb reach as the question opens (no scroll before the first tap), the clock in
sight; lesson 1's card-order tables show all eight cards and their points at 360 px."""

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.club.conftest import create
from tutor.club import state
from tutor.club.models import ClubSession
from tutor.rules.coinche.tricks import PLAIN_ORDER

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def answer_in_reach(page, form="#exercise-form"):
    """The question, its first control and the Check button are all on screen; a tap
    question has no Check button: its first card or call is the answer."""
    form = page.locator(form)
    expect(form.locator("legend")).to_be_in_viewport()
    if form.get_attribute("data-kind") == "tap":
        expect(form.locator("fieldset button").first).to_be_in_viewport()
    else:
        expect(form.locator("input:not([type=hidden])").first).to_be_in_viewport()
        expect(form.locator("button[type=submit]")).to_be_in_viewport(ratio=1)
    assert page.evaluate("window.scrollY") == 0


@pytest.mark.parametrize(
    ("lang", "path"),
    [
        ("pt", "trick_winner/federation/12"),
        ("ro", "legal_cards/federation/12"),
        ("es", "game_end/federation/12"),
        ("fr", "deal_score/official/7"),
    ],
)
def test_a_practice_question_opens_with_its_answer_in_reach(site, lang, path):
    url, page = site
    page.set_viewport_size(PHONE)
    page.goto(f"{url}/{lang}/quiz/q/{path}/")
    answer_in_reach(page)


def test_a_self_test_question_keeps_its_answer_and_its_clock_in_reach(site):
    url, page = site
    page.set_viewport_size(PHONE)
    page.goto(f"{url}/pt/quiz/test/")
    page.locator("[name=minutes]").select_option("5")
    page.locator("main form button.primary").click()
    expect(page.locator(".countdown")).to_be_in_viewport()
    answer_in_reach(page)
    # The clock counts down on the page.
    shown = page.locator(".countdown").inner_text()
    expect(page.locator(".countdown")).not_to_have_text(shown, timeout=3_000)
    # Scrolled to read the table, the clock stays in sight.
    page.mouse.wheel(0, 300)
    page.wait_for_function("() => window.scrollY > 0")
    expect(page.locator(".countdown")).to_be_in_viewport()


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_a_club_phone_shows_the_answer_under_the_prompt_and_the_clock(site, lang):
    url, page = site
    create(Client(), game="coinche", profile="federation", topics=["scoring"], seconds="30")
    session = ClubSession.objects.latest("created_at")
    page.set_viewport_size(PHONE)
    page.goto(f"{url}/{lang}/club/join/?code={session.code}")
    page.locator("[name=nickname]").fill("Ana")
    page.locator("main form button.primary").click()
    expect(page.locator("#live")).to_have_attribute("data-phase", "lobby")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Ana")
    state.advance(session.pk)
    page.reload()
    form = page.locator("#live form")
    expect(form).to_be_visible()
    expect(page.locator(".countdown")).to_be_in_viewport()
    # The first control, whatever the kind of question: a tile, a card, a number box.
    expect(form.locator("input:not([type=hidden]), button").first).to_be_in_viewport()
    # The position follows the answer (the projector shows it big).
    above = page.evaluate(
        """() => document.querySelector('#live form').getBoundingClientRect().top
             < document.querySelector('.phone-position').getBoundingClientRect().top"""
    )
    assert above


@pytest.mark.parametrize(("lang", "slug"), [("ro", "coinche-cards"), ("pt", "chouine-cards")])
def test_lesson_one_shows_each_suit_in_order_with_its_points_at_360_px(site, lang, slug):
    url, page = site
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(f"{url}/{lang}/learn/{slug}/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    tables = page.locator(".card-order")
    expect(tables).to_have_count(2 if slug == "coinche-cards" else 1)
    for index in range(tables.count()):
        cards = tables.nth(index).locator("li")
        expect(cards).to_have_count(len(PLAIN_ORDER))
        for number in range(len(PLAIN_ORDER)):
            box = cards.nth(number).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 360
            expect(cards.nth(number).locator(".order-points")).to_be_visible()
