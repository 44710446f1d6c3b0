"""What a learner has solved: in the session for visitors, in the database once signed in.

Both stores hold the same thing, the solved ``(lesson slug, exercise index)``
pairs with their stars: 2 when the first answer was right, 1 when it took a retry.
A lesson is done when every one of its exercises is solved. When a visitor signs
in, the session's pairs are copied to the account (see
:func:`merge_session_into_account`), so nothing solved before signing in is lost.
Misses before an exercise is solved are kept in the session only: they just decide
its stars.
"""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from .models import SolvedExercise
from .path import Lesson

SESSION_KEY = "lessons_solved"
MISSED_KEY = "lessons_missed"
FIRST_TRY, AFTER_RETRY = 2, 1


def _session_pairs(session) -> dict[tuple[str, int], int]:
    # Entries saved before stars existed have no third item: count them first-try.
    return {
        (entry[0], int(entry[1])): int(entry[2]) if len(entry) > 2 else FIRST_TRY
        for entry in session.get(SESSION_KEY, [])
    }


class Progress:
    """The solved exercises of the visitor of one request."""

    def __init__(self, request) -> None:
        self.request = request
        self.user = request.user if request.user.is_authenticated else None

    def solved(self) -> dict[tuple[str, int], int]:
        """Each solved ``(lesson, exercise)`` pair and its stars."""
        if self.user is None:
            return _session_pairs(self.request.session)
        rows = self.user.solved_exercises.values_list("lesson", "exercise", "stars")
        return {(lesson, exercise): stars for lesson, exercise, stars in rows}

    def missed(self, lesson: str, exercise: int) -> None:
        """A wrong answer before the exercise is solved costs it a star."""
        if (lesson, exercise) in self.solved():
            return
        missed = {tuple(pair) for pair in self.request.session.get(MISSED_KEY, [])}
        self.request.session[MISSED_KEY] = sorted(missed | {(lesson, exercise)})

    def mark(self, lesson: str, exercise: int) -> int:
        """Records a right answer; returns the exercise's stars."""
        missed = [lesson, exercise] in [list(p) for p in self.request.session.get(MISSED_KEY, [])]
        stars = AFTER_RETRY if missed else FIRST_TRY
        if self.user is None:
            pairs = _session_pairs(self.request.session)
            stars = max(stars, pairs.get((lesson, exercise), 0))
            pairs[(lesson, exercise)] = stars
            self.request.session[SESSION_KEY] = sorted([s, i, n] for (s, i), n in pairs.items())
            return stars
        row, created = SolvedExercise.objects.get_or_create(
            user=self.user, lesson=lesson, exercise=exercise, defaults={"stars": stars}
        )
        if not created and stars > row.stars:
            row.stars = stars
            row.save(update_fields=["stars"])
        return max(stars, row.stars)

    def is_done(self, lesson: Lesson, solved: dict | None = None) -> bool:
        solved = self.solved() if solved is None else solved
        return all((lesson.slug, index) in solved for index in range(len(lesson.exercises)))


def lesson_stars(lesson: Lesson, solved: dict) -> tuple[int, int]:
    """Stars won in ``lesson`` and the most it can give."""
    won = sum(solved.get((lesson.slug, i), 0) for i in range(len(lesson.exercises)))
    return won, FIRST_TRY * len(lesson.exercises)


@receiver(user_logged_in)
def merge_session_into_account(sender, request, user, **kwargs) -> None:
    """Keeps what a visitor solved before signing in (login keeps the session's data)."""
    if request is None:
        return
    pairs = _session_pairs(request.session)
    SolvedExercise.objects.bulk_create(
        [
            SolvedExercise(user=user, lesson=slug, exercise=index, stars=stars)
            for (slug, index), stars in pairs.items()
        ],
        ignore_conflicts=True,
    )
    request.session.pop(SESSION_KEY, None)
