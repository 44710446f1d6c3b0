"""Benchmark: every page type under a crowd, against a bare Django page on the same server.

    DATABASE_URL=postgres://… python scripts/bench_pages.py [--seconds 8] [--connections 50]

Starts the production stack the way ``make serve`` runs it (the server command is read from
the Makefile's ``serve`` target with ``make -n``, so it follows whatever that target runs:
DJANGO_DEBUG=0, PostgreSQL from DATABASE_URL, static files collected), and a one-view Django
"hello" app served by the very same command with only the application module swapped. Then
wrk (Debian package ``wrk``) sends each page type ``--connections`` keep-alive connections
for ``--seconds`` after a warm-up, and the script prints requests/s, p99 and the share of the
bare app's requests/s; the bare app is measured before and after the pages, and the share is
taken against the mean of the two (the machine's other load moves both). Last, the memory of
each server process (resident and proportional set size) after the whole run.

The pages: home, the heaviest lesson, a practice question (GET, and POST of an answer as the
htmx form sends it), the calculator (empty, and a deal submitted), the referee with a
position, the play lobby, one move of a played deal (each request plays a card in its own
copy of one deal, so every move is a real one), the glossary and the profiles comparison.
GETs come from a first visit (no cookies); POSTs carry a visitor's session and CSRF token.

The targets (docs/speed.md): every page at least 20 % of the bare app's requests/s with p99
under 100 ms at 50 connections, home and glossary at least 40 %, under 250 MB per process.
Figures are only comparable on a quiet machine: the load average is printed with them.
"""

import argparse
import http.client
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
TOKEN = secrets.token_hex(16)  # 32 characters: a CSRF secret Django takes unmasked
ENTRY = re.compile(r"\btutor\.(wsgi|asgi)\b")
REFEREE = {
    "game": "coinche",
    "trump": "H",
    "leader": "W",
    "t1": "KS",
    "t2": "AS",
    "t3": "JH",
    "hand": "7S QS 9H AH 8D TD 7C KC",
}
CALCULATOR = {
    "profile": "federation",
    "game": "coinche",
    "seat": "S",
    "bid": "90",
    "trump": "H",
    "double": "1",
    "points_ns": "102",
    "points_ew": "60",
    "last_trick": "NS",
    "tricks_n": "3",
    "tricks_e": "1",
    "tricks_s": "2",
    "tricks_w": "2",
    "declarations_ns": "0",
    "declarations_ew": "0",
    "belote_ns": "20",
    "belote_ew": "0",
}
TARGET_SHARE, TARGET_SHARE_LIGHT, TARGET_P99_MS, TARGET_MB = 20, 40, 100, 250
LIGHT = {"home", "glossary"}
RECORD_ONLY = {"lesson, session", "home, session"}

