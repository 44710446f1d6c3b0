"""What a learner has solved: in the session for visitors, in the database once signed in.

Both stores hold the same thing, a set of ``(lesson slug, exercise index, profile)``
triples, since an answer right under one rule profile may be wrong under another;
a lesson is done when every one of its exercises is solved under some profile. When a
visitor signs in, the session's pairs are copied to the account (see
:func:`merge_session_into_account`), so nothing solved before signing in is lost.
"""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from .models import SolvedExercise
from .path import Lesson

SESSION_KEY = "lessons_solved"


def _session_pairs(session) -> set[tuple[str, int, str]]:
    # Entries stored before profiles were recorded have no third item.
    return {
        (entry[0], int(entry[1]), *entry[2:3]) if len(entry) > 2 else (entry[0], int(entry[1]), "")
        for entry in session.get(SESSION_KEY, [])
    }


class Progress:
    """The solved exercises of the visitor of one request."""

    def __init__(self, request) -> None:
        self.request = request
        self.user = request.user if request.user.is_authenticated else None

    def solved(self) -> set[tuple[str, int, str]]:
        if self.user is None:
            return _session_pairs(self.request.session)
        return set(self.user.solved_exercises.values_list("lesson", "exercise", "profile"))

    def mark(self, lesson: str, exercise: int, profile: str) -> None:
        if self.user is None:
            pairs = _session_pairs(self.request.session) | {(lesson, exercise, profile)}
            self.request.session[SESSION_KEY] = sorted(pairs)
        else:
            SolvedExercise.objects.get_or_create(
                user=self.user, lesson=lesson, exercise=exercise, profile=profile
            )

    def is_done(self, lesson: Lesson, solved: set[tuple[str, int, str]] | None = None) -> bool:
        solved = self.solved() if solved is None else solved
        answered = {(slug, index) for slug, index, _profile in solved}
        return all((lesson.slug, index) in answered for index in range(len(lesson.exercises)))


@receiver(user_logged_in)
def merge_session_into_account(sender, request, user, **kwargs) -> None:
    """Keeps what a visitor solved before signing in (login keeps the session's data)."""
    if request is None:
        return
    pairs = _session_pairs(request.session)
    SolvedExercise.objects.bulk_create(
        [
            SolvedExercise(user=user, lesson=slug, exercise=index, profile=profile)
            for slug, index, profile in pairs
        ],
        ignore_conflicts=True,
    )
    request.session.pop(SESSION_KEY, None)
