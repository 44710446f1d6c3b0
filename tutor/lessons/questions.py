"""Lessons' fixed positions as questions of :mod:`tutor.exercises`.

A lesson wants the one position its prose talks about, under the profile the
learner picked: :func:`tutor.exercises.fixed` poses it, and the package checks
and explains it like any other question. A position that depends on the
profile (a total just under its target) is a function of the profile's name.
"""

from __future__ import annotations

from tutor import exercises
from tutor.memo import LRU

from .path import Exercise, Lesson


def profiles_for(lesson: Lesson) -> tuple[str, ...]:
    """The profiles every exercise of ``lesson`` can be asked under, in the lesson's order."""
    return tuple(
        name
        for name in lesson.profiles
        if all(name in exercises.get_type(item.type).profiles for item in lesson.exercises)
    )


# Each lesson exercise posed once per profile (house rules included: the key is the full
# code). Keyed by the exercise's identity, kept alive by its entry; the question is shared.
POSED = LRU(items=2000)


def question(exercise: Exercise, profile: str) -> dict:
    """The question of ``exercise`` under ``profile``, as :func:`tutor.exercises.pose` gives it."""
    key = (id(exercise), profile)
    found = POSED.get(key)
    if found is None or found[0] is not exercise:
        found = (exercise, _pose(exercise, profile))
        POSED.put(key, found)
    return found[1]


def _pose(exercise: Exercise, profile: str) -> dict:
    if exercise.data is None:
        return exercises.pose(exercise.type, exercise.seed, profile, exercise.params)
    data = exercise.data(profile) if callable(exercise.data) else exercise.data
    return exercises.fixed(exercise.type, profile, data)


def show(posed: dict) -> list[dict]:
    """The rows that draw the question's position (hand, cards on the table, facts)."""
    return exercises.get_type(posed["type"]).show(posed)


def answer_kind(posed: dict) -> str:
    return exercises.get_type(posed["type"]).answer_kind


def other_rules(exercise: Exercise, lesson: Lesson, current: str) -> list[dict]:
    """How every profile of the lesson scores the same deal, differences marked.

    Only for ``scores`` questions: one row per profile, each side's score and
    whether it differs from the score under ``current``.
    """
    rows = []
    names = profiles_for(lesson)
    for name in names if current in names else (current, *names):
        expected = exercises.solve(question(exercise, name)).expected
        rows.append({"profile": name, "scores": expected})
    reference = next(row["scores"] for row in rows if row["profile"] == current)
    for row in rows:
        row["cells"] = [
            {"side": side, "points": points, "differs": points != reference.get(side)}
            for side, points in row["scores"].items()
        ]
        row["current"] = row["profile"] == current
    return rows
