"""In a real browser: switch language from the home page; no English may leak."""

import re

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import expect

from tests.test_catalogs import LOCALE

pytestmark = pytest.mark.browser


def english_sentences(lang):
    """Source strings of two words or more that the catalog translates differently."""
    with open(LOCALE / lang / "LC_MESSAGES" / "django.po", "rb") as handle:
        catalog = read_po(handle, locale=lang)
    found = set()
    for message in catalog:
        if not message.id or message.pluralizable:
            continue
        if message.string != message.id and len(message.id.split()) >= 2 and "%" not in message.id:
            found.add(message.id)
    return found


@pytest.mark.parametrize("lang", ["pt", "es", "ro", "fr"])
def test_it_switches_language_and_nothing_stays_in_english(site, lang):
    url, page = site
    page.goto(f"{url}/en/glossary/")
    page.get_by_role("button", name=lang.upper(), exact=True).click()
    expect(page).to_have_url(re.compile(f"/{lang}/glossary/$"))
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.locator("header a.brand").click()
    expect(page).to_have_url(re.compile(f"/{lang}/$"))
    text = page.inner_text("body")
    leaks = [sentence for sentence in english_sentences(lang) if sentence in text]
    assert leaks == []
    assert page.get_by_role("img").first.get_attribute("aria-label")
