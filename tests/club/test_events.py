"""The club's event streams (tutor/push.py), read as a browser reads them: what each event
carries (never the right answer before the reveal), the reconnection with Last-Event-ID, the
end of a session, and the streams refused at once."""

import asyncio
import gc
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import User
from django.core.handlers.wsgi import WSGIRequest
from django.template.loader import render_to_string
from django.test import AsyncClient, Client, RequestFactory
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from tutor import asgi, exercises, push
from tutor.club import codes, live, play, questions, state
from tutor.club.models import ClubSession, Player, QuestionSet, SetQuestion

from .conftest import create, join, right_answer

# The streams read the rows from their own threads: the rows must be committed.
pytestmark = pytest.mark.django_db(transaction=True)
EVENT = re.compile(r"^(event|id|retry|data): ?(.*)$")


class Stream:
    """One open event stream: its events parsed as EventSource parses them."""

    def __init__(self, response):
        self.response = response
        self.chunks = aiter(response.streaming_content)
        self.pending: list[dict] = []
        self.reading = None

    async def _chunk(self, seconds: float) -> bytes:
        """The next chunk; a wait that runs out leaves the read going (cancelling it would
        close the stream, as a browser's disconnection does)."""
        if self.reading is None:
            self.reading = asyncio.ensure_future(anext(self.chunks))
        done, _pending = await asyncio.wait({self.reading}, timeout=seconds)
        if not done:
            raise TimeoutError
        reading, self.reading = self.reading, None
        return reading.result()

    async def next(self, seconds: float = 5.0) -> dict:
        while not self.pending:
            chunk = await self._chunk(seconds)
            for block in chunk.decode().split("\n\n"):
                event = {"data": []}
                for line in block.split("\n"):
                    found = EVENT.match(line)
                    if found and found[1] == "data":
                        event["data"].append(found[2])
                    elif found:
                        event[found[1]] = found[2]
                if "event" in event:
                    event["data"] = "\n".join(event["data"])
                    self.pending.append(event)
        return self.pending.pop(0)

    async def ended(self, seconds: float = 5.0) -> bool:
        try:
            await self._chunk(seconds)
        except StopAsyncIteration:
            return True
        return False

    async def close(self):
        if self.reading is not None:
            self.reading.cancel()
            await asyncio.wait({self.reading})
        await self.chunks.aclose()
        # As the server does when the browser goes.
        await sync_to_async(self.response.close)()


def scenario(function):
    """Runs the coroutine ``function`` in an event loop of its own thread (the browser tests'
    Playwright keeps one running in this thread), and closes this process's listening
    connection after it (the loop goes away)."""

    def run(*args):
        async def body():
            try:
                await function(*args)
            finally:
                await push._hub.close()

        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, body()).result()

    return run


def phone_client(phone: Client) -> AsyncClient:
    browser = AsyncClient()
    browser.cookies = phone.cookies
    return browser


async def open_stream(browser, url, **headers) -> Stream:
    response = await browser.get(url, headers=headers)
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"] == "text/event-stream"
    assert response["Cache-Control"] == "no-store"
    return Stream(response)


