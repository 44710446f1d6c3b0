"""Two app server processes on different ports share one database and serve one session: the
teacher on one, a phone on the other, as `make serve` runs them (gunicorn, uvicorn's worker,
tutor/asgi.py). Each process keeps its own phase cache and pulse, so this checks that nothing a
process remembers hides a move made through the other: on the phone's polls, and on its event
stream, which hears the other process's moves through PostgreSQL (LISTEN/NOTIFY)."""

import http.client
import os
import queue
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.db import connection

from tutor.club import codes

from .conftest import create, right_answer

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]


def database_url() -> str:
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    return (
        f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or 'localhost'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}"
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def servers(django_db_setup):
    """Two servers of one process each on the test database; yields their base URLs."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update(DJANGO_DEBUG="1", DATABASE_URL=database_url())
    started = []
    for _server in range(2):
        port = free_port()
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "tutor.asgi", "--bind", f"127.0.0.1:{port}"]
            + ["-k", "uvicorn_worker.UvicornWorker", "--workers", "1", "--graceful-timeout", "2"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        started.append((process, f"http://127.0.0.1:{port}"))
    try:
        for process, url in started:
            for _attempt in range(100):
                try:
                    urllib.request.urlopen(url + "/en/club/", timeout=20)
                    break
                except OSError:
                    assert process.poll() is None, process.stderr.read().decode()
                    time.sleep(0.1)
        yield [url for _process, url in started]
    finally:
        for process, _url in started:
            process.terminate()
            process.wait(timeout=10)


class Browser:
    """Cookies and the CSRF header, as a browser with htmx would send them."""

    def __init__(self, base):
        self.base, self.jar = base, CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path, etag=None):
        headers = {"HX-Request": "true", **({"If-None-Match": etag} if etag else {})}
        try:
            response = self.opener.open(urllib.request.Request(self.base + path, headers=headers))
        except urllib.error.HTTPError as error:
            return error.code, "", error.headers.get("ETag")
        return response.status, response.read().decode(), response.headers.get("ETag")

    def post(self, path, data):
        token = next((c.value for c in self.jar if c.name == "csrftoken"), "")
        request = urllib.request.Request(
            self.base + path,
            data=urlencode(data, doseq=True).encode(),
            headers={"HX-Request": "true", "X-CSRFToken": token},
        )
        response = self.opener.open(request)
        return response.status, response.read().decode()


def until(check, seconds=5.0):
    """Polls ``check`` as a phone would until it returns something true."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError("the other process never showed the change")


def test_a_teacher_on_one_server_and_a_phone_on_the_other_run_one_session(servers):
    from django.test import Client

    session = create(Client())
    key = codes.teacher_key(session)
    teacher, phone = Browser(servers[0]), Browser(servers[1])
    host = f"/en/club/host/{session.code}/{key}/"
    assert teacher.get(host)[0] == 200
    phone.get("/fr/club/join/")
    status, page = phone.post(
        "/fr/club/join/", {"code": session.code, "nickname": "Ana", "lang": "fr"}
    )
    assert 'data-phase="lobby"' in page
    live = f"/fr/club/play/{session.code}/live/"
    _status, _page, etag = phone.get(live)
    assert phone.get(live, etag)[0] == 304
    until(lambda: 'data-players="1"' in teacher.get(host + "live/")[1])

    teacher.post(host + "start/", {})
    # The phone's server answered 304 from its pulse; it must see the question within a poll.
    question = until(lambda: (lambda r: r[0] == 200 and r)(phone.get(live, etag)))
    assert 'data-phase="question"' in question[1]
    data = right_answer(session.questions.get(position=0))
    status, page = phone.post(f"/fr/club/play/{session.code}/answer/", data)
    assert status == 200 and "data-answered" in page
    until(lambda: 'data-answers="1"' in teacher.get(host + "live/")[1])

    teacher.post(host + "reveal/", {})
    revealed = until(lambda: (lambda r: "data-result=" in r[1] and r)(phone.get(live, etag)))
    assert re.search(r'data-result="right"', revealed[1])
    # A late answer on the phone's server is refused: the reveal happened on the other one.
    late = phone.opener.open
    request = urllib.request.Request(
        phone.base + f"/fr/club/play/{session.code}/answer/",
        data=urlencode(data, doseq=True).encode(),
        headers={
            "HX-Request": "true",
            "X-CSRFToken": next(c.value for c in phone.jar if c.name == "csrftoken"),
        },
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        late(request)
    assert refused.value.code == 409


class Events:
    """An event stream read on a thread, as EventSource reads it: (event, id, data) in a queue."""

    def __init__(self, base, path, cookies):
        host, port = base.removeprefix("http://").split(":")
        self.connection = http.client.HTTPConnection(host, int(port), timeout=30)
        self.connection.request("GET", path, headers={"Cookie": cookies})
        self.response = self.connection.getresponse()
        assert self.response.status == 200, self.response.status
        self.events: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        event = {}
        for raw in self.response:
            line = raw.decode().rstrip("\n")
            if not line:
                if "event" in event:
                    self.events.put((event["event"], event.get("id"), event.get("data", "")))
                event = {}
            elif not line.startswith(":"):
                name, _, value = line.partition(": ")
                # The lines of one event's data join with line breaks.
                event[name] = f"{event[name]}\n{value}" if name in event else value

    def next(self, seconds=5.0):
        return self.events.get(timeout=seconds)


def test_a_phones_stream_on_one_server_shows_every_move_made_on_the_other(servers):
    if connection.vendor != "postgresql":
        pytest.skip("processes share their moves through PostgreSQL (SQLite: one process)")
    from django.test import Client

    session = create(Client(), count="2")
    key = codes.teacher_key(session)
    teacher, phone = Browser(servers[0]), Browser(servers[1])
    host = f"/en/club/host/{session.code}/{key}/"
    teacher.get(host)
    phone.get("/ro/club/join/")
    phone.post("/ro/club/join/", {"code": session.code, "nickname": "Ioana", "lang": "ro"})
    cookies = "; ".join(f"{cookie.name}={cookie.value}" for cookie in phone.jar)
    stream = Events(servers[1], f"/ro/club/play/{session.code}/events/?v=0", cookies)
    assert stream.next()[0] == "ready"
    phases = []
    for action in ["start", "reveal", "next", "next", "reveal", "next"]:
        teacher.post(host + action + "/", {})
        event, version, data = stream.next()
        phases.append(re.search(r'data-phase="(\w+)"', data)[1])
        assert event == "live" and f'data-version="{version}"' in data
    assert phases == ["question", "reveal", "scoreboard", "question", "reveal", "finished"]
    assert stream.next()[0] == "end"
