"""Fuzz run: hostile HTTP requests against a real server, hostile input to the command line.

    DATABASE_URL=postgres://… python scripts/fuzz.py --port 8120 --requests 10000 --cli 2000

Starts the production stack itself, ``make serve``'s own command (gunicorn with uvicorn's
workers, ``tutor.asgi``: tests/servers.py; ``DJANGO_DEBUG=0``, ``--workers`` processes of the
Makefile's threads, its log in a temporary file), creates a club session with a player, a
score sheet with a deal, a self-test, a played deal, a game and two counting drills so the
fuzz also reaches the pages behind them, then sends ``--requests`` requests drawn by the
suite's strategies (tests/strategies.py: every route, every form's fields, bodies Django
cannot parse; a third of them aimed at the numeric and JSON inputs with digits of other
scripts, signs, spaces, thousands of digits, deep or huge JSON, forged phone ETags and NUL
in cookies) and counts the statuses, the 5xx and the tracebacks in the server's log. An
event stream that opens (a live page's ``/events/``) is counted by its status once its
first bytes arrive, then closed. Then ``--cli`` standard inputs go through the command line
in this process (house-rule codes with such numbers among them), a tenth of them also as a
real ``python -m tutor.rules`` with a strict UTF-8 locale; it counts exit statuses,
``internal_error`` answers and tracebacks. Without ``DATABASE_URL`` the server uses a
throwaway SQLite file. Prints the figures and the machine's load; exits 1 on any 5xx or
traceback.
"""

import argparse
import collections
import http.client
import io
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "rules")]
TOKEN = "a" * 32
COMMANDS = ("legal", "score", "auction", "replay")

from servers import Server  # noqa: E402 - tests/ is on the path from here on


def server_env(database_url: str) -> dict:
    return {
        **os.environ,
        "DJANGO_DEBUG": "0",
        "SECRET_KEY": "fuzz-only-" + "k" * 50,
        "ALLOWED_HOSTS": "127.0.0.1,testserver",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_HSTS_SECONDS": "0",
        "DATABASE_URL": database_url,
        "DJANGO_SETTINGS_MODULE": "tutor.settings",
    }


def manage(env: dict, *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)


def live_objects() -> dict:
    """A club session with a player, a score sheet, a self-test, played deals and counting
    drills, made through the app (the session cookie of the visitor who made them too)."""
    import django

    django.setup()
    from django.test import Client
    from strategies import live_count_runs

    from tutor.club import codes
    from tutor.club.models import ClubSession
    from tutor.play.models import TableGame
    from tutor.quiz.models import SheetDeal

    client = Client()
    create = {"game": "chouine", "profile": "chouine", "count": "3", "difficulty": "1"}
    client.post("/en/club/", create)
    session = ClubSession.objects.latest("created_at")
    phone = Client()
    phone.post("/en/club/join/", {"code": session.code, "nickname": "Ana", "lang": "en"})
    sheet = client.post("/en/quiz/sheet/", {"profile": "maison"})["Location"].split("/")[-2]
    deal = {"seat": "S", "bid": "100", "trump": "H", "double": "1", "points": "98"}
    client.post(f"/en/quiz/sheet/{sheet}/", {**deal, "last_trick": "takers", "nonce": "n"})
    form = {"game": "coinche", "profile": "federation", "difficulty": 1, "length": 5}
    test = client.post("/en/quiz/test/", form)["Location"].split("/")[-2]
    played = client.post("/en/play/coinche/", {"seed": "3", "dealer": "W"})["Location"]
    client.post("/en/play/coinche/game/", {"seed": "4"})
    return {
        **live_count_runs(client),
        "session": client.cookies["sessionid"].value,
        "code": session.code,
        "key": codes.teacher_key(session),
        "token": sheet,
        "test": test,
        "deal": played.rstrip("/").split("/")[-1],
        "game": TableGame.objects.latest("created").token,
        "sheetdeal": str(SheetDeal.objects.filter(sheet__token=sheet).get().pk),
        "player": phone.cookies[f"club_{session.code}"].value,
    }


