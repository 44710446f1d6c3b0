"""Reading, checking and remembering one answer: shared by every page that asks questions."""

from django.utils import timezone
from django.utils.translation import get_language

from tutor import exercises
from tutor.exercises.present import verdict_view

from .models import INTERVALS, Attempt, ReviewItem
from .owner import owned, owner


def check_answer(request, question: dict) -> dict:
    """Checks the POSTed answer; returns the feedback context.

    Raises :class:`exercises.BadAnswer` for data the form cannot produce.
    An empty answer gives ``{"missing": True}`` and records nothing.
    """
    answer = exercises.read_answer(question, request.POST)
    if answer is None:
        return {"missing": True, "given": None}
    verdict = exercises.check(question, answer)
    remember(request, question, verdict)
    return {
        "verdict": verdict_view(question, verdict, get_language()),
        "given": answer,
        "correct": verdict.correct,
        "rule": verdict.rule,
        "checked": verdict,
    }


def remember(request, question: dict, verdict) -> None:
    """Files the attempt, and a mistake in the review queue under the rule it broke."""
    qtype = exercises.get_type(question["type"])
    who = owner(request)
    Attempt.objects.create(
        **who,
        type=qtype.name,
        topic=qtype.topic,
        game=qtype.game,
        profile=question["profile"],
        rule=verdict.rule,
        correct=verdict.correct,
    )
    if verdict.correct:
        return
    item = ReviewItem.objects.filter(owned(request), rule=verdict.rule).first()
    due = timezone.now() + INTERVALS[0]
    if item is None:
        ReviewItem.objects.create(**who, rule=verdict.rule, question=question, due=due)
    else:
        item.question, item.step, item.due = question, 0, due
        item.save(update_fields=["question", "step", "due"])
