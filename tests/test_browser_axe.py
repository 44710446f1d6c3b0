"""axe-core over every kind of page, on a phone and a desktop: no serious and no moderate
violation (critical ones included). axe-core comes from the npm registry at a pinned version
(the Makefile's test-setup puts it in the virtualenv) and is injected by the test alone."""

import random
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from tests.club.conftest import create, signed_in
from tests.play.helpers import chouine_seed
from tests.tables.helpers import Player, make_table, play_deal, sit
from tutor import exercises
from tutor.club import state, views
from tutor.club.models import ClubSession, Homework, QuestionSet, SetQuestion
from tutor.play.chouine import ChouineTable, cut_for, refusals
from tutor.play.models import TableDeal
from tutor.rules.cards import card_code
from tutor.tables import keys
from tutor.tables.models import Table

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parent.parent / ".venv/axe/node_modules/axe-core/axe.min.js"
OPTIONS = {
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
    },
}

REFEREE = "/referee/?game=coinche&trump=H&leader=N&t1=AS&t2=JH&t3=&hand=8H&hand=KD&hand=8C&hand=QS"
PAGES = [
    "/",
    "/learn/",
    "/learn/coinche-cards/",
    "/learn/coinche-play/",
    "/quiz/",
    "/quiz/q/legal_cards/federation/12/",
    "/quiz/q/trick_winner/federation/12/",
    "/quiz/q/play_card/federation/12/",
    "/quiz/test/",
    "/quiz/progress/",
    "/quiz/review/",
    "/quiz/calculator/",
    "/quiz/sheet/",
    "/profiles/",
    "/profiles/house/",
    "/glossary/",
    "/learn/account/login/",
    "/learn/account/signup/",
    "/club/",
    "/play/coinche/",
    "/play/chouine/",
    "/referee/?game=coinche",
    REFEREE,
    "/no-such-page/",
]


def finished_chouine() -> str:
    """A Chouine deal played to its end (the learner's first allowed card each time, a
    refusal met once), for its end page: its token."""
    seed = chouine_seed()
    record = TableDeal(
        game="chouine", seed=seed, dealer=cut_for(seed)[0], profile="chouine", seats="A", seen=99
    )
    table = ChouineTable(record)
    while True:
        table.advance()
        if table.deal.finished:
            break
        if not record.refused and refusals(table.deal):
            _card, (code, params) = next(iter(refusals(table.deal).items()))
            entry = {"at": len(record.moves), "player": "A", "code": code, "params": params}
            record.refused = [entry]
        table.move("play", card_code(table.deal.legal_cards()[0]))
    record.save()
    return record.token


