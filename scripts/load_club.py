"""Load test for club sessions: N phones follow a session while a teacher runs it.

Runs against a server already started on this machine (loopback only), e.g.::

    SECRET_KEY=… SECURE_SSL_REDIRECT=0 DATABASE_URL=postgres://… make serve PORT=8000
    python scripts/load_club.py --url http://127.0.0.1:8000 --players 1000

Phones arrive on a fixed schedule over the first half of ``--join-time`` (the rate is printed),
and behave as the pages do (static/club/live.js). Each joins (the join page, the form),
loads its page and opens the session's event stream on a second connection, as a browser
opens an EventSource beside its page's connection; it answers each question 0–3 s after the
question reaches it (``--answer-within``), on the page's connection, with the ETag the region
carries (htmx sends it with the form). A share of them (``--drop``) lose their stream once
during a question and reconnect after the delay the server drew for them (``retry``), with
``Last-Event-ID``; meanwhile their region polls about every second, as live.js has it. With
``--poll``, phones poll instead, as where no stream can live (and as before the streams).
The teacher loads the presenter and its stream, opens each question for ``--seconds``,
reveals it, shows the scoreboard and moves on.

Prints, per kind of request, the count and p50/p95/p99/max latency (a stream's latency is
the time to its first event), the statuses and errors; per teacher move, the delay until
50 % and 99 % of the phones had the new phase, and until 99 % of those whose stream was open
when the move left (a phone whose stream had just dropped gets the phase from its next poll,
about a second later, or when its stream is back after the 1-5 s the server drew for it);
and, when it finds the server's processes
(the one listening on the port, and its children), their CPU seconds per phase change.
``--json FILE`` writes the same figures for scripts/load_table.py. Exits 1 on any error.
Bounded: at most 2,000 players and 10 minutes.

The client is the standard library's asyncio, one process and one event loop with its own
HTTP/1.1 over loopback: a client of a thousand Python threads (or a heavier HTTP library)
would take the cores the server needs. Each phone keeps its page connection alive, as a
browser does, and opens a new one when the server closed it; a request's latency runs from
before the send (and the connect, if any) to the last byte. The loop's own lag is reported:
when it is high, the client, not the server, was the bottleneck.
"""

import argparse
import asyncio
import html
import json
import os
import random
import re
import sys
import time
from pathlib import Path
from urllib.parse import urlencode, urlsplit

MAX_PLAYERS = 2000
MAX_SECONDS = 600
POLL_EVERY = 2.0
# A phone without its stream polls about this often until the stream is back (live.js).
BRIDGE_EVERY = 1.0
PRESENTER_EVERY = 1.0
TIMEOUT = 30
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
# The live region's hx-headers attribute: JSON (its strings escaped by Django's escapejs) in
# single quotes, which htmx parses and sends with the region's requests.
HX_HEADERS = re.compile(r"hx-headers='([^']*)'")


def _pct(values, p):
    return values[min(len(values) - 1, int(p * len(values)))] if values else None


