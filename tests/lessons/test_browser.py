"""In Chromium: a lesson completed wrong then right, the profile switch (the keyboard and
the table: tests/table/test_browser.py)."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# The first Chouine lesson: (a wrong choice, the right one) per exercise.
CHOUINE_CARDS = [("A", "B"), ("A", "B"), ("B", "A")]


def answer_choice(page, number, value):
    exercise = page.locator(f"#exercise-{number}")
    exercise.locator(f'input[value="{value}"]').check()
    exercise.locator("button[type=submit]").click()


@pytest.mark.parametrize("lang", ["en", "pt", "es", "ro", "fr"])
def test_it_completes_a_lesson_wrong_then_right_with_explanations(site, lang):
    url, page = site
    page.goto(f"{url}/en/learn/chouine-cards/")
    english = page.locator("#exercise-1 legend").inner_text()
    page.goto(f"{url}/{lang}/learn/chouine-cards/")
    if lang != "en":
        assert page.locator("#exercise-1 legend").inner_text() != english
    for number, (wrong, right) in enumerate(CHOUINE_CARDS, start=1):
        answer_choice(page, number, wrong)
        feedback = page.locator(f"#exercise-{number} .feedback")
        expect(feedback.locator(".feedback-title.bad")).to_be_visible()
        expect(feedback).to_be_focused()
        assert feedback.locator("ol li").count() >= 1
        answer_choice(page, number, right)
        expect(page.locator(f"#exercise-{number} .feedback .feedback-title.good")).to_be_visible()
        assert page.locator(f"#exercise-{number} .feedback ol li").first.inner_text()
    page.goto(f"{url}/{lang}/learn/")
    expect(page.locator("#course-chouine + ol .good")).to_have_count(1)


def test_it_changes_the_answer_when_the_profile_changes(site):
    url, page = site
    page.goto(f"{url}/en/learn/coinche-play/")
    exercise = page.locator("#exercise-4")
    for code in ("8H", "KD", "8C"):
        exercise.locator(f'input[value="{code}"]').check()
    exercise.locator("button[type=submit]").click()
    expect(exercise.locator(".feedback .feedback-title.good")).to_be_visible()

    page.get_by_label("Rule profile").select_option("official")
    expect(page).to_have_url(re.compile(r"profile=official"))
    exercise = page.locator("#exercise-4")
    for code in ("8H", "KD", "8C"):
        exercise.locator(f'input[value="{code}"]').check()
    exercise.locator("button[type=submit]").click()
    feedback = exercise.locator(".feedback")
    expect(feedback.locator(".feedback-title.bad")).to_be_visible()
    reasons = exercise.locator(".card-reasons")
    expect(reasons).to_contain_text("You may not play the king of diamonds")
