"""In Chromium: a teacher at the projector and three phones in three languages run a session."""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from tutor.club.models import ClubSession

from .conftest import right_answer, wrong_answer

pytestmark = pytest.mark.browser
TEACHER = "es"
# Nickname, language and whether each of the three answers is right.
PLAYERS = [
    ("Ana", "pt", [True, True, True]),
    ("Ioana", "ro", [False, False, False]),
    ("Zoé", "fr", [True, False, True]),
]


def _(lang, message, **params):
    with translation.override(lang):
        text = translation.gettext(message)
    return text % params if params else text


def create_session(page, url):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{url}/{TEACHER}/club/")
    expect(page.locator("html")).to_have_attribute("lang", TEACHER)
    page.locator("[name=game]").select_option("chouine")
    page.locator("[name=profile]").select_option("chouine")
    page.locator("input[name=topics][value=chouine_play]").check()
    page.locator("[name=count]").fill("3")
    page.locator("[name=seconds]").select_option("")
    page.get_by_role("button", name=_(TEACHER, "Create the session"), exact=True).click()
    expect(page.locator("[data-code]")).to_be_visible()
    return ClubSession.objects.get()


def join(context, url, code, nickname, lang):
    phone = context.new_page()
    phone.set_default_timeout(10_000)
    phone.goto(f"{url}/{lang}/club/join/?code={code}")
    expect(phone.locator("html")).to_have_attribute("lang", lang)
    phone.get_by_label(_(lang, "Nickname")).fill(nickname)
    phone.get_by_label(_(lang, "Your language")).select_option(lang)
    phone.get_by_role("button", name=_(lang, "Join"), exact=True).click()
    expect(phone.locator("#live")).to_have_attribute("data-phase", "lobby")
    return phone


def send(phone, data, lang):
    """Ticks the cards or the choice in ``data`` (form data, as conftest builds it) and sends."""
    form = phone.locator("#live form")
    for card in data.get("card", []):
        form.locator(f"input[name=card][value='{card}']").check()
    if "choice" in data:
        form.locator(f"input[name=choice][value='{data['choice']}']").check()
    form.get_by_role("button", name=_(lang, "Send my answer"), exact=True).click()
    expect(phone.locator("[data-answered]")).to_be_visible()


def test_a_teacher_and_three_phones_run_a_session(site, browser, browser_context_args):
    url, projector = site
    session = create_session(projector, url)
    contexts = [browser.new_context(**browser_context_args) for _player in PLAYERS]
    phones = [
        join(context, url, session.code, nickname, lang)
        for context, (nickname, lang, _answers) in zip(contexts, PLAYERS, strict=True)
    ]
    expect(projector.locator("#live")).to_have_attribute("data-players", "3")
    projector.get_by_role("button", name=_(TEACHER, "Start the first question"), exact=True).click()
    questions = list(session.questions.order_by("position"))
    score = dict.fromkeys(range(len(PLAYERS)), 0)
    for number, question in enumerate(questions, start=1):
        for index, (phone, (_nickname, lang, answers)) in enumerate(
            zip(phones, PLAYERS, strict=True)
        ):
            title = _(lang, "Question %(number)s of %(total)s", number=number, total=3)
            expect(phone.locator("#live h2")).to_have_text(title)
            right = answers[number - 1]
            send(phone, right_answer(question) if right else wrong_answer(question), lang)
            score[index] += right
        expect(projector.locator("[data-answers]")).to_have_attribute("data-answers", "3")
        projector.get_by_role("button", name=_(TEACHER, "Reveal the answer"), exact=True).click()
        bars = projector.locator(".bars li")
        expect(bars.first).to_be_visible()
        expect(projector.locator("#live")).to_contain_text(_(TEACHER, "Right answer:"))
        for phone, (_nickname, lang, answers) in zip(phones, PLAYERS, strict=True):
            result = "right" if answers[number - 1] else "wrong"
            expect(phone.locator(f"[data-result={result}]")).to_have_text(
                _(lang, "Right!") if answers[number - 1] else _(lang, "Not this time.")
            )
            expect(phone.locator("#live")).to_contain_text(_(lang, "Right answer:"))
        if number == 1:
            # A reload (or a closed tab reopened) finds the player and the score again.
            phones[0].reload()
            expect(phones[0].locator("#live")).to_have_attribute("data-right", "1")
            expect(phones[0].locator("[data-result=right]")).to_be_visible()
        label = "Show the results" if number == len(questions) else "Next question"
        projector.get_by_role("button", name=_(TEACHER, label), exact=True).click()

    rows = projector.locator("tbody tr")
    expect(rows).to_have_count(3)
    ranking = sorted(range(len(PLAYERS)), key=lambda index: -score[index])
    for row, index in enumerate(ranking):
        expect(rows.nth(row)).to_have_attribute("data-nickname", PLAYERS[index][0])
        expect(rows.nth(row)).to_have_attribute("data-right", str(score[index]))
    for rank, index in enumerate(ranking, start=1):
        lang = PLAYERS[index][1]
        expect(phones[index].locator("[data-rank]")).to_contain_text(
            _(lang, "You are number %(rank)s of %(players)s.", rank=rank, players=3)
        )
    for context in contexts:
        context.close()
