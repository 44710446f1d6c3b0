"""The live channel: topics that change, and the event streams that show each change at once.

A *topic* names one thing many screens watch (``club:K7QW2M9X``, a club session; a table of
players, a teacher's own set later) and its *version* an integer that grows with each change
worth showing. Whoever changes a topic calls :func:`publish` with its new version; the change
reaches every stream of that topic in every server process:

- on PostgreSQL through ``NOTIFY`` on one channel (``CHANNEL``), sent when the change's
  transaction commits, with the payload ``"<topic> <version>"``: a pointer, never content.
  Each process holds one listening connection (``LISTEN``) and fans out to its own streams;
- on SQLite (``make run``: one process) straight to the streams of this process.

A stream belongs to one *subscriber*: an object with ``render(version) -> list[Event] | None``
that says what this screen shows of the topic at ``version`` (its own language, its own score;
``[]``: nothing new for it; ``None``: the stream ends), and ``every``: seconds after which it is
asked again without news (a presenter's answer count), or ``None``. Renders run on this
module's threads, never on the event loop, one topic's at a time: a phase change costs one
database read per process and one render per screen. A topic *kind* registers, with
:func:`kind`, how to read a topic's current version and when to look again by itself (a timed
question that reveals itself when nobody publishes).

Events (Server-Sent Events, one vocabulary for every live page; ``id`` is the topic's version,
so a reconnecting browser's ``Last-Event-ID`` says what it has):

- ``ready``: sent first on every connection, with the reconnection delay (``retry``, drawn per
  stream so that a thousand phones do not come back in the same second): the stream works;
- ``live``: the HTML of the page's live region at that version (htmx's SSE extension swaps it);
- ``gone``: the address this screen must leave for (the teacher removed the player);
- ``end``: the topic is over (the session ended): the browser closes the stream.

A view answers a stream's request on a page thread, as any page (:func:`stream`); the
server's door in ``tutor/asgi.py`` then sends the response's events from its event loop,
without a thread of its own, until the browser leaves or the topic ends.
"""

import asyncio
import logging
import random
import re
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from django.db import close_old_connections, connection, transaction
from django.http import HttpResponse, StreamingHttpResponse

from tutor.guard import inputs

log = logging.getLogger(__name__)

CHANNEL = "atout_push"
# The key of a request's WSGI environ by which the server's door (tutor/asgi.py) says that it
# sends a stream's events from its event loop.
SERVED = "atout.streams"
# A comment line every so often keeps proxies from closing an idle stream and shows a closed
# one to the server (the write fails).
HEARTBEAT = 20.0
# The reconnection delay each stream asks of its browser, drawn in this range (ms).
RETRY_MS = (1000, 5000)
# Streams one player (one key) may hold in one process: a few tabs, not a flood.
MAX_STREAMS = 3
# How often a process reads the version of each topic it streams without being told: the only
# way to learn another process's changes on SQLite, and a net for a notification lost while
# the listening connection was down on PostgreSQL (it also catches up when it reconnects).
SWEEP = {"sqlite": 2.0, "postgresql": 15.0}
# A version as the streams write it: ASCII digits, at most ten (read by tutor.guard.inputs from
# a request, by this pattern from a notification).
VERSION_DIGITS = 10
VERSION = re.compile(r"[0-9]{1,10}")


@dataclass(frozen=True)
class Event:
    name: str
    data: str = ""

    def encode(self, version: int | None = None, retry: int | None = None) -> bytes:
        lines = [f"event: {self.name}"]
        if version is not None:
            lines.append(f"id: {version}")
        if retry is not None:
            lines.append(f"retry: {retry}")
        # A line break inside the data starts a new data line; the browser joins them again.
        lines += [f"data: {line}" for line in self.data.split("\n")]
        return ("\n".join(lines) + "\n\n").encode()


def version_from(request) -> int | None:
    """The version the browser already shows: ``Last-Event-ID`` when it reconnects by itself,
    else ``?v=`` (the page's own version, on a new connection)."""
    for value in (request.headers.get("Last-Event-ID"), request.GET.get("v")):
        version = inputs.digits(value, VERSION_DIGITS)
        if version is not None:
            return version
    return None


