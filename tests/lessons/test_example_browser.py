"""In Chromium, on a phone and a desktop, in two languages: a lesson's worked example stepped
through forwards and back, with htmx (only the example swaps, the focus stays on the link, the
step is said in the live region) and without JavaScript (plain links)."""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from tutor.lessons import examples
from tutor.lessons.path import LESSONS

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 800}
SCREENS = [pytest.param(PHONE, id="phone"), pytest.param(DESKTOP, id="desktop")]


def _(lang, message):
    with translation.override(lang):
        return translation.gettext(message)


def said(lang, step):
    """The first sentence of the play example's step, as the engine says it."""
    return examples.step_view(LESSONS["coinche-play"].example, "federation", lang, step)["lines"][0]


def settled(page):
    """Wait until htmx has swapped and settled the step (its links answer htmx again)."""
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)


def no_sideways_scroll(page):
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_it_steps_through_the_example_forwards_and_back_in_place(site, lang, screen):
    url, page = site
    page.set_viewport_size(screen)
    page.goto(f"{url}/{lang}/learn/coinche-play/")
    example = page.locator("[data-example=coinche-play]")
    stage = example.locator("[data-step]")
    expect(stage).to_have_attribute("data-step", "0")
    expect(example.locator("[data-played]")).to_have_count(0)
    expect(example.locator("[data-action=example-previous]")).to_have_count(0)
    page.evaluate("document.getElementById('example').scrollIntoView()")
    scrolled = page.evaluate("window.scrollY")
    for step in range(1, 6):
        example.locator("[data-action=example-next]").click()
        expect(stage).to_have_attribute("data-step", str(step))
        settled(page)
        # The cards go down one by one; the reason follows the card.
        expect(example.locator("[data-played]")).to_have_count(min(step, 4))
        expect(stage).to_have_attribute("data-cards", str(min(step, 4)))
        expect(example.locator(".example-say p").first).to_have_text(said(lang, step))
        assert page.evaluate("window.scrollY") == scrolled
        assert no_sideways_scroll(page)
    # The last step: the engine's winner marked, and the way on to the exercises.
    expect(example.locator(".seat[data-winner]")).to_have_attribute("data-seat", "S")
    expect(example.locator("[data-action=example-done]")).to_have_attribute("href", "#practice")
    expect(page.locator("#example-live")).to_contain_text(said(lang, 5))
    for step in (4, 3):
        example.locator("[data-action=example-previous]").click()
        expect(stage).to_have_attribute("data-step", str(step))
        settled(page)
        expect(example.locator("[data-played]")).to_have_count(step)
        expect(example.locator(".example-say p").first).to_have_text(said(lang, step))
    # South's hand, the jack of hearts it played marked, and the rule for South.
    expect(example.locator(".hand-fan .is-chosen")).to_have_attribute("data-card", "JH")
    expect(example.locator(".example-rule")).to_be_visible()
    # The page did not reload and the step is in the address, for a reload or a link.
    assert "step=3" in page.url
    expect(page.locator("#exercise-1")).to_be_visible()


@pytest.mark.parametrize("screen", SCREENS)
def test_the_keyboard_steps_through_and_keeps_the_focus_on_the_link(site, screen):
    url, page = site
    page.set_viewport_size(screen)
    page.goto(f"{url}/ro/learn/chouine-stock/")
    example = page.locator("[data-example=chouine-stock]")
    example.locator("[data-action=example-next]").focus()
    page.keyboard.press("Enter")
    expect(example.locator("[data-step]")).to_have_attribute("data-step", "1")
    settled(page)
    expect(page.locator("#example-next")).to_be_focused()
    page.keyboard.press("Enter")
    expect(example.locator("[data-step]")).to_have_attribute("data-step", "2")
    expect(example.locator("[data-played]")).to_have_count(2)
    settled(page)
    # Back to the first step: Previous is gone, the focus goes to Next, not to the page top.
    page.locator("#example-previous").focus()
    page.keyboard.press("Enter")
    expect(example.locator("[data-step]")).to_have_attribute("data-step", "1")
    settled(page)
    page.locator("#example-previous").focus()
    page.keyboard.press("Enter")
    expect(example.locator("[data-step]")).to_have_attribute("data-step", "0")
    expect(page.locator("#example-next")).to_be_focused()


@pytest.fixture
def no_script_page(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield live_server.url, page
    context.close()


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("lang", ["es", "ro"])
def test_it_steps_through_the_example_without_javascript(no_script_page, lang, screen):
    url, page = no_script_page
    page.set_viewport_size(screen)
    page.goto(f"{url}/{lang}/learn/coinche-play/")
    example = page.locator("[data-example=coinche-play]")
    for step in (1, 2):
        example.locator("[data-action=example-next]").click()
        expect(page).to_have_url(
            f"{url}/{lang}/learn/coinche-play/?profile=federation&step={step}#example"
        )
        expect(example.locator("[data-played]")).to_have_count(step)
        expect(example.locator(".example-say p").first).to_have_text(said(lang, step))
    example.locator("[data-action=example-previous]").click()
    expect(example.locator("[data-step]")).to_have_attribute("data-step", "1")
    expect(example.locator("[data-played]")).to_have_count(1)
    assert no_sideways_scroll(page)


@pytest.mark.parametrize("screen", SCREENS)
def test_an_auction_question_lays_the_calls_at_their_seats(site, screen):
    url, page = site
    page.set_viewport_size(screen)
    page.goto(f"{url}/fr/learn/coinche-auction/")
    table = page.locator("#exercise-2 [data-table=coinche]")
    # North dealt; West bid 100 hearts, South passed; East is to speak.
    expect(table.locator(".seat[data-seat=N] [data-dealer]")).to_be_visible()
    expect(table.locator(".seat[data-seat=W] [data-call='100H']")).to_be_visible()
    expect(table.locator(".seat[data-seat=S] [data-call=pass]")).to_be_visible()
    expect(table.locator(".seat[data-seat=E] [data-to-speak]")).to_be_visible()
    assert no_sideways_scroll(page)
