"""Faults in the middle of a club session: every answer is recorded exactly once.

Run on demand, against a PostgreSQL database this test may fill, in a cluster it may
restart (as root, or as the cluster's owner)::

    ATOUT_FAULT_DATABASE_URL=postgres://user:pass@127.0.0.1:5439/atout_faults \\
        .venv/bin/pytest -m fault tests/test_faults.py -s

It restarts the cluster that listens on the URL's port (``pg_lsclusters``), and only that
one: on a shared machine give it a cluster of its own (``pg_createcluster 15 fault --port
5439``). It starts the production stack itself, ``make serve``'s own command (gunicorn with
uvicorn's workers, ``tutor.asgi``; tests/servers.py) with two workers on port
``ATOUT_FAULT_PORT`` (8122 by default), and runs one question per fault while twelve phones
answer with retries, as the real phones' htmx does after an error: no fault, every server
process killed at once (SIGKILL to gunicorn's process group) and started again, gunicorn
stopped gracefully (SIGTERM) and started again, PostgreSQL restarted. The teacher presses
"next" until a question is open (after a reveal comes the scoreboard), and each fault is
checked to strike while that question is open and to be felt: a phone's request failed
during it. At the end each phone has exactly one answer per question in the database, and
every answer acknowledged with 200 is there. Skipped when the variable is not set.
"""

import os
import random
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from pathlib import Path

import pytest
from servers import Server

DATABASE_URL = os.environ.get("ATOUT_FAULT_DATABASE_URL", "")
PORT = int(os.environ.get("ATOUT_FAULT_PORT", "8122"))
ROOT = Path(__file__).resolve().parent.parent
BASE = f"http://127.0.0.1:{PORT}"
PHONES = 12
FAULTS = ["none", "kill the server", "stop gunicorn", "restart postgresql"]

pytestmark = [
    pytest.mark.fault,
    pytest.mark.skipif(not DATABASE_URL, reason="set ATOUT_FAULT_DATABASE_URL to run"),
]


class Browser:
    """Cookies and the CSRF header, like a phone's browser with htmx.

    The site's cookies are Secure with DEBUG off, so the requests say they came through an
    HTTPS proxy (X-Forwarded-Proto, Referer) and the cookies are kept by hand.
    """

    def __init__(self):
        self.cookies: dict[str, str] = {}
        self.opener = urllib.request.build_opener(NoRedirect)

    def send(self, path: str, data: dict | list | None = None) -> tuple[int, str]:
        body = None if data is None else urllib.parse.urlencode(data, doseq=True).encode()
        headers = {
            "X-Forwarded-Proto": "https",
            "Referer": f"https://127.0.0.1:{PORT}/",
            "X-CSRFToken": self.cookies.get("csrftoken", ""),
            "Cookie": "; ".join(f"{name}={value}" for name, value in self.cookies.items()),
        }
        request = urllib.request.Request(BASE + path, body, headers)
        try:
            response = self.opener.open(request, timeout=15)
        except urllib.error.HTTPError as error:
            response = error
        with response:
            self.location = response.headers.get("Location", "")
            for header in response.headers.get_all("Set-Cookie") or []:
                name, _sep, rest = header.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
            return response.status, response.read().decode(errors="replace")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def restart_postgresql():
    """Restarts the cluster the database URL names by its port, not any other."""
    port = str(urllib.parse.urlsplit(DATABASE_URL).port or 5432)
    for line in subprocess.check_output(["pg_lsclusters", "-h"], text=True).splitlines():
        version, cluster, cluster_port = line.split()[:3]
        if cluster_port == port:
            subprocess.run(["pg_ctlcluster", version, cluster, "restart"], check=True)
            return
    raise AssertionError(f"no PostgreSQL cluster of this machine listens on port {port}")


def answer_with_retries(phone, code, acknowledged, index, failures, timeline):
    """Sends the first choice shown until the server says 200 (recorded) or 409 (already);
    notes in ``timeline`` when it began and when an answer was acknowledged.

    Phones start within 1.5 s, so some answer before the fault, some during, some after.
    """
    time.sleep(random.uniform(0, 1.5))
    timeline["started"].append(time.monotonic())
    for _attempt in range(200):
        try:
            status, page = phone.send(f"/en/club/play/{code}/")
        except OSError:
            failures.append("connection")
            time.sleep(0.2)
            continue
        field = re.search(r'name="(choice|card)" value="([^"]+)"', page)
        if status == 200 and "data-answered" in page:
            # An earlier attempt was recorded, its answer lost on the way back.
            return
        if status != 200 or field is None:
            time.sleep(0.2)
            continue
        try:
            status, _page = phone.send(f"/en/club/play/{code}/answer/", [field.groups()])
        except OSError:
            status = None
        if status == 200:
            acknowledged[index] += 1
            timeline["recorded"].append(time.monotonic())
            return
        if status == 409:
            return
        failures.append(status or "connection")
        time.sleep(0.2)
    raise AssertionError("a phone could not answer")


