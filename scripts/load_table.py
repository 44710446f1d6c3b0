"""The club's load table (docs/club.md, Load): the stack before the live channel and `make serve`
now, each at each number of phones, one after the other on a fresh database, printed as one
Markdown table. Takes about 2 minutes per run; run it on a quiet machine.

    DATABASE_URL=postgres://atout:atout@127.0.0.1:5432/atout_load \\
        .venv/bin/python scripts/load_table.py --players 1000 2000

The database in DATABASE_URL is dropped and created again before each run (its role needs
CREATEDB; use a database of its own). Rows:

- ``polls, gthread``: gunicorn's threads (``tutor.wsgi``, 4 processes × 2 threads) and phones
  that poll every 2 s, as before the live channel (the code of ``--before-tree`` if given: a
  checkout of the earlier code with its own .venv; else this tree's polling path);
- ``push, uvicorn``: ``make serve``'s command (``tutor.asgi`` under uvicorn's worker, 4
  processes), phones on event streams, a tenth of them reconnecting once.

Each run's column "speed" is a fixed pure-Python loop timed just before it (lower is faster):
read the rows of one sitting together, the machine's speed drifts.

With ``--tables N``, the same server (``make serve``'s stack, on a fresh database) carries
N tables of four players instead (scripts/load_tables.py, through the tables' own pages,
forms and event streams): one row, the move's POST and the delay until a move reached the
three other players (docs/play.md, Tables).
"""

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import psycopg

ROOT = Path(__file__).resolve().parent.parent
SERVE = {
    "polls, gthread": ["tutor.wsgi", "-k", "gthread", "--threads", "2", "--keep-alive", "5"],
    # make serve's command.
    "push, uvicorn": [
        "tutor.asgi",
        "-k",
        "uvicorn_worker.UvicornWorker",
        "--keep-alive",
        "75",
        "--graceful-timeout",
        "5",
        "--forwarded-allow-ips",
        "",
    ],
}


def speed() -> float:
    """Milliseconds of a fixed pure-Python loop (the docs' machine speed)."""
    started = time.perf_counter()
    total = 0
    for number in range(3_000_000):
        total += number % 7
    return (time.perf_counter() - started) * 1000


def fresh_database(url: str) -> None:
    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    admin = url.replace(f"/{name}", "/postgres", 1)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'CREATE DATABASE "{name}"')


