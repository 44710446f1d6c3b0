"""When a rule broken in practice comes back for review: FSRS, one card per rule.

FSRS (the `fsrs` package, the scheduler Anki uses) keeps each rule's stability
and difficulty and sets its next due date from the answers given so far. A
mistake anywhere counts as a lapse ("again"): the rule comes back a minute later,
then ten minutes, then by FSRS's intervals as right answers in review ("good")
build its stability up. Cards are stored as FSRS's own dictionaries.
"""

from datetime import timedelta

from django.utils import timezone
from fsrs import Card, Rating, Scheduler

SCHEDULER = Scheduler(
    learning_steps=(timedelta(minutes=1), timedelta(minutes=10)),
    relearning_steps=(timedelta(minutes=10),),
)


def review(card: dict | None, correct: bool) -> dict:
    """The card after an answer: ``card`` is ``None`` for a rule never scheduled."""
    current = Card.from_dict(card) if card else Card(due=timezone.now())
    rating = Rating.Good if correct else Rating.Again
    updated, _log = SCHEDULER.review_card(current, rating, timezone.now())
    return updated.to_dict()


def due(card: dict):
    return Card.from_dict(card).due
