"""The daily goal, the streak and the review cap: what the home page tells a returning learner.

Every answer checked anywhere (a lesson, practice, review, a self-test) is a day's work
(:class:`~tutor.quiz.models.WorkDay`): its count, and the minutes in which the learner
answered, which measure time really spent (an open tab is not work). The learner sets the
goal — so many exercises, or minutes, a day — and may keep a streak: the days in a row that
met the goal, a single tap never enough; one missed day in any seven is covered by a
freeze, so a day off does not wipe out a month. After an absence the review queue comes
back :data:`REVIEW_CAP` answers a day, not as one wall.
"""

from __future__ import annotations

from datetime import date, timedelta

from django import forms
from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from tutor import plain

from .models import Goal, WorkDay
from .owner import owned, owned_rows, owner

AMOUNTS = {Goal.Kind.EXERCISES: (5, 10, 20, 30), Goal.Kind.MINUTES: (5, 10, 15, 20, 30)}
REVIEW_CAP = 20
FREEZE_EVERY = 7
# How far back a streak is counted.
HORIZON = 120


def record(request, reviewing: bool = False) -> None:
    """Counts one checked answer in today's work (``reviewing``: an answer in review)."""
    now = timezone.localtime()
    today = connection.ops.adapt_datefield_value(now.date())
    found = owned_rows(WorkDay, request, "day = %s", [today])
    # The day's first answer makes its row (get_or_create: two first answers make one).
    row = found[0] if found else WorkDay.objects.get_or_create(**owner(request), day=now.date())[0]
    row.answers += 1
    minute = now.hour * 60 + now.minute
    if minute not in row.minutes:
        row.minutes = [*row.minutes, minute]
    row.reviews += int(reviewing)
    plain.update(row, ["answers", "minutes", "reviews"])


def goal_of(request) -> Goal:
    """The learner's goal, or the default one (not saved) for a learner who set none."""
    found = owned_rows(Goal, request, tail="ORDER BY id LIMIT 1")
    return found[0] if found else Goal()


def _done(row: WorkDay | None, goal: Goal) -> int:
    if row is None:
        return 0
    return row.answers if goal.kind == Goal.Kind.EXERCISES else len(row.minutes)


def _streak(rows: dict[date, WorkDay], goal: Goal, today: date) -> tuple[int, list[date]]:
    """Days in a row that met the goal, up to today (or yesterday, today not being over),
    and the missed days a freeze covered (at most one in any :data:`FREEZE_EVERY`)."""

    def met(day: date) -> bool:
        return _done(rows.get(day), goal) >= goal.amount

    day = today if met(today) else today - timedelta(days=1)
    days, frozen = 0, []
    while (today - day).days < HORIZON:
        if met(day):
            days += 1
        elif (
            days
            and met(day - timedelta(days=1))
            and not any((last - day).days < FREEZE_EVERY for last in frozen)
        ):
            frozen.append(day)
        else:
            break
        day -= timedelta(days=1)
    return days, frozen


def today_view(request) -> dict:
    """Today's goal, the work done towards it and, when kept, the streak."""
    goal = goal_of(request)
    today = timezone.localdate()
    since = connection.ops.adapt_datefield_value(today - timedelta(days=HORIZON))
    rows = {row.day: row for row in owned_rows(WorkDay, request, "day > %s", [since])}
    done = _done(rows.get(today), goal)
    view = {
        "reviews_left": _reviews_left(rows.get(today)),
        "goal": goal,
        "set": goal.pk is not None,
        "done": min(done, goal.amount),
        "met": done >= goal.amount,
        "worked": bool(rows),
    }
    if goal.streak:
        view["streak"], view["frozen"] = _streak(rows, goal, today)
    return view


def reviews_left(request) -> int:
    """The answers in review still on today's ration."""
    return _reviews_left(WorkDay.objects.filter(owned(request), day=timezone.localdate()).first())


def _reviews_left(row: WorkDay | None) -> int:
    return max(0, REVIEW_CAP - (row.reviews if row else 0))


class GoalForm(forms.Form):
    """The goal's settings; any other value is refused with a message (and a 400)."""

    kind = forms.ChoiceField(
        label=_("Count my daily work in"),
        choices=[(Goal.Kind.EXERCISES, _("exercises")), (Goal.Kind.MINUTES, _("minutes"))],
        widget=forms.RadioSelect,
    )
    amount = forms.TypedChoiceField(
        label=_("How much a day"),
        coerce=int,
        choices=[(n, n) for n in sorted({n for values in AMOUNTS.values() for n in values})],
    )
    streak = forms.BooleanField(
        label=_("Keep a streak of the days I meet my goal"),
        required=False,
        help_text=_("One missed day in any seven is forgiven."),
    )

    def clean(self):
        data = super().clean()
        kind, amount = data.get("kind"), data.get("amount")
        if kind and amount and amount not in AMOUNTS[kind]:
            choices = ", ".join(str(n) for n in AMOUNTS[kind])
            self.add_error(
                "amount",
                ngettext(
                    "Choose one of %(choices)s exercise a day.",
                    "Choose one of %(choices)s exercises a day.",
                    AMOUNTS[kind][-1],
                )
                % {"choices": choices}
                if kind == Goal.Kind.EXERCISES
                else ngettext(
                    "Choose one of %(choices)s minute a day.",
                    "Choose one of %(choices)s minutes a day.",
                    AMOUNTS[kind][-1],
                )
                % {"choices": choices},
            )
        return data

    def save(self, request) -> Goal:
        goal = goal_of(request)
        if goal.pk is None:
            for name, value in owner(request).items():
                setattr(goal, name, value)
        goal.kind = self.cleaned_data["kind"]
        goal.amount = self.cleaned_data["amount"]
        goal.streak = self.cleaned_data["streak"]
        goal.save()
        return goal
