"""In Chromium: a self-test answered from the keyboard, the calculator, a situation chosen
on the practice index."""

import os
import re
from urllib.parse import urlsplit

import pytest
from django.urls import resolve
from django.utils import translation
from playwright.sync_api import expect

from tests.conftest import LANGS
from tutor import exercises

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("CLUB_SHOTS")


def _(lang, message):
    with translation.override(lang):
        return translation.gettext(message)


def answer_with_keyboard(page):
    """Answers the question on screen using only the keyboard."""
    form = page.locator("form.answer-form")
    taps = form.locator("button[data-card], button[data-call]")
    if taps.count():
        # A tap question: each card or call is a submit button, one key sends it.
        taps.first.focus()
        page.keyboard.press("Enter")
        return
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
        expect(page.locator("progress")).to_have_attribute("value", str(number - 1))
        answer_with_keyboard(page)
        # Nothing is revealed on the way: the next question (or the results) comes at once.
        expect(page.locator("#feedback .feedback-title")).to_have_count(0)
        if number < 5:
            expect(page.locator("main")).to_contain_text(
                _(lang, "Question %(position)s of %(total)s") % {"position": number + 1, "total": 5}
            )
    expect(page.get_by_role("heading", level=1)).to_have_text(_(lang, "Self-test results"))
    expect(page.locator(".test-score")).to_contain_text(" 5 ")
    # Every question comes back at the end, answered, with its verdict: the engine's steps
    # for a right one, why for a wrong one, which can be tried again in place.
    expect(page.locator(".reviewed-question")).to_have_count(5)
    expect(page.locator(".reviewed-question[data-verdict=unanswered]")).to_have_count(0)
    expect(page.locator(".reviewed-question .feedback-title")).to_have_count(5)
    wrong = page.locator(".reviewed-question[data-verdict=wrong]")
    if wrong.count():
        wrong.first.locator('[data-action="show-me"], [data-expected]').first.click(trial=True)


def test_it_works_out_a_score_and_explains_bad_input(site):
    url, page = site
    page.goto(f"{url}/en/quiz/calculator/")
    page.get_by_label("Rule profile").select_option("maison")
    for field, value in (("seat", "S"), ("bid", "100"), ("trump", "H")):
        page.locator(f'[data-field="{field}"] input[value="{value}"]').locator("..").click()
    page.locator("#id_points").fill("162")
    page.get_by_role("button", name="Work out the score").click()
    expect(page.get_by_role("alert").first).to_contain_text("the 10 of the last trick")
    expect(page.locator("#id_points")).to_have_value("162")
    page.locator("#id_points").fill("98")
    page.get_by_role("button", name="Work out the score").click()
    expect(page.locator(".big-score")).to_have_text(re.compile(r"North-South 208 · East-West 54"))
    expect(page.locator("td.differs").first).to_contain_text("210")


def test_it_picks_a_situation_with_the_keyboard(site):
    url, page = site
    page.goto(f"{url}/en/quiz/")
    form = page.locator('form[data-type="legal_cards"]')
    summary = page.locator("details.more-options", has=form).locator("summary")
    summary.focus()
    page.keyboard.press("Enter")  # the options unfold from the keyboard
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
    page.locator("details.more-options", has=form).locator("summary").click()
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


def test_the_weak_rule_link_opens_practice_on_that_rule(site):
    url, page = site
    question = exercises.pose("trick_winner", 42, "federation")
    solution = exercises.solve(question)
    page.goto(f"{url}/en/quiz/q/trick_winner/federation/42/")
    wrong = next(s for s in "NESW" if s != solution.expected)
    page.locator(f'form.answer-form input[value="{wrong}"]').check()
    page.locator("form.answer-form button[type=submit]").click()
    expect(page.locator("#feedback .feedback-title.bad")).to_be_visible()
    page.goto(f"{url}/en/quiz/progress/")
    rule = page.locator(f'.weak-rules li[data-rule="{solution.rule}"]')
    expect(rule).to_contain_text("your one answer was wrong")
    rule.locator('[data-action="practise-rule"]').click()
    expect(page.locator("[data-situation]")).to_have_attribute("data-situation", solution.rule)
    kwargs = resolve(urlsplit(page.url).path).kwargs
    params = {"difficulty": 1, "situation": solution.rule}
    posed = exercises.pose("trick_winner", kwargs["seed"], kwargs["profile"], params)
    assert exercises.solve(posed).rule == solution.rule
    # The practice index recommends the same rule, and review is one tap away.
    page.goto(f"{url}/en/quiz/")
    expect(page.locator("[data-recommended=weak]")).to_be_visible()
    page.locator('[data-action="review"]').click()
    expect(page.locator(".review-queue")).to_contain_text("Coming back soon")
    page.locator('[data-action="review-now"]').click()
    expect(page.locator("form.answer-form")).to_be_visible()


@pytest.mark.parametrize(("lang", "width"), [("ro", 390), ("fr", 1280)])
def test_a_tap_questions_first_miss_is_tapped_again_in_place(site, lang, width):
    """Practice's tap question: a wrong card says why that card breaks a rule and nothing more;
    Try again clears the marks and the right card is then tapped where it lies."""
    url, page = site
    page.set_viewport_size({"width": width, "height": 844 if width < 600 else 800})
    question = exercises.pose("play_card", 12, "federation")
    right = exercises.solve(question).expected
    wrong = next(card for card in question["data"]["hand"] if card not in right)
    page.goto(f"{url}/{lang}/quiz/q/play_card/federation/12/")
    form = page.locator("form.answer-form")
    form.locator(f"button[data-card='{wrong}']").click()
    expect(page.locator("[data-held]")).to_be_visible()
    reason = exercises.text(exercises.check(question, wrong).hint[0], lang)
    expect(page.locator(".question")).to_contain_text(reason)
    expect(form.locator(f"button[data-card='{wrong}']")).to_have_attribute("data-verdict", "wrong")
    expect(form.locator("[data-verdict]")).to_have_count(1)
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/practice-tap-{lang}-{width}-first-miss.png", full_page=True)
    page.locator('[data-action="retry"]').click()
    expect(form.locator("[data-verdict]")).to_have_count(0)
    form.locator(f"button[data-card='{right[0]}']").click()
    expect(page.locator(".feedback-title.good")).to_be_visible()
    expect(form.locator(f".pick[data-card='{right[0]}']")).to_have_attribute(
        "data-verdict", "right"
    )
