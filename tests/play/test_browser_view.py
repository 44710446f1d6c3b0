"""In Chromium on a 390×844 phone (and a desktop for the screenshots): after each tap the
table stays on screen with the news and, where it fits, the hand; the share box never widens
the page; a refused card looks refused yet still answers a tap with its reason."""

import pytest
from playwright.sync_api import expect

from tests.play.helpers import _learner_move, chouine_seed
from tests.play.test_browser import SIZES, act, token_of
from tutor.play.chouine import ChouineTable
from tutor.play.models import TableDeal
from tutor.rules.cards import card_code

pytestmark = pytest.mark.browser

BOX = (
    "(s) => { const r = document.querySelector(s).getBoundingClientRect();"
    " return [r.top, r.bottom]; }"
)


def in_view(page, selector: str) -> bool:
    top, bottom = page.evaluate(BOX, selector)
    return 0 <= top < page.viewport_size["height"] and bottom > 0


def check_table_in_view(page):
    """The felt's top edge on screen, with the news line; the hand too when the three fit."""
    # htmx settles (and play.js places the page) a moment after the new table is in.
    page.evaluate("() => new Promise((done) => setTimeout(done, 150))")
    assert in_view(page, ".play-board"), page.evaluate(BOX, ".play-board")
    assert in_view(page, "#play-news")
    hand = page.locator(".play-hand button[data-card]")
    if hand.count():
        board_top = page.evaluate(BOX, ".play-board")[0]
        hand_bottom = page.evaluate(BOX, ".play-hand .hand-fan")[1]
        # play.js keeps an 8 px margin above the felt and below the hand.
        if hand_bottom - board_top <= page.viewport_size["height"] - 16:
            assert hand_bottom <= page.viewport_size["height"] + 1


def scroll_to_hand(page):
    """As a player does on a phone: the hand's last row at the bottom of the screen."""
    page.evaluate(
        "() => { const h = document.querySelector('.play-hand .hand-fan');"
        " if (h) h.scrollIntoView({block: 'end'});"
        " else window.scrollTo(0, document.body.scrollHeight); }"
    )


@pytest.mark.parametrize("lang", ["ro", "es"])
def test_the_chouine_table_stays_in_view_after_every_tap(site, lang):
    url, page = site
    page.set_viewport_size(SIZES["phone"])
    page.goto(f"{url}/{lang}/play/chouine/?seed={chouine_seed()}")
    act(page, page.locator("[data-action=start]"))
    shots = set()
    for _moves in range(60):
        table = ChouineTable(TableDeal.objects.get(token=token_of(page)))
        if table.deal.finished:
            break
        if table.waiting():
            action, target = "continue", page.locator("[data-action=continue]")
        else:
            action, value = _learner_move(table)
            if action == "exchange":
                target = page.locator("[data-action=exchange]")
            elif action == "announce":
                kind, suit = value
                target = page.locator(f"[data-announce='{kind}{'-' + suit if suit else ''}']")
            else:
                target = page.locator(f".play-hand button[data-card='{card_code(value)}']")
        scroll_to_hand(page)
        act(page, target)
        check_table_in_view(page)
        if action not in shots:
            shots.add(action)
            page.screenshot(path=f"test-results/view-chouine-{action}-{lang}-phone.png")
    assert {"exchange", "announce", "play", "continue"} <= shots


def test_the_coinche_table_stays_in_view_after_a_card_and_undo(site):
    url, page = site
    page.set_viewport_size(SIZES["phone"])
    page.goto(f"{url}/es/play/coinche/?seed=3&dealer=W")
    act(page, page.locator("[data-action=start]"))
    for taps in range(40):
        if page.locator("[data-action=continue]").count():
            target = page.locator("[data-action=continue]")
        elif (calls := page.locator("button[data-call='pass']")).count():
            target = calls
        elif (cards := page.locator(".play-hand button[data-card]:not([aria-disabled])")).count():
            target = cards.first
        else:
            break
        scroll_to_hand(page)
        act(page, target)
        check_table_in_view(page)
        if page.locator(".play-hand button[data-card]").count() and taps > 5:
            scroll_to_hand(page)
            act(page, page.locator("[data-action=undo]"))
            check_table_in_view(page)
            page.screenshot(path="test-results/view-coinche-undo-es-phone.png")
            return
    pytest.fail("no card was played")


@pytest.mark.parametrize("lang", ["es", "ro"])
def test_the_share_box_never_widens_the_phone_page(site, lang):
    url, page = site
    page.set_viewport_size(SIZES["phone"])
    page.goto(f"{url}/{lang}/play/coinche/?seed=3&dealer=W")
    act(page, page.locator("[data-action=start]"))
    page.locator(".play-share summary").click()
    expect(page.locator("[data-share]")).to_be_visible()
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= SIZES["phone"]["width"]
    page.locator(".play-share").screenshot(path=f"test-results/view-share-{lang}-phone.png")


def test_a_refused_card_looks_refused_and_still_says_why(site):
    url, page = site
    page.set_viewport_size(SIZES["phone"])
    page.goto(f"{url}/es/play/coinche/?seed=3&dealer=W")
    act(page, page.locator("[data-action=start]"))
    for _moves in range(40):
        refused = page.locator(".play-hand button[data-card][aria-disabled=true]")
        if refused.count():
            break
        if page.locator("[data-action=continue]").count():
            act(page, page.locator("[data-action=continue]"))
        elif page.locator("button[data-call='pass']").count():
            act(page, page.locator("button[data-call='pass']"))
        else:
            act(page, page.locator(".play-hand button[data-card]:not([aria-disabled])").first)
    else:
        pytest.skip("no refused card in this deal")
    style = (
        "(e) => { const c = getComputedStyle(e.querySelector('.card'));"
        " return [c.opacity, c.filter, getComputedStyle(e, '::after').content]; }"
    )
    opacity, grey, mark = refused.first.evaluate(style)
    assert float(opacity) <= 0.5 and "grayscale" in grey and "✕" in mark
    legal = page.locator(".play-hand button[data-card]:not([aria-disabled])").first
    assert float(legal.evaluate("(e) => getComputedStyle(e.querySelector('.card')).opacity")) == 1
    page.screenshot(path="test-results/view-refused-es-phone.png")
    act(page, refused.first, force=True)
    expect(page.locator("[data-refusal]")).to_be_visible()
    assert in_view(page, "[data-refusal]")


@pytest.mark.parametrize(("lang", "size"), [("ro", "desktop"), ("fr", "phone"), ("pt", "desktop")])
def test_screenshots_of_the_chouine_page(site, lang, size):
    url, page = site
    page.set_viewport_size(SIZES[size])
    page.goto(f"{url}/{lang}/play/chouine/?seed={chouine_seed()}")
    act(page, page.locator("[data-action=start]"))
    page.screenshot(path=f"test-results/view-chouine-dealt-{lang}-{size}.png")
    page.goto(f"{url}/{lang}/")
    expect(page.locator("[data-play=chouine]")).to_be_visible()
    page.screenshot(path=f"test-results/view-home-{lang}-{size}.png", full_page=True)
