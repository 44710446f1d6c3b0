"""Complete random Chouine deals per second, pure Python, one process.

Each deal is dealt from a shuffled deck and played to its end through the
public state machine (``ChouineDeal``): every card checked for legality, the
trump-7 exchange taken and announcements made whenever they are allowed, the
deal scored. Run: ``python scripts/bench_chouine.py [rounds] [deals per round]``;
it prints the best and the median round, as timeit does, since other work on the
machine only ever slows a round down.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.rules.chouine.deal import ChouineDeal  # noqa: E402


def play_one(rng: random.Random) -> ChouineDeal:
    deck = list(range(32))
    rng.shuffle(deck)
    deal = ChouineDeal(deck, "A")
    while not deal.finished:
        if deal.can_exchange():
            deal.exchange()
        if not deal.pending:
            options = deal.announcements_available()
            if options:
                deal.announce(*options[0])
        mask = deal.legal()[0]
        # A random legal card: pick one set bit of the mask.
        for _ in range(int(rng.random() * mask.bit_count())):
            mask &= mask - 1
        deal.play((mask & -mask).bit_length() - 1)
    deal.result()
    return deal


def main(rounds: int = 5, deals: int = 2000) -> None:
    rng = random.Random(2024)
    rates = []
    chouines = 0
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(deals):
            chouines += play_one(rng).chouine_winner is not None
        rates.append(deals / (time.perf_counter() - start))
    rates.sort()
    print(f"{rounds} rounds of {deals} complete random deals (one process, pure Python)")
    print(f"best {rates[-1]:,.0f} deals/s, median {rates[len(rates) // 2]:,.0f} deals/s")
    print(f"{chouines} of {rounds * deals} deals ended by a chouine")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
