"""In Chromium, against the production application (tutor/asgi.py): a teacher at the presenter
and three phones in three languages run a session, on a 1920×1080 projector with the event
streams (no poll is sent) and on a 1280×720 one in browsers without EventSource (the pages
poll); nothing on the presenter ever scrolls, and the next step's button is always on screen.
A phone whose stream is cut reconnects and answers. Set CLUB_SHOTS to a folder to keep
screenshots."""

import asyncio
import contextlib
import json
import os
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.test import Client
from django.utils import timezone, translation
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tutor import push
from tutor.club import codes, live, phase, state
from tutor.club.models import Answer, ClubQuestion, ClubSession

from .conftest import create, right_answer, wrong_answer

pytestmark = pytest.mark.browser
TEACHER = "es"
# Nickname, language and whether each of the three answers is right.
PLAYERS = [
    ("Ana", "pt", [True, True, True]),
    ("Ioana", "ro", [False, False, False]),
    ("Zoé", "fr", [True, False, True]),
]
# The live channel each run takes, and its projector's size.
RUNS = [("push", 1920, 1080), ("poll", 1280, 720)]
# A browser without EventSource: the pages must poll.
NO_EVENTSOURCE = "delete window.EventSource;"
SHOTS = os.environ.get("CLUB_SHOTS")


def _(lang, message, **params):
    with translation.override(lang):
        text = translation.gettext(message)
    return text % params if params else text


def right_answer_label(lang):
    """ "Right answer:", or "Any of these is right:" where several taps are right."""
    labels = (_(lang, "Right answer:"), _(lang, "Any of these is right:"))
    return re.compile("|".join(re.escape(label) for label in labels))


def shot(page, name):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png")


def create_session(page, url, **choices):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{url}/{TEACHER}/club/")
    expect(page.locator("html")).to_have_attribute("lang", TEACHER)
    page.locator("[name=game]").select_option("chouine")
    page.locator("[name=profile]").select_option("chouine")
    page.get_by_label(_(TEACHER, "Chouine: playing a trick")).check()
    page.locator("[name=count]").fill("3")
    for name, value in choices.items():
        if name == "auto_reveal":
            page.locator("[name=auto_reveal]").check()
        else:
            page.locator(f"[name={name}]").select_option(value)
    page.get_by_role("button", name=_(TEACHER, "Create the session"), exact=True).click()
    expect(page.locator("#live")).to_have_attribute("data-phase", "lobby")
    return ClubSession.objects.latest("created_at")


CLIPPED = """[...document.querySelectorAll('[data-fit]')]
  .filter(el => el.scrollWidth > el.clientWidth + 1
    || (el.dataset.fit !== 'width' && el.scrollHeight > el.clientHeight + 1))
  .map(el => el.className)"""
CUT = f"""document.scrollingElement.scrollHeight > innerHeight
  || document.scrollingElement.scrollWidth > innerWidth || ({CLIPPED}).length"""


def fits(page, primary=True):
    """Nothing scrolls or is cut off, and the next step's button is on screen."""
    expect(page.locator("#live")).to_be_visible()
    page.wait_for_function("() => document.fonts.ready")
    # A swapped region is fitted once htmx has settled it: wait for that, then say what is cut.
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(f"() => !({CUT})", timeout=3_000)
    assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    assert page.evaluate(CLIPPED) == []
    if primary:
        expect(page.locator("[data-primary]")).to_be_in_viewport(ratio=1)


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
    """Taps the choice tile, the card or the call, or ticks the cards and sends (``data``: form
    data, as conftest)."""
    form = phone.locator("#live form")
    etag = phone.locator("#live").get_attribute("hx-headers")
    with phone.expect_request(lambda request: request.url.endswith("/answer/")) as sent:
        tap = next((field for field in ("card", "call") if isinstance(data.get(field), str)), None)
        if tap:
            # A tap question: the card (or call) is the form's submit button.
            form.locator(f"button[data-{tap}='{data[tap]}']").click()
        elif "choice" in data:
            tile = form.locator(f"button[name=choice][value='{data['choice']}']")
            assert tile.bounding_box()["height"] >= 48
            tile.click()
        else:
            for card in data.get("card", []):
                form.locator(f"label:has(input[value='{card}'])").click()
            form.get_by_role("button", name=_(lang, "Send my answer"), exact=True).click()
    # The answer carries the live region's ETag (htmx's inherited hx-headers): the server
    # knows the phone from it without a query (tutor/club/play.py).
    assert json.loads(etag)["If-None-Match"] == sent.value.headers["if-none-match"]
    expect(phone.locator("[data-answered]")).to_be_visible()