def test_a_phone_follows_the_whole_session_and_never_sees_the_answer_before_the_reveal(client):
    session = create(client)
    phone = Client()
    join(phone, session, "Ana", lang="fr")
    question = session.questions.get(position=0)
    data = question.data
    # As the poll's test does: the explanation's steps not already shown by the question.
    with_question = render_to_string(
        "club/_question.html", {"question": questions.present(data, "fr"), "size": ""}
    )
    steps = [escape(step) for step in questions.explain(data, "fr")["steps"]]
    secret = [step for step in steps if step not in with_question]

    @scenario
    async def run():
        stream = await open_stream(phone_client(phone), f"/fr/club/play/{session.code}/events/")
        ready = await stream.next()
        assert ready["event"] == "ready" and 1000 <= int(ready["retry"]) <= 5000
        lobby = await stream.next()
        assert (lobby["event"], lobby["id"]) == ("live", "0")
        assert 'data-phase="lobby"' in lobby["data"]
        assert lobby["data"].startswith('<div id="live"')
        await sync_to_async(state.advance)(session.pk)
        asked = await stream.next()
        assert (asked["event"], asked["id"]) == ("live", "1")
        assert 'data-phase="question"' in asked["data"]
        assert "Bonne réponse" not in asked["data"] and "data-result" not in asked["data"]
        assert not any(step in asked["data"] for step in secret)
        answer = await sync_to_async(phone.post)(
            reverse("club_answer", args=[session.code]), right_answer(question)
        )
        assert answer.status_code == 200
        # The phone's own answer changes nothing for the others: no event.
        with pytest.raises(TimeoutError):
            await stream.next(seconds=0.5)
        await sync_to_async(state.reveal)(session.pk)
        revealed = await stream.next()
        assert revealed["id"] == "2" and 'data-result="right"' in revealed["data"]
        assert all(step in revealed["data"] for step in steps)
        # The scoreboard, the next question… up to the podium, after which the stream ends.
        moves = [state.advance, state.advance, state.reveal] * 2 + [state.advance]
        for version, move in enumerate(moves, start=3):
            await sync_to_async(move)(session.pk)
            shown = await stream.next()
            assert (shown["event"], shown["id"]) == ("live", str(version))
        assert 'data-phase="finished"' in shown["data"]
        assert (await stream.next())["event"] == "end"
        assert await stream.ended()

    run()
    assert ClubSession.objects.get().phase == "finished"


def test_a_phone_that_reconnects_gets_only_what_it_missed(client):
    session = create(client)
    phone = Client()
    join(phone, session, "Ana")
    url = f"/en/club/play/{session.code}/events/"

    @scenario
    async def run():
        browser = phone_client(phone)
        # It shows version 0 already (the page's ?v=): nothing but "ready".
        current = await open_stream(browser, url + "?v=0")
        assert (await current.next())["event"] == "ready"
        with pytest.raises(TimeoutError):
            await current.next(seconds=0.5)
        await current.close()
        # The teacher's move, made while no stream of this session listens here: this process's
        # pulse, read by the first stream under 0.5 s ago, still says version 0, and no news
        # of the move will come. The stream that opens next reads the session afresh.
        await sync_to_async(state.advance)(session.pk)
        # Its browser reconnects by itself with the last id it saw: the question comes at once.
        behind = await open_stream(browser, url + "?v=0", **{"Last-Event-ID": "0"})
        assert (await behind.next())["event"] == "ready"
        missed = await behind.next()
        assert missed["id"] == "1" and 'data-phase="question"' in missed["data"]
        await behind.close()

    run()


def test_a_stream_new_to_this_process_reads_its_session_afresh(client):
    """A move made while no stream of the session listened in this process sent it no news;
    the process's pulse of the session, under 0.5 s old, still shows the version before."""
    session = create(client)
    phone = Client()
    join(phone, session, "Ana")
    request = RequestFactory().get("/")
    request.COOKIES = {name: morsel.value for name, morsel in phone.cookies.items()}
    screen = play.PhoneScreen(request, play.current_player(request, session.code), 0)
    stream = push._Stream(live.topic(session.code), screen, "phone")
    assert live.pulse(session.code).version == 0
    state.advance(session.pk)
    fresh, _wake, messages = push._first(stream, 0, new_here=True)
    assert fresh == 1 and b'data-phase="question"' in messages[0]