class Stats:
    def __init__(self):
        self.times: dict[str, list[float]] = {}
        self.statuses: dict[object, int] = {}
        self.errors: list[str] = []
        self.lag: list[float] = []
        # Version → when the teacher's move left; version → arrivals at the phones: when, and
        # the phone's spells without a stream ([lost, back], back None while it is still away).
        self.moves: dict[int, float] = {}
        self.arrivals: dict[int, list[tuple[float, list]]] = {}
        self.cpu: list[float] = []
        # Version each phone first showed → how many: a move counts the phones already there.
        self.starts: dict[int, int] = {}
        # Kind → the server's own figures per request (its Server-Timing header, SERVER_TIMING=1):
        # the wait for a page thread, the thread's time, its CPU; seconds.
        self.server: dict[str, list[dict[str, float]]] = {}
        # How many phones arrived, and the seconds from the first one's arrival to the last's.
        self.arriving = (0, 0.0)

    def record(self, kind, elapsed, status, error=None):
        self.times.setdefault(kind, []).append(elapsed)
        self.statuses[status] = self.statuses.get(status, 0) + 1
        if error:
            self.errors.append(error)

    def timed(self, kind, header):
        """The server's figures for one request of ``kind``, from its Server-Timing header."""
        figures = {}
        for part in header.split(","):
            name, _, dur = part.strip().partition(";dur=")
            if dur:
                figures[name] = float(dur) / 1000
        self.server.setdefault(kind, []).append(figures)

    def started(self, version):
        self.starts[version] = self.starts.get(version, 0) + 1

    def arrived(self, version, at, away):
        self.arrivals.setdefault(version, []).append((at, away))

    def summary(self, wall):
        everything = sorted(t for times in self.times.values() for t in times)
        kinds = {}
        for kind, times in sorted(self.times.items()):
            times = sorted(times)
            kinds[kind] = {
                "count": len(times),
                **{f"p{p}": _pct(times, p / 100) * 1000 for p in (50, 95, 99)},
                "max": times[-1] * 1000,
            }
        delivery = {}
        for version, left in sorted(self.moves.items()):
            # The phones that showed an earlier version when the move was made; one that never
            # got it counts as the last.
            there = sum(count for start, count in self.starts.items() if start < version)
            arrivals = [(at - left, away) for at, away in self.arrivals.get(version, [])]
            delays = sorted(delay for delay, _away in arrivals if delay >= 0)
            missing = [float("inf")] * max(0, there - len(delays))
            # The phones whose stream was down when the move left (their Wi-Fi dropped): they
            # get it from a poll, or on reconnecting after the delay the server drew (1-5 s).
            on = sorted(
                delay
                for delay, away in arrivals
                if delay >= 0 and not any(lost <= left < (back or 1e18) for lost, back in away)
            )
            delivery[version] = {
                "phones": there,
                "p50": _pct(delays + missing, 0.5) * 1000 if there else None,
                "p99": _pct(delays + missing, 0.99) * 1000 if there else None,
                "away": len(delays) - len(on),
                "p99_on": _pct(on + missing, 0.99) * 1000 if there else None,
            }
        cpu = [after - before for before, after in zip(self.cpu, self.cpu[1:], strict=False)]
        server = {}
        for kind, entries in sorted(self.server.items()):
            server[kind] = {
                name: {
                    f"p{p}": _pct(sorted(e.get(name, 0) for e in entries), p / 100) * 1000
                    for p in (50, 95, 99)
                }
                for name in ("queue", "page", "cpu")
            }
        return {
            "wall": wall,
            "requests": len(everything),
            "all": {f"p{p}": (_pct(everything, p / 100) or 0) * 1000 for p in (50, 95, 99)},
            "kinds": kinds,
            "statuses": {str(k): v for k, v in self.statuses.items()},
            "errors": len(self.errors),
            "error_samples": self.errors[:10],
            "delivery": delivery,
            "cpu_per_phase": cpu,
            "lag_p99": (_pct(sorted(self.lag), 0.99) or 0) * 1000,
            "server": server,
            "arriving": self.arriving,
        }


def _p(figures: dict) -> str:
    return " / ".join(f"{figures[f'p{p}']:.1f}" for p in (50, 95, 99))


