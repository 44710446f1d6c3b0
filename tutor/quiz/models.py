"""What the quiz remembers: answers given, mistakes to review, self-tests, score sheets,
counting drills and their records.

Answers and reviews belong either to a signed-in user or, for a visitor, to
their session key, so practice works without an account.
"""

import math
import secrets
import uuid
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone

from . import schedule


class Owned(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    session_key = models.CharField(max_length=40, blank=True, db_index=True)

    class Meta:
        abstract = True


class Attempt(Owned):
    """One answer to one question, for the progress page."""

    type = models.CharField(max_length=40)
    topic = models.CharField(max_length=40)
    game = models.CharField(max_length=10)
    # A profile name or a house-rule code (tutor.rules.coinche.houserules).
    profile = models.CharField(max_length=600)
    rule = models.CharField(max_length=60)
    # The rule the question turns on (a situation code of its type), right or wrong:
    # what "practise this rule" asks for again.
    situation = models.CharField(max_length=60, blank=True)
    correct = models.BooleanField()
    created = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["created"]

    def __str__(self):
        return f"{self.type} {'right' if self.correct else 'wrong'} ({self.rule})"


class ReviewItem(Owned):
    """A rule the owner broke, with the question that caught them, due again at ``due``.

    ``card`` is the rule's FSRS card (``schedule.py``); ``due`` repeats its due date
    so that the queue can be filtered and ordered in the database.
    """

    rule = models.CharField(max_length=60)
    question = models.JSONField()
    card = models.JSONField(default=dict)
    due = models.DateTimeField(db_index=True)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["due"]

    def __str__(self):
        return f"{self.rule} due {self.due:%Y-%m-%d %H:%M}"

    def answered(self, correct: bool) -> None:
        """A right answer pushes the rule further out; a wrong one brings it back soon."""
        self.card = schedule.review(self.card, correct)
        self.due = schedule.due(self.card)
        self.save(update_fields=["card", "due"])


class SelfTest(Owned):
    """A fixed series of questions and the answers given so far."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    game = models.CharField(max_length=10)
    # A profile name or a house-rule code (tutor.rules.coinche.houserules).
    profile = models.CharField(max_length=600)
    topics = models.JSONField(default=list)
    questions = models.JSONField(default=list)
    answers = models.JSONField(default=list)
    created = models.DateTimeField(default=timezone.now)
    # With a time limit: when the test ends, answered or not.
    deadline = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"{self.game} test, {len(self.answers)}/{len(self.questions)} answered"

    @property
    def time_up(self) -> bool:
        return self.deadline is not None and timezone.now() >= self.deadline

    @property
    def finished(self) -> bool:
        return len(self.answers) >= len(self.questions) or self.time_up

    @property
    def seconds_left(self) -> int | None:
        if self.deadline is None:
            return None
        return max(0, int((self.deadline - timezone.now()).total_seconds()))

    @property
    def score(self) -> int:
        return sum(1 for answer in self.answers if answer["correct"])


def sheet_token() -> str:
    return secrets.token_urlsafe(18)


class ScoreSheet(models.Model):
    """A real game's running score, reached only through its unguessable token."""

    token = models.CharField(max_length=32, unique=True, default=sheet_token)
    # A profile name or a house-rule code (tutor.rules.coinche.houserules).
    profile = models.CharField(max_length=600)
    created = models.DateTimeField(default=timezone.now)

    def __str__(self):
        return f"{self.profile} sheet of {self.created:%Y-%m-%d}"


class SheetDeal(models.Model):
    """One deal of a sheet: its full ``score`` payload and the engine's score of it."""

    sheet = models.ForeignKey(ScoreSheet, related_name="deals", on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField()
    entry = models.JSONField()
    score_ns = models.IntegerField()
    score_ew = models.IntegerField()
    made = models.BooleanField(null=True)
    deposit = models.IntegerField(default=0)
    # The form's one-time key: a second submit of the same form records nothing.
    nonce = models.CharField(max_length=32, blank=True)
    # Counts the saved edits. An edit or a delete names the version its page showed: one
    # made from a page drawn before another tab's edit is refused, not applied over it.
    version = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "number"], name="one_deal_per_number"),
            models.UniqueConstraint(
                fields=["sheet", "nonce"],
                condition=~models.Q(nonce=""),
                name="one_deal_per_form",
            ),
        ]

    def __str__(self):
        return f"deal {self.number}: {self.score_ns} / {self.score_ew}"


