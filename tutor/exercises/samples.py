"""Many rendered explanations at once: every question type, every profile, many seeds.

The explanations test renders them in every language and reads them for the
faults a native reader finds (a header with nothing after it, English left in a
translated page, a zero term in a sum, one line per card); ``scripts/
sample_explanations.py`` writes them to a file for a reader to go through.

Each sample is what a learner sees for one question answered wrongly: the
prompt, the rows shown with it (their labels), the choices, then the feedback
(why the answer is wrong, the engine's steps) — as :class:`Step` values, so a
test can look at codes and parameters as well as at the text.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tutor.rules.cards import SEATS
from tutor.rules.coinche.deal import cut_and_deal, play_random
from tutor.rules.coinche.replay import replay
from tutor.rules.coinche.scoring import Contract
from tutor.rules.coinche.tricks import parse_trump
from tutor.rules.explain import Step, render
from tutor.rules.profiles import get_profile

from .base import TYPES, ExerciseError, check, get_type, pose, solve


@dataclass
class Sample:
    """One question as shown, and the feedback on a wrong answer to it."""

    title: str
    prompt: list[Step] = field(default_factory=list)
    labels: list[Step] = field(default_factory=list)
    choices: list[Step] = field(default_factory=list)
    why_wrong: list[Step] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)

    def sections(self) -> dict[str, list[Step]]:
        return {
            "prompt": self.prompt,
            "labels": self.labels,
            "choices": self.choices,
            "why_wrong": self.why_wrong,
            "steps": self.steps,
        }

    def text(self, lang: str) -> str:
        lines = [f"## {self.title}"]
        for name, steps in self.sections().items():
            for step in steps:
                lines.append(f"[{name}] {render(step, lang)}")
        return "\n".join(lines)


def _step(value: dict | Step) -> Step:
    if isinstance(value, Step):
        return value
    return Step(value["code"], dict(value.get("params") or {}))


def _wrong_answer(question: dict, expected):
    """An answer that differs from the right one, as a learner might give."""
    qtype = get_type(question["type"])
    kind = qtype.answer_kind
    if kind == "tap":
        return next((tap for tap in qtype.taps(question) if tap not in expected), expected[0])
    if kind == "cards":
        hand = next((row["cards"] for row in question["show"] if "cards" in row), [])
        return sorted(set(hand) - set(expected)) or hand[:1]
    if kind == "choice":
        values = [choice["value"] for choice in question["choices"]]
        return next((value for value in values if value != expected), expected)
    if kind == "number":
        return expected + 10
    return {side: points + 10 for side, points in expected.items()}


def question_sample(question: dict) -> Sample:
    expected = solve(question).expected
    verdict = check(question, _wrong_answer(question, expected))
    return Sample(
        title=f"{question['type']} / {question['profile']} / seed {question['seed']}",
        prompt=[_step(question["prompt"])],
        labels=[
            *(_step(row["text"]) for row in question["show"] if row.get("text")),
            *(_step(label) for row in question["show"] for label in row.get("labels", ())),
        ],
        choices=[_step(choice["label"]) for choice in question["choices"]],
        why_wrong=list(verdict.why_wrong),
        steps=list(verdict.steps),
    )


def replay_sample(profile_name: str, seed: int) -> Sample:
    """A whole random deal replayed by the engine: every trick, declaration and the score."""
    profile = get_profile(profile_name)
    rng = random.Random(seed)
    trump = parse_trump(rng.choice(profile.trumps))
    deal = cut_and_deal(rng, rng.choice(SEATS))
    leader = (SEATS.index(deal.dealer) + 1) % 4
    played = play_random(deal.masks(), leader, trump, profile.undertrump, rng)
    contract = Contract(SEATS[leader], profile.min_bid, trump)
    result = replay(profile, deal.dealer, deal.hands, played.plays, contract=contract)
    return Sample(title=f"replay / {profile_name} / seed {seed}", steps=list(result.steps))


def samples(seeds: range = range(6)) -> list[Sample]:
    """Every question type under each of its profiles for ``seeds``, and replayed deals."""
    found = []
    for name, qtype in TYPES.items():
        for profile in qtype.profiles:
            for seed in seeds:
                try:
                    question = pose(name, seed, profile)
                except ExerciseError:
                    continue
                found.append(question_sample(question))
    for profile in get_type("deal_score").profiles:
        for seed in seeds:
            found.append(replay_sample(profile, seed))
    return found


__all__ = ["Sample", "question_sample", "replay_sample", "samples"]
