"""In Chromium: the coached path — a wrong answer leads to the lesson paragraph that teaches
its rule; a returning learner's home says where they are."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tutor import exercises
from tutor.quiz.models import ReviewItem

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("lang", "width"), [("pt", 390), ("ro", 1280)])
def test_a_wrong_answers_lesson_link_lands_on_the_paragraph_of_its_rule(site, lang, width):
    url, page = site
    page.set_viewport_size({"width": width, "height": 844 if width < 600 else 800})
    params = {"difficulty": 1, "situation": "must_overtrump"}
    question = exercises.pose("legal_cards", 5, "federation", params)
    expected = exercises.solve(question).expected
    wrong = next(code for code in question["data"]["hand"] if code not in expected)
    page.goto(
        f"{url}/{lang}/quiz/q/legal_cards/federation/5/?difficulty=1&situation=must_overtrump"
    )
    page.locator(f'#exercise-form label[data-card="{wrong}"]').click()
    page.locator("#exercise-form button[type=submit]").click()
    links = page.locator("#feedback .rule-links")
    expect(links).to_be_visible()
    links.locator('[data-action="lesson"]').click()
    expect(page).to_have_url(f"{url}/{lang}/learn/coinche-play/#rule-trump")
    paragraph = page.locator("#rule-trump")
    expect(paragraph).to_be_in_viewport()
    assert paragraph.evaluate("p => p.matches(':target')")


@pytest.mark.parametrize(("lang", "width"), [("es", 390), ("fr", 1280)])
def test_a_returning_learners_home_shows_the_next_lesson_the_due_rules_and_the_goal(
    site, lang, width
):
    url, page = site
    page.set_viewport_size({"width": width, "height": 844 if width < 600 else 800})
    page.goto(f"{url}/{lang}/learn/coinche-cards/")
    page.locator("#exercise-1 input[name=number]").fill("41")
    page.locator("#exercise-1 button[type=submit]").click()
    expect(page.locator("#exercise-1 .feedback-title.good")).to_be_visible()
    page.goto(f"{url}/{lang}/quiz/q/trick_winner/federation/42/")
    question = exercises.pose("trick_winner", 42, "federation")
    expected = exercises.solve(question).expected
    wrong = next(seat for seat in "NESW" if seat != expected)
    page.locator(f'#exercise-form input[value="{wrong}"]').check()
    page.locator("#exercise-form button[type=submit]").click()
    expect(page.locator("#feedback .feedback-title.bad")).to_be_visible()
    ReviewItem.objects.update(due=timezone.now() - timedelta(minutes=1))
    page.goto(f"{url}/{lang}/")
    welcome = page.locator("[data-learner]")
    expect(welcome).to_have_attribute("data-first", "review")
    # One action first, on screen at once; then where the learner stands.
    expect(welcome.locator('[data-action="review"]')).to_be_in_viewport()
    expect(welcome.locator("[data-due]")).to_have_attribute("data-due", "1")
    expect(welcome.locator("[data-next-lesson] a")).to_have_attribute(
        "href", f"/{lang}/learn/coinche-cards/"
    )
    expect(welcome.locator("[data-goal]")).to_have_attribute("data-goal", "2/10")
    welcome.locator('[data-action="review"]').click()
    expect(page.locator("#exercise-form")).to_be_visible()


@pytest.mark.parametrize(
    ("lang", "width", "names"),
    [
        ("fr", 1280, ("Nord", "Ouest", "Sud", "Est")),
        ("pt", 390, ("Norte", "Oeste", "Sul", "Este")),
    ],
)
def test_the_referee_labels_each_trick_card_with_its_seat_and_says_who_is_to_play(
    site, lang, width, names
):
    north, west, south, east = names
    url, page = site
    page.set_viewport_size({"width": width, "height": 844 if width < 600 else 800})
    page.goto(f"{url}/{lang}/referee/?game=coinche")
    page.select_option("[data-field=leader]", "N")
    seats = page.locator("[data-seat-of]")
    expect(seats).to_have_text([north, west, south])
    expect(page.locator("[data-to-play] strong")).to_have_text(north)
    page.select_option("[data-field=t1]", "AS")
    page.select_option("[data-field=t2]", "JH")
    expect(page.locator("[data-to-play] strong")).to_have_text(south)
    # On the grid each chosen card says its seat in whole words: two lines ("2 ·", the
    # seat), never a name broken in the middle on a phone.
    label = page.locator("[data-trick-grid] button[data-card='JH'] [data-order]")
    expect(label).to_have_text(f"2 · {west}")
    lines = label.evaluate("e => e.offsetHeight / parseFloat(getComputedStyle(e).lineHeight)")
    assert lines < 2.5
    page.select_option("[data-field=leader]", "E")
    expect(seats).to_have_text([east, north, west])
    expect(page.locator("[data-to-play] strong")).to_have_text(west)
