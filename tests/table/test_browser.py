"""In Chromium, on a phone and a desktop: the table of a question, the verdict on the cards,
the trick's winner, the profile switch, the keyboard, and no sideways scroll anywhere a
table is drawn."""

import re

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from tutor import exercises
from tutor.lessons.path import LESSONS
from tutor.rules.explain import seat_name

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 800}
SCREENS = [pytest.param(PHONE, id="phone"), pytest.param(DESKTOP, id="desktop")]


def _(lang, message):
    with translation.override(lang):
        return translation.gettext(message)


def check(page, exercise):
    exercise.locator("form.answer-form button[type=submit]").click()
    expect(
        exercise.locator(".feedback [data-result], .feedback.is-right, .feedback.is-wrong").first
    ).to_be_visible()


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("lang", ["pt", "ro"])
def test_it_names_every_seat_on_the_table_of_a_legal_cards_exercise(site, lang, screen):
    url, page = site
    page.set_viewport_size(screen)
    page.goto(f"{url}/{lang}/learn/coinche-play/")
    table = page.locator("#exercise-1 [data-table=coinche]")
    for seat in "NESW":
        expect(table.locator(f".seat[data-seat={seat}] .seat-name")).to_have_text(
            seat_name(seat, lang)
        )
        expect(table.locator(f".seat[data-seat={seat}] .seat-name")).to_be_visible()
    # East is the learner, at the bottom, to play after South's ace of spades.
    expect(table.locator(".seat-bottom")).to_have_attribute("data-seat", "E")
    expect(table.locator(".seat[data-seat=E] [data-to-play]")).to_be_visible()
    expect(table.locator("[data-played=S]")).to_have_attribute("data-order", "1")
    # The screen reader hears the table seat by seat.
    summary = table.locator(".table-summary li")
    expect(summary).to_have_count(4)
    expect(summary.nth(3)).to_contain_text(seat_name("E", lang))


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("lang", ["es", "fr"])
def test_it_keeps_a_wrong_choice_and_marks_each_card_with_its_verdict(site, lang, screen):
    url, page = site
    page.set_viewport_size(screen)
    page.goto(f"{url}/{lang}/learn/coinche-play/")
    exercise = page.locator("#exercise-1")
    # Spades led: the jack of hearts is refused, the king and seven of spades are allowed.
    exercise.locator('label.pick[data-card="JH"]').click()
    exercise.locator('label.pick[data-card="KS"]').click()
    check(page, exercise)
    expect(exercise.locator(".feedback")).to_have_attribute("data-result", "wrong")
    # A first miss marks the cards chosen only: nothing says which card was left out.
    for code, verdict in {"JH": "wrong", "KS": "right"}.items():
        card = exercise.locator(f'label.pick[data-card="{code}"]')
        expect(card).to_have_attribute("data-verdict", verdict)
    for code in ("7S", "QD"):
        expect(exercise.locator(f'label.pick[data-card="{code}"]')).not_to_have_attribute(
            "data-verdict", re.compile(".")
        )
    # The second miss shows the solution, card by card.
    check(page, exercise)
    expect(exercise.locator('label.pick[data-card="7S"]')).to_have_attribute(
        "data-verdict", "missed"
    )
    verdicts = {"JH": "wrong", "KS": "right", "7S": "missed", "QD": "unchosen"}
    for code, verdict in verdicts.items():
        card = exercise.locator(f'label.pick[data-card="{code}"]')
        expect(card).to_have_attribute("data-verdict", verdict)
    expect(exercise.locator('input[value="JH"]')).to_be_checked()
    expect(exercise.locator('input[value="KS"]')).to_be_checked()
    expect(exercise.locator('input[value="7S"]')).not_to_be_checked()
    # The engine's reason sits beside the refused card and describes its checkbox.
    reason = exercise.locator('.card-reasons li[data-card="JH"]')
    expect(reason).to_be_visible()
    described = exercise.locator('input[value="JH"]').get_attribute("aria-describedby")
    assert reason.get_attribute("id") == described
    # No empty "why" header.
    for heading in exercise.locator(".feedback-heading").all():
        assert heading.locator("xpath=following-sibling::*[1]").locator("li").count() > 0


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_it_highlights_the_winning_seat_of_a_trick_winner_question(site, lang, screen):
    url, page = site
    page.set_viewport_size(screen)
    page.goto(f"{url}/{lang}/learn/coinche-table/")
    exercise = page.locator("#exercise-1")
    expect(exercise.locator(".seat.is-winner")).to_have_count(0)
    exercise.locator("input[name=choice][value=N]").check()
    check(page, exercise)
    # A first miss: North is wrong, but neither the winner nor the right seat is shown.
    expect(exercise.locator("label.choice[data-verdict=wrong] input")).to_have_value("N")
    expect(exercise.locator(".seat[data-winner]")).to_have_count(0)
    expect(exercise.locator("label.choice[data-verdict=missed]")).to_have_count(0)
    exercise.locator('[data-action="show-me"]').click()
    expect(exercise.locator(".feedback [data-expected]")).to_be_visible()
    # 9, ace, 10 and jack of hearts, hearts trump, South leading: West's jack wins.
    expect(exercise.locator(".seat[data-winner]")).to_have_attribute("data-seat", "W")
    expect(exercise.locator("[data-played=W].is-winner")).to_be_visible()
    expect(exercise.locator("label.choice[data-verdict=wrong] input")).to_have_value("N")
    expect(exercise.locator("label.choice[data-verdict=missed] input")).to_have_value("W")
    expect(exercise.locator(".feedback [data-expected]")).to_contain_text(seat_name("W", lang))