def test_a_removed_phone_is_sent_to_the_join_form_and_its_stream_closes(client):
    session = create(client)
    phone, other = Client(), Client()
    join(phone, session, "Ana")
    join(other, session, "Bea")
    url = f"/en/club/play/{session.code}/events/?v=0"

    @scenario
    async def run():
        mine = await open_stream(phone_client(phone), url)
        theirs = await open_stream(phone_client(other), url)
        assert (await mine.next())["event"] == (await theirs.next())["event"] == "ready"
        player = await Player.objects.aget(nickname="Ana")
        await sync_to_async(state.remove_player)(session.pk, player.pk)
        gone = await mine.next()
        assert gone["event"] == "gone" and gone["data"] == f"/en/club/join/?code={session.code}"
        assert (await mine.next())["event"] == "end"
        assert await mine.ended()
        # The others are told nothing: their screen does not change.
        with pytest.raises(TimeoutError):
            await theirs.next(seconds=0.5)
        await theirs.close()
        refused = await phone_client(phone).get(url)
        assert refused.status_code == 403 and "HX-Redirect" in refused

    run()


def test_streams_are_refused_at_once(client):
    session = create(client)
    phone = Client()
    join(phone, session, "Ana")
    old = create(client)
    late = Client()
    join(late, old, "Bo")
    ClubSession.objects.filter(pk=old.pk).update(
        created_at=timezone.now() - codes.JOINABLE_FOR - timedelta(minutes=1)
    )

    @scenario
    async def run():
        stranger = AsyncClient()
        unknown = await stranger.get("/en/club/play/ZZZZZZZZ/events/")
        assert unknown.status_code == 404
        # A browser that never joined: 403, and htmx is sent to the join form.
        outsider = await stranger.get(f"/en/club/play/{session.code}/events/")
        assert outsider.status_code == 403
        assert outsider["HX-Redirect"] == f"/en/club/join/?code={session.code}"
        expired = await phone_client(late).get(f"/en/club/play/{old.code}/events/")
        assert expired.status_code == 404
        posted = await phone_client(phone).post(f"/en/club/play/{session.code}/events/")
        assert posted.status_code in (403, 405)
        wrong_key = await stranger.get(f"/en/club/host/{session.code}/{'0' * 64}/events/")
        assert wrong_key.status_code == 404
        # A few streams per player (tabs), not more.
        browser = phone_client(phone)
        url = f"/en/club/play/{session.code}/events/?v=0"
        held = [await open_stream(browser, url) for _tab in range(push.MAX_STREAMS)]
        for stream in held:
            assert (await stream.next())["event"] == "ready"
        refused = await browser.get(url)
        assert refused.status_code == 429
        await held[0].close()
        again = await open_stream(browser, url)
        for stream in [*held[1:], again]:
            await stream.close()

    run()


def test_a_finished_session_tells_its_phones_not_to_reconnect(client):
    session = create(client, count="1")
    phone = Client()
    join(phone, session, "Ana")
    for move in (state.advance, state.reveal, state.advance):
        move(session.pk)
    session.refresh_from_db()
    assert session.phase == "finished"

    @scenario
    async def run():
        browser = phone_client(phone)
        url = f"/en/club/play/{session.code}/events/"
        done = await browser.get(f"{url}?v={session.phase_version}")
        assert done.status_code == 204
        # A phone that missed the end sees the podium, then the stream ends.
        behind = await open_stream(browser, url + "?v=1")
        assert (await behind.next())["event"] == "ready"
        assert 'data-phase="finished"' in (await behind.next())["data"]
        assert (await behind.next())["event"] == "end"
        assert await behind.ended()

    run()


