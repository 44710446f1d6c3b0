"""Reading, checking and remembering one answer: shared by every page that asks questions."""

from django.utils.translation import get_language

from tutor import exercises, plain
from tutor.exercises.present import verdict_view

from . import goal, schedule
from .models import Attempt, ReviewItem
from .owner import owned, owner
from .teach import teach
from .tries import Tries


def feedback_view(
    question: dict, verdict, lang: str, solution: bool = True, step: int | None = None
) -> dict:
    """The verdict for a template (``verdict_view``; ``step``, the question's number on its
    page, for its report link) and, for a wrong answer, the links that teach the rule it
    missed (:mod:`tutor.quiz.teach`)."""
    view = verdict_view(question, verdict, lang, solution=solution, step=step)
    if not verdict.correct:
        view["teach"] = teach(question, verdict.rule)
    return view


def unanswered(question: dict) -> exercises.Verdict:
    """The engine's answer to a question nobody answered (time ran out, or "Show me" with
    nothing chosen): a wrong verdict with no answer given."""
    solution = exercises.solve(question)
    return exercises.Verdict(
        correct=False,
        given=None,
        expected=solution.expected,
        steps=solution.steps,
        rule=solution.rule,
    )


def check_answer(
    request,
    question: dict,
    key: str,
    reviewing: ReviewItem | None = None,
    record: bool = True,
    tries: Tries | None = None,
) -> dict:
    """Checks the POSTed answer (or shows the solution, for "Show me": ``show=1``); returns
    the feedback context.

    ``key`` names the question in the learner's tries (:mod:`tutor.quiz.tries`): a first
    miss holds the solution back, a second one or "Show me" shows it. Only the first answer
    is recorded (``record``: an attempt, and a mistake filed for review; ``reviewing`` is
    the review item the question comes from, scheduled by it). Raises
    :class:`exercises.BadAnswer` for data the form cannot produce. An empty answer gives
    ``{"missing": True}`` and records nothing.
    """
    tries = tries or Tries(request.session, key)
    answer = exercises.read_answer(question, request.POST)
    lang = get_language()
    if request.POST.get("show") == "1":
        tries.show()
        verdict = unanswered(question) if answer is None else exercises.check(question, answer)
        return {
            "verdict": feedback_view(question, verdict, lang),
            "given": answer,
            "rule": verdict.rule,
            "checked": verdict,
            "shown": True,
            "solution": True,
        }
    if answer is None:
        return {"missing": True, "given": None}
    verdict = exercises.check(question, answer)
    first = tries.first
    tries.answer(verdict.correct)
    goal.record(request, reviewing=reviewing is not None and first)
    if record and first:
        remember(request, question, verdict, reviewing)
    can_retry = exercises.get_type(question["type"]).can_retry(question)
    solution = verdict.correct or tries.solution or not can_retry
    return {
        "verdict": feedback_view(question, verdict, lang, solution),
        "given": answer,
        "correct": verdict.correct,
        "rule": verdict.rule,
        "checked": verdict,
        "solution": solution,
        "first": first,
    }


def remember(request, question: dict, verdict, reviewing: ReviewItem | None = None) -> None:
    """Files the attempt, and a mistake in the review queue under the rule it broke.

    An answer in review schedules its item (right or wrong), and a mistake that
    breaks another rule files that rule too.
    """
    qtype = exercises.get_type(question["type"])
    who = owner(request)
    plain.insert(
        Attempt(
            **who,
            type=qtype.name,
            topic=qtype.topic,
            game=qtype.game,
            profile=question["profile"],
            rule=verdict.rule,
            correct=verdict.correct,
            situation=verdict.rule if verdict.correct else exercises.solve(question).rule,
        )
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
