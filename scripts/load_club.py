"""Load test for club sessions: N phones polling and answering while a teacher runs a session.

Runs against a server already started on this machine (loopback only), e.g.::

    DATABASE_URL=postgres://… gunicorn tutor.wsgi -k gthread -w 4 --threads 8 -b 127.0.0.1:8000
    python scripts/load_club.py --url http://127.0.0.1:8000 --players 300

Every player joins, polls its live region every 2 s with the ETag it holds and
answers each question once; the teacher polls the projector, opens each question
for ``--seconds`` and reveals it. Prints request counts, errors and latency
percentiles; exits 1 on any error. Bounded: at most 2000 players and 10 minutes.
"""

import argparse
import http.client
import random
import re
import sys
import threading
import time
from urllib.parse import urlencode, urlsplit

MAX_PLAYERS = 2000
MAX_SECONDS = 600
POLL_EVERY = 2.0
LOOPBACK = {"127.0.0.1", "localhost", "::1"}


class Browser:
    """One phone: its own cookies and CSRF token. A fresh connection per request, as a
    phone polling every 2 s outlives the server's keep-alive anyway."""

    def __init__(self, host, port, stats):
        self.host, self.port, self.stats = host, port, stats
        self.cookies = {}

    def request(self, method, path, body=None, headers=None, ok=(200, 302, 304)):
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
            body = urlencode(body, doseq=True)
        started = time.perf_counter()
        conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            data = response.read().decode()
        except (OSError, http.client.HTTPException) as error:
            self.stats.record(time.perf_counter() - started, f"{method} {path}: {error}")
            return None, "", {}
        finally:
            conn.close()
        elapsed = time.perf_counter() - started
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        error = None if response.status in ok else f"{method} {path}: {response.status}"
        self.stats.record(elapsed, error, response.status)
        return response.status, data, dict(response.getheaders())


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.times, self.errors, self.statuses = [], [], {}

    def record(self, elapsed, error=None, status=None):
        with self.lock:
            self.times.append(elapsed)
            self.statuses[status] = self.statuses.get(status, 0) + 1
            if error:
                self.errors.append(error)

    def report(self, wall):
        times = sorted(self.times)

        def pct(p):
            return times[min(len(times) - 1, int(p * len(times)))] * 1000 if times else 0

        print(f"requests: {len(times)} in {wall:.1f} s ({len(times) / wall:.0f}/s)")
        print(f"statuses: {dict(sorted(self.statuses.items(), key=str))}")
        print(
            f"latency ms: p50 {pct(0.5):.1f}  p95 {pct(0.95):.1f}  p99 {pct(0.99):.1f}  "
            f"max {pct(1.0):.1f}"
        )
        print(f"errors: {len(self.errors)}")
        for error in self.errors[:10]:
            print("  ", error)


def csrf(browser, path):
    browser.request("GET", path)


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


def player(number, code, target, stats, done):
    browser = Browser(*target, stats)
    csrf(browser, "/en/club/join/")
    lang = random.choice(["pt", "es", "ro", "fr", "en"])
    status, _, headers = browser.request(
        "POST", "/en/club/join/", {"code": code, "nickname": f"player{number}", "lang": lang}
    )
    if status != 302:
        return
    live = headers["Location"] + "live/"
    etag, answered = None, set()
    time.sleep(random.random() * POLL_EVERY)
    while not done.is_set():
        extra = {"HX-Request": "true", **({"If-None-Match": etag} if etag else {})}
        status, page, headers = browser.request("GET", live, headers=extra)
        if status == 200:
            etag = headers.get("ETag")
            phase = re.search(r'data-phase="(\w+)"', page)
            title = re.search(r"Question (\d+) of", page)
            if phase and phase[1] == "question" and 'name="csrfmiddlewaretoken"' in page:
                key = title[1] if title else page[:40]
                if key not in answered:
                    answered.add(key)
                    time.sleep(random.random() * 3)
                    browser.request(
                        "POST",
                        live[: -len("live/")] + "answer/",
                        answer_for(page),
                        headers={"HX-Request": "true"},
                    )
            if phase and phase[1] == "finished":
                return
        time.sleep(POLL_EVERY)


def teacher(target, stats, args, done, ready):
    browser = Browser(*target, stats)
    csrf(browser, "/en/club/")
    status, _, headers = browser.request(
        "POST",
        "/en/club/",
        {
            "game": "coinche",
            "profile": "federation",
            "count": str(args.questions),
            "difficulty": "1",
            "seconds": "",
        },
    )
    if status != 302:
        print("could not create a session:", status)
        done.set()
        ready.set()
        return
    host = headers["Location"]
    ready.code = host.rstrip("/").split("/")[-2]
    ready.set()
    time.sleep(args.join_time)
    browser.request("POST", host + "start/", {})
    for _question in range(args.questions):
        end = time.time() + args.seconds
        while time.time() < end:
            browser.request("GET", host + "live/", headers={"HX-Request": "true"})
            time.sleep(POLL_EVERY)
        browser.request("POST", host + "reveal/", {})
        time.sleep(args.seconds / 2)
        browser.request("POST", host + "next/", {})
    time.sleep(POLL_EVERY * 2)
    done.set()


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
    budget = args.join_time + args.questions * args.seconds * 1.5 + 10
    if budget > MAX_SECONDS:
        sys.exit(f"This run would last {budget:.0f} s; the limit is {MAX_SECONDS} s.")
    target = (url.hostname, url.port or 80)
    stats, done, ready = Stats(), threading.Event(), threading.Event()
    started = time.time()
    threading.Thread(target=teacher, args=(target, stats, args, done, ready)).start()
    ready.wait()
    if done.is_set():
        sys.exit(1)
    threads = []
    for number in range(args.players):
        thread = threading.Thread(target=player, args=(number, ready.code, target, stats, done))
        thread.start()
        threads.append(thread)
        time.sleep(args.join_time / 2 / args.players)
    done.wait(MAX_SECONDS)
    for thread in threads:
        thread.join(timeout=60)
    stats.report(time.time() - started)
    sys.exit(1 if stats.errors else 0)


if __name__ == "__main__":
    main()
