"""Benchmark: the CPU a practice question filtered by a situation costs, for every question type,
profile, level and situation the type can show there.

    python scripts/bench_situations.py [seeds per situation, default 8] [--top 15]

Each sample poses the question for a fresh random seed with its situation (what
``/<lang>/quiz/q/<type>/<profile>/<seed>/?difficulty=…&situation=…`` costs besides rendering)
and checks that the engine's deciding rule is that situation. Prints the costliest
combinations (mean and worst CPU milliseconds, seeds that found no scenario), then the
mean over all of them and how many cost more than 50 ms on average. CPU time, so a busy
machine inflates the figures less than wall time; take the final figures on a quiet one.
"""

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")

import django  # noqa: E402

django.setup()

from tutor import exercises  # noqa: E402


def measure(seeds: int, rng: random.Random) -> list[tuple]:
    rows = []
    for name, qtype in exercises.TYPES.items():
        for profile in qtype.profiles:
            for level in (1, 2, 3):
                for situation in qtype.possible(profile, level):
                    times, missed = [], 0
                    for _seed in range(seeds):
                        params = {"difficulty": level, "situation": situation}
                        start = time.process_time()
                        try:
                            posed = exercises.pose(name, rng.randrange(2**32), profile, params)
                        except exercises.ExerciseError:
                            missed += 1
                        else:
                            assert exercises.solve(posed).rule == situation
                        times.append((time.process_time() - start) * 1000)
                    row = (statistics.mean(times), max(times), missed, name, profile, level)
                    rows.append((*row, situation))
    return sorted(rows, reverse=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seeds", nargs="?", type=int, default=8)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    rows = measure(args.seeds, random.Random(2026))
    print(f"{'mean ms':>8} {'worst ms':>9} {'missed':>6}  type / profile / level / situation")
    for mean, worst, missed, name, profile, level, situation in rows[: args.top]:
        print(f"{mean:>8.1f} {worst:>9.1f} {missed:>6}  {name} / {profile} / {level} / {situation}")
    over = sum(1 for row in rows if row[0] > 50)
    overall = statistics.mean(row[0] for row in rows)
    print(f"{len(rows)} combinations: mean {overall:.1f} ms; {over} above 50 ms on average")


if __name__ == "__main__":
    main()
