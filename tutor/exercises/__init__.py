"""Exercises: the one way to pose, check and explain a question about the rules.

Quizzes, lessons and club sessions all ask questions through this package, so a
question means the same thing, is checked by the same engine call and is
explained with the same steps wherever it appears. Nothing here knows about
views or requests; the partials in ``templates/exercises/`` render a question
and its feedback for any page.

The API
-------
``pose(type_name, seed, profile, params=None) -> dict``
    A question as a JSON-able dict. The same arguments always give the same
    question, so ``(type, profile, seed, params)`` is a stable, shareable
    address (the quiz builds its URLs from it). ``params`` are filters:
    ``{"difficulty": 1|2|3, "situation": "<rule code>"}``; a situation is one
    of the type's ``situations`` (the engine's rule codes), and the scenario
    generator keeps drawing from the seed until it finds one. A situation the
    profile or the level rules out (see ``possible_situations``) is refused at once
    with ``quiz_no_scenario``, without drawing.
``possible_situations(type_name, profile, difficulty) -> tuple``
    The situations ``pose`` can find for a type, profile and level: each type's
    ``possible`` reads them from the profile's options and its own level parameters
    (or, where those cannot tell, from its draws for fixed seeds, computed once).
``fixed(type_name, profile, data) -> dict``
    A question on a position you give (``data`` in the type's shape, as a
    posed question's ``data``): lessons use it for the position their prose
    discusses. ``finish(qtype, question)`` completes such a dict by hand.
``curated(slug) -> dict`` and ``CURATED``
    Hand-written questions adapted from the worked examples of the seeds
    (``curated.json``); checked exactly like generated ones.
``read_answer(question, form) -> answer``
    The answer from submitted form data (a ``QueryDict`` or a dict of lists).
    Raises :class:`BadAnswer` with a reason code when the data could not have
    come from the question's form (a card not in the hand, a choice that does
    not exist); returns ``None`` when the user left the answer empty.
``check(question, answer) -> Verdict``
    Right or wrong, the correct answer, the engine's steps and, for a wrong
    answer, the steps saying why it is wrong. ``verdict.rule`` is the rule code
    the question turns on: the tag spaced repetition files a mistake under.
``text(step, lang) -> str``
    One step (a :class:`~tutor.rules.explain.Step` or its ``{"code",
    "params"}`` dict) as a sentence in ``lang``.
``TYPES`` / ``get_type(name)`` / ``types_for(game)``
    The registry of question types (:class:`QuestionType` subclasses), each
    with a ``name``, ``game`` (``coinche`` or ``chouine``), ``topic``,
    ``answer_kind`` (``cards``: select all; ``choice``: pick one; ``number``;
    ``scores``: one number per side; ``tap``: one card or call tapped on the table,
    right when it is one of the solution's list, see ``taps.py``), the ``profiles`` it
    accepts and its ``situations``.

Errors a user can cause (unknown type or profile, a bad seed, a malformed
answer) raise :class:`ExerciseError` (or its subclass :class:`BadAnswer`),
which carries a reason code rendered by :func:`text` like any engine step.

>>> from tutor import exercises
>>> question = exercises.pose("chouine_trick_winner", seed=7, profile="chouine")
>>> question == exercises.pose("chouine_trick_winner", seed=7, profile="chouine")
True
>>> verdict = exercises.check(question, exercises.solve(question).expected)
>>> verdict.correct, verdict.why_wrong
(True, [])
"""

from . import chouine, chouine_counting, coinche, taps  # noqa: F401  (each registers its types)
from .base import (
    TYPES,
    BadAnswer,
    ExerciseError,
    QuestionType,
    Verdict,
    check,
    finish,
    fixed,
    get_type,
    pose,
    possible_situations,
    read_answer,
    solve,
    text,
    types_for,
)
from .curated import CURATED, curated

__all__ = [
    "CURATED",
    "TYPES",
    "BadAnswer",
    "ExerciseError",
    "QuestionType",
    "Verdict",
    "check",
    "curated",
    "finish",
    "fixed",
    "get_type",
    "pose",
    "possible_situations",
    "read_answer",
    "solve",
    "text",
    "types_for",
]
