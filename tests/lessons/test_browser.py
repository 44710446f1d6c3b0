"""In Chromium: a lesson completed wrong then right, with stars, retries that teach and no
move the learner did not ask for, progress per profile across the profile switch (the
keyboard and the table: tests/table/test_browser.py)."""

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


def test_a_lesson_completed_with_stars_and_next_as_the_next_focus_stop(site):
    url, page = site
    page.goto(f"{url}/en/learn/chouine-cards/")
    progress = page.locator("#lesson-progress")
    expect(progress).to_contain_text("None of the 3 exercises solved yet")
    # Exercise 1 right at once: two stars; "Next exercise" is the next Tab, and takes the
    # focus to exercise 2's answer.
    answer_choice(page, 1, "B")
    expect(page.locator("#exercise-1 .stars")).to_have_attribute("data-stars", "2")
    expect(progress).to_contain_text("1 of 3 exercises solved")
    expect(page.locator("#exercise-1 .feedback")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator('#exercise-1 [data-action="next"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator('#exercise-2 input[value="A"]')).to_be_focused()
    expect(page.locator("#exercise-2")).to_be_in_viewport()
    # Exercise 2 missed: a choice of two shows its answer at once; "Try again" clears the
    # feedback and the marks and puts the focus back on the answer; no star after that.
    answer_choice(page, 2, "A")
    expect(page.locator("#exercise-2 [data-expected]")).to_be_visible()
    page.locator('#exercise-2 [data-action="retry"]').click()
    expect(page.locator('#exercise-2 input[value="A"]')).to_be_focused()
    expect(page.locator("#exercise-2 .feedback")).to_be_empty()
    expect(page.locator("#exercise-2 form [data-verdict]")).to_have_count(0)
    answer_choice(page, 2, "B")
    expect(page.locator("#exercise-2 .stars")).to_have_attribute("data-stars", "0")
    answer_choice(page, 3, "A")
    expect(progress).to_have_attribute("data-phase", "done")
    expect(progress).to_contain_text("Lesson complete!")
    expect(progress).to_contain_text("4 of 6 stars")
    expect(page.locator("#course-map")).to_contain_text("1 of 5 lessons done · 4 of 36 stars")
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


def test_the_profile_switch_counts_its_own_progress(site):
    url, page = site
    page.goto(f"{url}/en/learn/belote-counting/")
    progress = page.locator("#lesson-progress")
    fill_scores(page, "belote-counting", 1, "maison")
    expect(progress).to_contain_text("1 of 3 exercises solved")
    # Other rules, swapped in place: the progress shown is theirs, nothing solved yet.
    page.locator("#profile").select_option("official")
    expect(page).to_have_url(re.compile(r"profile=official"))
    expect(progress).to_contain_text("None of the 3 exercises solved yet")
    expect(page.locator("#exercise-1 [data-solved]")).to_have_count(0)
    expect(page.locator(".rules-used")).to_have_attribute("data-rules", "official")
    # The swapped exercises still lead on to the next one.
    fill_scores(page, "belote-counting", 1, "official")
    expect(page.locator("#exercise-1 [data-solved]")).to_be_visible()
    page.locator('#exercise-1 [data-action="next"]').click()
    expect(page.locator('#exercise-2 input[name="score_NS"]')).to_be_focused()
    fill_scores(page, "belote-counting", 2, "official")
    fill_scores(page, "belote-counting", 3, "official")
    expect(progress).to_have_attribute("data-phase", "done")
    expect(progress).to_contain_text("6 of 6 stars")
    # The next lesson opens under the rules chosen here.
    page.locator('[data-action="next-lesson"]').click()
    expect(page).to_have_url(re.compile("/en/learn/belote-dedans/$"))
    expect(page.locator("#profile")).to_have_value("official")


# Lesson 1 of Coinche, exercise 1: the 41-point trick of seed 004, answered 30 twice.
@pytest.mark.parametrize(
    ("lang", "width", "right_title"),
    [("pt", 390, "Certo!"), ("fr", 1280, "Exact !")],
)
def test_a_first_miss_holds_the_answer_back_and_nothing_moves_after_a_right_one(
    site, lang, width, right_title
):
    url, page = site
    page.set_viewport_size({"width": width, "height": 844 if width < 600 else 800})
    page.clock.install()
    page.goto(f"{url}/{lang}/learn/coinche-cards/")
    exercise = page.locator("#exercise-1")
    number = exercise.locator('input[name="number"]')
    number.fill("30")
    exercise.locator("button[type=submit]").click()
    feedback = exercise.locator(".feedback")
    expect(feedback.locator(".feedback-title.bad")).to_be_visible()
    expect(feedback.locator("[data-held]")).to_be_visible()
    expect(feedback.locator("[data-expected]")).to_have_count(0)
    expect(feedback).not_to_contain_text("41")
    expect(feedback.locator('[data-action="show-me"]')).to_be_visible()
    # "Try again": the feedback goes, the answer stays, the focus is on it.
    feedback.locator('[data-action="retry"]').click()
    expect(feedback).to_be_empty()
    expect(number).to_be_focused()
    expect(number).to_have_value("30")
    exercise.locator("button[type=submit]").click()
    expect(feedback.locator("[data-expected]")).to_contain_text("41")
    expect(feedback.locator('[data-action="show-me"]')).to_have_count(0)
    number.fill("41")
    exercise.locator("button[type=submit]").click()
    expect(feedback.locator(".feedback-title.good")).to_have_text(right_title)
    expect(feedback).to_be_focused()
    before = page.evaluate("[window.scrollY, document.activeElement.id]")
    page.clock.run_for(10_000)
    assert page.evaluate("[window.scrollY, document.activeElement.id]") == before
    expect(exercise.locator(".stars")).to_have_attribute("data-stars", "0")
