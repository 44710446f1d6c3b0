"""Benchmark: every page type under a crowd, against a bare Django page on the same server.

    DATABASE_URL=postgres://… python scripts/bench_pages.py [--seconds 8] [--connections 50]
    DATABASE_URL=postgres://… python scripts/bench_pages.py --in-process [--profile NAME]

Starts the production stack the way ``make serve`` runs it (the server command is read from
the Makefile's ``serve`` target with ``make -n``, so it follows whatever that target runs:
DJANGO_DEBUG=0, PostgreSQL from DATABASE_URL, static files collected), and a one-view Django
"hello" app served by the very same command with only the application module swapped. Then
wrk (Debian package ``wrk``) sends each page type ``--connections`` keep-alive connections
for ``--seconds`` after a warm-up, and the script prints requests/s, p99 and the share of the
bare app's requests/s. The bare app keeps running beside Atout's and is measured before the
pages, between each two of them and after them: each page's share is of the bare app's rate
just before and just after it (the machine's speed drifts by half within a run). Last, the memory of
each server process (resident and proportional set size) after the whole run.

The pages (:func:`pages`): home, the heaviest lesson, a practice question (GET, and POST of
an answer as the htmx form sends it), the calculator (empty, and a deal submitted), the
referee with a position, the play lobby, one move of a played deal (each request plays a
card in its own copy of one deal, so every move is a real one), a counting drill's item and
an answer to it (each answer in its own run), the glossary and the profiles comparison.
GETs come from a first visit (no cookies); POSTs carry a returning learner's session and
CSRF token; the rows marked "returning" are the same pages for that learner, who has solved
an exercise of the lesson and answered a practice question (their marks, stars and goal).

``--in-process`` sends the same requests to Django's WSGI handler (the one ``tutor/asgi.py``
hands pages to) in this process, one at a time, and prints the milliseconds each page type
takes, wall-clock and this process's CPU: a figure that moves little with the machine's
other load, to compare a change with the code before it. ``--profile NAME`` runs that page
under cProfile and prints where its time goes.

The targets (docs/speed.md): every page at least 20 % of the bare app's requests/s with p99
under 100 ms at 50 connections, home and glossary at least 40 %, under 250 MB per process.
Figures are only comparable on a quiet machine: the load average is printed with them.
"""

import argparse
import cProfile
import http.client
import io
import json
import os
import pstats
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from servers import ENTRY, serve_command  # noqa: E402 - make serve's command, read one way

TOKEN = secrets.token_hex(16)  # 32 characters: a CSRF secret Django takes unmasked
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
LESSON = "coinche-table"
TARGET_SHARE, TARGET_SHARE_LIGHT, TARGET_P99_MS, TARGET_MB = 20, 40, 100, 250

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


@dataclass
class Page:
    """A page type: its requests (path and body; several when each request needs its own
    deal or run, sent in turn) and headers, and the share of the bare app it must reach."""

    name: str
    method: str
    requests: list[tuple[str, str]]
    headers: dict = field(default_factory=dict)
    share: int = TARGET_SHARE


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


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
                status, _headers, _body = http_send(self.port)("GET", path)
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