def watch(context, mode: str, asked: list[str]) -> None:
    """Adds to ``asked`` the addresses the context's pages ask for; in ``poll`` mode, the
    context's browser has no EventSource."""
    if mode == "poll":
        context.add_init_script(NO_EVENTSOURCE)
    context.on("request", lambda request: asked.append(request.url))


@pytest.mark.parametrize(("mode", "width", "height"), RUNS)
def test_a_teacher_and_three_phones_run_a_session(
    push_site, browser, browser_context_args, mode, width, height
):
    url, projector = push_site
    asked: list[str] = []
    watch(projector.context, mode, asked)
    session = create_session(projector, url)
    projector.set_viewport_size({"width": width, "height": height})
    size = f"{width}x{height}"
    contexts = [browser.new_context(**browser_context_args) for _player in PLAYERS]
    for context in contexts:
        watch(context, mode, asked)
    phones = [
        join(context, url, session.code, nickname, lang)
        for context, (nickname, lang, _answers) in zip(contexts, PLAYERS, strict=True)
    ]
    for phone in [projector, *phones]:
        expect(phone.locator("body")).to_have_attribute("data-live", mode)
    expect(projector.locator("#live")).to_have_attribute("data-players", "3")
    expect(projector.locator(".nicknames li")).to_have_count(3)
    shot(projector, f"presenter-{size}-1-lobby")
    # The address and the code on one line, at least 7 % of the screen tall.
    line = projector.locator(".join-line")
    font = line.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
    assert font >= 0.07 * height
    assert line.bounding_box()["height"] < 1.6 * font
    expect(projector.locator("[data-code]")).to_have_text(codes.spaced(session.code))
    fits(projector)
    if width == 1920:
        shot(phones[0], "phone-pt-1-lobby")
    # The teacher closes joining: the QR code gives way to the notice; and opens it again.
    projector.locator("[data-action=close-joining]").click()
    closed = projector.locator("[data-joining=closed]")
    expect(closed).to_have_text(_(TEACHER, "The teacher has closed this session to new players."))
    expect(projector.locator(".qr svg")).to_have_count(0)
    fits(projector)
    shot(projector, f"presenter-{size}-1-lobby-closed")
    projector.locator("[data-action=open-joining]").click()
    expect(projector.locator(".qr svg")).to_be_visible()
    # The space bar starts, as a presenter's clicker would.
    projector.locator("body").press(" ")
    questions = list(session.questions.order_by("position"))
    score = dict.fromkeys(range(len(PLAYERS)), 0)
    for number, question in enumerate(questions, start=1):
        expect(projector.locator("#live")).to_have_attribute("data-phase", "question")
        fits(projector)
        shot(projector, f"presenter-{size}-{number}-2-question")
        # The felt's words grow with the stage: its seat marks and play-order discs too.
        for small in projector.locator(".stage .felt :is(.mark, .play-order)").all():
            font = small.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
            assert font >= 0.014 * height, font
        for index, (phone, (_nickname, lang, answers)) in enumerate(
            zip(phones, PLAYERS, strict=True)
        ):
            title = _(lang, "Question %(number)s of %(total)s", number=number, total=3)
            expect(phone.locator(".phone-head")).to_contain_text(title)
            if width == 1920 and index != 1:
                shot(phone, f"phone-{lang}-{number}-2-question")
            right = answers[number - 1]
            send(phone, right_answer(question) if right else wrong_answer(question), lang)
            score[index] += right
        expect(projector.locator("[data-answers]")).to_have_attribute("data-answers", "3")
        projector.locator("button[data-action=reveal]").click()
        expect(projector.locator("#live")).to_have_attribute("data-phase", "reveal")
        # The right answer marked: its bar, or on a tap question its card in the room's split.
        right = projector.locator(".bars li.right, [data-split] [data-verdict=correct]")
        expect(right.first).to_be_visible()
        expect(projector.locator("#live")).to_contain_text(right_answer_label(TEACHER))
        fits(projector)
        shot(projector, f"presenter-{size}-{number}-3-reveal")
        for index, (phone, (_nickname, lang, answers)) in enumerate(
            zip(phones, PLAYERS, strict=True)
        ):
            result = "right" if answers[number - 1] else "wrong"
            screen = phone.locator(f"[data-result={result}]")
            expect(screen).to_contain_text(
                _(lang, "Right!") if answers[number - 1] else _(lang, "Not this time.")
            )
            # The result fills the phone's screen in its colour.
            assert screen.bounding_box()["height"] >= 0.6 * 844
            expect(phone.locator("#live")).to_contain_text(right_answer_label(lang))
            if width == 1920 and index != 1:
                shot(phone, f"phone-{lang}-{number}-3-reveal")
        if number == 1:
            # The tab closed, the QR code scanned again: the same player, told so, with the score.
            phones[0].close()
            phones[0] = contexts[0].new_page()
            phones[0].goto(f"{url}/j/{session.code}")
            expect(phones[0].locator("[data-back]")).to_contain_text(
                _(
                    PLAYERS[0][1],
                    "Welcome back, %(nickname)s! Your answers and your score are still here.",
                    nickname=PLAYERS[0][0],
                )
            )
            expect(phones[0].locator("#live")).to_have_attribute("data-right", "1")
            expect(phones[0].locator("[data-result=right]")).to_be_visible()
            if width == 1920:
                shot(phones[0], "phone-pt-1-3-back")
        projector.locator("button[data-action=next]").click()
        if number < len(questions):
            expect(projector.locator("#live")).to_have_attribute("data-phase", "scoreboard")
            expect(projector.locator(".board li")).to_have_count(3)
            fits(projector)
            shot(projector, f"presenter-{size}-{number}-4-scoreboard")
            projector.locator("body").press("ArrowRight")

    expect(projector.locator("#live")).to_have_attribute("data-phase", "finished")
    ranking = sorted(range(len(PLAYERS)), key=lambda index: -score[index])
    podium = projector.locator(".podium li")
    expect(podium).to_have_count(3)
    for place, index in enumerate(ranking):
        expect(podium.nth(place)).to_have_attribute("data-nickname", PLAYERS[index][0])
        expect(podium.nth(place)).to_have_attribute("data-right", str(score[index]))
    fits(projector)
    shot(projector, f"presenter-{size}-5-podium")
    for rank, index in enumerate(ranking, start=1):
        lang = PLAYERS[index][1]
        expect(phones[index].locator("[data-rank]")).to_contain_text(
            _(lang, "You are number %(rank)s of %(players)s.", rank=rank, players=3)
        )
        if width == 1920 and index != 1:
            shot(phones[index], f"phone-{lang}-4-end")
    # The full results open from the presenter, for the teacher's eyes.
    with projector.context.expect_page() as opened:
        projector.locator("[data-primary]").click()
    results = opened.value
    expect(results.locator("tbody tr")).to_have_count(3)
    for row, index in enumerate(ranking):
        expect(results.locator("tbody tr").nth(row)).to_have_attribute(
            "data-nickname", PLAYERS[index][0]
        )
    polls = [address for address in asked if address.endswith("/live/")]
    streams = [address for address in asked if "/events/" in address]
    if mode == "push":
        assert polls == [] and len(streams) >= 5
    else:
        assert len(polls) > 20 and streams == []
    for context in contexts:
        context.close()


