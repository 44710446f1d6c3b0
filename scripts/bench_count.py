"""Benchmark: counting drills through their views (Django test client), server time per item.

For each drill at each level, a streak-free practice run is played: every answer is a POST
timed from request to response (form-encoded, as htmx sends it), which checks the answer with
the engine, files the attempt (and a mistake in the review queue), poses the next item and
renders it; one answer in four is wrong. The run page's GET (a new run's first item) is timed
for several runs of each drill and level. The requests run as a server runs them: without
DEBUG and without the test environment's template instrumentation, after one untimed warm-up
run of each drill (a process's first requests compile the templates; that cost is printed).

    python scripts/bench_count.py [answers per drill and level, default 100] [--profile WHAT]

Prints p50 and p95 in milliseconds per drill, by the wall clock and by the process's CPU
time (which a busy machine disturbs less); the target is p95 < 20 ms for a new item. With
``--profile`` a drill's slug (or ``get`` for the run pages' GETs), the requests of that kind
run under cProfile and the functions that took the most time are printed (and the whole
profile saved to the file named by ``BENCH_PROFILE_FILE``, if set, for ``pstats``).
"""

import argparse
import cProfile
import os
import pstats
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core import signing  # noqa: E402
from django.template.base import PartialTemplate, Template  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.runner import DiscoverRunner  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from tutor import exercises  # noqa: E402
from tutor.quiz import drills  # noqa: E402

TOKEN = re.compile(r'name="item" value="([^"]+)"')
GET = "GET item"
# Runs started per drill and level, each timed on its first item's GET.
RUNS_TIMED = 5


def answer_for(drill: drills.Drill, profile: str, level: int, token: str, right: bool) -> dict:
    _run, _number, seed = signing.loads(token, salt=drills.SALT)
    question = exercises.pose(drill.type, seed, profile, {"difficulty": level})
    expected = exercises.solve(question).expected
    if isinstance(expected, dict):
        return {f"score_{side}": points + (0 if right else 1) for side, points in expected.items()}
    return {"number": expected + (0 if right else 1)}


class Timer:
    """Wall and CPU time of each request, by kind; the kind named ``profiled`` under cProfile."""

    def __init__(self, profiled: str | None):
        self.wall: dict[str, list[float]] = {}
        self.cpu: dict[str, list[float]] = {}
        self.profiled = profiled
        self.profile = cProfile.Profile() if profiled else None

    def time(self, kind: str, request):
        profiling = self.profile is not None and kind == self.profiled
        if profiling:
            self.profile.enable()
        wall, cpu = time.perf_counter(), time.process_time()
        response = request()
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        if profiling:
            self.profile.disable()
        self.wall.setdefault(kind, []).append(wall * 1000)
        self.cpu.setdefault(kind, []).append(cpu * 1000)
        return response


def start(client: Client, drill: drills.Drill, level: int) -> tuple[str, str]:
    profile = drill.profiles[0] if drill.game == "chouine" else "official"
    data = {"drill": drill.slug, "profile": profile, "level": level, "mode": "practice"}
    return client.post("/en/quiz/count/start/", data).url, profile


def run(client: Client, drill: drills.Drill, level: int, answers: int, rng, timer: Timer) -> None:
    for _ in range(RUNS_TIMED):
        url, _profile = start(client, drill, level)
        timer.time(GET, lambda url=url: client.get(url))
    url, profile = start(client, drill, level)
    page = client.get(url).content.decode()
    for _ in range(answers):
        token = TOKEN.search(page).group(1)
        posted = {"item": token, **answer_for(drill, profile, level, token, rng.random() > 0.25)}
        response = timer.time(
            drill.slug,
            lambda posted=posted: client.post(
                url + "answer/",
                urlencode(posted),
                content_type="application/x-www-form-urlencoded",
                headers={"HX-Request": "true"},
            ),
        )
        page = response.content.decode()


def warm_up(client: Client) -> float:
    """One short untimed run of each drill: what a process's first requests cost (templates
    compiled, the engine's tables built), in ms of CPU."""
    started = time.process_time()
    for drill in drills.DRILLS.values():
        run(client, drill, 1, 2, random.Random(0), Timer(None))
    return (time.process_time() - started) * 1000


def p95(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=20)[18] if len(samples) > 1 else samples[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("answers", nargs="?", type=int, default=100)
    parser.add_argument("--profile", choices=[*drills.DRILLS, "get"], default=None)
    args = parser.parse_args()
    profiled = GET if args.profile == "get" else args.profile
    # As the server runs: without DEBUG (which logs every query) and without the test
    # environment's instrumented template rendering (which copies each template's context
    # for the test client), neither of which a served request pays.
    renders = Template._render, PartialTemplate._render
    setup_test_environment(debug=False)
    Template._render, PartialTemplate._render = renders
    # A test database of its own, so that a test run in the same checkout is left alone.
    test = settings.DATABASES["default"].setdefault("TEST", {})
    if settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        test["NAME"] = str(Path(tempfile.gettempdir()) / f"atout-bench-count-{os.getpid()}.sqlite3")
    else:
        test["NAME"] = f"test_{settings.DATABASES['default']['NAME']}_bench_count"
    runner = DiscoverRunner(verbosity=0, interactive=False)
    databases = runner.setup_databases()
    try:
        rng = random.Random(7)
        client = Client()
        print(f"load average {os.getloadavg()[0]:.2f}")
        print(f"warm-up (one short run of each drill): {warm_up(client):.0f} ms of CPU")
        timer = Timer(profiled)
        started = time.perf_counter()
        for drill in drills.DRILLS.values():
            for level in (1, 2, 3):
                run(client, drill, level, args.answers, rng, timer)
        requests = sum(len(samples) for samples in timer.wall.values())
        print(f"{requests} requests in {time.perf_counter() - started:.1f} s")
        print(f"load average {os.getloadavg()[0]:.2f}")
        print("answer + next item (POST, htmx); the run page (GET):")
        print(f"  {'':22} {'n':>5}  {'wall p50':>8} {'p95':>6}   {'CPU p50':>7} {'p95':>6}  ms")
        for name, samples in timer.wall.items():
            cpu = timer.cpu[name]
            print(
                f"  {name:22} {len(samples):5}  {statistics.median(samples):8.1f}"
                f" {p95(samples):6.1f}   {statistics.median(cpu):7.1f} {p95(cpu):6.1f}"
            )
        if timer.profile is not None:
            print(f"\nprofile of {profiled!r}, by own time, then by cumulative time:")
            stats = pstats.Stats(timer.profile).strip_dirs()
            stats.sort_stats("tottime").print_stats(25)
            stats.sort_stats("cumulative").print_stats(45)
            if os.environ.get("BENCH_PROFILE_FILE"):
                timer.profile.dump_stats(os.environ["BENCH_PROFILE_FILE"])
    finally:
        runner.teardown_databases(databases)


if __name__ == "__main__":
    main()