def report(summary):
    s = summary
    print(f"requests: {s['requests']} in {s['wall']:.1f} s ({s['requests'] / s['wall']:.0f}/s)")
    print(f"statuses: {s['statuses']}")
    phones, seconds = s["arriving"]
    if seconds:
        print(f"phones: {phones} arrived over {seconds:.1f} s ({phones / seconds:.0f} a second)")
    a = s["all"]
    print(f"latency ms, all: p50 {a['p50']:.1f}  p95 {a['p95']:.1f}  p99 {a['p99']:.1f}")
    for kind, k in s["kinds"].items():
        print(
            f"  {kind:<10} {k['count']:>6}  p50 {k['p50']:.1f}  p95 {k['p95']:.1f}"
            f"  p99 {k['p99']:.1f}  max {k['max']:.1f}"
        )
    if s["server"]:
        print("the server's own time (Server-Timing), ms p50 / p95 / p99:")
    for kind, k in s["server"].items():
        print(f"  {kind:<10} " + "  ".join(f"{name} {_p(f)}" for name, f in k.items()))
    print(
        "phase changes, ms from the teacher's move to 50 % / 99 % of the phones"
        " (and to 99 % of those on their stream when it left):"
    )
    for version, d in s["delivery"].items():
        p50, p99, on = ("-" if d[k] is None else f"{d[k]:.0f}" for k in ("p50", "p99", "p99_on"))
        print(
            f"  version {version:>2}: {d['phones']:>5} phones  50 % {p50:>6}  99 % {p99:>6}"
            f"  ({d['away']:>3} away; 99 % of the others {on:>6})"
        )
    if s["cpu_per_phase"]:
        cpu = s["cpu_per_phase"]
        print(
            f"server CPU per phase change: mean {sum(cpu) / len(cpu):.2f} s, max {max(cpu):.2f} s"
            f" (total {sum(cpu):.1f} s)"
        )
    print(f"client loop lag ms, p99: {s['lag_p99']:.1f}")
    print(f"errors: {s['errors']}")
    for error in s["error_samples"]:
        print("  ", error)


class Connection:
    """One HTTP/1.1 connection that a browser keeps alive (reopened when the server closed it)."""

    def __init__(self, browser):
        self.browser = browser
        self.streams = None

    async def exchange(self, raw, head_only=False):
        if self.streams is not None:
            try:
                return await self._send(raw, head_only)
            except (ConnectionError, asyncio.IncompleteReadError):
                self.drop()
        self.streams = await asyncio.open_connection(self.browser.host, self.browser.port)
        return await self._send(raw, head_only)

    def drop(self):
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None

    async def _send(self, raw, head_only):
        reader, writer = self.streams
        writer.write(raw)
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").rstrip("\r\n").split("\r\n")
        status = int(status_line.split(" ", 2)[1])
        headers = []
        for line in header_lines:
            name, _, value = line.partition(":")
            headers.append((name.strip().lower(), value.strip()))
        fields = dict(headers)
        if head_only:
            return status, headers, ""
        if status in (204, 304):
            body = b""
        elif "content-length" in fields:
            body = await reader.readexactly(int(fields["content-length"]))
        elif fields.get("transfer-encoding") == "chunked":
            body = b""
            while size := int((await reader.readuntil(b"\r\n")).strip(), 16):
                body += await reader.readexactly(size)
                await reader.readuntil(b"\r\n")
            await reader.readuntil(b"\r\n")
        else:
            body = await reader.read()
        if fields.get("connection", "").lower() == "close" or reader.at_eof():
            self.drop()
        return status, headers, body.decode()


