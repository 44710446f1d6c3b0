"""In a real browser: build house rules, share the link, learn, practise, score and run a
club session under them; screenshots of the builder and the comparison."""

import os
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SHOTS = Path(os.environ.get("ATOUT_SHOTS", "/tmp/atout-shots"))


def test_build_share_and_use_house_rules_everywhere(site, browser):
    url, page = site
    page.goto(f"{url}/en/profiles/")
    page.locator('[data-action="build-house-rules"]').click()
    expect(page.locator('[data-phase="auction"]')).to_be_visible()
    # An absurd value is refused beside its field, and what was typed stays.
    page.fill("#id-max_bid", "10000000")
    page.locator('[data-option="tie_made"] input').check()
    page.locator('[data-action="build-rules"]').click()
    expect(page.locator('[data-error="max_bid"]')).to_contain_text("between 50 and 500")
    expect(page.locator("#id-max_bid")).to_have_value("10000000")
    expect(page.locator('[data-option="tie_made"] input')).to_be_checked()
    page.fill("#id-max_bid", "180")
    page.locator('[data-action="build-rules"]').click()
    share = page.locator("[data-share]").input_value()
    code = parse_qs(urlsplit(share).query)["profile"][0]
    assert code == "federation~max_bid:180~tie_made:1"

    # Someone else opens the shared link in a fresh browser.
    other = browser.new_context(viewport={"width": 1280, "height": 900})
    friend = other.new_page()
    friend.goto(share)
    expect(friend.locator(f'[data-house="{code}"]')).to_be_visible()
    expect(friend.locator("#id-max_bid")).to_have_value("180")
    friend.locator('[data-action="open-lessons"]').click()
    friend.goto(f"{url}/en/learn/coinche-play/?profile={code}")
    expect(friend.locator(f'[data-rules="{code}"]')).to_contain_text("House rules")
    expect(friend.locator(f'[data-rules="{code}"]')).to_contain_text("Highest numbered bid")

    friend.goto(f"{url}/en/quiz/q/legal_cards/{code}/")
    expect(friend).to_have_url(re.compile(r"/quiz/q/legal_cards/.+/\d+/"))
    expect(friend.locator(f'[data-rules="{code}"]')).to_be_visible()

    friend.goto(f"{url}/en/quiz/calculator/?profile={code}")
    expect(friend.locator("#id_profile")).to_have_value(code)

    friend.goto(f"{url}/en/club/?profile={code}")
    friend.select_option("#id_game", "coinche")
    expect(friend.locator("#id_profile")).to_have_value(code)
    friend.locator("main form button[type=submit]").last.click()
    expect(friend.locator(f'[data-rules="{code}"]')).to_contain_text("House rules")
    other.close()

    # "Use these rules" makes every page start under them.
    page.locator('[data-action="use-rules"]').click()
    page.goto(f"{url}/en/quiz/calculator/")
    expect(page.locator("#id_profile")).to_have_value(code)


@pytest.mark.parametrize("lang", ["fr", "ro"])
@pytest.mark.parametrize("width", [390, 1280])
def test_screenshots_of_the_builder_and_the_comparison(site, lang, width):
    url, page = site
    page.set_viewport_size({"width": width, "height": 900})
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto(f"{url}/{lang}/profiles/house/?base=federation&max_bid=9999&min_bid=80&bid_step=10")
    expect(page.locator('[data-error="max_bid"]')).to_be_visible()
    page.locator('[data-option="max_bid"]').scroll_into_view_if_needed()
    page.screenshot(path=SHOTS / f"builder-{lang}-{width}.png")
    page.goto(f"{url}/{lang}/profiles/house/?profile=encyclopedia~inverted:1~tie_made:1")
    page.screenshot(path=SHOTS / f"result-{lang}-{width}.png")
    page.goto(f"{url}/{lang}/profiles/#compare")
    page.locator("#compare").scroll_into_view_if_needed()
    page.screenshot(path=SHOTS / f"compare-{lang}-{width}.png")
    # Nothing wider than the screen but the comparison's own scrolling box.
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