def test_the_presenter_stream_counts_answers_and_carries_the_answer_only_at_the_reveal(client):
    session = create(client)
    key = codes.teacher_key(session)
    phone = Client()
    join(phone, session, "Ana")
    state.advance(session.pk)
    question = session.questions.get(position=0)

    @scenario
    async def run():
        browser = AsyncClient()
        browser.cookies = client.cookies
        stream = await open_stream(browser, f"/en/club/host/{session.code}/{key}/events/")
        assert (await stream.next())["event"] == "ready"
        shown = await stream.next()
        # The answer's block (club/_explanation.html): "Right answer:", or "Any of these is
        # right:" when the question drawn has several right taps.
        assert 'data-answers="0"' in shown["data"] and 'class="right-answer"' not in shown["data"]
        await sync_to_async(phone.post)(
            reverse("club_answer", args=[session.code]), right_answer(question)
        )
        # Within a second, without any move of the teacher.
        counted = await stream.next(seconds=3)
        assert 'data-answers="1"' in counted["data"]
        await sync_to_async(state.reveal)(session.pk)
        revealed = await stream.next()
        assert 'class="right-answer"' in revealed["data"]
        screen = await open_stream(
            AsyncClient(), f"/en/club/screen/{session.code}/{codes.screen_key(session)}/events/"
        )
        await screen.next()
        projected = (await screen.next())["data"]
        assert 'data-phase="reveal"' in projected and key not in projected
        await stream.close()
        await screen.close()

    run()


def test_a_session_from_a_set_pushes_the_tap_questions_split_to_the_projector(client):
    teacher = User.objects.create(username="prof")
    client.force_login(teacher)
    question_set = QuestionSet.objects.create(
        owner=teacher, name="Tonight", game="coinche", profile="federation"
    )
    posed = exercises.pose("play_card", 7, "federation")
    SetQuestion.objects.create(question_set=question_set, order=0, question=posed, source="drawn")
    client.post(f"/en/club/sets/{question_set.token}/run/", {})
    session = ClubSession.objects.get()
    right = exercises.solve(posed).expected
    wrong = next(card for card in posed["data"]["hand"] if card not in right)
    phones = [Client() for _ in range(3)]
    for number, phone in enumerate(phones):
        join(phone, session, f"P{number}")
    state.advance(session.pk)

    @scenario
    async def run():
        screen = await open_stream(
            AsyncClient(), f"/en/club/screen/{session.code}/{codes.screen_key(session)}/events/"
        )
        assert (await screen.next())["event"] == "ready"
        shown = (await screen.next())["data"]
        # The question on the wall: the hand without buttons, no split, no verdict.
        assert 'data-phase="question"' in shown and "data-split" not in shown
        assert "data-verdict" not in shown
        for phone, card in zip(phones, (right[0], wrong, wrong), strict=True):
            await sync_to_async(phone.post)(
                reverse("club_answer", args=[session.code]), {"card": card}
            )
        await sync_to_async(state.reveal)(session.pk)
        while 'data-phase="reveal"' not in (revealed := (await screen.next())["data"]):
            pass
        assert 'data-split data-total="3"' in revealed
        assert f'data-card="{wrong}" data-verdict="incorrect" data-count="2"' in revealed
        assert f'data-card="{right[0]}" data-verdict="correct" data-count="1"' in revealed

    run()


def test_a_phone_never_goes_back_to_a_phase_this_process_saw_last(client):
    """The phone's page came from another process, after a move this process's copy of the
    session has not caught up with: its stream must not show it the lobby again."""
    session = create(client)
    phone = Client()
    join(phone, session, "Ana")
    live.pulse(session.code)
    state.advance(session.pk)  # as another process would: this one's pulse is not told
    live_url = f"/en/club/play/{session.code}/events/?v=1"

    @scenario
    async def run():
        stream = await open_stream(phone_client(phone), live_url)
        assert (await stream.next())["event"] == "ready"
        with pytest.raises(TimeoutError):
            await stream.next(seconds=0.5)
        await sync_to_async(state.reveal)(session.pk)
        revealed = await stream.next()
        assert revealed["id"] == "2" and 'data-phase="reveal"' in revealed["data"]
        await stream.close()

    run()


