"""What a learner has solved: in the session for visitors, in the database once signed in.

Both stores hold the same thing, a set of ``(lesson slug, exercise index)``
pairs; a lesson is done when every one of its exercises is in the set. When a
visitor signs in, the session's pairs are copied to the account (see
:func:`merge_session_into_account`), so nothing solved before signing in is lost.
"""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from .models import SolvedExercise
from .path import Lesson

SESSION_KEY = "lessons_solved"


def _session_pairs(session) -> set[tuple[str, int]]:
    return {(slug, int(index)) for slug, index in session.get(SESSION_KEY, [])}


class Progress:
    """The solved exercises of the visitor of one request."""

    def __init__(self, request) -> None:
        self.request = request
        self.user = request.user if request.user.is_authenticated else None

    def solved(self) -> set[tuple[str, int]]:
        if self.user is None:
            return _session_pairs(self.request.session)
        return set(self.user.solved_exercises.values_list("lesson", "exercise"))

    def mark(self, lesson: str, exercise: int) -> None:
        if self.user is None:
            pairs = _session_pairs(self.request.session) | {(lesson, exercise)}
            self.request.session[SESSION_KEY] = sorted(pairs)
        else:
            SolvedExercise.objects.get_or_create(user=self.user, lesson=lesson, exercise=exercise)

    def is_done(self, lesson: Lesson, solved: set[tuple[str, int]] | None = None) -> bool:
        solved = self.solved() if solved is None else solved
        return all((lesson.slug, index) in solved for index in range(len(lesson.exercises)))


@receiver(user_logged_in)
def merge_session_into_account(sender, request, user, **kwargs) -> None:
    """Keeps what a visitor solved before signing in (login keeps the session's data)."""
    if request is None:
        return
    pairs = _session_pairs(request.session)
    SolvedExercise.objects.bulk_create(
        [SolvedExercise(user=user, lesson=slug, exercise=index) for slug, index in pairs],
        ignore_conflicts=True,
    )
    request.session.pop(SESSION_KEY, None)
