"""In Chromium: a teacher builds a set of three questions (a referee position, a lesson's
worked example, one drawn fresh), previews and reorders it, runs it live with phones in pt, ro
and fr tapping cards and calls, and the projector's split matches the taps; the projector's
text keeps its size in every phase at 1920×1080 and 1280×720; then the same set is homework
for two learners, and its report per rule comes out as an Excel workbook.
Set CLUB_SHOTS to a folder to keep screenshots."""

import io
import os
from collections import Counter
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.utils import timezone, translation
from openpyxl import load_workbook
from playwright.sync_api import expect

from tests.club.conftest import signed_in
from tutor import exercises
from tutor.club import live
from tutor.club.models import ClubSession, Homework, QuestionSet

pytestmark = pytest.mark.browser
TEACHER = "fr"
PHONES = [("Ana", "pt"), ("Ioana", "ro"), ("Zoé", "fr")]
# The median size of the projector's text, by screen height: readable from the back.
MEDIAN_TEXT = {1080: 24, 720: 18}
SHOTS = os.environ.get("CLUB_SHOTS")
# Char-weighted median font size of the text on screen (hidden text and empty nodes aside).
MEDIAN_SCRIPT = """() => {
  const sizes = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim();
    const el = walker.currentNode.parentElement;
    if (!text || el.closest('.visually-hidden, script, style')) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || box.bottom < 0 || box.top > innerHeight) continue;
    sizes.push([parseFloat(getComputedStyle(el).fontSize), text.length]);
  }
  sizes.sort((a, b) => a[0] - b[0]);
  const total = sizes.reduce((sum, [, count]) => sum + count, 0);
  let seen = 0;
  for (const [size, count] of sizes) { seen += count; if (seen * 2 >= total) return size; }
  return 0;
}"""


def _(lang, message, **params):
    with translation.override(lang):
        text = translation.gettext(message)
    return text % params if params else text


def shot(page, name, full=False):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=full)


def no_sideways_scroll(page):
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth"), page.url


def readable(screen, phase):
    """The projector's median text at both sizes, in this phase; the screen back at 1080p."""
    for width, height in ((1280, 720), (1920, 1080)):
        screen.set_viewport_size({"width": width, "height": height})
        screen.evaluate("clubFit()")
        median = screen.evaluate(MEDIAN_SCRIPT)
        assert median >= MEDIAN_TEXT[height], (phase, width, median)


def join(browser, browser_context_args, url, code, nickname, lang):
    # The phone's own language: the homework's link opens in it too.
    context = browser.new_context(**browser_context_args, locale=lang)
    phone = context.new_page()
    phone.set_default_timeout(10_000)
    phone.goto(f"{url}/{lang}/club/join/?code={code}")
    phone.get_by_label(_(lang, "Nickname")).fill(nickname)
    phone.get_by_label(_(lang, "Your language")).select_option(lang)
    phone.get_by_role("button", name=_(lang, "Join"), exact=True).click()
    expect(phone.locator("#live")).to_have_attribute("data-phase", "lobby")
    return context, phone


def taps(question):
    """Each phone's tap: right, wrong, right (another right one where there is one)."""
    qtype = exercises.get_type(question["type"])
    right = exercises.solve(question).expected
    wrong = next(tap for tap in qtype.taps(question) if tap not in right)
    return qtype.tap_field, [right[0], wrong, right[-1]]