def audit(page, path=""):
    """The serious, moderate and critical violations on the page, as (rule, node) pairs."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text())
    found = page.evaluate(
        """async (options) => (await axe.run(document, options)).violations
             .filter(v => ['critical', 'serious', 'moderate'].includes(v.impact))
             .map(v => [v.id, v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')])""",
        OPTIONS,
    )
    return [(path, rule, nodes) for rule, nodes in found]


def answer(page):
    """Gives the first answer of the first form on the page, wrong or right."""
    form = page.locator("form.answer-form").first
    taps = form.locator("button[data-card], button[data-call]")
    if taps.count():
        taps.first.click()  # a tap question: the card or call sends itself
        return
    for index in range(form.locator("input[type=number]").count()):
        form.locator("input[type=number]").nth(index).fill("1")
    if not form.locator("input[type=number]").count():
        form.locator("input:not([type=hidden])").first.check()
    form.locator("button[type=submit]").click()


def answer_wrong(page):
    """Checks an answer, wrong or right: the feedback is drawn."""
    answer(page)
    expect(page.locator(".feedback-title").first).to_be_visible()


def club_pages(page, url, lang):
    """A club session's pages: the teacher's, the projector's, a phone's in each phase."""
    teacher = Client()
    create(teacher, game="coinche", profile="federation", topics=["play"], seconds="30")
    session = ClubSession.objects.latest("created_at")
    host = views.host_url(session)
    found = []
    page.goto(f"{url}/{lang}/club/join/?code={session.code}")
    found += audit(page, "/club/join/")
    page.locator("[name=nickname]").fill("Ana")
    page.locator("main form button.primary").click()
    expect(page.locator("#live")).to_have_attribute("data-phase", "lobby")
    found += audit(page, "/club/play/ lobby")
    state.advance(session.pk)
    page.reload()
    found += audit(page, "/club/play/ question")
    taps = page.locator("#live form button[data-card], #live form button[data-call]")
    if taps.count():
        taps.first.click()  # a tap question: the card or call sends itself
    else:
        page.locator("#live form label.pick").first.click()
        page.locator("#live form button.send").click()
    state.reveal(session.pk)
    page.reload()
    expect(page.locator("#live")).to_have_attribute("data-phase", "reveal")
    found += audit(page, "/club/play/ reveal")
    page.goto(f"{url}{host}")
    found += audit(page, "/club/host/")
    page.goto(url + page.locator("[data-screen-link]").get_attribute("href"))
    found += audit(page, "/club/screen/")
    key = host.rstrip("/").split("/")[-1]
    for name in ("club_results", "club_handout"):
        page.goto(f"{url}/{lang}{reverse(name, args=[session.code, key])[3:]}")
        found += audit(page, name)
    return found


def sets_pages(page, url, lang):
    """A teacher's question sets and homework: the list, a set with its previews, a position
    to add, a learner's homework (its start, a question answered) and the teacher's report."""
    teacher = User.objects.create(username=f"prof-{lang}")
    signed_in(page.context, url, teacher)
    question_set = QuestionSet.objects.create(
        owner=teacher, name="Ce soir", game="coinche", profile="federation"
    )
    posed = [exercises.pose(kind, 3, "federation") for kind in ("play_card", "make_call")]
    for order, question in enumerate(posed):
        SetQuestion.objects.create(
            question_set=question_set, order=order, question=question, source="drawn"
        )
    homework = Homework.objects.create(
        owner=teacher,
        name="Ce soir",
        game="coinche",
        profile="federation",
        questions=posed,
        deadline=timezone.now() + timedelta(days=2),
    )
    found = []
    for path in (
        "/club/sets/",
        f"/club/sets/{question_set.token}/",
        f"/club/homework/{homework.token}/report/",
    ):
        page.goto(f"{url}/{lang}{path}")
        found += audit(page, path)
    page.goto(f"{url}/{lang}/club/sets/{question_set.token}/")
    page.locator("[data-question] .set-answer summary").first.click()
    found += audit(page, "/club/sets/<token>/ answer open")
    page.goto(f"{url}/{lang}{REFEREE}")
    page.locator("[data-action=ask-at-club]").click()
    page.wait_for_url("**/club/sets/add/**")
    found += audit(page, "/club/sets/add/")
    page.goto(f"{url}/{lang}/club/homework/{homework.token}/")
    found += audit(page, "/club/homework/ start")
    page.locator("[name=nickname]").fill("Ana")
    page.locator("[data-action=start-homework]").click()
    page.locator("#exercise form button[data-card]").first.click()
    expect(page.locator("[data-result]")).to_be_visible()
    found += audit(page, "/club/homework/ answered")
    return found


def tables_pages(page, url, lang):
    """A table's pages (making it, its lobby, a deal being played, the creator's eye, a
    finished deal) and a duplicate night's (making it, the organiser's, the results, the
    projector's)."""
    found = []
    page.goto(f"{url}/{lang}/tables/")
    found += audit(page, "/tables/")
    page.locator("[data-action=create-table]").click()
    expect(page.locator("#live")).to_have_attribute("data-phase", "lobby")
    found += audit(page, "/tables/<token>/ lobby")
    page.locator("#sit-nickname").fill("Ana")
    page.locator("button[data-action=sit][data-seat=S]").click()
    expect(page.locator("#live")).to_have_attribute("data-seat", "S")
    page.locator("button[data-action=start]").click()
    expect(page.locator("#live")).not_to_have_attribute("data-phase", "lobby")
    found += audit(page, "/tables/<token>/ playing")
    table = Table.objects.latest("created")
    page.goto(f"{url}/{lang}/tables/{table.token}/watch/{keys.host_key(table)}/")
    found += audit(page, "/tables/<token>/watch/")
    _creator, done = make_table()
    person = Client()
    sit(person, done, "S", "Rui", lang)
    _creator.post(f"/{lang}/tables/{done.token}/start/")
    play_deal([Player(person, done, "S", lang)], random.Random(0), check_private=False)
    page.goto(f"{url}/{lang}/tables/{done.token}/")
    found += audit(page, "/tables/<token>/ deal over")
    page.goto(f"{url}/{lang}/tables/{done.token}/deals/1/")
    found += audit(page, "/tables/<token>/deals/1/")
    page.goto(f"{url}/{lang}/tables/night/")
    found += audit(page, "/tables/night/")
    page.locator("[data-action=create-night]").click()
    expect(page.locator("[data-night-table]")).to_have_count(3)
    found += audit(page, "/tables/night/<token>/host/")
    page.locator("[data-action=results]").click()
    # A link: audited once the next page has loaded (with its styles), not halfway there.
    page.wait_for_url("**/tables/night/*/")
    found += audit(page, "/tables/night/<token>/")
    page.goto(page.url + "screen/")
    found += audit(page, "/tables/night/<token>/screen/")
    return found


@pytest.mark.parametrize(("lang", "width"), [("pt", 390), ("fr", 1280)])
def test_no_serious_or_moderate_violation_on_any_kind_of_page(site, lang, width):
    url, page = site
    page.set_viewport_size({"width": width, "height": 844 if width < 600 else 800})
    found = []
    for path in PAGES:
        page.goto(f"{url}/{lang}{path}")
        found += audit(page, path)
    # Pages after an action: an answered exercise, a question's feedback, a self-test's
    # question and results, a score sheet, a deal being played.
    for path in ("/learn/coinche-cards/", "/quiz/q/trick_winner/federation/12/"):
        page.goto(f"{url}/{lang}{path}")
        answer_wrong(page)
        found += audit(page, f"{path} answered")
    # The home page of a learner who has now worked: where they are, and the goal.
    page.goto(f"{url}/{lang}/")
    expect(page.locator("[data-learner]")).to_be_visible()
    found += audit(page, "/ (returning)")
    page.goto(f"{url}/{lang}/quiz/goal/")
    found += audit(page, "/quiz/goal/")
    page.goto(f"{url}/{lang}/quiz/test/")
    page.locator("[name=length]").select_option("5")
    page.locator("main form button.primary").click()
    found += audit(page, "/quiz/test/<id>/")
    for answered in range(1, 5):
        answer(page)
        expect(page.locator(".test-progress progress")).to_have_attribute("value", str(answered))
    answer(page)
    expect(page.locator(".test-score")).to_be_visible()
    found += audit(page, "/quiz/test/<id>/result/")
    page.goto(f"{url}/{lang}/quiz/sheet/")
    page.locator("main form button.primary").click()
    found += audit(page, "/quiz/sheet/<token>/")
    for game in ("coinche", "chouine"):
        page.goto(f"{url}/{lang}/play/{game}/")
        page.locator("main form button.primary").first.click()
        expect(page.locator("#play-area")).to_be_visible()
        if page.locator("[data-action=hint]").count():
            page.locator("[data-action=hint]").click()
        found += audit(page, f"/play/{game}/<token>/")
    # A tap question's first miss: the tap chosen marked, the taps kept to tap again.
    page.goto(f"{url}/{lang}/quiz/q/play_card/federation/12/")
    question = exercises.pose("play_card", 12, "federation")
    right = exercises.solve(question).expected
    wrong = next(card for card in question["data"]["hand"] if card not in right)
    page.locator(f"form.answer-form button[data-card='{wrong}']").click()
    expect(page.locator("[data-held]")).to_be_visible()
    found += audit(page, "/quiz/q/play_card/ first miss")
    # The end of a Chouine deal: the review of the learner's moves, then the score.
    page.goto(f"{url}/{lang}/play/chouine/{finished_chouine()}/")
    expect(page.locator("[data-review]")).to_be_visible()
    found += audit(page, "/play/chouine/<token>/ (done)")
    found += club_pages(page, url, lang)
    found += sets_pages(page, url, lang)
    found += tables_pages(page, url, lang)
    assert found == []