def http_send(port: int):
    """A function sending one request to the server on ``port``: (status, headers, text)."""

    def send(method, path, body=None, headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.getheaders(), response.read().decode(errors="replace")

    return send


def wsgi_send():
    """The same, through Django's WSGI handler in this process (``--in-process``)."""
    from django.core.handlers.wsgi import WSGIHandler

    handler = WSGIHandler()

    def send(method, path, body=None, headers=None):
        data = (body or "").encode()
        address, _, query = path.partition("?")
        environ = {
            "REQUEST_METHOD": method,
            "PATH_INFO": address,
            "QUERY_STRING": query,
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "80",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "HTTP_HOST": "127.0.0.1",
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(data),
            "wsgi.errors": sys.stderr,
            "CONTENT_LENGTH": str(len(data)),
        }
        for name, value in (headers or {}).items():
            key = name.upper().replace("-", "_")
            environ[key if key == "CONTENT_TYPE" else f"HTTP_{key}"] = value
        started = {}

        def start_response(status, response_headers, exc_info=None):
            started["status"], started["headers"] = int(status.split()[0]), response_headers

        result = handler(environ, start_response)
        text = b"".join(result).decode(errors="replace")
        result.close()
        return started["status"], started["headers"], text

    return send


def lua(page: Page) -> str:
    """A wrk script: the page's requests in turn (one request: always that one)."""
    paths = ", ".join(json.dumps(path) for path, _body in page.requests)
    bodies = ", ".join(json.dumps(body) for _path, body in page.requests)
    head = ", ".join(f"[{json.dumps(k)}] = {json.dumps(v)}" for k, v in page.headers.items())
    return f"""
local paths = {{{paths}}}
local bodies = {{{bodies}}}
local headers = {{{head}}}
local i = 0
request = function()
  i = i + 1
  local n = (i - 1) % #paths + 1
  local body = bodies[n]
  if body == "" then body = nil end
  return wrk.format({json.dumps(page.method)}, paths[n], headers, body)
end
"""


def wrk(port: int, seconds: float, connections: int, page: Page, workdir: Path) -> dict:
    path = workdir / "page.lua"
    path.write_text(lua(page))
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


def answer_fields(question: dict) -> dict:
    """The form fields of ``question``'s right answer, as its page sends them."""
    from tutor import exercises

    expected = exercises.solve(question).expected
    kind = exercises.get_type(question["type"]).answer_kind
    if kind == "cards":
        return {"card": list(expected)}
    if kind == "choice":
        return {"choice": expected}
    if kind == "number":
        return {"number": str(expected)}
    return {f"score_{side}": str(points) for side, points in expected.items()}


def practice_fixture() -> tuple[str, dict]:
    """A legal-cards question at a stable address and its right answer's form fields."""
    from tutor import exercises

    qtype, profile = "legal_cards", "federation"
    for seed in range(1, 200):
        try:
            posed = exercises.pose(qtype, seed, profile, {})
        except exercises.ExerciseError:
            continue
        return f"/en/quiz/q/{qtype}/{profile}/{seed}/", answer_fields(posed)
    raise SystemExit("no practice question posed")


def deal_fixture(copies: int, session_key: str) -> tuple[list[str], dict]:
    """``copies`` deals of the learner at the same position, South to play a card in the
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
                            session_key=session_key,
                        )
                        for _ in range(copies)
                    ]
                    TableDeal.objects.bulk_create(rows, batch_size=1000)
                    return [f"/en/play/coinche/{row.token}/" for row in rows], fields
                table.move("play", card_code(deal.legal().legal[0]))
            table.advance()
    raise SystemExit("no deal reached the play")


def drill_fixture(copies: int, session_key: str) -> tuple[list[str], list[tuple[str, dict]]]:
    """``copies`` runs of the learner's at the first item of a trick-counting drill (practice,
    level 1): each run's page, and each run's answer address and right answer. Each request
    has a run of its own: a run's page locks its row (one learner answers one item at a
    time), so fifty connections on one run would measure that lock."""
    from tutor.quiz import drills
    from tutor.quiz.models import CountRun

    drill = drills.DRILLS["trick"]
    seed = 12345
    runs = [
        CountRun(
            session_key=session_key,
            drill=drill.slug,
            profile="federation",
            level=1,
            mode="practice",
            seed=seed,
        )
        for _ in range(copies)
    ]
    CountRun.objects.bulk_create(runs, batch_size=1000)
    right = answer_fields(drills.question(runs[0]))
    answers = [
        (f"/en/quiz/count/run/{run.id}/answer/", {**right, "item": drills.token(run)})
        for run in runs
    ]
    return [f"/en/quiz/count/run/{run.id}/" for run in runs], answers


def lesson_fixture() -> tuple[str, dict]:
    """The bench lesson's first exercise: its answer address and right answer's fields."""
    from tutor.lessons import questions
    from tutor.lessons.path import get_lesson

    lesson = get_lesson(LESSON)
    profile = questions.profiles_for(lesson)[0]
    posed = questions.question(lesson.exercises[0], profile)
    return f"/en/learn/{LESSON}/1/", {**answer_fields(posed), "profile": profile}


def form_body(fields: dict) -> str:
    return urlencode({**fields, "csrfmiddlewaretoken": TOKEN}, doseq=True)


def returning_learner(send, practice: str, answer: dict) -> str:
    """A learner's session cookie, made as a learner makes it: a practice question answered,
    then the bench lesson's first exercise solved (their marks, stars and day's work)."""
    headers = {
        "Cookie": f"csrftoken={TOKEN}",
        "Content-Type": "application/x-www-form-urlencoded",
        "HX-Request": "true",
    }
    status, response_headers, page = send("POST", practice, form_body(answer), headers)
    if status != 200:
        raise SystemExit(f"practice answer: {status}\n{page[:2000]}")
    cookie = next(
        (
            value.split(";")[0]
            for name, value in response_headers
            if name.lower() == "set-cookie" and value.startswith("sessionid=")
        ),
        None,
    )
    if cookie is None:
        raise SystemExit("no session cookie after an answer")
    lesson, fields = lesson_fixture()
    headers["Cookie"] += f"; {cookie}"
    status, _headers, page = send("POST", lesson, form_body(fields), headers)
    if status != 200 or "data-verdict" not in page:
        raise SystemExit(f"lesson answer: {status}\n{page[:2000]}")
    return cookie


def pages(send, copies: int) -> list[Page]:
    """Every page type, with what it needs made beforehand (deals, drill runs, a learner)."""
    practice, answer = practice_fixture()
    session = returning_learner(send, practice, answer)
    session_key = session.partition("=")[2]
    deals, move = deal_fixture(copies, session_key)
    items, drill_answers = drill_fixture(copies, session_key)
    form = {
        "Cookie": f"csrftoken={TOKEN}; {session}",
        "Content-Type": "application/x-www-form-urlencoded",
        "HX-Request": "true",
    }
    returning = {"Cookie": f"csrftoken={TOKEN}; {session}"}
    calculator = f"/en/quiz/calculator/?{urlencode(CALCULATOR)}"
    return [
        Page("home", "GET", [("/en/", "")], share=TARGET_SHARE_LIGHT),
        Page("lesson", "GET", [(f"/en/learn/{LESSON}/", "")]),
        Page("practice GET", "GET", [(practice, "")]),
        Page("practice POST", "POST", [(practice, form_body(answer))], form),
        Page("calculator GET", "GET", [("/en/quiz/calculator/", "")]),
        # The form is sent by GET, as htmx does, so that results can be shared.
        Page("calculator POST", "GET", [(calculator, "")], {"HX-Request": "true"}),
        Page("referee", "GET", [(f"/en/referee/?{urlencode(REFEREE)}", "")]),
        Page("play lobby", "GET", [("/en/play/coinche/", "")]),
        Page("play move", "POST", [(deal, form_body(move)) for deal in deals], form),
        Page("count item", "GET", [(item, "") for item in items], returning),
        Page("count answer", "POST", [(p, form_body(f)) for p, f in drill_answers], form),
        Page("glossary", "GET", [("/en/glossary/", "")], share=TARGET_SHARE_LIGHT),
        Page("profiles", "GET", [("/en/profiles/", "")]),
        # A returning learner: the pages drawn with their own marks, stars and goal.
        Page("home, returning", "GET", [("/en/", "")], returning),
        Page("lesson, returning", "GET", [(f"/en/learn/{LESSON}/", "")], returning),
        Page("practice GET, ret.", "GET", [(practice, "")], returning),
    ]


def check(send, page: Page) -> None:
    path, body = page.requests[-1]
    status, _headers, text = send(page.method, path, body or None, page.headers)
    if status != 200:
        raise SystemExit(f"{page.name}: {page.method} {path} answered {status}\n{text[:2000]}")


def consumed(page: Page) -> bool:
    """Whether each request uses up its path (a move played, an item answered)."""
    return len(page.requests) > 1


class Bare:
    """The one-view "hello" app under the very same server command, kept running beside
    Atout's for the whole run: it is measured before the pages, between each two of them and
    after them, so that each page's share is taken against the bare app's rate of the same
    minutes (this machine's speed drifts by half within a run)."""

    def __init__(self, args, command: str, env: dict, workdir: Path):
        self.args, self.workdir = args, workdir
        self.port = free_port()
        hello_env = {**env, "PYTHONPATH": str(workdir), "DJANGO_SETTINGS_MODULE": "benchhello"}
        hello = ENTRY.sub(lambda m: f"benchentry.{m.group(1)}", command)
        # The port as `make -n serve` printed it (`--bind host:port`, `--port port`…).
        hello = hello.replace(str(args.port_placeholder), str(self.port))
        self.server = Server(hello, hello_env, self.port, workdir / "hello.log")
        self.page = Page("hello", "GET", [("/", "")])
        try:
            self.server.wait("/")
            wrk(self.port, 2, args.connections, self.page, workdir)
        except BaseException:
            self.server.stop()
            raise

    def measure(self, seconds: float) -> dict:
        return wrk(self.port, seconds, self.args.connections, self.page, self.workdir)


def environment() -> dict:
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        raise SystemExit("Set DATABASE_URL to a PostgreSQL database (postgres://…).")
    return {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"},
        "DJANGO_DEBUG": "0",
        "SECRET_KEY": "bench-only-" + "k" * 50,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_HSTS_SECONDS": "0",
    }


def in_process(args) -> None:
    """Each page type's milliseconds per request in this process (wall-clock and CPU)."""
    env = environment()
    python = str(Path(sys.executable))
    for step in (["migrate", "--noinput"], ["collectstatic", "--noinput", "--verbosity", "0"]):
        subprocess.run([python, "manage.py", *step], cwd=ROOT, env=env, check=True)
    setup_django(env)
    send = wsgi_send()
    total = args.warmup_requests + args.requests
    wanted = set(re.split(r",(?! )", args.only)) if args.only else None
    if args.profile:
        wanted = {args.profile}
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'page':<20}{'wall ms':>9}{'median':>9}{'CPU ms':>9}")
    for page in pages(send, total + 1):
        if wanted and page.name not in wanted:
            continue
        check(send, page)
        requests = page.requests[:-1] if consumed(page) else page.requests * total
        for path, body in requests[: args.warmup_requests]:
            send(page.method, path, body or None, page.headers)
        timed = requests[args.warmup_requests : total]
        profiler = cProfile.Profile() if args.profile else None
        walls = []
        cpu = time.process_time()
        for path, body in timed:
            started = time.perf_counter()
            if profiler:
                profiler.enable()
            status, _headers, text = send(page.method, path, body or None, page.headers)
            if profiler:
                profiler.disable()
            walls.append(time.perf_counter() - started)
            if status != 200:
                raise SystemExit(f"{page.name}: {status}\n{text[:2000]}")
        cpu = (time.process_time() - cpu) / len(timed)
        print(
            f"{page.name:<20}{1000 * statistics.mean(walls):>9.2f}"
            f"{1000 * statistics.median(walls):>9.2f}{1000 * cpu:>9.2f}",
            flush=True,
        )
        if profiler:
            stats = pstats.Stats(profiler).strip_dirs()
            stats.sort_stats("cumulative").print_stats(45)
            stats.sort_stats("tottime").print_stats(30)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--warmup", type=float, default=2)
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--only", help="page names to run, separated by commas (default: all)")
    parser.add_argument("--in-process", action="store_true", help="time each page in process")
    parser.add_argument("--requests", type=int, default=200, help="timed, per page (in process)")
    parser.add_argument("--warmup-requests", type=int, default=30)
    parser.add_argument("--profile", metavar="NAME", help="profile one page type (in process)")
    args = parser.parse_args()
    if args.in_process or args.profile:
        return in_process(args)
    env = environment()
    if not shutil.which("wrk"):
        raise SystemExit("wrk is missing: apt-get install wrk")
    args.port_placeholder = free_port()
    command = serve_command(env, PORT=args.port_placeholder)
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
    bare = Bare(args, command, env, workdir)
    hello = [bare.measure(args.seconds)]
    print(f"bare app: {hello[0]['rate']:.0f} requests/s, p99 {hello[0]['p99']:.1f} ms")

    port = free_port()
    copies = 20000
    server = Server(["make", "serve", f"PORT={port}"], env, port, workdir / "atout.log")
    results = []
    try:
        server.wait("/en/")
        setup_django(env)
        send = http_send(port)
        wanted = set(re.split(r",(?! )", args.only)) if args.only else None
        for page in pages(send, copies):
            if wanted and page.name not in wanted:
                continue
            check(send, page)
            requests = page.requests[:-1] if consumed(page) else page.requests
            half = len(requests) // 2
            warm = Page(page.name, page.method, requests[:half] or requests, page.headers)
            timed = Page(page.name, page.method, requests[half:], page.headers)
            wrk(port, args.warmup, args.connections, warm, workdir)
            result = wrk(port, args.seconds, args.connections, timed, workdir)
            if consumed(page) and result["requests"] > len(timed.requests):
                result["note"] = f"only {len(timed.requests)} for {result['requests']} requests"
            # The bare app just before and just after this page: the page's own minutes.
            hello.append(bare.measure(args.seconds / 2))
            result["bare"] = (hello[-2]["rate"] + hello[-1]["rate"]) / 2
            results.append((page, result))
            print(
                f"  {page.name}: {result['rate']:.0f}/s p99 {result['p99']:.0f} ms"
                f" (bare app {result['bare']:.0f}/s)",
                flush=True,
            )
        memory = server.memory()
    finally:
        server.stop()
        bare.server.stop()
    rates = [h["rate"] for h in hello]
    print()
    print(
        f"bare app: {len(hello)} measures, {min(rates):.0f} to {max(rates):.0f} requests/s "
        f"(p99 {min(h['p99'] for h in hello):.1f} to {max(h['p99'] for h in hello):.1f} ms); "
        "each page's share is of the bare app measured just before and just after it"
    )
    print(f"{'page':<20}{'req/s':>8}{'bare':>8}{'share':>8}{'p99 ms':>9}  target")
    failed = []
    for page, result in results:
        share = 100 * result["rate"] / result["bare"]
        ok = share >= page.share and result["p99"] < TARGET_P99_MS and not result["bad"]
        if not ok:
            failed.append(page.name)
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
            f"{page.name:<20}{result['rate']:>8.0f}{result['bare']:>8.0f}{share:>7.1f}%"
            f"{result['p99']:>9.1f}  "
            f"{'ok' if ok else 'MISSED'} (≥{page.share}%, <{TARGET_P99_MS} ms) {extra}"
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
