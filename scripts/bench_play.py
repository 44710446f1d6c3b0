"""Benchmark: whole deals played through the play views (Django test client), server time per move.

Each deal is started from the lobby, then played to the end by picking a random
offered call or card (and Continue after each trick), as a learner would; every
POST is timed from request to response, which includes replaying the deal from
its stored moves, the bots' turns, the database and rendering the page.

    python scripts/bench_play.py [deals, default 200] [game: coinche|chouine|both]

Prints p50 and p95 in milliseconds per played card, per call and per Continue;
the target is p95 < 30 ms per played card.
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

from django.test import Client  # noqa: E402
from django.test.runner import DiscoverRunner  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

AT = re.compile(r'name="at" value="(\d+)"')
TRICK = re.compile(r'name="trick" value="(\d+)"')
CALL = re.compile(
    r'<button type="submit" name="call" value="([^"]+)" data-call="[^"]+" class="[^"]*">'
)
CARD = re.compile(r'name="card" value="(\w\w)" data-card="\w\w">')
PICK = re.compile(r'name="pick" value="([^"]+)"')
REDEAL = re.compile(r'action="([^"]*/redeal/)"')


def play_deal(client: Client, game: str, rng: random.Random, times: dict) -> None:
    response = client.post(f"/en/play/{game}/", {"seats": "one"})
    url = response.url
    page = client.get(url).content.decode()
    for _ in range(400):
        if 'data-phase="done"' in page:
            return
        if 'data-phase="redeal"' in page:
            client.post(REDEAL.search(page).group(1))
            page = client.get(url).content.decode()
            continue
        at = AT.search(page).group(1)
        if 'data-action="continue"' in page:
            kind, data = "continue", {"action": "continue", "trick": TRICK.search(page).group(1)}
        elif 'data-action="exchange" data-focus' in page or (
            'data-action="exchange"' in page and 'id="why-exchange"' not in page
        ):
            kind, data = "exchange", {"action": "exchange"}
        elif (picks := PICK.findall(page)) and rng.random() < 0.5:
            kind, data = "announce", {"action": "announce", "pick": picks[0]}
        elif calls := CALL.findall(page):
            kind, data = "call", {"call": rng.choice([*calls, *["pass"] * 6])}
        else:
            kind, data = "card", {"card": rng.choice(CARD.findall(page))}
        start = time.perf_counter()
        response = client.post(url, {**data, "at": at}, headers={"HX-Request": "true"})
        times.setdefault(kind, []).append((time.perf_counter() - start) * 1000)
        page = response.content.decode()
    raise RuntimeError(f"deal {url} did not end")


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    which = sys.argv[2] if len(sys.argv) > 2 else "both"
    setup_test_environment()
    runner = DiscoverRunner(verbosity=0)
    databases = runner.setup_databases()
    try:
        for game in ("coinche", "chouine") if which == "both" else (which,):
            rng = random.Random(11)
            client = Client()
            times: dict[str, list[float]] = {}
            started = time.perf_counter()
            for _ in range(deals):
                play_deal(client, game, rng, times)
            elapsed = time.perf_counter() - started
            print(f"{game}: {deals} deals in {elapsed:.1f} s")
            for kind, samples in sorted(times.items()):
                q = statistics.quantiles(samples, n=20)
                print(
                    f"  {kind:9} {len(samples):6} moves  p50 {statistics.median(samples):6.1f} ms"
                    f"  p95 {q[18]:6.1f} ms"
                )
    finally:
        runner.teardown_databases(databases)


if __name__ == "__main__":
    main()
