"""Reading, checking and remembering one answer: shared by every page that asks questions."""

from django.utils.translation import get_language

from tutor import exercises
from tutor.exercises.present import verdict_view

from . import schedule
from .models import Attempt, ReviewItem
from .owner import owned, owner


def check_answer(request, question: dict, reviewing: ReviewItem | None = None) -> dict:
    """Checks the POSTed answer; returns the feedback context.

    ``reviewing`` is the review item the question comes from, if any.
    Raises :class:`exercises.BadAnswer` for data the form cannot produce.
    An empty answer gives ``{"missing": True}`` and records nothing.
    """
    answer = exercises.read_answer(question, request.POST)
    if answer is None:
        return {"missing": True, "given": None}
    verdict = exercises.check(question, answer)
    remember(request, question, verdict, reviewing)
    return {
        "verdict": verdict_view(question, verdict, get_language()),
        "given": answer,
        "correct": verdict.correct,
        "rule": verdict.rule,
        "checked": verdict,
    }


def remember(request, question: dict, verdict, reviewing: ReviewItem | None = None) -> None:
    """Files the attempt, and a mistake in the review queue under the rule it broke.

    An answer in review schedules its item (right or wrong), and a mistake that
    breaks another rule files that rule too.
    """
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
        situation=verdict.rule if verdict.correct else exercises.solve(question).rule,
    )
    if reviewing is not None:
        reviewing.answered(verdict.correct)
    if verdict.correct or (reviewing is not None and reviewing.rule == verdict.rule):
        return
    # A mistake is a lapse of the rule, in review or not: it comes back soon.
    item = ReviewItem.objects.filter(owned(request), rule=verdict.rule).first()
    card = schedule.review(item.card if item else None, correct=False)
    if item is None:
        ReviewItem.objects.create(
            **who, rule=verdict.rule, question=question, card=card, due=schedule.due(card)
        )
    else:
        item.question, item.card, item.due = question, card, schedule.due(card)
        item.save(update_fields=["question", "card", "due"])
