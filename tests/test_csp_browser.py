"""In Chromium with the Content-Security-Policy on: lessons, practice, the calculator and a
club session (projector and phone) work, and the browser reports no violation."""

import os
import re
from pathlib import Path

import pytest
from club.conftest import wrong_answer
from playwright.sync_api import expect

from tutor import exercises
from tutor.club import live
from tutor.club.models import ClubSession

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("SCREENSHOTS", "/tmp/atout-screens"))


@pytest.fixture
def watched(site):
    """The page, with every console message about the CSP collected."""
    url, page = site
    violations = []
    page.on(
        "console",
        lambda message: (
            "Content Security Policy" in message.text and violations.append(message.text)
        ),
    )
    return url, page, violations


def test_lessons_practice_and_calculator_work_under_the_policy(watched):
    url, page, violations = watched
    page.goto(f"{url}/fr/learn/chouine-cards/")
    exercise = page.locator("#exercise-1")
    exercise.locator('input[value="A"]').check()
    exercise.locator("button[type=submit]").click()
    expect(exercise.locator(".feedback")).to_be_visible()
    page.goto(f"{url}/pt/quiz/q/trick_winner/federation/42/")
    page.locator("input[name=choice]").first.check()
    page.locator("form.answer-form button[type=submit]").click()
    expect(page.locator("#feedback")).to_contain_text(re.compile(r"\w"))
    page.goto(f"{url}/en/quiz/calculator/")
    page.get_by_role("button", name="Work out the score").click()
    expect(page.get_by_role("alert").first).to_be_visible()
    assert violations == []


def test_a_club_session_works_under_the_policy(watched, browser, browser_context_args, monkeypatch):
    url, projector, violations = watched
    # Phones poll faster than in a room: the test waits for polls, never for a clock.
    monkeypatch.setattr(live, "POLL_MS", (300, 500))
    projector.set_viewport_size({"width": 1280, "height": 800})
    projector.goto(f"{url}/ro/club/")
    projector.locator("[name=game]").select_option("chouine")
    projector.locator("[name=profile]").select_option("chouine")
    projector.locator("[name=count]").fill("2")
    projector.locator("form button.primary").click()
    expect(projector.locator("[data-code]")).to_be_visible()
    session = ClubSession.objects.get()
    # The first question asks for a choice: its answer bar's width is live.js's to set.
    choice = exercises.pose("chouine_trick_winner", 1, "chouine")
    session.questions.filter(position=0).update(data=choice)

    context = browser.new_context(**browser_context_args)
    phone = context.new_page()
    phone.on(
        "console",
        lambda message: (
            "Content Security Policy" in message.text and violations.append(message.text)
        ),
    )
    phone.goto(f"{url}/fr/club/join/?code={session.code}")
    phone.locator("[name=nickname]").fill("Zoé")
    phone.locator("form button.primary").click()
    expect(phone.locator("#live")).to_have_attribute("data-phase", "lobby")
    # Several unchanged polls (304) later, the page is still there: the swap rule held.
    for _poll in range(3):
        with phone.expect_response(lambda r: "/live/" in r.url and r.status == 304):
            pass
    expect(phone.locator("#live")).to_have_attribute("data-phase", "lobby")

    projector.locator("[data-action=start]").click()
    expect(phone.locator("#live")).to_have_attribute("data-phase", "question")
    question = session.questions.get(position=0)
    data = wrong_answer(question)
    form = phone.locator("#live form")
    if "choice" in data:
        # A choice question sends with one tap on its tile.
        form.locator(f"button[name=choice][value='{data['choice']}']").click()
    else:
        # An empty answer is refused with 422 and the refusal is shown in place.
        form.locator("button.send").click()
        expect(phone.locator("#live [role=alert]")).to_be_visible()
        for card in data["card"]:
            phone.locator(f"#live input[name=card][value='{card}']").check()
        phone.locator("#live form button.send").click()
    expect(phone.locator("[data-answered]")).to_be_visible()

    projector.locator("[data-action=reveal]").click()
    # The bar's width comes from live.js (no inline style): the one answer holds 100 %.
    bar = projector.locator(".bars li[data-count='1'] .bar")
    expect(bar).to_have_attribute("data-share", "100")
    assert bar.evaluate("el => el.style.width") == "100%"
    expect(phone.locator("[data-result=wrong]")).to_be_visible()
    SHOTS.mkdir(exist_ok=True)
    projector.screenshot(path=SHOTS / "csp-projector-ro.png", full_page=True)
    phone.screenshot(path=SHOTS / "csp-phone-fr.png", full_page=True)
    context.close()
    assert violations == []


PAGES = [
    "/pt/",
    "/es/glossary/",
    "/ro/profiles/",
    "/fr/profiles/house/",
    "/en/quiz/",
    "/en/quiz/sheet/",
    "/en/quiz/test/",
    "/en/club/join/",
    "/en/learn/account/signup/",
]


def test_every_page_without_parameters_loads_without_a_violation(watched):
    url, page, violations = watched
    for path in PAGES:
        page.goto(url + path)
        page.wait_for_load_state("networkidle")
    assert violations == []
