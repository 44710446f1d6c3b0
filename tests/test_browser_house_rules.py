"""In a real browser: build house rules, share the link, learn, practise, score and run a
club session under them; the builder on a phone (every rule reachable above its sticky
bar, the summary said as it is filled in, a refused value kept) in two languages;
screenshots of the builder and the comparison."""

import os
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from django.utils import translation
from playwright.sync_api import expect

from tutor.pages.houserules import sentence
from tutor.rules.explain import option_label

pytestmark = pytest.mark.browser

SHOTS = Path(os.environ.get("ATOUT_SHOTS", "/tmp/atout-shots"))


def said(lang: str, option: str, value: object) -> str:
    """The builder's sentence for ``option`` set to ``value``, in ``lang``."""
    with translation.override(lang):
        return sentence(option, value)


def test_build_share_and_use_house_rules_everywhere(site, browser):
    url, page = site
    page.goto(f"{url}/en/profiles/")
    page.locator('[data-action="build-house-rules"]').click()
    expect(page.locator('[data-phase="auction"]')).to_be_visible()
    page.fill("#id-max_bid", "180")
    page.locator('[data-option="tie_made"] input').check()
    page.fill("#set-name", "Café du Port")
    page.locator('[data-action="build-rules"]').click()
    share = page.locator("[data-share]").input_value()
    code = parse_qs(urlsplit(share).query)["profile"][0]
    assert code == "federation~max_bid:180~tie_made:1"
    expect(page.locator("#result-title")).to_have_text("Café du Port")

    # Someone else opens the shared link in a fresh browser: the name comes with it.
    other = browser.new_context(viewport={"width": 1280, "height": 900})
    friend = other.new_page()
    friend.goto(share)
    expect(friend.locator(f'[data-house="{code}"]')).to_be_visible()
    expect(friend.locator("#result-title")).to_have_text("Café du Port")
    expect(friend.locator("#id-max_bid")).to_have_value("180")
    friend.goto(f"{url}/en/learn/coinche-play/?profile={code}")
    expect(friend.locator(f'[data-rules="{code}"]')).to_contain_text("Café du Port")
    expect(friend.locator(f'[data-rules="{code}"]')).to_contain_text(said("en", "max_bid", 180))

    friend.goto(f"{url}/en/quiz/q/legal_cards/{code}/")
    expect(friend).to_have_url(re.compile(r"/quiz/q/legal_cards/.+/\d+/"))
    expect(friend.locator(f'[data-rules="{code}"]')).to_be_visible()

    friend.goto(f"{url}/en/quiz/calculator/?profile={code}")
    expect(friend.locator("#id_profile")).to_have_value(code)

    friend.goto(f"{url}/en/club/?profile={code}")
    friend.select_option("#id_game", "coinche")
    expect(friend.locator("#id_profile")).to_have_value(code)
    friend.locator("main form button[type=submit]").last.click()
    expect(friend.locator(f'[data-rules="{code}"]')).to_contain_text("Café du Port")
    other.close()

    # "Use these rules" makes every page start under them, and the set says it is in use.
    page.locator('[data-action="use-rules"]').click()
    expect(page.locator('[data-state="in-use"]')).to_be_visible()
    expect(page.locator('[data-action="use-rules"]')).to_have_count(0)
    page.goto(f"{url}/en/quiz/calculator/")
    expect(page.locator("#id_profile")).to_have_value(code)
    expect(page.locator("#id_profile option:checked")).to_have_text("Café du Port")


def _in_view_above_the_bar(page, locator) -> None:
    """``locator``, scrolled to the middle of the screen, is drawn there itself (or its
    label), not hidden by the sticky submit bar or anything else."""
    expect(locator).to_be_visible()
    covered = locator.evaluate(
        """el => {
            el.scrollIntoView({block: "center"});
            const r = el.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return !(hit === el || el.contains(hit) || hit.contains(el)
                     || (hit.closest('label') && hit.closest('label').contains(el)));
        }"""
    )
    assert not covered, locator.evaluate("el => el.outerHTML")


@pytest.mark.parametrize("lang", ["fr", "ro"])
def test_the_builder_on_a_phone(site, lang):
    url, page = site
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{url}/{lang}/profiles/house/")
    bar = page.locator("[data-submit-bar] [data-action=build-rules]")

    # Every rule can be reached and changed: the eight first, the others in their phase.
    for option in page.locator("[data-option]").all():
        phase = option.locator("xpath=ancestor::details")
        if phase.count() and not phase.evaluate("d => d.open"):
            phase.locator("summary").click()
        control = option.locator("input, select").first
        _in_view_above_the_bar(page, control)
        # The submit bar stays on screen wherever the reader is.
        expect(bar).to_be_in_viewport()
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    page.goto(f"{url}/{lang}/profiles/house/")

    # The summary says each change as it is made, in the page's language.
    summary = page.locator("#house-summary")
    page.locator('[data-option="undertrump"] input').check()
    expect(summary).to_contain_text(said(lang, "undertrump", True))
    page.fill("#id-target", "1000")
    expect(summary).to_contain_text(said(lang, "target", 1000))
    expect(summary).to_have_attribute("data-summary", "2")
    page.locator('[data-phase="scoring"] summary').click()
    page.select_option("#id-round_to", "0")
    expect(summary).to_contain_text(said(lang, "round_to", 0))
    expect(page.locator("#phase-count-scoring")).not_to_be_empty()
    page.locator('[data-option="undertrump"] input').uncheck()
    expect(summary).not_to_contain_text(said(lang, "undertrump", True))
    page.locator("#house-summary").scroll_into_view_if_needed()
    page.screenshot(path=SHOTS / f"builder-summary-{lang}-390.png")

    # A refused value: said in the summary at once, then kept beside its field.
    page.fill("#id-max_bid", "9999")
    label = option_label("max_bid", lang)
    expect(summary.locator("[data-refused]")).to_contain_text(label)
    bar.click()
    expect(page.locator('[data-error="max_bid"]')).to_contain_text(label)
    expect(page.locator("#id-max_bid")).to_have_value("9999")
    expect(page.locator("#id-target")).to_have_value("1000")
    expect(page.locator("#id-round_to")).to_have_value("0")
    page.locator('[data-option="max_bid"]').scroll_into_view_if_needed()
    page.screenshot(path=SHOTS / f"builder-refused-{lang}-390.png")
    page.fill("#id-max_bid", "180")
    bar.click()
    expect(page.locator(".house-result [data-changes] li")).to_have_count(3)
    page.screenshot(path=SHOTS / f"builder-result-{lang}-390.png")

    # The same page on a desktop, and the profiles' comparison with its links.
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=SHOTS / f"builder-result-{lang}-1280.png")
    page.goto(f"{url}/{lang}/profiles/house/?profile=chouine")
    page.screenshot(path=SHOTS / f"builder-chouine-{lang}-1280.png")
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{url}/{lang}/profiles/#compare")
        page.locator(".use-row").scroll_into_view_if_needed()
        page.screenshot(path=SHOTS / f"compare-{lang}-{width}.png")
        sizes = page.locator("table.compare a, table.compare button").evaluate_all(
            "els => els.map(e => [e.offsetWidth, e.offsetHeight])"
        )
        assert len(sizes) == 10 and all(w >= 24 and h >= 24 for w, h in sizes), sizes
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