class Browser:
    """One phone (or the teacher's laptop): its cookies, its page connection."""

    def __init__(self, host, port, stats):
        self.host, self.port, self.stats = host, port, stats
        self.cookies: dict[str, str] = {}
        self.page = Connection(self)
        # One request at a time on the page's connection (an answer still on its way when
        # the next question comes waits for it, as htmx queues a region's requests).
        self.busy = asyncio.Lock()

    def raw(self, method, path, form=None, headers=None):
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        body = b""
        if form is not None:
            body = urlencode(form, doseq=True).encode()
            lines += [
                "Content-Type: application/x-www-form-urlencoded",
                f"X-CSRFToken: {self.cookies.get('csrftoken', '')}",
            ]
        lines.append(f"Content-Length: {len(body)}")
        return ("\r\n".join(lines) + "\r\n\r\n").encode() + body

    def keep_cookies(self, head):
        for name, value in head:
            if name == "set-cookie":
                cookie, _, rest = value.partition("=")
                self.cookies[cookie] = rest.split(";", 1)[0]

    async def request(self, kind, method, path, form=None, headers=None, ok=(200, 302, 304)):
        """(status, body, headers), the latency recorded under ``kind``; status None on failure."""
        async with self.busy:
            return await self._request(kind, method, path, form, headers, ok)

    async def _request(self, kind, method, path, form, headers, ok):
        raw = self.raw(method, path, form, headers)
        started = time.perf_counter()
        try:
            status, head, data = await asyncio.wait_for(self.page.exchange(raw), TIMEOUT)
        except (OSError, ValueError, TimeoutError, asyncio.IncompleteReadError) as error:
            self.page.drop()
            self.stats.record(
                kind, time.perf_counter() - started, None, f"{method} {path}: {error!r}"
            )
            return None, "", {}
        self.stats.record(
            kind,
            time.perf_counter() - started,
            status,
            # The start of the body says why (a translated message, or the page's title).
            None if status in ok else f"{method} {path}: {status} {data[:160]!r}",
        )
        self.keep_cookies(head)
        head = dict(head)
        if "server-timing" in head:
            self.stats.timed(kind, head["server-timing"])
        return status, data, head

    async def stream(self, kind, path, last_id=None):
        """Opens an event stream on a connection of its own: (reader, writer, retry ms) once its
        first event (``ready``) came, the time to it recorded under ``kind``; None on failure."""
        headers = {"Accept": "text/event-stream"}
        if last_id is not None:
            headers["Last-Event-ID"] = str(last_id)
        raw = self.raw("GET", path, headers=headers)
        started = time.perf_counter()
        writer = None
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.host, self.port), TIMEOUT
            )
            writer.write(raw)
            status_line = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), TIMEOUT)
            status = int(status_line.split(b" ", 2)[1])
            if status != 200:
                raise ValueError(f"status {status}")
            chunked = b"transfer-encoding: chunked" in status_line.lower()
            events = Events(reader, chunked)
            first = await asyncio.wait_for(events.next(), TIMEOUT)
        except (OSError, ValueError, TimeoutError, asyncio.IncompleteReadError) as error:
            if writer is not None:
                writer.close()
            self.stats.record(kind, time.perf_counter() - started, None, f"GET {path}: {error!r}")
            return None
        self.stats.record(kind, time.perf_counter() - started, 200)
        return events, writer, int(first.get("retry", 3000))


class Events:
    """The events of a stream, parsed as EventSource does (chunked transfer undone)."""

    def __init__(self, reader, chunked):
        self.reader, self.chunked = reader, chunked
        self.buffer = b""

    async def _more(self):
        if self.chunked:
            size = int((await self.reader.readuntil(b"\r\n")).strip(), 16)
            if size == 0:
                raise asyncio.IncompleteReadError(b"", None)
            data = await self.reader.readexactly(size)
            await self.reader.readuntil(b"\r\n")
            return data
        data = await self.reader.read(65536)
        if not data:
            raise asyncio.IncompleteReadError(b"", None)
        return data

    async def next(self):
        while b"\n\n" not in self.buffer:
            self.buffer += await self._more()
        block, self.buffer = self.buffer.split(b"\n\n", 1)
        event = {}
        for line in block.decode().split("\n"):
            if line.startswith(":"):
                continue
            name, _, value = line.partition(": ")
            event[name] = f"{event[name]}\n{value}" if name in event else value
        if "event" not in event:
            return await self.next()
        return event


def answer_for(page):
    """A plausible answer read from the form: players are not meant to be right here."""
    choices = re.findall(r'name="choice" value="([^"]+)"', page)
    if choices:
        return {"choice": random.choice(choices)}
    # Ticked cards (checkboxes): any of them; a tapped card (each a submit button): one.
    ticked = re.findall(r'type="checkbox" name="card" value="([^"]+)"', page)
    if ticked:
        return {"card": random.sample(ticked, random.randint(1, len(ticked)))}
    tapped = re.findall(r'name="card"\s+value="([^"]+)"', page)
    if tapped:
        return {"card": random.choice(tapped)}
    calls = re.findall(r'name="call" value="([^"]+)"', page)
    if calls:
        return {"call": random.choice(calls)}
    sides = re.findall(r'name="(score_[^"]+)"', page)
    if sides:
        return {side: str(random.randrange(0, 300, 10)) for side in sides}
    return {"number": str(random.randrange(0, 60))}


