"""In Chromium: a lesson completed wrong then right, with stars and auto-advance, progress
per profile across the profile switch (the keyboard and the table:
tests/table/test_browser.py)."""

import re

import pytest
from playwright.sync_api import expect

from tutor import exercises
from tutor.lessons import questions
from tutor.lessons.path import LESSONS

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
    expect(page.locator("#course-chouine ~ ol .good")).to_have_count(1)


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


def test_a_lesson_completed_with_stars_and_auto_advance(site):
    url, page = site
    page.goto(f"{url}/en/learn/chouine-cards/")
    progress = page.locator("#lesson-progress")
    expect(progress).to_contain_text("0 of 3 exercises solved")
    # Exercise 1 right at once: two stars, and the page moves on to exercise 2 by itself.
    answer_choice(page, 1, "B")
    expect(page.locator("#exercise-1 .stars")).to_have_attribute("data-stars", "2")
    expect(progress).to_contain_text("1 of 3 exercises solved")
    expect(page.locator('#exercise-2 input[value="A"]')).to_be_focused(timeout=4000)
    expect(page.locator("#exercise-2")).to_be_in_viewport()
    # Exercise 2 missed: "Try again" puts the focus back on the answer; then one star.
    answer_choice(page, 2, "A")
    page.locator('#exercise-2 [data-action="retry"]').click()
    expect(page.locator('#exercise-2 input[value="A"]')).to_be_focused()
    answer_choice(page, 2, "B")
    expect(page.locator("#exercise-2 .stars")).to_have_attribute("data-stars", "1")
    answer_choice(page, 3, "A")
    expect(progress).to_have_attribute("data-phase", "done")
    expect(progress).to_contain_text("Lesson complete!")
    expect(progress).to_contain_text("5 of 6 stars")
    expect(page.locator("#course-map")).to_contain_text("1 of 5 lessons done · 5 of 36 stars")
    page.locator('[data-action="next-lesson"]').click()
    expect(page).to_have_url(re.compile("/en/learn/chouine-stock/"))
    expect(page.locator(".course-map li.current")).to_contain_text("stock")
    expect(page.locator(".course-map")).to_contain_text("1 of 5 lessons done")


def fill_scores(page, slug, number, profile):
    """Enters the engine's score for exercise ``number`` of ``slug`` and checks it."""
    posed = questions.question(LESSONS[slug].exercises[number - 1], profile)
    exercise = page.locator(f"#exercise-{number}")
    for side, points in exercises.solve(posed).expected.items():
        exercise.locator(f'input[name="score_{side}"]').fill(str(points))
    exercise.locator("button[type=submit]").click()


def test_the_profile_switch_counts_its_own_progress_and_auto_advance_still_works(site):
    url, page = site
    page.goto(f"{url}/en/learn/belote-counting/")
    progress = page.locator("#lesson-progress")
    fill_scores(page, "belote-counting", 1, "maison")
    expect(progress).to_contain_text("1 of 3 exercises solved")
    # Other rules, swapped in place: the progress shown is theirs, nothing solved yet.
    page.locator("#profile").select_option("official")
    expect(page).to_have_url(re.compile(r"profile=official"))
    expect(progress).to_contain_text("0 of 3 exercises solved")
    expect(page.locator("#exercise-1 [data-solved]")).to_have_count(0)
    expect(page.locator(".rules-used")).to_have_attribute("data-rules", "official")
    # The swapped exercises still move on by themselves after a right answer.
    fill_scores(page, "belote-counting", 1, "official")
    expect(page.locator("#exercise-1 [data-solved]")).to_be_visible()
    expect(page.locator('#exercise-2 input[name="score_NS"]')).to_be_focused(timeout=4000)
    fill_scores(page, "belote-counting", 2, "official")
    fill_scores(page, "belote-counting", 3, "official")
    expect(progress).to_have_attribute("data-phase", "done")
    expect(progress).to_contain_text("6 of 6 stars")
    # The next lesson opens under the rules chosen here.
    page.locator('[data-action="next-lesson"]').click()
    expect(page).to_have_url(re.compile("/en/learn/belote-dedans/$"))
    expect(page.locator("#profile")).to_have_value("official")