def teacher_action(teacher, path):
    """A button on the projector, pressed again until the server answers (it may be down)."""
    for _attempt in range(100):
        try:
            if teacher.send(path, {})[0] in (200, 302):
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"the teacher could not press {path}")


def phase(teacher, host) -> tuple[str, str]:
    """What the presenter shows: the phase, and the question's number ("" outside one)."""
    status, page = teacher.send(host)
    assert status == 200, status
    shown = re.search(r'data-phase="(\w+)"', page).group(1)
    number = re.search(r"Question (\d+) of", page)
    return shown, number.group(1) if number else ""


def open_next_question(teacher, host) -> str:
    """Presses start or next until a question is open (after a reveal, "next" shows the
    scoreboard first); returns its number."""
    for _press in range(3):
        shown, number = phase(teacher, host)
        if shown == "question":
            return number
        teacher_action(teacher, host + ("start/" if shown == "lobby" else "next/"))
    raise AssertionError(f"no question opened (the presenter shows {shown})")


def test_every_answer_is_recorded_exactly_once_through_faults():
    import psycopg

    env = {
        **os.environ,
        "DJANGO_DEBUG": "0",
        "SECRET_KEY": "fault-test-" + "k" * 50,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_HSTS_SECONDS": "0",
        "DATABASE_URL": DATABASE_URL,
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    for args in (["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"]):
        subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)
    server = Server(env, PORT, WORKERS=2)
    server.start()
    try:
        teacher = Browser()
        teacher.send("/en/club/")
        create = {"game": "chouine", "profile": "chouine", "topics": "chouine_play"}
        create.update({"count": str(len(FAULTS)), "difficulty": "1", "seconds": ""})
        status, page = teacher.send("/en/club/", create)
        assert status == 302, page[:500]
        host = teacher.location
        code = host.split("/")[4]
        phones = [Browser() for _phone in range(PHONES)]
        for number, phone in enumerate(phones):
            phone.send(f"/en/club/join/?code={code}")
            data = {"code": code, "nickname": f"Phone {number}", "lang": "en"}
            assert phone.send("/en/club/join/", data)[0] == 302
        acknowledged = [0] * PHONES
        failures = {fault: [] for fault in FAULTS}
        struck = {}
        timelines = {fault: {"started": [], "recorded": []} for fault in FAULTS}
        began_at = {}
        for fault in FAULTS:
            number = open_next_question(teacher, host)
            timeline = timelines[fault]
            threads = [
                threading.Thread(
                    target=answer_with_retries,
                    args=(phone, code, acknowledged, index, failures[fault], timeline),
                )
                for index, phone in enumerate(phones)
            ]
            for thread in threads:
                thread.start()
            # The fault strikes while the question is open, once a few phones are answering
            # (most of them still to come).
            for _wait in range(1500):
                if len(timeline["started"]) >= 3:
                    break
                time.sleep(0.02)
            struck[fault] = (number, *phase(teacher, host))
            began_at[fault] = time.monotonic()
            if fault == "kill the server":
                server.kill()
                server.start()
            elif fault == "stop gunicorn":
                server.stop()
                server.start()
            elif fault == "restart postgresql":
                restart_postgresql()
            for thread in threads:
                thread.join(timeout=120)
            teacher_action(teacher, host + "reveal/")
    finally:
        server.stop()
    with psycopg.connect(DATABASE_URL) as connection:
        rows = connection.execute(
            "SELECT p.nickname, count(*) FROM club_answer a JOIN club_player p"
            " ON p.id = a.player_id JOIN club_clubsession s ON s.id = p.session_id"
            " WHERE s.code = %s GROUP BY p.nickname",
            [code],
        ).fetchall()
    per_phone = dict(rows)
    print(f"answers per phone: {per_phone}; acknowledged with 200: {acknowledged}")
    print("failed attempts, retried, per fault:", {k: Counter(v) for k, v in failures.items()})
    print("question open when each fault struck (number, phase, number shown):", struck)
    # Each fault struck in the middle of the answers: phones had begun before it, and others
    # had their answers acknowledged after it began (through new server processes, or new
    # database connections: a restart of PostgreSQL ends every connection the pool held).
    during = {
        fault: (
            sum(t < began for t in timelines[fault]["started"]),
            sum(t > began for t in timelines[fault]["recorded"]),
        )
        for fault, began in began_at.items()
    }
    print("phones begun before each fault, answers acknowledged after it began:", during)
    assert all(before >= 3 and after >= 1 for before, after in during.values()), during
    # The server's faults were felt: a phone's request failed while it struck (and was retried).
    assert failures["kill the server"] and failures["stop gunicorn"], failures
    assert struck == {
        fault: (str(number), "question", str(number)) for number, fault in enumerate(FAULTS, 1)
    }
    assert per_phone == {f"Phone {number}": len(FAULTS) for number in range(PHONES)}
    assert all(count <= len(FAULTS) for count in acknowledged)