@pytest.mark.parametrize("screen", SCREENS)
def test_it_switches_the_profile_in_place_and_carries_it_to_the_next_lesson(site, screen):
    url, page = site
    page.set_viewport_size(screen)
    page.goto(f"{url}/es/learn/coinche-play/")
    exercise = page.locator("#exercise-4")
    for code in ("8H", "KD", "8C"):
        exercise.locator(f'label.pick[data-card="{code}"]').click()
    check(page, exercise)
    expect(exercise.locator("[data-solved]")).to_be_visible()
    page.evaluate("window.scrollTo(0, 600)")
    # As a learner does: the select takes the focus, then the choice.
    page.evaluate("document.getElementById('profile').focus({preventScroll: true})")
    page.locator("#profile").select_option("official")
    expect(page).to_have_url(re.compile(r"profile=official"))
    expect(page.locator("#exercise-4 [data-solved]")).to_have_count(0)
    assert page.evaluate("window.scrollY") == 600
    # The same answer is wrong under the official counting: undertrumping is required.
    exercise = page.locator("#exercise-4")
    for code in ("8H", "KD", "8C"):
        exercise.locator(f'label.pick[data-card="{code}"]').click()
    check(page, exercise)
    expect(exercise.locator(".feedback")).to_have_attribute("data-result", "wrong")
    page.goto(f"{url}/es/learn/coinche-tricks/")
    expect(page.locator("#profile")).to_have_value("official")
    page.goto(f"{url}/es/quiz/")
    expect(page.locator("form[data-type=legal_cards] select[name=profile]")).to_have_value(
        "official"
    )


@pytest.mark.parametrize("screen", SCREENS)
def test_it_answers_with_the_keyboard_alone(site, screen):
    url, page = site
    page.set_viewport_size(screen)
    page.goto(f"{url}/fr/learn/coinche-play/")
    hand = page.locator("#exercise-1 [data-hand]")
    for _tab in range(200):
        page.keyboard.press("Tab")
        if hand.evaluate("hand => hand.contains(document.activeElement)"):
            break
    else:
        raise AssertionError("Tab never reached the hand")
    # One tab stop per hand: the hand reads trump first, jack of hearts, queen of diamonds,
    # then the spades; the arrows walk it.
    assert page.evaluate("document.activeElement.value") == "JH"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.value") == "KS"
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    page.keyboard.press("Enter")
    feedback = page.locator("#exercise-1 .feedback")
    expect(feedback).to_have_attribute("data-result", "right")
    expect(feedback).to_be_focused()
    expect(page.locator("#exercise-1 label.pick[data-verdict=right]")).to_have_count(2)


def table_pages():
    """Every page that draws a table: each lesson, a question of each type, the examples."""
    pages = [reverse("lesson", args=[slug]) for slug in LESSONS]
    for qtype in exercises.TYPES.values():
        if qtype.table(exercises.pose(qtype.name, 1, qtype.profiles[0])) is not None:
            pages.append(f"/quiz/q/{qtype.name}/{qtype.profiles[0]}/1/?difficulty=3")
    pages += [reverse("quiz_curated", args=[slug]) for slug in exercises.CURATED]
    return pages


@pytest.mark.parametrize("lang", ["ro", "fr"])
def test_it_never_scrolls_sideways_at_360_px_where_a_table_is_drawn(site, lang):
    url, page = site
    page.set_viewport_size(PHONE)
    wide = []
    for path in table_pages():
        path = path if path.startswith(f"/{lang}/") else f"/{lang}{path.removeprefix('/en')}"
        page.goto(f"{url}{path}")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            wide.append((path, width))
    assert wide == []
