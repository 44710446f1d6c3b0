"""Load test for club sessions: N phones polling and answering while a teacher runs a session.

Runs against a server already started on this machine (loopback only), e.g.::

    SECRET_KEY=… SECURE_SSL_REDIRECT=0 DATABASE_URL=postgres://… make serve PORT=8000
    python scripts/load_club.py --url http://127.0.0.1:8000 --players 1000

Every player joins, polls its live region at the interval the page sets (the server
draws it between 1.6 and 2.4 s, as htmx's ``hx-trigger="every …ms"``) with the ETag it
holds and answers each question once; the teacher polls the presenter every second,
opens each question for ``--seconds``, reveals it, shows the scoreboard and moves on.
Prints request counts, errors and latency percentiles; exits 1 on any error. Bounded:
at most 2000 players and 10 minutes.

One process, one asyncio event loop, no thread per phone: a client of 300
Python threads takes the cores and the GIL from the server it measures. Each
phone keeps its connection open between requests, as a browser does, and opens
a new one when the server has closed it (its keep-alive is shorter than the
poll); a request's latency is timed from before the send (and the connect, if
any) to the last byte read. The loop's own lag is reported too: when it is high,
the client, not the server, was the bottleneck.
"""

import argparse
import asyncio
import random
import re
import sys
import time
from urllib.parse import urlencode, urlsplit

MAX_PLAYERS = 2000
MAX_SECONDS = 600
POLL_EVERY = 2.0
PRESENTER_EVERY = 1.0
TIMEOUT = 30
LOOPBACK = {"127.0.0.1", "localhost", "::1"}


class Stats:
    def __init__(self):
        self.times: dict[str, list[float]] = {}
        self.statuses: dict[object, int] = {}
        self.errors: list[str] = []
        self.lag: list[float] = []

    def record(self, kind, elapsed, status, error=None):
        self.times.setdefault(kind, []).append(elapsed)
        self.statuses[status] = self.statuses.get(status, 0) + 1
        if error:
            self.errors.append(error)

    def report(self, wall):
        everything = sorted(t for times in self.times.values() for t in times)
        print(f"requests: {len(everything)} in {wall:.1f} s ({len(everything) / wall:.0f}/s)")
        print(f"statuses: {dict(sorted(self.statuses.items(), key=str))}")
        print(f"latency ms, all: {_percentiles(everything)}")
        for kind, times in sorted(self.times.items()):
            print(f"  {kind:<12} {len(times):>6}  {_percentiles(sorted(times))}")
        print(f"client loop lag ms: {_percentiles(sorted(self.lag))}")
        print(f"errors: {len(self.errors)}")
        for error in self.errors[:10]:
            print("  ", error)


def _percentiles(times):
    if not times:
        return "-"

    def pct(p):
        return times[min(len(times) - 1, int(p * len(times)))] * 1000

    return f"p50 {pct(0.5):.1f}  p95 {pct(0.95):.1f}  p99 {pct(0.99):.1f}  max {pct(1.0):.1f}"


class Browser:
    """One phone (or the projector): its own cookies, CSRF token and keep-alive connection."""

    def __init__(self, host, port, stats):
        self.host, self.port, self.stats = host, port, stats
        self.cookies: dict[str, str] = {}
        self.connection = None

    async def request(self, kind, method, path, form=None, headers=None, ok=(200, 302, 304)):
        """(status, body, headers), the latency recorded under ``kind``; status None on failure."""
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
        raw = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
        started = time.perf_counter()
        try:
            status, head, data = await asyncio.wait_for(self._exchange(raw), TIMEOUT)
        except (OSError, ValueError, TimeoutError) as error:
            self._drop()
            elapsed = time.perf_counter() - started
            self.stats.record(kind, elapsed, None, f"{method} {path}: {error!r}")
            return None, "", {}
        elapsed = time.perf_counter() - started
        for name, value in head:
            if name == "set-cookie":
                cookie, _, rest = value.partition("=")
                self.cookies[cookie] = rest.split(";", 1)[0]
        error = None if status in ok else f"{method} {path}: {status}"
        self.stats.record(kind, elapsed, status, error)
        return status, data, dict(head)

    def _drop(self):
        if self.connection is not None:
            self.connection[1].close()
            self.connection = None

    async def _exchange(self, raw):
        """Sends on the open connection, as a browser reuses its keep-alive connection; when
        the server has closed it meanwhile (its keep-alive ran out before the request
        reached it), once more on a new one."""
        if self.connection is not None:
            try:
                return await self._send(raw)
            except (ConnectionError, asyncio.IncompleteReadError):
                self._drop()
        self.connection = await asyncio.open_connection(self.host, self.port)
        return await self._send(raw)

    async def _send(self, raw):
        reader, writer = self.connection
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
            self._drop()
        return status, headers, body.decode()


def answer_for(page):
    """A plausible answer read from the form: players are not meant to be right here."""
    choices = re.findall(r'name="choice" value="([^"]+)"', page)
    if choices:
        return {"choice": random.choice(choices)}
    cards = re.findall(r'name="card" value="([^"]+)"', page)
    if cards:
        return {"card": random.sample(cards, random.randint(1, len(cards)))}
    sides = re.findall(r'name="(score_[^"]+)"', page)
    if sides:
        return {side: str(random.randrange(0, 300, 10)) for side in sides}
    return {"number": str(random.randrange(0, 60))}