HELLO = '''
"""The bare page the benchmark compares every page with."""
from django.http import HttpResponse
from django.urls import path

DEBUG = False
SECRET_KEY = "bench-hello-" + "k" * 40
ALLOWED_HOSTS = ["127.0.0.1"]
ROOT_URLCONF = __name__
INSTALLED_APPS = []
MIDDLEWARE = []
DATABASES = {}


def hello(request):
    return HttpResponse("Hello")


urlpatterns = [path("", hello)]
'''


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_command(port: int, env: dict) -> str:
    """The last command of ``make serve`` (the server itself), as make would run it."""
    printed = subprocess.run(
        ["make", "-s", "-n", "serve", f"PORT={port}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = [line for line in printed.splitlines() if line.strip()]
    if not lines or not ENTRY.search(lines[-1]):
        raise SystemExit(f"cannot find the server command in `make -n serve`:\n{printed}")
    return lines[-1]


class Server:
    """A server process group started by a shell command, stopped with it."""

    def __init__(self, command: list[str] | str, env: dict, port: int, log: Path):
        self.port, self.log = port, log
        self.process = subprocess.Popen(
            command,
            shell=isinstance(command, str),
            cwd=ROOT,
            env=env,
            stdout=log.open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait(self, path: str, seconds: float = 180) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise SystemExit(f"the server stopped; its log:\n{self.log.read_text()[-3000:]}")
            try:
                status, _headers, _body = request(self.port, "GET", path)
                if status < 500:
                    return
            except OSError:
                pass
            time.sleep(0.3)
        raise SystemExit(f"the server on port {self.port} did not start")

    def memory(self) -> list[tuple[int, float, float, str]]:
        """(pid, RSS MB, PSS MB, command) of every process of the group."""
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                if os.getpgid(int(entry.name)) != self.process.pid:
                    continue
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
                status = (entry / "status").read_text()
                rollup = (entry / "smaps_rollup").read_text()
            except (OSError, ProcessLookupError):
                continue
            rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024
            pss = int(re.search(r"^Pss:\s+(\d+)", rollup, re.M).group(1)) / 1024
            if "python" in command or "gunicorn" in command or "uvicorn" in command:
                found.append((int(entry.name), rss, pss, command.strip()[:70]))
        return sorted(found)

    def stop(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=30)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)


def request(port, method, path, body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    return response.status, response.getheaders(), response.read().decode(errors="replace")


def lua(method: str, paths: list[str], body: str, headers: dict) -> str:
    """A wrk script: ``method`` to each of ``paths`` in turn (one path: always that one)."""
    quoted = ", ".join(json.dumps(p) for p in paths)
    head = ", ".join(f"[{json.dumps(k)}] = {json.dumps(v)}" for k, v in headers.items())
    return f"""
local paths = {{{quoted}}}
local headers = {{{head}}}
local body = {json.dumps(body) if body else "nil"}
local i = 0
request = function()
  i = i + 1
  return wrk.format({json.dumps(method)}, paths[(i - 1) % #paths + 1], headers, body)
end
"""


def wrk(port: int, seconds: float, connections: int, script: str, workdir: Path) -> dict:
    path = workdir / "page.lua"
    path.write_text(script)
    output = subprocess.run(
        [
            "wrk",
            "-t1",
            f"-c{connections}",
            f"-d{max(1, round(seconds))}s",
            "--timeout",
            "10s",
            "--latency",
            "-s",
            str(path),
            f"http://127.0.0.1:{port}/",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p99 = re.search(r"^\s+99%\s+([\d.]+)(us|ms|s)\b", output, re.M)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99.group(2)]
    total = int(re.search(r"(\d+) requests in", output).group(1))
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)
    errors = re.search(r"Socket errors: .*", output)
    return {
        "rate": rate,
        "p99": float(p99.group(1)) * scale,
        "requests": total,
        "bad": int(bad.group(1)) if bad else 0,
        "socket_errors": errors.group(0) if errors else "",
    }


def setup_django(env: dict) -> None:
    os.environ.update(env)
    os.environ["DJANGO_SETTINGS_MODULE"] = "tutor.settings"
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def practice_fixture() -> tuple[str, dict]:
    """A legal-cards question at a stable address and its right answer's form fields."""
    from tutor import exercises

    qtype, profile = "legal_cards", "federation"
    for seed in range(1, 200):
        try:
            posed = exercises.pose(qtype, seed, profile, {})
        except exercises.ExerciseError:
            continue
        right = exercises.solve(posed).expected
        return f"/en/quiz/q/{qtype}/{profile}/{seed}/", {"card": list(right)}
    raise SystemExit("no practice question posed")


def deal_fixture(copies: int) -> tuple[list[str], dict]:
    """``copies`` deals at the same position, the learner (South) to play a card in the
    second trick or later; returns their addresses and the move's form fields."""
    from tutor.play.coinche import CoincheTable, first_dealer
    from tutor.play.models import TableDeal
    from tutor.rules.cards import card_code

    for seed in range(1, 500):
        record = TableDeal(game="coinche", seed=seed, dealer=first_dealer(seed), seats="S")
        table = CoincheTable(record)
        table.advance()
        for _ in range(60):
            deal = table.deal
            if deal.phase in ("redeal", "done"):
                break
            if table.waiting():
                record.seen = len(deal.tricks)
                table = CoincheTable(record)
            elif deal.phase == "auction" and table.learner(deal.to_move):
                table.move("call", "pass")
            elif deal.phase == "play" and table.learner(deal.to_move):
                if deal.tricks:
                    card = card_code(deal.legal().legal[0])
                    fields = {"action": "play", "card": card, "at": str(len(record.moves))}
                    rows = [
                        TableDeal(
                            game="coinche",
                            seed=seed,
                            dealer=record.dealer,
                            seats="S",
                            profile="federation",
                            moves=record.moves,
                            seen=record.seen,
                        )
                        for _ in range(copies)
                    ]
                    TableDeal.objects.bulk_create(rows, batch_size=1000)
                    return [f"/en/play/coinche/{row.token}/" for row in rows], fields
                table.move("play", card_code(deal.legal().legal[0]))
            table.advance()
    raise SystemExit("no deal reached the play")


def visitor_session(port: int, practice: str, answer: dict) -> str:
    """A visitor's session cookie, made by answering once (as the first answer does)."""
    body = urlencode({**answer, "csrfmiddlewaretoken": TOKEN}, doseq=True)
    status, headers, page = request(
        port,
        "POST",
        practice,
        body,
        {
            "Cookie": f"csrftoken={TOKEN}",
            "Content-Type": "application/x-www-form-urlencoded",
            "HX-Request": "true",
        },
    )
    if status != 200:
        raise SystemExit(f"practice answer: {status}\n{page[:2000]}")
    for name, value in headers:
        if name.lower() == "set-cookie" and value.startswith("sessionid="):
            return value.split(";")[0]
    raise SystemExit("no session cookie after an answer")


def pages(port: int, copies: int) -> list[tuple[str, str, list[str], str, dict]]:
    """(name, method, paths, body, headers) of each page type."""
    practice, answer = practice_fixture()
    deals, move = deal_fixture(copies)
    session = visitor_session(port, practice, answer)
    form = {
        "Cookie": f"csrftoken={TOKEN}; {session}",
        "Content-Type": "application/x-www-form-urlencoded",
        "HX-Request": "true",
    }

    def body(fields):
        return urlencode({**fields, "csrfmiddlewaretoken": TOKEN}, doseq=True)

    return [
        ("home", "GET", ["/en/"], "", {}),
        ("lesson", "GET", ["/en/learn/coinche-table/"], "", {}),
        ("practice GET", "GET", [practice], "", {}),
        ("practice POST", "POST", [practice], body(answer), form),
        ("calculator GET", "GET", ["/en/quiz/calculator/"], "", {}),
        (
            "calculator POST",
            "GET",
            [f"/en/quiz/calculator/?{urlencode(CALCULATOR)}"],
            "",
            {"HX-Request": "true"},
        ),
        ("referee", "GET", [f"/en/referee/?{urlencode(REFEREE)}"], "", {}),
        ("play lobby", "GET", ["/en/play/coinche/"], "", {}),
        ("play move", "POST", deals, body(move), form),
        ("glossary", "GET", ["/en/glossary/"], "", {}),
        ("profiles", "GET", ["/en/profiles/"], "", {}),
        # A returning learner (a session of their own): the page is drawn for them, from the
        # kept engine content and table fragments. Shown for the record; no target.
        ("lesson, session", "GET", ["/en/learn/coinche-table/"], "", {"Cookie": session}),
        ("home, session", "GET", ["/en/"], "", {"Cookie": session}),
    ]


def check(port: int, name: str, method: str, path: str, body: str, headers: dict) -> None:
    status, _headers, page = request(port, method, path, body or None, headers)
    if status != 200:
        raise SystemExit(f"{name}: {method} {path} answered {status}\n{page[:2000]}")


def bench_hello(args, command: str, env: dict, workdir: Path) -> dict:
    port = free_port()
    hello_env = {**env, "PYTHONPATH": str(workdir), "DJANGO_SETTINGS_MODULE": "benchhello"}
    hello = ENTRY.sub(lambda m: f"benchentry.{m.group(1)}", command)
    # The port as `make -n serve` printed it (`--bind host:port`, `--port port`…).
    hello = hello.replace(str(args.port_placeholder), str(port))
    server = Server(hello, hello_env, port, workdir / "hello.log")
    try:
        server.wait("/")
        wrk(port, 2, args.connections, lua("GET", ["/"], "", {}), workdir)
        return wrk(port, args.seconds, args.connections, lua("GET", ["/"], "", {}), workdir)
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--warmup", type=float, default=2)
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--only", help="comma-separated page names to run (default: all)")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        raise SystemExit("Set DATABASE_URL to a PostgreSQL database (postgres://…).")
    if not shutil.which("wrk"):
        raise SystemExit("wrk is missing: apt-get install wrk")
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"},
        "DJANGO_DEBUG": "0",
        "SECRET_KEY": "bench-only-" + "k" * 50,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_HSTS_SECONDS": "0",
    }
    args.port_placeholder = free_port()
    command = server_command(args.port_placeholder, env)
    workdir = Path(tempfile.mkdtemp(prefix="bench-pages-"))
    (workdir / "benchhello.py").write_text(HELLO)
    (workdir / "benchentry").mkdir()
    (workdir / "benchentry" / "__init__.py").write_text("")
    for kind in ("wsgi", "asgi"):
        (workdir / "benchentry" / f"{kind}.py").write_text(
            f"from django.core.{kind} import get_{kind}_application\n\n"
            f"application = get_{kind}_application()\n"
        )
    print(f"server: {command}")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    hello = [bench_hello(args, command, env, workdir)]
    print(f"bare app: {hello[0]['rate']:.0f} requests/s, p99 {hello[0]['p99']:.1f} ms")

    port = free_port()
    copies = 20000
    server = Server(["make", "serve", f"PORT={port}"], env, port, workdir / "atout.log")
    results = []
    try:
        server.wait("/en/")
        setup_django(env)
        wanted = set(args.only.split(",")) if args.only else None
        for name, method, paths, body, headers in pages(port, copies):
            if wanted and name not in wanted:
                continue
            check(port, name, method, paths[-1], body, headers)
            if name == "play move":
                paths = paths[:-1]
            per_page = paths[: len(paths) // 2] if len(paths) > 1 else paths
            rest = paths[len(paths) // 2 :] if len(paths) > 1 else paths
            wrk(port, args.warmup, args.connections, lua(method, per_page, body, headers), workdir)
            result = wrk(
                port, args.seconds, args.connections, lua(method, rest, body, headers), workdir
            )
            if name == "play move" and result["requests"] > len(rest):
                result["note"] = f"only {len(rest)} deals for {result['requests']} moves"
            results.append((name, result))
            print(f"  {name}: {result['rate']:.0f}/s p99 {result['p99']:.0f} ms", flush=True)
        memory = server.memory()
    finally:
        server.stop()
    hello.append(bench_hello(args, command, env, workdir))
    bare = sum(h["rate"] for h in hello) / len(hello)
    print()
    print(
        f"bare app: {hello[0]['rate']:.0f} and {hello[1]['rate']:.0f} requests/s "
        f"(p99 {hello[0]['p99']:.1f} and {hello[1]['p99']:.1f} ms); shares of {bare:.0f}"
    )
    print(f"{'page':<16}{'req/s':>8}{'share':>8}{'p99 ms':>9}  target")
    failed = []
    for name, result in results:
        share = 100 * result["rate"] / bare
        floor = TARGET_SHARE_LIGHT if name in LIGHT else TARGET_SHARE
        ok = share >= floor and result["p99"] < TARGET_P99_MS and not result["bad"]
        if not ok and name not in RECORD_ONLY:
            failed.append(name)
        extra = "  ".join(
            x
            for x in (
                f"{result['bad']} non-2xx" if result["bad"] else "",
                result["socket_errors"],
                result.get("note", ""),
            )
            if x
        )
        print(
            f"{name:<16}{result['rate']:>8.0f}{share:>7.1f}%{result['p99']:>9.1f}  "
            + (
                "(no target)"
                if name in RECORD_ONLY
                else f"{'ok' if ok else 'MISSED'} (≥{floor}%, <{TARGET_P99_MS} ms)"
            )
            + f" {extra}"
        )
    print()
    print("memory after the run (MB):")
    for pid, rss, pss, cmd in memory:
        print(f"  {pid:>7}  RSS {rss:6.0f}  PSS {pss:6.0f}  {cmd}")
    if memory and max(rss for _p, rss, _s, _c in memory) >= TARGET_MB:
        failed.append("memory")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("targets met" if not failed else f"targets missed: {', '.join(failed)}")
    shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
