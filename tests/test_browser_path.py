"""In Chromium: the coached path — a wrong answer leads to the lesson paragraph that teaches
its rule."""

import pytest
from playwright.sync_api import expect

from tutor import exercises

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
