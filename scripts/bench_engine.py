"""Prints the Coinche engine's speed: legal-card queries per second and complete deals per second.

    python scripts/bench_engine.py [--seconds 2]

A legal-card query is :func:`tutor.rules.coinche.play.legal_mask` on a position taken
from a random deal (a hand and the cards already in the trick). A complete
deal is :func:`tutor.rules.coinche.deal.random_deal`: shuffle, cut, 3-2-3 deal, 32
legal plays chosen at random, trick winners, declarations, belote and the
federation score. One process, no explanations.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.rules.cards import SEATS  # noqa: E402
from tutor.rules.coinche.deal import cut_and_deal, play_random, random_deal  # noqa: E402
from tutor.rules.coinche.play import legal_mask  # noqa: E402
from tutor.rules.profiles import get_profile  # noqa: E402


def positions(count: int, rng: random.Random) -> list[tuple[int, tuple[int, ...], int, bool]]:
    """Positions met in random deals: (hand, trick so far, trump, undertrump)."""
    found = []
    while len(found) < count:
        trump = rng.randrange(4)
        undertrump = rng.random() < 0.5
        deal = cut_and_deal(rng, rng.choice(SEATS))
        hands = deal.masks()
        leader = SEATS.index(deal.dealer) + 1 & 3
        played = play_random(hands, leader, trump, undertrump, rng)
        for t in range(8):
            seat = played.leaders[t]
            for i in range(4):
                trick = tuple(played.plays[4 * t : 4 * t + i])
                found.append((hands[seat], trick, trump, undertrump))
                hands[seat] ^= 1 << played.plays[4 * t + i]
                seat = seat + 1 & 3
    return found[:count]


def best_rate(batch, size: int, seconds: float) -> float:
    """Items per second of the fastest of the batches run for ``seconds``.

    The fastest batch is the one least disturbed by other work on the machine,
    as with :mod:`timeit`.
    """
    best = 0.0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        start = time.perf_counter()
        batch()
        best = max(best, size / (time.perf_counter() - start))
    return best


def mean_rate(batch, size: int, seconds: float) -> float:
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        batch()
        done += size
    return done / (time.perf_counter() - start)


def bench_legal(seconds: float) -> tuple[float, float]:
    cases = positions(10_000, random.Random(1))

    def batch() -> None:
        for hand, trick, trump, undertrump in cases:
            legal_mask(hand, trick, trump, undertrump)

    return best_rate(batch, len(cases), seconds), mean_rate(batch, len(cases), seconds)


def bench_deals(seconds: float, profile_name: str) -> tuple[float, float]:
    profile = get_profile(profile_name)
    rng = random.Random(2)

    def batch() -> None:
        for _ in range(200):
            random_deal(rng, profile)

    return best_rate(batch, 200, seconds), mean_rate(batch, 200, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; figures: best batch / mean over the run")
    best, mean = bench_legal(args.seconds)
    print(f"legal-card queries/s: {best:,.0f} / {mean:,.0f}")
    for name in ("federation", "official", "online-es", "encyclopedia"):
        best, mean = bench_deals(args.seconds, name)
        print(f"complete random deals/s ({name}): {best:,.0f} / {mean:,.0f}")


if __name__ == "__main__":
    main()