def serve(tree: Path, stack: str, port: int, env: dict, workers: int) -> subprocess.Popen:
    python = tree / ".venv" / "bin" / "python"
    subprocess.run(
        [python, "manage.py", "migrate", "--noinput", "-v0"], cwd=tree, env=env, check=True
    )
    subprocess.run(
        [python, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=tree, env=env, check=True
    )
    command = [python, "-m", "gunicorn", *SERVE[stack][:1], "--bind", f"127.0.0.1:{port}"]
    command += [*SERVE[stack][1:], "--workers", str(workers)]
    process = subprocess.Popen(command, cwd=tree, env=env, stderr=subprocess.DEVNULL)
    for _attempt in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/en/club/join/", timeout=5)
            return process
        except OSError:
            time.sleep(0.2)
    process.terminate()
    raise SystemExit(f"{stack}: the server did not start")


def run(stack: str, players: int, args, env: dict) -> dict:
    tree = Path(args.before_tree) if stack.startswith("polls") and args.before_tree else ROOT
    fresh_database(env["DATABASE_URL"])
    server = serve(tree, stack, args.port, env, args.workers)
    try:
        took = speed()
        with tempfile.NamedTemporaryFile(suffix=".json") as out:
            command = [sys.executable, str(ROOT / "scripts" / "load_club.py")]
            command += ["--url", f"http://127.0.0.1:{args.port}", "--players", str(players)]
            command += ["--json", out.name] + (["--poll"] if stack.startswith("polls") else [])
            done = subprocess.run(command, capture_output=True, text=True, check=False)
            summary = json.loads(Path(out.name).read_text() or "{}")
            if not summary:
                print(f"{stack}, {players} phones:", done.stdout[-2000:], done.stderr[-2000:])
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    return {"stack": stack, "players": players, "speed": took, **summary}


def run_tables(tables: int, args, env: dict) -> dict:
    stack = "push, uvicorn"
    fresh_database(env["DATABASE_URL"])
    server = serve(ROOT, stack, args.port, env, args.workers)
    try:
        took = speed()
        with tempfile.NamedTemporaryFile(suffix=".json") as out:
            command = [sys.executable, str(ROOT / "scripts" / "load_tables.py")]
            command += ["--url", f"http://127.0.0.1:{args.port}", "--tables", str(tables)]
            command += ["--json", out.name]
            done = subprocess.run(command, capture_output=True, text=True, check=False)
            summary = json.loads(Path(out.name).read_text() or "{}")
            if not summary:
                print(f"{tables} tables:", done.stdout[-2000:], done.stderr[-2000:])
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    return {"stack": stack, "tables": tables, "speed": took, **summary}


def tables_row(result: dict) -> str:
    if "kinds" not in result:
        return f"| {result['tables']} | {result['speed']:.0f} ms | (failed) |"
    move, reach = result["kinds"]["move"], result["reach"]
    return (
        f"| {result['tables']} | {result['speed']:.0f} ms | {move['count']:,} "
        f"| {move['p50']:.1f} / {move['p95']:.1f} | {_own(result, 'move')} "
        f"| {reach['p50']:.0f} / {reach['p95']:.0f} / {reach['p99']:.0f} | {result['errors']} |"
    )


def _own(result: dict, kind: str) -> str:
    """A kind's own time in the server (its thread, that thread's CPU), p50 / p95, ms."""
    own = result.get("server", {}).get(kind)
    if own is None:
        return "-"
    page, cpu = own["page"], own["cpu"]
    return f"{page['p50']:.1f} / {page['p95']:.1f} ({cpu['p50']:.1f} / {cpu['p95']:.1f})"


def row(result: dict) -> str:
    if "kinds" not in result:
        return (
            f"| {result['stack']} | {result['players']:,} | {result['speed']:.0f} ms | (failed) |"
        )
    worst = max(result["kinds"].items(), key=lambda item: item[1]["p99"])
    moves = [d for d in result["delivery"].values() if d["p99"] is not None]
    p50 = max(d["p50"] for d in moves) if moves else float("nan")
    p99 = max(d["p99"] for d in moves) if moves else float("nan")
    on = max(d["p99_on"] for d in moves) if moves else float("nan")
    cpu = result["cpu_per_phase"]
    a = result["all"]
    return (
        f"| {result['stack']} | {result['players']:,} | {result['speed']:.0f} ms "
        f"| {result['requests']:,} | {a['p50']:.1f} | {a['p95']:.1f} | {a['p99']:.0f} "
        f"| {worst[0]} {worst[1]['p99']:.0f} | {p50:.0f} / {p99:.0f} ({on:.0f}) "
        f"| {sum(cpu) / len(cpu) if cpu else float('nan'):.2f} s "
        f"| {_own(result, 'answer')} | {_own(result, 'join')} | {result['errors']} |"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[1000, 2000])
    parser.add_argument("--stacks", nargs="+", default=list(SERVE), choices=list(SERVE))
    parser.add_argument("--before-tree", help="a checkout of the earlier code, with its .venv")
    parser.add_argument("--port", type=int, default=8130)
    parser.add_argument("--tables", type=int, help="tables of four players instead of phones")
    parser.add_argument("--workers", type=int, default=4, help="server processes (make serve: 4)")
    parser.add_argument(
        "--threads", type=int, default=2, help="each process's page threads (make serve: 2)"
    )
    args = parser.parse_args()
    # Stopped from outside: stop the server of the run under way too (the finally clauses).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Set DATABASE_URL to a PostgreSQL database of its own (it is dropped).")
    env = {
        **os.environ,
        "DJANGO_DEBUG": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY", "load-table-" + "x" * 50),
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_HSTS_SECONDS": "0",
        "SERVER_THREADS": str(args.threads),
        # Each page's own time in a header (tutor/asgi.py): the rows say the server's time apart
        # from the queue in front of it.
        "SERVER_TIMING": "1",
    }
    if args.tables:
        print(
            "| tables | speed | moves | move p50 / p95 ms "
            "| the move in the server p50 / p95 ms (its CPU) "
            "| move reaching the 3 others p50 / p95 / p99 ms | errors |"
        )
        print("|---|---|---|---|---|---|---|")
        print(tables_row(run_tables(args.tables, args, env)), flush=True)
        return
    print(
        "| stack | phones | speed | requests | p50 ms | p95 ms | p99 ms | worst kind, p99 ms "
        "| worst move to 50 % / 99 % of phones (99 % of those on their stream), ms "
        "| server CPU per phase change "
        "| an answer in the server p50 / p95 ms (its CPU) | a join, the same | errors |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for players in args.players:
        for stack in args.stacks:
            result = run(stack, players, args, env)
            print(row(result), flush=True)
            # What went wrong, under the table's row (the first few of each run).
            for error in result.get("error_samples", []):
                print(f"  {stack}, {players} phones: {error}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