# Topic kinds: prefix → refresh(topic, fresh) → (version, wake), or None: the topic is gone.
# ``fresh``: read the database (news came), else the process's recent copy may do (a new
# stream); ``wake``: when (time.time()) to refresh again without news, or None.
_kinds: dict[str, Callable] = {}


def kind(prefix: str):
    """Registers how to read the current version of the topics ``prefix:…``."""

    def register(refresh):
        _kinds[prefix] = refresh
        return refresh

    return register


def _refresh(topic: str, fresh: bool):
    return _kinds[topic.split(":", 1)[0]](topic, fresh)


def publish(topic: str, version: int) -> None:
    """Tells every stream of ``topic`` that it is now at ``version`` (or changed without a new
    version: each subscriber decides what it shows), once the current transaction commits."""
    transaction.on_commit(lambda: _send(topic, version))


def _send(topic: str, version: int) -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, f"{topic} {version}"])
    else:
        _hub.announce_threadsafe(topic, version)


class _Stream:
    def __init__(self, topic: str, subscriber, key: str):
        self.topic, self.subscriber, self.key = topic, subscriber, key
        self.queue: asyncio.Queue = asyncio.Queue()
        # Counted among its key's streams (from the view's thread until its response closes).
        self.held = True
        # Among its topic's streams (on the event loop, while its events are sent).
        self.attached = False


class _Topic:
    def __init__(self):
        self.streams: set[_Stream] = set()
        self.version = -1
        self.dirty = False
        self.running: asyncio.Task | None = None
        self.timer: asyncio.TimerHandle | None = None


