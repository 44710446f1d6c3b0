"""In Chromium: a refused card of a played deal reported at 390 px in Portuguese (the form opens
in place, is sent in two taps and a comment) and found by staff in the admin, reopened at that
move; the calculator's result reported on a desktop in Romanian, from inside the calculator's
own form. The Content-Security-Policy holds throughout. Screenshots of the link and the form
go to $SCREENSHOTS."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tutor.play.coinche import CoincheTable
from tutor.play.models import TableDeal
from tutor.reports.models import Report
from tutor.rules.cards import card_code

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("SCREENSHOTS", "/tmp/atout-screens"))


def refused_position() -> TableDeal:
    """A deal where South is to play and the engine refuses some of South's cards (the
    learner having passed and played the first card allowed), found by the engine."""
    for seed in range(1, 200):
        record = TableDeal(game="coinche", seed=seed, dealer="W", profile="federation", seats="S")
        table = CoincheTable(record)
        while not record.finished:
            table.advance()
            deal = table.deal
            if table.waiting():
                record.seen += 1
                continue
            if deal.phase != "play" or record.finished:
                if deal.phase != "auction":
                    break
                table.move("call", "pass")
                continue
            answer = deal.legal()
            if answer.illegal and deal.to_move == "S":
                record.save()
                return record
            table.move("play", card_code(answer.legal[0]))
    raise AssertionError("no position with a refused card")


@pytest.fixture
def watched(site):
    url, page = site
    violations = []
    page.on(
        "console",
        lambda message: (
            "Content Security Policy" in message.text
            and violations.append((message.text, message.location, page.url))
        ),
    )
    return url, page, violations


def test_a_refused_card_is_reported_on_a_phone_and_found_in_the_admin(watched, django_user_model):
    url, page, violations = watched
    SHOTS.mkdir(parents=True, exist_ok=True)
    record = refused_position()
    page.goto(f"{url}/pt/play/coinche/{record.token}/")
    refused = page.locator(".play-hand button[data-card][aria-disabled=true]").first
    refused.click(force=True)
    refusal = page.locator("[data-refusal]")
    expect(refusal).to_be_visible()
    link = page.get_by_role("link", name="Comunicar um problema")
    expect(link).to_be_visible()
    link.scroll_into_view_if_needed()
    page.screenshot(path=SHOTS / "report-link-pt-390.png", caret="initial")
    link.click()
    form = page.locator("details.report.is-open form")
    expect(form).to_be_visible()
    # In place: the page did not move on, and its address is unchanged.
    assert page.url.endswith(f"/pt/play/coinche/{record.token}/")
    form.locator("textarea").fill("Não percebo porque não posso jogar esta carta.")
    form.scroll_into_view_if_needed()
    page.screenshot(path=SHOTS / "report-form-pt-390.png", caret="initial")
    form.get_by_role("button", name="A formulação").click()
    expect(page.locator("[data-report-sent]")).to_be_visible()
    report = Report.objects.get()
    assert report.page == "play" and report.language == "pt" and report.kind == "wording"
    assert report.sentences[0]["text"] == refusal.inner_text()

    django_user_model.objects.create_superuser("staff", "staff@example.org", "a long pass 7")
    page.goto(f"{url}/admin/login/?next=/admin/reports/report/%3Flanguage%3Dpt")
    page.locator("#id_username").fill("staff")
    page.locator("#id_password").fill("a long pass 7")
    page.locator("input[type=submit]").click()
    row = page.locator(f"[data-reopen='{report.pk}']")
    expect(row).to_be_visible()
    row.click()
    expect(page.locator("[data-reopened]")).to_contain_text(report.sentences[0]["text"])
    expect(page.locator("[data-reopened] [data-table]")).to_be_visible()
    assert violations == []


def test_a_calculator_report_on_a_desktop_in_romanian(watched):
    """The calculator's result sits inside its own form (htmx, pushing its address): the
    report form opened there sends itself alone and leaves the page's address alone."""
    url, page, violations = watched
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{url}/ro/quiz/calculator/?{CALCULATOR}")
    address = page.url
    link = page.get_by_role("link", name="Semnalează o problemă")
    expect(link).to_be_visible()
    link.scroll_into_view_if_needed()
    page.screenshot(path=SHOTS / "report-link-ro-1280.png", caret="initial")
    link.click()
    form = page.locator("details.report.is-open form")
    expect(form).to_be_visible()
    # Enter in the address field sends nothing: a kind must be chosen.
    form.locator("input[type=email]").fill("ana@example.org")
    form.locator("input[type=email]").press("Enter")
    form.locator("details.report-along summary").click()
    form.scroll_into_view_if_needed()
    page.screenshot(path=SHOTS / "report-form-ro-1280.png", caret="initial")
    assert Report.objects.count() == 0
    # A mistake comes back in place with what was typed.
    form.locator("textarea").fill("Scorul nu e cel de la masa noastră.")
    form.locator("input[type=email]").fill("not an address")
    form.get_by_role("button", name="Afișarea").click()
    expect(page.locator("details.report.is-open .error")).to_contain_text("nu pare corectă")
    opened = page.locator("details.report.is-open")
    expect(opened.locator("input[type=email]")).to_have_value("not an address")
    expect(opened.locator("textarea")).to_have_value("Scorul nu e cel de la masa noastră.")
    page.set_viewport_size({"width": 390, "height": 844})
    opened.scroll_into_view_if_needed()
    page.screenshot(path=SHOTS / "report-form-error-ro-390.png", caret="initial")
    opened.locator("input[type=email]").fill("")
    opened.get_by_role("button", name="Afișarea").click()
    expect(page.locator("[data-report-sent]")).to_be_visible()
    report = Report.objects.get()
    assert report.kind == "display" and report.page == "calculator" and report.language == "ro"
    assert report.comment == "Scorul nu e cel de la masa noastră."
    # The calculator's form was not sent again, nor its address changed.
    assert page.url == address
    expect(page.locator("#result .big-score")).to_be_visible()
    assert violations == []


CALCULATOR = "profile=maison&seat=S&bid=100&trump=H&double=1&points=98&last_trick=takers"