def poll_pause(page, current):
    """The interval the last page set (htmx re-arms its trigger on every swap)."""
    every = re.search(r'hx-trigger="every (\d+)ms"', page) if page else None
    return int(every[1]) / 1000 if every else current


async def player(number, code, target, stats, done):
    browser = Browser(*target, stats)
    await browser.request("join", "GET", "/en/club/join/")
    lang = random.choice(["pt", "es", "ro", "fr", "en"])
    form = {"code": code, "nickname": f"player{number}", "lang": lang}
    status, _, headers = await browser.request("join", "POST", "/en/club/join/", form)
    if status != 302:
        return
    play = headers["location"]
    etag, answered, pause = None, set(), POLL_EVERY
    await asyncio.sleep(random.random() * POLL_EVERY)
    while not done.is_set():
        extra = {"HX-Request": "true", **({"If-None-Match": etag} if etag else {})}
        status, page, headers = await browser.request("poll", "GET", play + "live/", headers=extra)
        if status == 200:
            etag = headers.get("etag")
            pause = poll_pause(page, pause)
            phase = re.search(r'data-phase="(\w+)"', page)
            if phase and phase[1] == "finished":
                return
            if phase and phase[1] == "question" and 'name="csrfmiddlewaretoken"' in page:
                key = re.search(r'data-number="(\d+)"', page)[1]
                if key not in answered:
                    answered.add(key)
                    await asyncio.sleep(random.random() * 3)
                    # The form inherits the live region's hx-headers, so htmx sends the
                    # ETag with the answer too; it swaps the answer's response in, with the
                    # ETag that carries.
                    status, _, headers = await browser.request(
                        "answer",
                        "POST",
                        play + "answer/",
                        answer_for(page),
                        headers={"HX-Request": "true", "If-None-Match": etag},
                    )
                    if status == 200:
                        etag = headers.get("etag")
        await asyncio.sleep(pause)


async def teacher(target, stats, args, done, started):
    """Runs the session; sets ``started`` to the join code, or to None when creating fails."""
    browser = Browser(*target, stats)
    await browser.request("host", "GET", "/en/club/")
    form = {
        "game": "coinche",
        "profile": "federation",
        "count": str(args.questions),
        "difficulty": "1",
        "seconds": "",
        # Every phone of this test comes from one address.
        "per_network": str(args.players),
    }
    status, _, headers = await browser.request("host", "POST", "/en/club/", form)
    if status != 302:
        print("could not create a session:", status)
        started.set_result(None)
        return
    host = headers["location"]
    started.set_result(host.rstrip("/").split("/")[-2])
    await asyncio.sleep(args.join_time)
    await browser.request("host", "POST", host + "start/", {})
    etag = None

    async def watch(seconds):
        nonlocal etag
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            extra = {"HX-Request": "true", **({"If-None-Match": etag} if etag else {})}
            status, _, headers = await browser.request(
                "projector", "GET", host + "live/", headers=extra
            )
            if status == 200:
                etag = headers.get("etag")
            await asyncio.sleep(PRESENTER_EVERY)

    for question in range(args.questions):
        await watch(args.seconds)
        await browser.request("reveal", "POST", host + "reveal/", {}, {"HX-Request": "true"})
        await watch(args.seconds / 2)
        # To the scoreboard, and from it to the next question (after the last: the podium).
        await browser.request("next", "POST", host + "next/", {}, {"HX-Request": "true"})
        if question < args.questions - 1:
            await watch(args.seconds / 4)
            await browser.request("next", "POST", host + "next/", {}, {"HX-Request": "true"})
    await watch(POLL_EVERY * 2)
    done.set()


async def watch_lag(stats, done):
    """How late the loop wakes up from a 50 ms sleep: the client's own saturation."""
    while not done.is_set():
        before = time.perf_counter()
        await asyncio.sleep(0.05)
        stats.lag.append(time.perf_counter() - before - 0.05)


async def run(args, target):
    stats, done = Stats(), asyncio.Event()
    started = asyncio.get_running_loop().create_future()
    tasks = [
        asyncio.create_task(teacher(target, stats, args, done, started)),
        asyncio.create_task(watch_lag(stats, done)),
    ]
    code = await started
    if code is None:
        return stats
    for number in range(args.players):
        tasks.append(asyncio.create_task(player(number, code, target, stats, done)))
        await asyncio.sleep(args.join_time / 2 / args.players)
    await asyncio.gather(*tasks)
    return stats


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--questions", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=12, help="time each question stays open")
    parser.add_argument("--join-time", type=float, default=15, help="time players have to join")
    args = parser.parse_args()
    url = urlsplit(args.url)
    if url.hostname not in LOOPBACK:
        sys.exit("load_club.py only runs against a server on this machine (loopback).")
    if not 1 <= args.players <= MAX_PLAYERS:
        sys.exit(f"--players must be between 1 and {MAX_PLAYERS}.")
    budget = args.join_time + args.questions * args.seconds * 1.75 + 10
    if budget > MAX_SECONDS:
        sys.exit(f"This run would last {budget:.0f} s; the limit is {MAX_SECONDS} s.")
    began = time.time()
    try:
        target = (url.hostname, url.port or 80)
        stats = asyncio.run(asyncio.wait_for(run(args, target), budget + 60))
    except TimeoutError:
        sys.exit("The run went past its time limit.")
    stats.report(time.time() - began)
    sys.exit(1 if stats.errors or not stats.times.get("poll") else 0)


if __name__ == "__main__":
    main()
