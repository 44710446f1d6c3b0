"""Benchmark: whole Coinche games (to the federation's 2,000) played through the views.

Each game is started from the start page, each deal played to its end by a learner picking a
random offered call or card (and Continue after each trick), then "Next deal" until the engine
names a winner. Timed from request to response: every call, card and Continue, the move that
ends a deal (its end page replays every deal of the game through the engine's Game), "Next
deal", and the game's own sheet page at the end.

    python scripts/bench_game.py [games, default 10]

Prints the deals per game and p50/p95 in milliseconds per kind of request.
"""

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_play import AT, CALL, CARD, REDEAL, TRICK  # noqa: E402  (sets Django up)
from django.test import Client  # noqa: E402
from django.test.runner import DiscoverRunner  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

HX = {"HX-Request": "true"}


def timed(times: dict, kind: str, call):
    start = time.perf_counter()
    response = call()
    times.setdefault(kind, []).append((time.perf_counter() - start) * 1000)
    return response


def play_deal(client: Client, url: str, rng: random.Random, times: dict) -> str:
    page = client.get(url).content.decode()
    for _ in range(400):
        if 'data-phase="done"' in page:
            return page
        if 'data-phase="redeal"' in page:
            client.post(REDEAL.search(page).group(1))
            page = client.get(url).content.decode()
            continue
        at = AT.search(page).group(1)
        if 'data-action="continue"' in page:
            kind, data = "continue", {"action": "continue", "trick": TRICK.search(page).group(1)}
        elif calls := CALL.findall(page):
            kind, data = "call", {"call": rng.choice([*calls, *["pass"] * 6])}
        else:
            kind, data = "card", {"card": rng.choice(CARD.findall(page))}
        response = timed(
            times, kind, lambda d=data, a=at: client.post(url, {**d, "at": a}, headers=HX)
        )
        page = response.content.decode()
        if 'data-phase="done"' in page:
            # The move that ended the deal drew its end page, with the game's sheet.
            times.setdefault("deal end", []).append(times[kind].pop())
    raise RuntimeError(f"deal {url} did not end")


def play_game(client: Client, rng: random.Random, times: dict) -> int:
    from tutor.play.models import TableGame

    url = client.post("/en/play/coinche/game/", {"seats": "one", "profile": "federation"}).url
    game = TableGame.objects.latest("id").token
    for deals in range(1, 60):
        page = play_deal(client, url, rng, times)
        if "data-game-over" in page:
            timed(times, "game sheet", lambda: client.get(f"/en/play/coinche/game/{game}/"))
            return deals
        response = timed(
            times,
            "next deal",
            lambda g=game, n=deals: client.post(f"/en/play/coinche/game/{g}/next/", {"after": n}),
        )
        url = response.url
    raise RuntimeError("the game did not end")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    setup_test_environment()
    runner = DiscoverRunner(verbosity=0)
    databases = runner.setup_databases()
    try:
        rng = random.Random(11)
        client = Client()
        times: dict[str, list[float]] = {}
        started = time.perf_counter()
        lengths = [play_game(client, rng, times) for _ in range(games)]
        elapsed = time.perf_counter() - started
        print(
            f"{games} games in {elapsed:.1f} s; deals per game: median "
            f"{statistics.median(lengths)}, longest {max(lengths)}"
        )
        for kind, samples in sorted(times.items()):
            q = statistics.quantiles(samples, n=20) if len(samples) > 1 else samples * 19
            print(
                f"  {kind:10} {len(samples):6} requests  p50 {statistics.median(samples):6.1f} ms"
                f"  p95 {q[18]:6.1f} ms"
            )
    finally:
        runner.teardown_databases(databases)


if __name__ == "__main__":
    main()
