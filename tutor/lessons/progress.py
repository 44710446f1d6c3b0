"""What a learner has solved: in the session for visitors, in the database once signed in.

Both stores hold the same thing: the solved ``(lesson slug, exercise index, profile)``
triples, since an answer right under one rule profile may be wrong under another, each
with its stars: 2 when the first answer under that profile was right, 1 when it took a
retry, 0 when the solution had been shown first (a second miss, "Show me").
A lesson page counts what is solved under its profile; elsewhere a lesson is done
when every one of its exercises is solved under some profile, and an exercise is worth the
best stars it won under any. When a visitor signs in, the session's triples are copied to
the account (see :func:`merge_session_into_account`), so nothing solved before signing in
is lost. Misses and solutions shown before an exercise is solved are kept in the session
only: they just decide its stars.
"""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from .models import SolvedExercise
from .path import Lesson

SESSION_KEY = "lessons_solved"
MISSED_KEY = "lessons_missed"
SHOWN_KEY = "lessons_shown"
FIRST_TRY, AFTER_RETRY, AFTER_SHOWN = 2, 1, 0

Solved = dict[tuple[str, int, str], int]


def _session_entry(entry: list) -> tuple[tuple[str, int, str], int]:
    # Older sessions hold [slug, index], [slug, index, stars] or [slug, index, profile]:
    # a missing profile is "" (solved before profiles were recorded), missing stars first-try.
    slug, index, *rest = entry
    profile = next((item for item in rest if isinstance(item, str)), "")
    stars = next((item for item in rest if isinstance(item, int)), FIRST_TRY)
    return (slug, int(index), profile), stars


def _session_triples(session) -> Solved:
    return dict(_session_entry(entry) for entry in session.get(SESSION_KEY, []))


def _stars_by_exercise(solved: Solved, profile: str | None) -> dict[tuple[str, int], int]:
    """Each solved ``(lesson, exercise)`` with its stars: under ``profile``, or the best under
    any profile when ``profile`` is None."""
    best: dict[tuple[str, int], int] = {}
    for (slug, index, solved_under), stars in solved.items():
        if profile is None or solved_under == profile:
            best[(slug, index)] = max(stars, best.get((slug, index), 0))
    return best


class Progress:
    """The solved exercises of the visitor of one request."""

    def __init__(self, request) -> None:
        self.request = request
        self.user = request.user if request.user.is_authenticated else None

    def solved(self) -> Solved:
        """Each solved ``(lesson, exercise, profile)`` and its stars."""
        if self.user is None:
            return _session_triples(self.request.session)
        rows = self.user.solved_exercises.values_list("lesson", "exercise", "profile", "stars")
        return {(lesson, exercise, profile): stars for lesson, exercise, profile, stars in rows}

    def _triples(self, name: str) -> set[tuple[str, int, str]]:
        return {
            (entry[0], int(entry[1]), entry[2] if len(entry) > 2 else "")
            for entry in self.request.session.get(name, [])
        }

    def _add(self, name: str, lesson: str, exercise: int, profile: str) -> None:
        if (lesson, exercise, profile) in self.solved():
            return
        triples = self._triples(name) | {(lesson, exercise, profile)}
        self.request.session[name] = sorted(list(triple) for triple in triples)

    def missed(self, lesson: str, exercise: int, profile: str) -> None:
        """A wrong answer before the exercise is solved under ``profile`` costs it a star."""
        self._add(MISSED_KEY, lesson, exercise, profile)

    def shown(self, lesson: str, exercise: int, profile: str) -> None:
        """The solution shown before the exercise is solved under ``profile``: no star."""
        self._add(SHOWN_KEY, lesson, exercise, profile)

    def mark(self, lesson: str, exercise: int, profile: str) -> int:
        """Records a right answer under ``profile``; returns the exercise's stars there."""
        key = (lesson, exercise, profile)
        if key in self._triples(SHOWN_KEY):
            stars = AFTER_SHOWN
        else:
            stars = AFTER_RETRY if key in self._triples(MISSED_KEY) else FIRST_TRY
        if self.user is None:
            triples = _session_triples(self.request.session)
            stars = max(stars, triples.get(key, 0))
            triples[key] = stars
            self.request.session[SESSION_KEY] = sorted([*k, n] for k, n in triples.items())
            return stars
        row, created = SolvedExercise.objects.get_or_create(
            user=self.user,
            lesson=lesson,
            exercise=exercise,
            profile=profile,
            defaults={"stars": stars},
        )
        if not created and stars > row.stars:
            row.stars = stars
            row.save(update_fields=["stars"])
        return max(stars, row.stars)

    def is_done(self, lesson: Lesson, solved: Solved | None = None, profile=None) -> bool:
        """Every exercise solved: under ``profile``, or under some profile when None."""
        solved = self.solved() if solved is None else solved
        answered = _stars_by_exercise(solved, profile)
        return all((lesson.slug, index) in answered for index in range(len(lesson.exercises)))


def exercise_stars(lesson: Lesson, solved: Solved, profile: str | None = None) -> list[int | None]:
    """The stars of each exercise of ``lesson`` (``None``: not solved; 0: solved after the
    solution was shown), as :func:`_stars_by_exercise`."""
    best = _stars_by_exercise(solved, profile)
    return [best.get((lesson.slug, index)) for index in range(len(lesson.exercises))]


def lesson_stars(lesson: Lesson, solved: Solved, profile: str | None = None) -> tuple[int, int]:
    """Stars won in ``lesson`` and the most it can give."""
    won = sum(stars or 0 for stars in exercise_stars(lesson, solved, profile))
    return won, FIRST_TRY * len(lesson.exercises)


@receiver(user_logged_in)
def merge_session_into_account(sender, request, user, **kwargs) -> None:
    """Keeps what a visitor solved before signing in (login keeps the session's data)."""
    if request is None:
        return
    triples = _session_triples(request.session)
    SolvedExercise.objects.bulk_create(
        [
            SolvedExercise(user=user, lesson=slug, exercise=index, profile=profile, stars=stars)
            for (slug, index, profile), stars in triples.items()
        ],
        ignore_conflicts=True,
    )
    request.session.pop(SESSION_KEY, None)