def etag_of(page):
    """The ETag htmx sends with the region's requests, decoded as a browser decodes it."""
    found = HX_HEADERS.search(page)
    return json.loads(html.unescape(found[1])).get("If-None-Match") if found else None


async def join(number, code, browser):
    """The join page and form; the phone's page address, or None."""
    await browser.request("join", "GET", "/en/club/join/")
    lang = random.choice(["pt", "es", "ro", "fr", "en"])
    form = {"code": code, "nickname": f"player{number}", "lang": lang}
    status, _, headers = await browser.request("join", "POST", "/en/club/join/", form)
    return headers["location"] if status == 302 else None


async def answer(browser, play, page, stats, answered, number, within):
    """Answers the question in ``page`` once, 0 to ``within`` seconds after it arrived."""
    if number in answered:
        return
    answered.add(number)
    await asyncio.sleep(random.random() * within)
    await browser.request(
        "answer",
        "POST",
        play + "answer/",
        answer_for(page),
        headers={"HX-Request": "true", "If-None-Match": etag_of(page)},
    )


async def pushed_phone(number, code, target, stats, done, args):
    """A phone on the event stream (static/club/live.js with EventSource)."""
    browser = Browser(*target, stats)
    play = await join(number, code, browser)
    if play is None:
        return
    status, page, _ = await browser.request("page", "GET", play)
    version = re.search(r'data-version="(\d+)"', page or "")
    if status != 200 or version is None:
        return
    # The version the phone shows and its live region (the page, at first); the id of the
    # stream's last event, which a reopened stream starts from (Last-Event-ID).
    last, region = int(version[1]), page
    stream_id = last
    stats.started(last)
    answered, tasks, away = set(), [], []

    def show(shown_region, shown):
        """A region from the stream or a poll: a phone that missed a phase (its stream was
        down) shows a later one, and the phases between count as reaching it now. A version it
        already shows is not swapped again (static/club/live.js)."""
        nonlocal last, region
        if shown <= last:
            return
        now = time.monotonic()
        for version in range(last + 1, shown + 1):
            stats.arrived(version, now, away)
        last, region = shown, shown_region
        if 'data-phase="question"' in region and 'name="csrfmiddlewaretoken"' in region:
            number_ = re.search(r'data-number="(\d+)"', region)[1]
            tasks.append(
                asyncio.create_task(
                    answer(browser, play, region, stats, answered, number_, args.answer_within)
                )
            )

    path = f"{play}events/?v={last}"
    opened = await browser.stream("stream", path)
    # The moment this phone loses its stream: during a question, if it is one of the droppers.
    drop_at = time.monotonic() + random.uniform(5, 30) if random.random() < args.drop else None
    while opened is not None and not done.is_set():
        events, writer, retry = opened
        try:
            while True:
                wait = None if drop_at is None else max(0.0, drop_at - time.monotonic())
                try:
                    event = await asyncio.wait_for(events.next(), wait)
                except TimeoutError:
                    break  # the Wi-Fi drops
                name = event.get("event")
                if name == "live":
                    stream_id = int(event["id"])
                    show(event.get("data", ""), stream_id)
                elif name == "end":
                    writer.close()
                    await asyncio.gather(*tasks)
                    return
        except (OSError, asyncio.IncompleteReadError):
            pass  # the server closed the stream: the browser reconnects by itself
        writer.close()
        away.append([time.monotonic(), None])
        drop_at = None
        # Until the browser reopens the stream, after the delay the server drew, the region
        # polls: the first within a second, then about every second.
        back = time.monotonic() + retry / 1000
        pause = random.random() * BRIDGE_EVERY
        while time.monotonic() + pause < back and not done.is_set():
            await asyncio.sleep(pause)
            asked = {"HX-Request": "true", "If-None-Match": etag_of(region)}
            status, page, _ = await browser.request("bridge", "GET", f"{play}live/", headers=asked)
            version = re.search(r'data-version="(\d+)"', page or "") if status == 200 else None
            if version:
                show(page, int(version[1]))
            pause = BRIDGE_EVERY * random.uniform(0.75, 1.25)
        await asyncio.sleep(max(0.0, back - time.monotonic()))
        opened = await browser.stream("reconnect", path, last_id=stream_id)
        away[-1][1] = time.monotonic()
    await asyncio.gather(*tasks)


