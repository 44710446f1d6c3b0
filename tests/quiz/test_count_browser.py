"""In Chromium: a count storm played to its end at 390 px (pt), a count streak ended by a mistake
(fr), a sheet entry whose counts cannot be right, the calculator's common deal in a few taps,
and the sheet's .xlsx as a spreadsheet opens it."""

import io
import re

import pytest
from django.core import signing
from openpyxl import load_workbook
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tutor import exercises
from tutor.quiz import drills
from tutor.quiz.models import CountRecord, CountRun

pytestmark = pytest.mark.browser


def item_answer(page, drill: str, profile: str, level: int, right: bool = True) -> str:
    """The engine's count for the item on the page (read from the item's signed token)."""
    value = page.locator('input[name="item"]').get_attribute("value")
    _run, _number, seed = signing.loads(value, salt=drills.SALT)
    question = exercises.pose(drills.DRILLS[drill].type, seed, profile, {"difficulty": level})
    expected = exercises.solve(question).expected
    return str(expected if right else expected + 1)


def answer(page, drill, profile, level, right=True):
    number = page.locator("[data-item]").get_attribute("data-item")
    page.locator("[data-answer]").fill(item_answer(page, drill, profile, level, right))
    page.keyboard.press("Enter")
    page.wait_for_function(
        "n => !document.querySelector('[data-item]') "
        "|| document.querySelector('[data-item]').dataset.item !== n",
        arg=number,
    )


def test_a_count_storm_runs_its_full_time_on_a_phone(site, settings):
    settings.COUNT_STORM_SECONDS = 8
    settings.COUNT_STORM_PENALTY = 2
    url, page = site
    page.goto(f"{url}/pt/quiz/count/")
    expect(page.locator("h1")).to_have_text("Exercícios de contagem")
    page.locator('[data-drill="trick"] [data-action="storm"]').click()
    expect(page.locator("[data-clock]")).to_be_visible()
    expect(page.locator("[data-answer]")).to_be_focused()
    # Everything to answer fits a phone's screen: the answer box is in view.
    expect(page.locator("[data-answer]")).to_be_in_viewport()
    answer(page, "trick", "federation", 1)
    expect(page.locator('[data-verdict="right"]')).to_be_visible()
    answer(page, "trick", "federation", 1, right=False)
    expect(page.locator('[data-verdict="wrong"]')).to_contain_text("A resposta certa:")
    expect(page.locator("[data-sum]")).to_contain_text("Ao todo")
    while page.locator('[data-phase="asking"]').count():
        try:
            answer(page, "trick", "federation", 1)
        except PlaywrightError:
            break  # the clock ran out while this answer was typed
    # Nobody pressed stop: the page's clock ran out and the server ended the storm.
    result = page.locator("[data-final-score]")
    expect(result).to_be_visible(timeout=15_000)
    run = CountRun.objects.get()
    assert run.finished is not None and run.wrong == 1 and run.penalty == 2
    assert (run.finished - run.started).total_seconds() >= 6
    expect(result).to_have_attribute("data-final-score", str(run.right))
    expect(page.locator("h2#result-title")).to_have_text("Tempo!")
    assert CountRecord.objects.get().best == run.right
    expect(page.locator('[data-record="new"]')).to_be_visible()
    # The missed count comes back with the engine's sum, card by card.
    expect(page.locator("[data-mistake]")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0


def test_a_count_streak_ends_at_the_first_mistake(site):
    url, page = site
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{url}/fr/quiz/count/")
    form = page.locator('[data-drill="chouine-announcements"] form')
    form.locator('input[name="level"][value="2"]').check()
    form.locator('[data-action="streak"]').click()
    expect(page.locator("[data-score]")).to_have_text("Aucune réponse pour l'instant")
    for _ in range(3):
        answer(page, "chouine-announcements", "chouine", 2)
    expect(page.locator("[data-score]")).to_have_text(re.compile("3 d'affilée"))
    answer(page, "chouine-announcements", "chouine", 2, right=False)
    expect(page.locator("h2#result-title")).to_have_text("La série est finie")
    expect(page.locator("[data-final-score]")).to_have_attribute("data-final-score", "3")
    expect(page.locator(".big-score").first).to_have_text("3 bonnes réponses d'affilée")
    expect(page.locator('[data-record="new"]')).to_contain_text("Votre premier record")
    expect(page.locator("[data-mistake] [data-verdict=wrong]")).to_contain_text("Pas à pas")
    # The index keeps the record for these rules.
    page.locator("a", has_text="Autres exercices").click()
    record = page.locator('[data-drill="chouine-announcements"] [data-record="streak"]')
    expect(record).to_contain_text("3")


def test_a_sheet_entry_that_cannot_add_up_names_the_likely_slip(site):
    url, page = site
    page.goto(f"{url}/en/quiz/sheet/")
    page.locator("main form button[type=submit]").first.click()
    for field, value in (("seat", "S"), ("bid", "90"), ("trump", "H")):
        page.locator(f'[data-field="{field}"] input[value="{value}"]').locator("..").click()
    page.locator("#id_points").fill("150")
    page.locator('[data-fold="extras"] summary').click()
    page.locator("#id_points_defence").fill("20")
    page.locator("#deal-submit").click()
    slip = page.locator('[data-slip="slip_jack_value"]')
    expect(slip).to_contain_text("150 + 20 make 170 card points")
    expect(slip).to_contain_text("a jack counted at the wrong value")
    expect(slip.locator("[data-lesson-link]")).to_have_attribute("href", "/en/learn/coinche-cards/")
    # Nothing was recorded, and the entry is all there to correct.
    expect(page.locator("[data-deal]")).to_have_count(0)
    expect(page.locator("#id_points")).to_have_value("150")
    expect(page.locator("#id_points_defence")).to_have_value("20")
    expect(page.locator('[data-field="trump"] input[value="H"]')).to_be_checked()
    page.locator("#id_points_defence").fill("2")
    page.locator("#deal-submit").click()
    expect(page.locator("[data-deal]")).to_have_count(1)
    expect(page.locator("[data-slip]")).to_have_count(0)
    # The sheet opens as a spreadsheet: the deal with the engine's scores.
    with page.expect_download() as download:
        page.locator('a[data-export="xlsx"]').click()
    book = load_workbook(io.BytesIO(download.value.path().read_bytes()))
    rows = list(book.active.iter_rows(min_row=2, values_only=True))
    assert rows[0][:2] == ("Deal", "Taker")
    assert rows[1][:4] == (1, "South", "90 ♥", "made")
    assert rows[1][4:6] == (250, 0) and rows[-1][-2:] == (250, 0)


def test_the_calculators_common_deal_takes_a_few_taps_and_one_number(site):
    url, page = site
    page.goto(f"{url}/en/quiz/calculator/?profile=maison")
    taps = 0
    for field, value in (("seat", "S"), ("bid", "100"), ("trump", "H")):
        page.locator(f'[data-field="{field}"] input[value="{value}"]').locator("..").click()
        taps += 1
    # The trump tapped, the keyboard opens on the points: the one number to type.
    expect(page.locator("#id_points")).to_be_focused()
    page.keyboard.type("98")
    page.locator("#deal-submit").click()
    taps += 1
    assert taps <= 5
    expect(page.locator(".big-score")).to_have_text("North-South 208 · East-West 54")
    expect(page.locator("td.differs").first).to_contain_text("210")
    expect(page.locator("#id_points")).to_have_value("98")
