"""The moves of a session: the teacher's start, reveal and next, and a player's answer.

Teacher moves lock the session row, so two clicks from two tabs cannot both
advance it. An answer takes a shared lock on its question row (PostgreSQL's
FOR SHARE): answers never wait for each other, but the reveal's update waits
for the answers already under way and every later answer sees the question
revealed. The unique constraint on (player, question) keeps one answer each.
"""

from datetime import timedelta

from django.db import IntegrityError, connection, transaction
from django.db.models import F
from django.utils import timezone

from tutor import exercises

from .models import Answer, ClubQuestion, ClubSession, Player

# Phones and networks lag: an answer sent as the clock reaches zero still counts.
GRACE = timedelta(seconds=2)


class Refused(Exception):
    """An answer the rules of the session do not accept; ``reason`` says which rule."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def _locked(session_id: int) -> ClubSession:
    return ClubSession.objects.select_for_update().get(pk=session_id)


def _bump(session: ClubSession, **fields) -> None:
    ClubSession.objects.filter(pk=session.pk).update(phase_version=F("phase_version") + 1, **fields)


def advance(session_id: int) -> None:
    """Lobby or scoreboard → the next question; reveal → the scoreboard, or the end after the
    last question."""
    with transaction.atomic():
        session = _locked(session_id)
        if session.phase == ClubSession.Phase.REVEAL:
            last = not ClubQuestion.objects.filter(
                session=session, position__gt=session.position
            ).exists()
            _bump(
                session, phase=ClubSession.Phase.FINISHED if last else ClubSession.Phase.SCOREBOARD
            )
            return
        if session.phase not in (ClubSession.Phase.LOBBY, ClubSession.Phase.SCOREBOARD):
            return
        position = session.position + 1
        question = ClubQuestion.objects.filter(session=session, position=position).first()
        if question is None:
            _bump(session, phase=ClubSession.Phase.FINISHED)
            return
        ClubQuestion.objects.filter(pk=question.pk).update(opened_at=timezone.now())
        _bump(session, phase=ClubSession.Phase.QUESTION, position=position)


def reveal(session_id: int, only_when_due: bool = False) -> None:
    """Reveals the open question; with ``only_when_due``, only once its time and the grace
    are over (the automatic reveal: whichever request sees it due first does it)."""
    with transaction.atomic():
        session = _locked(session_id)
        if session.phase != ClubSession.Phase.QUESTION:
            return
        question = ClubQuestion.objects.get(session=session, position=session.position)
        if only_when_due and not is_due(session, question.opened_at):
            return
        ClubQuestion.objects.filter(pk=question.pk).update(revealed_at=timezone.now())
        _bump(session, phase=ClubSession.Phase.REVEAL)


def deadline(session: ClubSession, opened_at):
    """When a timed question stops taking answers (grace included); ``None``: untimed."""
    if session.seconds is None or opened_at is None:
        return None
    return opened_at + timedelta(seconds=session.seconds) + GRACE


def is_due(session: ClubSession, opened_at) -> bool:
    """Whether the open question should reveal itself now."""
    end = deadline(session, opened_at)
    return session.auto_reveal and end is not None and timezone.now() >= end


def remove_player(session_id: int, player_id: int) -> None:
    """The teacher removes a player: their answers go with them, so the results forget them."""
    Player.objects.filter(session_id=session_id, pk=player_id).delete()


def seconds_left(session: ClubSession, opened_at) -> int | None:
    """Whole seconds until a timed question opened at ``opened_at`` closes; ``None``: untimed."""
    if session.seconds is None or opened_at is None:
        return None
    end = opened_at + timedelta(seconds=session.seconds)
    return max(0, int((end - timezone.now()).total_seconds()))


def _lock_for_answer(question_id: int):
    """The question's (opened_at, revealed_at), read under a lock the reveal must wait for."""
    if connection.vendor == "postgresql":
        table = connection.ops.quote_name(ClubQuestion._meta.db_table)
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT opened_at, revealed_at FROM {table} WHERE id = %s FOR SHARE",
                [question_id],
            )
            return cursor.fetchone()
    # SQLite runs one writer at a time, so a plain read inside the transaction is enough.
    return ClubQuestion.objects.filter(pk=question_id).values_list("opened_at", "revealed_at")[0]


def answer(player, question: ClubQuestion, given) -> Answer:
    """Records ``given`` (as exercises.read_answer returns it) once, or raises :class:`Refused`."""
    verdict = exercises.check(question.data, given)
    now = timezone.now()
    with transaction.atomic():
        opened_at, revealed_at = _lock_for_answer(question.pk)
        if opened_at is None or revealed_at is not None:
            raise Refused("closed")
        end = deadline(player.session, opened_at)
        if end is not None and now > end:
            raise Refused("late")
        try:
            with transaction.atomic():
                recorded = Answer.objects.create(
                    player=player,
                    question=question,
                    given=given,
                    correct=verdict.correct,
                    rule="" if verdict.correct else verdict.rule,
                    elapsed_ms=max(0, int((now - opened_at).total_seconds() * 1000)),
                )
        except IntegrityError:
            raise Refused("twice") from None
        type(player).objects.filter(pk=player.pk).update(answered_position=question.position)
    player.answered_position = question.position
    return recorded