async def polling_phone(number, code, target, stats, done, args):
    """A phone without a stream: it polls at the interval the page sets (htmx's every …ms)."""
    browser = Browser(*target, stats)
    play = await join(number, code, browser)
    if play is None:
        return
    etag, answered, pause, seen, tasks = None, set(), POLL_EVERY, None, []
    await asyncio.sleep(random.random() * POLL_EVERY)
    while not done.is_set():
        extra = {"HX-Request": "true", **({"If-None-Match": etag} if etag else {})}
        status, page, headers = await browser.request("poll", "GET", play + "live/", headers=extra)
        if status == 200:
            etag = headers.get("etag")
            every = re.search(r'hx-trigger="every (\d+)ms', page)
            pause = int(every[1]) / 1000 if every else pause
            version = int(re.search(r'data-version="(\d+)"', page)[1])
            if seen is None:
                stats.started(version)
            else:
                for missed in range(seen + 1, version + 1):
                    stats.arrived(missed, time.monotonic(), [])
            seen = max(seen or 0, version)
            if 'data-phase="finished"' in page:
                break
            if 'data-phase="question"' in page and 'name="csrfmiddlewaretoken"' in page:
                key = re.search(r'data-number="(\d+)"', page)[1]
                tasks.append(
                    asyncio.create_task(
                        answer(browser, play, page, stats, answered, key, args.answer_within)
                    )
                )
        await asyncio.sleep(pause)
    await asyncio.gather(*tasks)


def server_processes(port):
    """The pids of the process listening on ``port`` (found by its command line) and its
    children, or [] when it cannot be told."""
    pids = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        pids[int(entry.name)] = (command, parent)
    found = {
        pid
        for pid, (command, _parent) in pids.items()
        if f":{port}" in command and ("gunicorn" in command or "uvicorn" in command)
    }
    # Their descendants too: the server's worker processes.
    while True:
        more = {pid for pid, (_c, parent) in pids.items() if parent in found} - found
        if not more:
            return sorted(found)
        found |= more


def cpu_seconds(pids):
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / ticks


async def create_session(browser, players, questions):
    """The teacher's address of a new session for ``players`` phones, or None."""
    await browser.request("host", "GET", "/en/club/")
    form = {
        "game": "coinche",
        "profile": "federation",
        "count": str(questions),
        "difficulty": "1",
        "seconds": "",
        # Every phone of this test comes from one address.
        "per_network": str(players),
    }
    status, _, headers = await browser.request("host", "POST", "/en/club/", form)
    if status != 302:
        print("could not create a session:", status)
        return None
    return headers["location"]


def join_code(host):
    return host.rstrip("/").split("/")[-2]


async def teacher(target, stats, args, done, started, pids):
    """Runs the session; sets ``started`` to the join code, or to None when creating fails."""
    browser = Browser(*target, stats)
    host = await create_session(browser, args.players, args.questions)
    if host is None:
        started.set_result(None)
        return
    started.set_result(join_code(host))
    await browser.request("host", "GET", host)
    watcher = asyncio.create_task(presenter(browser, host, args.poll, done))
    await asyncio.sleep(args.join_time)
    version = 0

    async def move(action):
        nonlocal version
        version += 1
        if pids:
            stats.cpu.append(cpu_seconds(pids))
        stats.moves[version] = time.monotonic()
        await browser.request(action, "POST", f"{host}{action}/", {}, {"HX-Request": "true"})

    await move("start")
    for question in range(args.questions):
        await asyncio.sleep(args.seconds)
        await move("reveal")
        await asyncio.sleep(args.seconds / 2)
        # To the scoreboard, and from it to the next question (after the last: the podium).
        await move("next")
        if question < args.questions - 1:
            await asyncio.sleep(args.seconds / 4)
            await move("next")
    await asyncio.sleep(POLL_EVERY * 2)
    if pids:
        stats.cpu.append(cpu_seconds(pids))
    done.set()
    watcher.cancel()