def test_the_countdown_locks_the_phones_and_reveals_by_itself(
    push_site, browser, browser_context_args
):
    url, projector = push_site
    session = create_session(projector, url, seconds="20", auto_reveal="on")
    projector.set_viewport_size({"width": 1280, "height": 720})
    screen = projector.context.new_page()
    screen.set_viewport_size({"width": 1920, "height": 1080})
    screen.goto(url + projector.locator("[data-screen-link]").get_attribute("href"))
    assert codes.teacher_key(session) not in screen.content()
    expect(screen.locator("[data-action]")).to_have_count(0)
    context = browser.new_context(**browser_context_args)
    phone = join(context, url, session.code, "Ana", "pt")
    projector.locator("button[data-action=start]").click()
    expect(phone.locator("#live form")).to_be_visible()
    # The clock jumps to three seconds before the end.
    ClubQuestion.objects.filter(session=session, position=0).update(
        opened_at=timezone.now() - timedelta(seconds=17)
    )
    # The live server runs in this process: forget what it read of the question's clock.
    phase.clear()
    live.forget(session.code)
    phone.reload()
    projector.reload()
    expect(phone.locator("#live")).to_have_attribute("data-time-up", "")
    locked = phone.locator(".time-up")
    expect(locked).to_be_in_viewport()
    lang = "pt"
    expect(locked).to_contain_text(_(lang, "Time is up"))
    assert phone.locator("#live form").evaluate("form => form.inert")
    shot(phone, "phone-pt-time-up")
    expect(projector.locator(".time-up")).to_be_visible()
    fits(projector)
    shot(projector, "presenter-1280x720-time-up")
    # Two seconds of grace later, the question reveals itself everywhere.
    expect(phone.locator("[data-result=none]")).to_be_visible(timeout=10_000)
    expect(projector.locator("#live")).to_have_attribute("data-phase", "reveal")
    expect(screen.locator("#live")).to_have_attribute("data-phase", "reveal")
    fits(screen, primary=False)
    context.close()


