"""In Chromium: a self-test answered from the keyboard, the calculator, the score sheet,
a situation chosen on the practice index."""

import re
from urllib.parse import urlsplit

import pytest
from django.urls import resolve
from django.utils import translation
from playwright.sync_api import expect

from tests.conftest import LANGS
from tutor import exercises

pytestmark = pytest.mark.browser


def _(lang, message):
    with translation.override(lang):
        return translation.gettext(message)


def answer_with_keyboard(page):
    """Answers the question on screen using only the keyboard."""
    form = page.locator("form.answer-form")
    first = form.locator("input:not([type=hidden])").first
    first.focus()
    kind = first.get_attribute("type")
    if kind == "number":
        for _field in range(form.locator("input[type=number]").count()):
            page.keyboard.type("20")
            page.keyboard.press("Tab")
        first.focus()
    else:
        page.keyboard.press("Space")
    page.keyboard.press("Enter")


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_it_runs_a_self_test(site, lang):
    url, page = site
    page.goto(f"{url}/{lang}/quiz/test/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.get_by_label(_(lang, "Number of questions")).select_option("5")
    page.get_by_role("button", name=_(lang, "Start the test")).click()
    for number in range(1, 6):
        expect(page.locator("main")).to_contain_text(
            _(lang, "Question %(position)s of %(total)s") % {"position": number, "total": 5}
        )
        answer_with_keyboard(page)
        feedback = page.locator("#feedback")
        expect(feedback.locator(".feedback-title")).to_be_visible()
        expect(feedback).to_be_focused()
        feedback.get_by_role("link").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(_(lang, "Self-test results"))
    expect(page.locator(".lead")).to_contain_text(" 5 ")


def fill_deal(page, points_ns="98", points_ew="54"):
    page.get_by_label("Card points of North-South").fill(points_ns)
    page.get_by_label("Card points of East-West").fill(points_ew)
    page.get_by_label("Contract", exact=True).select_option("100")
    page.get_by_label("Trump").select_option("H")
    for seat, tricks in (("North", "3"), ("East", "1"), ("South", "3"), ("West", "1")):
        page.get_by_label(f"Tricks of {seat}").fill(tricks)


def test_it_works_out_a_score_and_explains_bad_input(site):
    url, page = site
    page.goto(f"{url}/en/quiz/calculator/")
    page.get_by_label("Rule profile").select_option("maison")
    fill_deal(page, points_ns="90")
    page.get_by_role("button", name="Work out the score").click()
    expect(page.get_by_role("alert").first).to_contain_text("The card points add up to 144")
    expect(page.get_by_label("Card points of North-South")).to_have_value("90")
    page.get_by_label("Card points of North-South").fill("98")
    page.get_by_role("button", name="Work out the score").click()
    expect(page.locator(".big-score")).to_have_text(re.compile(r"North-South 208 · East-West 54"))
    expect(page.locator("td.differs").first).to_contain_text("210")


def test_it_keeps_a_score_sheet_across_reloads(site):
    url, page = site
    page.goto(f"{url}/en/quiz/sheet/")
    page.get_by_label("Rule profile").select_option("maison")
    page.get_by_role("button", name="Start the sheet").click()
    sheet_url = page.url
    fill_deal(page)
    page.get_by_role("button", name="Add this deal").click()
    expect(page.locator("#totals")).to_have_text("North-South 208 · East-West 54")
    fill_deal(page)
    page.get_by_label("Coinche", exact=True).select_option("2")
    page.get_by_role("button", name="Add this deal").click()
    expect(page.locator("#totals")).to_have_text("North-South 728 · East-West 54")
    page.get_by_role("button", name="Undo the last deal").click()
    expect(page.locator("#totals")).to_have_text("North-South 208 · East-West 54")
    page.reload()
    expect(page.locator("#totals")).to_have_text("North-South 208 · East-West 54")
    page.goto(sheet_url)
    expect(page.locator("#deals tbody tr")).to_have_count(1)


def test_it_picks_a_situation_with_the_keyboard(site):
    url, page = site
    page.goto(f"{url}/en/quiz/")
    form = page.locator('form[data-type="legal_cards"]')
    form.get_by_label("Level").focus()
    page.keyboard.press("Tab")
    situation = form.get_by_label("Situation")
    expect(situation).to_be_focused()
    # Arrow keys step through the options of a closed select; the first is "Any situation".
    offered = exercises.possible_situations("legal_cards", "federation", 1)
    for _option in range(offered.index("must_overtrump") + 1):
        page.keyboard.press("ArrowDown")
    expect(situation).to_have_value("must_overtrump")
    page.keyboard.press("Tab")
    expect(form.get_by_role("button", name="Start")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("[data-situation]")).to_have_text("Situation: You must overtrump")
    kwargs = resolve(urlsplit(page.url).path).kwargs
    params = {"difficulty": 1, "situation": "must_overtrump"}
    question = exercises.pose("legal_cards", kwargs["seed"], kwargs["profile"], params)
    assert exercises.solve(question).rule == "must_overtrump"
    answer_with_keyboard(page)
    page.locator("#feedback").get_by_role("link", name="Next question").click()
    expect(page).not_to_have_url(re.compile(f"/{kwargs['seed']}/"))
    expect(page.locator("[data-situation]")).to_have_text("Situation: You must overtrump")


def test_it_offers_the_situations_of_the_profile_chosen(site):
    url, page = site
    page.goto(f"{url}/en/quiz/")
    form = page.locator('form[data-type="legal_cards"]')
    situation = form.get_by_label("Situation")
    undertrump = situation.locator('option[value="must_undertrump"]')
    discard = situation.locator('option[value="may_discard"]')
    expect(undertrump).to_have_count(0)
    expect(discard).to_have_count(1)
    profile = form.get_by_label("Rule profile")
    profile.focus()
    profile.select_option("maison")
    expect(undertrump).to_have_count(1)
    expect(discard).to_have_count(0)
    expect(profile).to_be_focused()
    form.get_by_label("Level").select_option("2")
    expect(situation.locator('option[value="sa_follow"]')).to_have_count(1)
    situation.select_option("sa_follow")
    form.get_by_role("button", name="Start").click()
    expect(page.locator("[data-situation]")).to_have_text(
        "Situation: No trump: you can follow suit"
    )