async def presenter(browser, host, poll, done):
    """The presenter's live region: its stream (read and dropped), or its polls."""
    if poll:
        etag = None
        while not done.is_set():
            extra = {"HX-Request": "true", **({"If-None-Match": etag} if etag else {})}
            status, _, headers = await browser.request(
                "projector", "GET", host + "live/", headers=extra
            )
            if status == 200:
                etag = headers.get("etag")
            await asyncio.sleep(PRESENTER_EVERY)
        return
    opened = await browser.stream("projector", host + "events/")
    if opened is None:
        return
    events, writer, _retry = opened
    try:
        while await events.next():
            pass
    except (OSError, asyncio.IncompleteReadError):
        pass
    finally:
        writer.close()


async def watch_lag(stats, done):
    """How late the loop wakes up from a 50 ms sleep: the client's own saturation."""
    while not done.is_set():
        before = time.perf_counter()
        await asyncio.sleep(0.05)
        stats.lag.append(time.perf_counter() - before - 0.05)


async def run(args, target):
    stats, done = Stats(), asyncio.Event()
    started = asyncio.get_running_loop().create_future()
    pids = server_processes(target[1])
    tasks = [
        asyncio.create_task(teacher(target, stats, args, done, started, pids)),
        asyncio.create_task(watch_lag(stats, done)),
    ]
    code = await started
    if code is None:
        return stats
    phone = polling_phone if args.poll else pushed_phone
    # The phones arrive on a fixed schedule over the first half of the joining time: a room's
    # people do not scan the code more slowly because the server (or this client) is busy. A
    # plain sleep between arrivals would stretch the schedule under load (by 40 % at 2,000
    # phones), and measure a gentler room than the one asked for.
    loop = asyncio.get_running_loop()
    began, every = loop.time(), args.join_time / 2 / args.players
    for number in range(args.players):
        tasks.append(asyncio.create_task(phone(number, code, target, stats, done, args)))
        await asyncio.sleep(max(0.0, began + (number + 1) * every - loop.time()))
    stats.arriving = (args.players, loop.time() - began)
    await asyncio.gather(*tasks)
    return stats


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--questions", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=12, help="time each question stays open")
    parser.add_argument("--join-time", type=float, default=15, help="time players have to join")
    parser.add_argument("--drop", type=float, default=0.1, help="share of phones that reconnect")
    parser.add_argument(
        "--answer-within",
        type=float,
        default=3,
        help="each phone answers 0 to this many seconds after the question reaches it",
    )
    parser.add_argument("--poll", action="store_true", help="phones poll, without streams")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    url = urlsplit(args.url)
    if url.hostname not in LOOPBACK:
        sys.exit("load_club.py only runs against a server on this machine (loopback).")
    if not 1 <= args.players <= MAX_PLAYERS:
        sys.exit(f"--players must be between 1 and {MAX_PLAYERS}.")
    if not 0 <= args.drop <= 1:
        sys.exit("--drop is a share, between 0 and 1.")
    if not 0 <= args.answer_within < args.seconds:
        sys.exit("--answer-within must be at least 0 and less than --seconds.")
    budget = args.join_time + args.questions * args.seconds * 1.75 + 10
    if budget > MAX_SECONDS:
        sys.exit(f"This run would last {budget:.0f} s; the limit is {MAX_SECONDS} s.")
    began = time.time()
    try:
        target = (url.hostname, url.port or 80)
        stats = asyncio.run(asyncio.wait_for(run(args, target), budget + 60))
    except TimeoutError:
        sys.exit("The run went past its time limit.")
    summary = stats.summary(time.time() - began)
    report(summary)
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=1))
    sys.exit(1 if stats.errors or not stats.arrivals else 0)


if __name__ == "__main__":
    main()
