"""Benchmark: counting drills through their views (Django test client), server time per item.

For each drill at each level, a streak-free practice run is played: every answer is a POST
timed from request to response, which checks the answer with the engine, files the attempt
(and a mistake in the review queue), poses the next item and renders it; one answer in four
is wrong. The run page's GET (the item alone) is timed too.

    python scripts/bench_count.py [answers per drill and level, default 100]

Prints p50 and p95 in milliseconds per drill; the target is p95 < 20 ms for a new item.
"""

import os
import random
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")

import django  # noqa: E402

django.setup()

from django.core import signing  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.runner import DiscoverRunner  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from tutor import exercises  # noqa: E402
from tutor.quiz import drills  # noqa: E402

TOKEN = re.compile(r'name="item" value="([^"]+)"')


def answer_for(drill: drills.Drill, profile: str, level: int, token: str, right: bool) -> dict:
    _run, _number, seed = signing.loads(token, salt=drills.SALT)
    question = exercises.pose(drill.type, seed, profile, {"difficulty": level})
    expected = exercises.solve(question).expected
    if isinstance(expected, dict):
        return {f"score_{side}": points + (0 if right else 1) for side, points in expected.items()}
    return {"number": expected + (0 if right else 1)}


def run(client: Client, drill: drills.Drill, level: int, answers: int, rng, times) -> None:
    profile = drill.profiles[0] if drill.game == "chouine" else "official"
    data = {"drill": drill.slug, "profile": profile, "level": level, "mode": "practice"}
    url = client.post("/en/quiz/count/start/", data).url
    start = time.perf_counter()
    page = client.get(url).content.decode()
    times.setdefault("GET item", []).append((time.perf_counter() - start) * 1000)
    for _ in range(answers):
        token = TOKEN.search(page).group(1)
        posted = {"item": token, **answer_for(drill, profile, level, token, rng.random() > 0.25)}
        start = time.perf_counter()
        response = client.post(url + "answer/", posted, headers={"HX-Request": "true"})
        times.setdefault(drill.slug, []).append((time.perf_counter() - start) * 1000)
        page = response.content.decode()


def main() -> None:
    answers = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    setup_test_environment()
    runner = DiscoverRunner(verbosity=0)
    databases = runner.setup_databases()
    try:
        rng = random.Random(7)
        client = Client()
        times: dict[str, list[float]] = {}
        started = time.perf_counter()
        for drill in drills.DRILLS.values():
            for level in (1, 2, 3):
                run(client, drill, level, answers, rng, times)
        requests = sum(len(samples) for samples in times.values())
        print(f"{requests} requests in {time.perf_counter() - started:.1f} s")
        print("answer + next item (POST, htmx):")
        for name, samples in times.items():
            q = statistics.quantiles(samples, n=20)
            print(
                f"  {name:22} {len(samples):5}  p50 {statistics.median(samples):6.1f} ms"
                f"  p95 {q[18]:6.1f} ms"
            )
    finally:
        runner.teardown_databases(databases)


if __name__ == "__main__":
    main()
