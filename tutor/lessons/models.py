from django.conf import settings
from django.db import models


class SolvedExercise(models.Model):
    """One exercise of one lesson that a signed-in learner has answered right."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="solved_exercises"
    )
    lesson = models.SlugField(max_length=64)
    exercise = models.PositiveSmallIntegerField()
    # The rule profile or house-rule code (tutor.rules.coinche.houserules) it was answered
    # under: an answer can be right under one and wrong under another. Empty for exercises
    # solved before profiles were recorded.
    profile = models.CharField(max_length=600, blank=True, default="")
    # 2: right at the first answer; 1: right after a retry.
    stars = models.PositiveSmallIntegerField(default=2)
    solved_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "lesson", "exercise", "profile"], name="lessons_solved_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.lesson}#{self.exercise}"