class Door:
    """A browser's connection to the server's door (tutor/asgi.py), spoken in ASGI."""

    def __init__(self, phone: Client, path: str, query: str):
        cookies = "; ".join(f"{name}={morsel.value}" for name, morsel in phone.cookies.items())
        self.scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "query_string": query.encode(),
            "root_path": "",
            "headers": [(b"host", b"testserver"), (b"cookie", cookies.encode())],
            "client": ("127.0.0.1", 50000),
            "server": ("testserver", 80),
        }
        self.sent: asyncio.Queue = asyncio.Queue()
        self.gone = asyncio.Event()
        self.asked = False

    async def receive(self):
        if not self.asked:
            self.asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await self.gone.wait()
        return {"type": "http.disconnect"}

    async def send(self, message):
        await self.sent.put(message)

    def open(self):
        return asyncio.ensure_future(asgi.application(self.scope, self.receive, self.send))

    async def message(self):
        return await asyncio.wait_for(self.sent.get(), 5)


def test_through_the_servers_door_a_stream_holds_no_thread_and_ends_with_its_browser(client):
    session = create(client)
    phone = Client()
    join(phone, session, "Ana")
    path = f"/en/club/play/{session.code}/events/"

    @scenario
    async def run():
        before = {thread.name for thread in threading.enumerate()}
        doors = [Door(phone, path, "v=0") for _tab in range(push.MAX_STREAMS)]
        served = [door.open() for door in doors]
        for door in doors:
            start = await door.message()
            assert start["status"] == 200
            assert (b"content-type", b"text/event-stream") in start["headers"]
            first = await door.message()
            assert first["body"].startswith(b"event: ready\n") and first["more_body"]
        # The door's page threads and the live channel's own, and no thread per stream.
        new = {thread.name for thread in threading.enumerate()} - before
        assert all(name.startswith(("pages", "push")) for name in new), new
        refused = Door(phone, path, "v=0")
        await refused.open()
        assert (await refused.message())["status"] == 429
        # The browser leaves: its stream ends, and its place is free again.
        doors[0].gone.set()
        await asyncio.wait_for(served[0], 5)
        again = Door(phone, path, "v=0")
        reopened = again.open()
        assert (await again.message())["status"] == 200
        for door in [*doors[1:], again]:
            door.gone.set()
        await asyncio.wait_for(asyncio.gather(*served[1:], reopened), 5)
        assert not push._hub.keys and not push._hub.topics

    run()


def form_token(html: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)[1]


def test_an_open_stream_keeps_nothing_of_its_request_and_its_form_token_is_valid(client):
    """Every object an open stream keeps is walked by each full garbage collection, for as
    long as the stream lives: its request (the environ, the session, the cookies…) is let go
    once the view is done, and the token its forms carry was masked before that."""
    session = create(client)
    phone = Client(enforce_csrf_checks=True)
    form = phone.get(reverse("club_join"))
    token = form_token(form.content.decode())
    joined = phone.post(
        reverse("club_join"),
        {"code": session.code, "nickname": "Ana", "lang": "en", "csrfmiddlewaretoken": token},
    )
    assert joined.status_code == 302
    path = f"/en/club/play/{session.code}/events/"
    shown = []

    def requests_of_streams():
        gc.collect()
        # type(), not isinstance(): that would evaluate every lazy object left in the heap.
        return [o for o in gc.get_objects() if type(o) is WSGIRequest and o.path == path]

    @scenario
    async def run():
        doors = [Door(phone, path, "v=0") for _tab in range(push.MAX_STREAMS)]
        served = [door.open() for door in doors]
        for door in doors:
            assert (await door.message())["status"] == 200
            assert (await door.message())["body"].startswith(b"event: ready\n")
        assert await sync_to_async(requests_of_streams)() == []
        await sync_to_async(state.advance)(session.pk)
        shown.append((await doors[0].message())["body"].decode())
        for door in doors:
            door.gone.set()
        await asyncio.wait_for(asyncio.gather(*served), 5)

    run()
    assert 'data-phase="question"' in shown[0]
    token = form_token(shown[0])
    answer = phone.post(
        reverse("club_answer", args=[session.code]),
        {**right_answer(session.questions.get(position=0)), "csrfmiddlewaretoken": token},
    )
    assert answer.status_code == 200, answer.content.decode()[:300]
    assert session.players.get().answers.count() == 1
