"""Benchmark: posing, checking and explaining questions server-side, per question type.

Each sample poses a question from a fresh seed (at a random level), checks a
wrong answer and renders the verdict's steps in a random language, which is
what answering a question costs the server besides the database.

    python scripts/bench_quiz.py [samples per type, default 300]

Prints p50 and p95 in milliseconds per type; the target is p95 < 20 ms.
"""

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor import exercises  # noqa: E402

LANGS = ("en", "pt", "es", "ro", "fr")


def wrong(question, expected):
    qtype = exercises.get_type(question["type"])
    kind = qtype.answer_kind
    if kind == "tap":
        return next((tap for tap in qtype.taps(question) if tap not in expected), expected[0])
    if kind == "cards":
        return question["data"]["hand"][:1]
    if kind == "choice":
        return next(c["value"] for c in question["choices"] if c["value"] != expected)
    if kind == "number":
        return expected + 1
    return {side: points + 10 for side, points in expected.items()}


def sample(name: str, profile: str, rng: random.Random) -> float:
    start = time.perf_counter()
    question = exercises.pose(
        name, rng.randrange(2**32), profile, {"difficulty": rng.randint(1, 3)}
    )
    expected = exercises.solve(question).expected
    verdict = exercises.check(question, wrong(question, expected))
    verdict.as_json(rng.choice(LANGS))
    exercises.text(question["prompt"], rng.choice(LANGS))
    return (time.perf_counter() - start) * 1000


def main() -> None:
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rng = random.Random(2026)
    print(f"{'question type':<24} {'p50 ms':>8} {'p95 ms':>8}")
    worst = 0.0
    for name, qtype in exercises.TYPES.items():
        times = sorted(sample(name, rng.choice(qtype.profiles), rng) for _ in range(samples))
        p50 = statistics.median(times)
        p95 = times[int(0.95 * (len(times) - 1))]
        worst = max(worst, p95)
        print(f"{name:<24} {p50:>8.2f} {p95:>8.2f}")
    print(f"worst p95: {worst:.2f} ms ({'under' if worst < 20 else 'OVER'} the 20 ms target)")


if __name__ == "__main__":
    main()