@pytest.mark.parametrize(("lang", "nickname"), [("fr", "Zoé"), ("ro", "Ioana")])
def test_a_phone_whose_stream_is_cut_comes_back_and_answers(
    push_site, asgi_server, browser_context_args, lang, nickname
):
    url, phone = push_site
    phone.set_viewport_size({"width": 390, "height": 844})
    asked: list[str] = []
    watch(phone.context, "push", asked)
    session = create(Client())
    phone.goto(f"{url}/{lang}/club/join/?code={session.code}")
    phone.get_by_label(_(lang, "Nickname")).fill(nickname)
    phone.get_by_role("button", name=_(lang, "Join"), exact=True).click()
    expect(phone.locator("#live")).to_have_attribute("data-phase", "lobby")
    state.advance(session.pk)
    expect(phone.locator("#live")).to_have_attribute("data-phase", "question")
    # Every stream of the server ends (a restart, a proxy's timeout), and for a while the
    # browser's tries to open it again fail (the connection is refused).
    phone.route("**/events/*", lambda route: route.abort("connectionrefused"))
    with phone.expect_request_finished(lambda request: "/events/" in request.url):
        asyncio.run_coroutine_threadsafe(push._hub.close(), asgi_server[1]).result(5)
    question = session.questions.get(position=0)
    send(phone, right_answer(question), lang)
    assert Answer.objects.filter(player__nickname=nickname, correct=True).count() == 1
    # Without its stream, the page polls: the reveal reaches it all the same.
    state.reveal(session.pk)
    expect(phone.locator("[data-result=right]")).to_be_visible()
    assert [address for address in asked if address.endswith("/live/")]
    shot(phone, f"phone-{lang}-reveal-while-its-stream-is-down")
    # The stream comes back: the browser reopens it by itself, from its last event (the
    # question), and the reveal the polls brought is not swapped again; from then on the
    # phone polls no more.
    phone.locator("[data-result=right]").evaluate("el => { el.dataset.kept = ''; }")
    with phone.expect_response(
        lambda response: "/events/" in response.url and response.status == 200, timeout=20_000
    ) as back:
        phone.unroute("**/events/*")
    assert back.value.request.all_headers().get("last-event-id") == "1"
    phone.wait_for_timeout(500)
    expect(phone.locator("[data-result=right][data-kept]")).to_be_visible()
    polls = len([address for address in asked if address.endswith("/live/")])
    state.advance(session.pk)
    expect(phone.locator("#live")).to_have_attribute("data-phase", "scoreboard")
    phone.wait_for_timeout(2_500)
    assert len([address for address in asked if address.endswith("/live/")]) == polls


@pytest.mark.parametrize("stream", ["silent", "failing"])
def test_a_phone_polls_where_its_stream_cannot_live(push_site, stream):
    """A proxy that holds the events back (the stream stays silent), or one that keeps
    refusing the stream: the phone polls instead, and still follows the session."""
    url, phone = push_site
    asked: list[str] = []
    watch(phone.context, "push", asked)
    if stream == "silent":
        # Never answered: what a buffering proxy shows the browser.
        phone.route("**/events/*", lambda route: None)
    else:
        phone.route("**/events/*", lambda route: route.fulfill(status=502, body=""))
    session = create(Client())
    lang = "ro"
    phone.goto(f"{url}/{lang}/club/join/?code={session.code}")
    phone.get_by_label(_(lang, "Nickname")).fill("Ioana")
    phone.get_by_role("button", name=_(lang, "Join"), exact=True).click()
    expect(phone.locator("#live")).to_have_attribute("data-phase", "lobby")
    expect(phone.locator("body")).to_have_attribute("data-live", "poll", timeout=20_000)
    # The failing stream was tried a few times (with growing, random pauses), then left.
    attempts = [address for address in asked if "/events/" in address]
    assert len(attempts) == (1 if stream == "silent" else 3)
    state.advance(session.pk)
    expect(phone.locator("#live")).to_have_attribute("data-phase", "question")
    assert [address for address in asked if address.endswith("/live/")]