class CountRun(Owned):
    """One counting drill played through the server: its settings, the item being asked (its
    number and seed), what has been answered and, once over, when.

    A storm ends ``seconds`` after ``started``, less ``penalty`` (seconds lost to mistakes);
    a streak ends at its first mistake; practice ends when the learner stops.
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    drill = models.CharField(max_length=30)
    # A profile name or a house-rule code (tutor.rules.coinche.houserules).
    profile = models.CharField(max_length=600)
    level = models.PositiveSmallIntegerField()
    mode = models.CharField(max_length=10)
    started = models.DateTimeField(default=timezone.now)
    seconds = models.PositiveIntegerField(default=0)
    penalty = models.PositiveIntegerField(default=0)
    number = models.PositiveIntegerField(default=1)
    seed = models.BigIntegerField()
    right = models.PositiveIntegerField(default=0)
    wrong = models.PositiveIntegerField(default=0)
    # Each item answered: {"number", "seed", "given", "correct"}.
    answers = models.JSONField(default=list)
    finished = models.DateTimeField(null=True, blank=True)
    # The owner's record for these settings when the run ended (to say "new record").
    record_before = models.IntegerField(null=True, blank=True)

    def __str__(self):
        return f"{self.drill} {self.mode} run, {self.right} right"

    @property
    def deadline(self):
        if self.mode != "storm":
            return None
        return self.started + timedelta(seconds=self.seconds - self.penalty)

    @property
    def seconds_left(self) -> int | None:
        if self.deadline is None:
            return None
        return max(0, math.ceil((self.deadline - timezone.now()).total_seconds()))


class CountRecord(Owned):
    """An owner's best score in a drill, per profile, level and mode (storm or streak)."""

    drill = models.CharField(max_length=30)
    profile = models.CharField(max_length=600)
    level = models.PositiveSmallIntegerField()
    mode = models.CharField(max_length=10)
    best = models.PositiveIntegerField()
    run = models.ForeignKey(CountRun, null=True, blank=True, on_delete=models.SET_NULL)
    achieved = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "drill", "profile", "level", "mode"],
                condition=models.Q(user__isnull=False),
                name="one_count_record_per_user",
            ),
            models.UniqueConstraint(
                fields=["session_key", "drill", "profile", "level", "mode"],
                condition=models.Q(user__isnull=True),
                name="one_count_record_per_visitor",
            ),
        ]

    def __str__(self):
        return f"{self.drill} {self.mode} record {self.best}"


class WorkDay(Owned):
    """One day's work of a learner, for the daily goal and the streak: every answer checked
    anywhere (lessons, practice, review, self-test), the minutes in which they answered, and
    the answers given in review (capped per day, see tutor.quiz.goal)."""

    day = models.DateField()
    answers = models.PositiveIntegerField(default=0)
    # The distinct minutes of the day (0-1439) with an answer in them: time really spent.
    minutes = models.JSONField(default=list)
    reviews = models.PositiveIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["user", "session_key", "day"])]

    def __str__(self) -> str:
        return f"{self.day}: {self.answers} answers"


class Goal(Owned):
    """The daily goal a learner set (so many exercises, or minutes, a day) and whether they
    keep a streak of days that met it."""

    class Kind(models.TextChoices):
        EXERCISES = "exercises"
        MINUTES = "minutes"

    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.EXERCISES)
    amount = models.PositiveSmallIntegerField(default=10)
    streak = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"{self.amount} {self.kind} a day"