def fuzz_http(port: int, count: int, live: dict) -> tuple[collections.Counter, list]:
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st
    from strategies import fill, form_fields, known_values, numeric_requests, requests, routes

    statuses: collections.Counter = collections.Counter()
    errors = []
    connection = [http.client.HTTPConnection("127.0.0.1", port, timeout=30)]
    anywhere = requests(routes(), form_fields(), known_values())

    @settings(
        max_examples=count,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(st.one_of(anywhere, anywhere, numeric_requests()))
    def send(request):
        method, path, headers, body = request
        path = fill(path, live)
        body = fill(body.decode("latin-1"), live).encode("latin-1")
        headers = {name: fill(value, live) for name, value in headers.items()}
        cookies = "; ".join(filter(None, [f"csrftoken={TOKEN}", headers.get("Cookie")]))
        headers = {**headers, "Cookie": cookies, "X-CSRFToken": TOKEN}
        headers["Content-Length"] = str(len(body))
        for _attempt in range(3):
            try:
                connection[0].request(method, path, body=body, headers=headers)
                response = connection[0].getresponse()
                if response.getheader("Content-Type", "").startswith("text/event-stream"):
                    # A stream never ends by itself: its first event says it works.
                    response.read(1)
                    statuses[f"{response.status} stream"] += 1
                    connection[0].close()
                    connection[0] = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                    return
                response.read()
                break
            except ValueError:
                # http.client refuses to send it (a line break in a header): no client can.
                statuses["not sendable"] += 1
                return
            except (http.client.HTTPException, OSError):
                connection[0].close()
                connection[0] = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        else:
            statuses["no answer"] += 1
            return
        statuses[response.status] += 1
        if response.status >= 500:
            errors.append((response.status, method, path, body[:120]))
        if response.getheader("Connection", "").lower() == "close":
            connection[0].close()
            connection[0] = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    send()
    return statuses, errors


def fuzz_cli(count: int) -> dict:
    from hypothesis import HealthCheck, Phase, given, settings
    from strategies import cli_inputs
    from test_cli import AUCTION, LEGAL, SCORE

    from tutor.rules import cli

    examples = [LEGAL, SCORE, AUCTION]
    figures = collections.Counter()
    tracebacks = []
    spawned = []

    @settings(
        max_examples=count,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(cli_inputs(examples))
    def run(data):
        command = COMMANDS[figures["inputs"] % len(COMMANDS)]
        figures["inputs"] += 1
        stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict")
        out = io.BytesIO()
        stdout = io.TextIOWrapper(out, encoding="utf-8", errors="strict")
        try:
            status = cli.main([command], stdin, stdout)
            stdout.flush()
        except BaseException:  # noqa: BLE001 - a traceback is what this counts
            tracebacks.append((data[:80], traceback.format_exc()))
            return
        figures[f"exit {status}"] += 1
        text = out.getvalue().decode()
        lines = [json.loads(line) for line in text.split("\n") if line]
        figures["internal_error"] += sum(
            1 for line in lines if line.get("error", {}).get("code") == "internal_error"
        )
        if figures["inputs"] % 10 == 0:
            spawned.append((command, data))

    run()
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    for command, data in spawned:
        done = subprocess.run(
            [sys.executable, "-m", "tutor.rules", command],
            input=data,
            capture_output=True,
            cwd=ROOT,
            env=env,
            timeout=60,
        )
        figures[f"process exit {done.returncode}"] += 1
        if done.stderr:
            tracebacks.append((data[:80], done.stderr.decode(errors="replace")))
    figures["processes"] = len(spawned)
    return {"figures": figures, "tracebacks": tracebacks}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8120)
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--cli", type=int, default=2_000)
    parser.add_argument("--workers", type=int, default=2, help="server processes (make serve's)")
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="atout-fuzz-"))
    database_url = os.environ.get("DATABASE_URL") or f"sqlite:///{workdir / 'fuzz.sqlite3'}"
    env = server_env(database_url)
    os.environ.update(env)
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "collectstatic", "--noinput", "-v0")
    log = workdir / "server.log"
    server = Server(env, args.port, log, WORKERS=args.workers)
    print(f"server: {shlex.join(server.command)}")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    server.start()
    try:
        live = live_objects()
        started = time.monotonic()
        statuses, errors = fuzz_http(args.port, args.requests, live)
        seconds = time.monotonic() - started
    finally:
        server.stop()
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    server_log = log.read_text(errors="replace")
    server_tracebacks = server_log.count("Traceback (most recent call last)")
    print(f"database: {database_url.split('@')[-1]}")
    print(f"HTTP: {sum(statuses.values())} requests in {seconds:.0f} s")
    print("  statuses: " + ", ".join(f"{k} ×{v}" for k, v in sorted(statuses.items(), key=str)))
    print(f"  5xx: {len(errors)}; tracebacks in the server log: {server_tracebacks}")
    for error in errors[:10]:
        print("   ", error)

    cli_result = fuzz_cli(args.cli)
    figures = cli_result["figures"]
    print(f"CLI: {figures['inputs']} inputs in process, {figures['processes']} also as processes")
    print("  " + ", ".join(f"{k} ×{v}" for k, v in sorted(figures.items()) if k != "inputs"))
    print(f"  tracebacks: {len(cli_result['tracebacks'])}")
    for data, text in cli_result["tracebacks"][:3]:
        print("   ", data, text.splitlines()[-1] if text else "")
    failed = errors or server_tracebacks or cli_result["tracebacks"] or figures["internal_error"]
    print(f"server log kept in {log}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