class _Hub:
    """This process's streams by topic, its listening connection and its render threads."""

    def __init__(self):
        self.topics: dict[str, _Topic] = {}
        self.keys: dict[str, int] = {}
        # The views count a key's streams on their page threads; the loop lets them go.
        self.lock = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.tasks: set[asyncio.Task] = set()
        # Renders and their database reads: off the event loop, each thread with its own
        # connection (returned after each batch).
        self.executor = ThreadPoolExecutor(2, thread_name_prefix="push")

    # --- streams -----------------------------------------------------------------------
    def hold(self, topic: str, subscriber, key: str) -> _Stream | None:
        """In any thread: a new stream counted for ``key``, or None when ``key`` holds too
        many already."""
        with self.lock:
            if self.keys.get(key, 0) >= MAX_STREAMS:
                return None
            self.keys[key] = self.keys.get(key, 0) + 1
        return _Stream(topic, subscriber, key)

    def release(self, stream: _Stream) -> None:
        """In any thread, once: ``stream`` no longer counts for its key."""
        with self.lock:
            if not stream.held:
                return
            stream.held = False
            self.keys[stream.key] -= 1
            if not self.keys[stream.key]:
                del self.keys[stream.key]

    def attach(self, stream: _Stream) -> None:
        """On the loop: ``stream`` hears its topic's news from now on."""
        self._start()
        stream.attached = True
        self.topics.setdefault(stream.topic, _Topic()).streams.add(stream)

    def detach(self, stream: _Stream) -> None:
        """On the loop: ``stream`` is over."""
        self.release(stream)
        if not stream.attached:
            return
        stream.attached = False
        state = self.topics.get(stream.topic)
        if state is not None:
            state.streams.discard(stream)
            if not state.streams:
                if state.timer:
                    state.timer.cancel()
                del self.topics[stream.topic]

    def version(self, topic: str) -> int:
        state = self.topics.get(topic)
        return state.version if state else -1

    async def run(self, function, *args):
        """``function(*args)`` on a render thread."""
        return await asyncio.get_running_loop().run_in_executor(
            self.executor, _in_thread, function, args
        )

    # --- news ----------------------------------------------------------------------------
    def announce(self, topic: str, version: int) -> None:
        """On the loop: ``topic`` changed (at ``version``); render for its streams here."""
        state = self.topics.get(topic)
        if state is None or version < state.version:
            return
        state.dirty = True
        if state.running is None:
            state.running = self._spawn(self._render(topic, state))

    def announce_threadsafe(self, topic: str, version: int) -> None:
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.announce, topic, version)

    async def _render(self, topic: str, state: _Topic) -> None:
        """Renders until no news came in meanwhile (several moves: one render of the last)."""
        try:
            while state.dirty and state.streams:
                state.dirty = False
                streams = list(state.streams)
                version, wake, results = await self.run(_render_all, topic, streams)
                self.settle(topic, state, version, wake)
                for stream, messages in results:
                    for message in messages:
                        stream.queue.put_nowait(message)
        except Exception:
            log.exception("push: rendering %s failed", topic)
        finally:
            state.running = None

    def settle(self, topic: str, state: _Topic, version: int, wake: float | None) -> None:
        """Keeps the topic's newest version, and its next look without news."""
        if version < state.version:
            return
        state.version = version
        if state.timer:
            state.timer.cancel()
            state.timer = None
        if wake is not None:
            delay = max(0.0, wake - time.time()) + 0.05
            state.timer = self.loop.call_later(delay, self.announce, topic, state.version)

    # --- the process's loop, its listener and its sweep ----------------------------------
    def _start(self) -> None:
        loop = asyncio.get_running_loop()
        if self.loop is loop:
            return
        self.loop = loop
        if connection.vendor == "postgresql":
            self._spawn(self._listen())
        self._spawn(self._sweep(SWEEP.get(connection.vendor, 2.0)))

    def _spawn(self, coroutine) -> asyncio.Task:
        task = self.loop.create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def _listen(self) -> None:
        import psycopg

        pause = 0.5
        while True:
            try:
                params = await self.run(_listen_params)
                async with await psycopg.AsyncConnection.connect(
                    **params, autocommit=True
                ) as listener:
                    await listener.execute(f"LISTEN {CHANNEL}")
                    pause = 0.5
                    # What happened while nobody listened.
                    self._catch_up()
                    async for note in listener.notifies():
                        topic, _space, version = note.payload.rpartition(" ")
                        if VERSION.fullmatch(version):
                            self.announce(topic, int(version))
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("push: listening connection lost (%s); again in %.1f s", error, pause)
                await asyncio.sleep(pause * random.uniform(0.5, 1.5))
                pause = min(pause * 2, 10.0)

    async def _sweep(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            self._catch_up()

    def _catch_up(self) -> None:
        for topic, state in list(self.topics.items()):
            self.announce(topic, state.version)

    async def close(self) -> None:
        """The server stops: every stream ends (its browser reconnects to another process)."""
        for state in self.topics.values():
            for stream in state.streams:
                stream.queue.put_nowait(None)
        for task in list(self.tasks):
            task.cancel()
        self.loop = None


def _in_thread(function, args):
    try:
        return function(*args)
    finally:
        # As at the end of a request: give the connection back (or drop a broken one).
        close_old_connections()


def _listen_params() -> dict:
    settings = connection.settings_dict
    params = {
        "dbname": settings["NAME"],
        "user": settings["USER"],
        "password": settings["PASSWORD"],
        "host": settings["HOST"] or None,
        "port": settings["PORT"] or None,
    }
    return {name: value for name, value in params.items() if value}


def _render_all(topic: str, streams: list[_Stream]):
    """On a render thread: the topic's version read afresh, then each stream's messages."""
    current = _refresh(topic, fresh=True)
    if current is None:
        return -1, None, [(stream, [None]) for stream in streams]
    version, wake = current
    return version, wake, [(stream, _messages(stream, version)) for stream in streams]


def _first(stream: _Stream, known: int, new_here: bool):
    """On a render thread: what a new stream shows at once. The process's copy of the topic
    will do unless this process or the browser (``known``) has seen a newer version, or the
    topic is ``new_here``: no stream of it listened here before, so a change announced just
    before (to the other processes) may be missing from that copy, and none would follow."""
    current = _refresh(stream.topic, fresh=new_here)
    if current is not None and not new_here and current[0] < known:
        current = _refresh(stream.topic, fresh=True)
    if current is None:
        return -1, None, [None]
    version, wake = current
    return version, wake, _messages(stream, version)


def _messages(stream: _Stream, version: int) -> list:
    """What goes into the stream's queue: encoded events, then None if the stream ends."""
    try:
        events = stream.subscriber.render(version)
    except Exception:
        log.exception("push: a subscriber of %s failed to render", stream.topic)
        events = None
    if events is None:
        return [None]
    if not events:
        return []
    message = b"".join(event.encode(version) for event in events)
    return [message, None] if events[-1].name == "end" else [message]


_hub = _Hub()


def stream(request, topic: str, subscriber, key: str, seen: int | None = None):
    """The response for a new stream of ``topic`` seen by ``subscriber``: at once its ``ready``
    event and whatever ``subscriber`` shows now (``seen``: the version the browser shows
    already, :func:`version_from`), then each change. A 429 when ``key`` (the
    player) holds ``MAX_STREAMS`` here already; a 204 (the browser stops asking, its page polls)
    under a plain WSGI server, which would hold a thread for good and never send a byte.

    A view returns it from its page thread like any page; its events are sent from the event
    loop, by the server's door (``tutor/asgi.py``, :data:`SERVED`) or Django's ASGI handler."""
    if not (hasattr(request, "scope") or request.META.get(SERVED)):
        return HttpResponse(status=204)
    held = _hub.hold(topic, subscriber, key)
    if held is None:
        return HttpResponse(status=429, content_type="text/plain; charset=utf-8")
    response = Response(held, seen)
    response["Cache-Control"] = "no-store"
    # nginx: pass each event on at once, whatever the proxy's buffering settings.
    response["X-Accel-Buffering"] = "no"
    return response


class Response(StreamingHttpResponse):
    """A stream's response: once closed (sent, or its client gone), the stream no longer
    counts for its key and is detached, even if its events never started."""

    def __init__(self, stream: _Stream, seen: int | None):
        super().__init__(_events(stream, seen), content_type="text/event-stream")
        self.stream = stream

    def let_go_of_request(self) -> None:
        """Closes what the request opened (Django would at the response's close), now that
        the view is done: a stream need not keep its request for its whole life."""
        for closer in self._resource_closers:
            closer()
        self._resource_closers.clear()

    def close(self):
        super().close()
        _hub.release(self.stream)
        loop = _hub.loop
        if self.stream.attached and loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(_hub.detach, self.stream)


async def _events(stream: _Stream, seen: int | None):
    _hub.attach(stream)
    try:
        yield Event("ready").encode(retry=random.randint(*RETRY_MS))
        here = _hub.version(stream.topic)
        known = max(here, -1 if seen is None else seen)
        version, wake, messages = await _hub.run(_first, stream, known, here == -1)
        state = _hub.topics.get(stream.topic)
        if state is not None:
            _hub.settle(stream.topic, state, version, wake)
        for message in messages:
            stream.queue.put_nowait(message)
        every = stream.subscriber.every
        while True:
            try:
                message = await asyncio.wait_for(
                    stream.queue.get(), timeout=min(every or HEARTBEAT, HEARTBEAT)
                )
            except TimeoutError:
                # A subscriber that looks by itself (``every``), or a heartbeat.
                found = (
                    await _hub.run(_messages, stream, _hub.version(stream.topic)) if every else []
                )
                for extra in found[1:]:
                    stream.queue.put_nowait(extra)
                message = found[0] if found else b":\n\n"
            if message is None:
                return
            yield message
    finally:
        _hub.detach(stream)


async def lifespan(receive, send) -> None:
    """The ASGI server's start and stop: at the stop, the streams still open end and the
    listening connection closes."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await _hub.close()
            await send({"type": "lifespan.shutdown.complete"})
            return