def test_a_teacher_builds_a_set_runs_it_live_and_gives_it_as_homework(
    site, browser, browser_context_args, monkeypatch
):
    url, page = site
    # Phones poll faster than in a room: the test waits for each phase, never for a clock.
    monkeypatch.setattr(live, "POLL_MS", (300, 500))
    teacher = User.objects.create(username="prof")
    signed_in(page.context, url, teacher)
    page.set_viewport_size({"width": 1280, "height": 900})

    # 1. A referee position: South led the ace of spades, East the ten; North to play.
    page.goto(
        f"{url}/{TEACHER}/referee/?game=coinche&trump=H&leader=S&t1=AS&t2=TS"
        "&hand=JH&hand=KD&hand=7S&hand=8H&hand=AC&profile=federation"
    )
    page.locator("[data-action=ask-at-club]").click()
    expect(page.locator("h1")).to_have_text(_(TEACHER, "Ask this at the club"))
    page.get_by_label(_(TEACHER, "Play a card the rules allow")).check()
    page.locator("[name=target]").select_option("")
    page.locator("[name=name]").fill("Ce soir au club")
    page.locator("[name=seconds]").select_option("30")
    page.locator("[data-action=add-question]").click()
    expect(page.locator("[data-question]")).to_have_count(1)
    question_set = QuestionSet.objects.get()
    assert question_set.owner == teacher and question_set.profile == "federation"

    # 2. A lesson's worked example: which card wins the trick, tapped.
    page.goto(f"{url}/{TEACHER}/learn/coinche-play/")
    page.locator("[data-action=ask-at-club]").click()
    page.get_by_label(_(TEACHER, "Which card wins the trick?"), exact=True).first.check()
    expect(page.locator("[name=target]")).to_have_value(question_set.token)
    page.locator("[data-action=add-question]").click()
    expect(page.locator("[data-question]")).to_have_count(2)

    # 3. One question drawn fresh: a call the rules allow, tapped on a phone.
    page.locator("[name=what]").select_option("make_call")
    page.locator("[name=count]").fill("1")
    page.locator("#add [data-action=add-question]").click()
    expect(page.locator("[data-question]")).to_have_count(3)
    kinds = ["play_card", "trick_winner_card", "make_call"]
    # Each question previewed as the projector and a phone show it.
    for index, kind in enumerate(kinds):
        item = page.locator("[data-question]").nth(index)
        expect(item).to_have_attribute("data-type", kind)
        expect(item.locator(".stage-preview .stage-prompt")).to_be_visible()
        field = "call" if kind == "make_call" else "card"
        assert item.locator(f".phone-preview button[data-{field}]").count() >= 2
    shot(page, "set-fr-1280", full=True)
    # The drawn question goes first.
    page.locator("[data-question='3'] [data-action=move-up]").click()
    expect(page.locator("[data-question='2']")).to_have_attribute("data-type", "make_call")
    page.locator("[data-question='2'] [data-action=move-up]").click()
    expect(page.locator("[data-question='1']")).to_have_attribute("data-type", "make_call")
    kinds = ["make_call", "play_card", "trick_winner_card"]
    page.set_viewport_size({"width": 390, "height": 844})
    no_sideways_scroll(page)
    shot(page, "set-fr-390", full=True)
    page.set_viewport_size({"width": 1280, "height": 900})

    # Run it live: the teacher's laptop runs it, the projector shows the screen view.
    page.locator("[data-action=run-live]").click()
    expect(page.locator("#live")).to_have_attribute("data-phase", "lobby")
    session = ClubSession.objects.get()
    assert [question.data["type"] for question in session.questions.all()] == kinds
    screen = page.context.new_page()
    screen_url = page.locator("[data-screen-link]").get_attribute("href")
    screen.goto(url + screen_url)
    # With screenshots asked for, a second projector in Portuguese.
    screen_pt = page.context.new_page() if SHOTS else None
    if screen_pt:
        screen_pt.set_viewport_size({"width": 1920, "height": 1080})
        screen_pt.goto(url + screen_url.replace(f"/{TEACHER}/", "/pt/", 1))
    joined = [
        join(browser, browser_context_args, url, session.code, nickname, lang)
        for nickname, lang in PHONES
    ]
    expect(screen.locator("#live")).to_have_attribute("data-players", "3")
    readable(screen, "lobby")
    # Editing the set now changes nothing in the session.
    QuestionSet.objects.get().questions.first().delete()
    page.locator("button[data-action=start]").click()
    for number, question in enumerate(session.questions.all(), start=1):
        expect(screen.locator("#live")).to_have_attribute("data-phase", "question")
        readable(screen, f"question {number}")
        shot(screen, f"projector-fr-{number}-question")
        if screen_pt:
            expect(screen_pt.locator("#live")).to_have_attribute("data-phase", "question")
            shot(screen_pt, f"projector-pt-{number}-question")
        field, tapped = taps(question.data)
        for (_context, phone), tap, (_nickname, lang) in zip(joined, tapped, PHONES, strict=True):
            buttons = phone.locator(f"#live form button[data-{field}]")
            expect(buttons).to_have_count(
                len(exercises.get_type(question.data["type"]).taps(question.data))
            )
            if number == 2 and lang in ("pt", "ro"):
                shot(phone, f"phone-{lang}-{number}-question", full=True)
            buttons.and_(phone.locator(f"[data-{field}='{tap}']")).click()
            expect(phone.locator("[data-answered]")).to_be_visible()
        expect(page.locator("[data-answers]")).to_have_attribute("data-answers", "3")
        page.locator("button[data-action=reveal]").click()
        expect(screen.locator("#live")).to_have_attribute("data-phase", "reveal")
        split = screen.locator("[data-split]")
        expect(split).to_have_attribute("data-total", "3")
        for tap, count in Counter(tapped).items():
            expect(split.locator(f"[data-{field}='{tap}'][data-count]")).to_have_attribute(
                "data-count", str(count)
            )
        right = set(exercises.solve(question.data).expected)
        for tap in exercises.get_type(question.data["type"]).taps(question.data):
            verdict = "correct" if tap in right else "incorrect"
            expect(split.locator(f"[data-{field}='{tap}'][data-count]")).to_have_attribute(
                "data-verdict", verdict
            )
        readable(screen, f"reveal {number}")
        shot(screen, f"projector-fr-{number}-reveal")
        if screen_pt:
            expect(screen_pt.locator("#live")).to_have_attribute("data-phase", "reveal")
            shot(screen_pt, f"projector-pt-{number}-reveal")
        for (_context, phone), (_nickname, lang) in zip(joined, PHONES, strict=True):
            expect(phone.locator("[data-result]")).to_be_visible()
            if number == 2 and lang in ("pt", "ro"):
                shot(phone, f"phone-{lang}-{number}-reveal", full=True)
        page.locator("button[data-action=next]").click()
        if number < 3:
            expect(screen.locator("#live")).to_have_attribute("data-phase", "scoreboard")
            readable(screen, "scoreboard")
            page.locator("button[data-action=next]").click()
    expect(screen.locator("#live")).to_have_attribute("data-phase", "finished")
    readable(screen, "finished")

    # The same set as homework, for two learners at their own pace.
    page.goto(f"{url}/{TEACHER}/club/sets/{question_set.token}/")
    deadline = timezone.localtime() + timedelta(days=3)
    page.locator("[name=deadline]").fill(deadline.strftime("%Y-%m-%dT%H:%M"))
    page.locator("[data-action=assign]").click()
    expect(page.locator("[data-homework-report]")).to_be_visible()
    homework = Homework.objects.get()
    link = page.locator("[data-homework-link]").input_value()
    # Ana and Ioana do it on their phones, Ana right every time, Ioana wrong every time.
    for (_context, learner), (nickname, lang), right in zip(
        joined, PHONES[:2], (True, False), strict=False
    ):
        learner.goto(link)
        expect(learner.locator("html")).to_have_attribute("lang", lang)
        learner.get_by_label(_(lang, "Nickname")).fill(nickname)
        learner.get_by_label(_(lang, "Your language")).select_option(lang)
        no_sideways_scroll(learner)
        learner.locator("[data-action=start-homework]").click()
        for number, question in enumerate(homework.questions, start=1):
            field, tapped = taps(question)
            learner.locator(f"#exercise button[data-{field}='{tapped[0 if right else 1]}']").click()
            expect(learner.locator("[data-result]")).to_have_attribute(
                "data-result", "right" if right else "wrong"
            )
            if number == 2:
                shot(learner, f"homework-{lang}-answered", full=True)
            learner.locator("[data-action=next]").click()
        # The result page first: measured mid-navigation, the page has no document yet.
        expect(learner.locator("[data-homework-result]")).to_have_attribute(
            "data-right", "2" if right else "0"
        )
        no_sideways_scroll(learner)
        if not right:
            expect(learner.locator("[data-missed] li")).to_have_count(2)
            shot(learner, f"homework-{lang}-end", full=True)
    for context, _phone in joined:
        context.close()
    page.reload()
    report = page.locator("[data-homework-report]")
    expect(report.locator("[data-players] tbody tr")).to_have_count(2)
    expect(report.locator("[data-nickname=Ana]")).to_have_attribute("data-right", "2")
    expect(report.locator("[data-rules] tbody tr")).to_have_count(2)
    for row in report.locator("[data-rules] tbody tr").all():
        expect(row).to_have_attribute("data-share", "50")
    shot(page, "homework-report-fr", full=True)
    with page.expect_download() as download:
        page.locator("[data-export=xlsx]").click()
    book = load_workbook(io.BytesIO(Path(download.value.path()).read_bytes()))
    learners, rules = book.worksheets
    rows = {row[0]: row for row in learners.iter_rows(min_row=3, values_only=True)}
    assert rows["Ana"][2] == 2 and rows["Ioana"][2] == 0
    assert rows["Ioana"][4:6] == ("✗", "✗")
    assert sorted(row[2] for row in rules.iter_rows(min_row=2, values_only=True)) == [0.5, 0.5]
