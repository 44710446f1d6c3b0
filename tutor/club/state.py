"""The moves of a session: the teacher's start, reveal and next, and a player's answer.

Teacher moves lock the session row, so two clicks from two tabs cannot both
advance it. An answer takes a shared lock on its question row (PostgreSQL's
FOR SHARE): answers never wait for each other, but the reveal's update waits
for the answers already under way and every later answer sees the question
revealed. The unique constraint on (player, question) keeps one answer each. On PostgreSQL
an answer is one statement (see RECORD_POSTGRESQL).
"""

import json
from datetime import timedelta

from django.db import IntegrityError, connection, transaction
from django.db.models import F
from django.utils import timezone

from tutor import exercises, push

from . import live
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
    """The teacher's move (or the clock's): a new phase version, told to every stream once the
    move commits."""
    ClubSession.objects.filter(pk=session.pk).update(phase_version=F("phase_version") + 1, **fields)
    push.publish(live.topic(session.code), session.phase_version + 1)


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
        # The clock, the answers' deadline and the automatic reveal read the session's
        # ``seconds``: from now on, this question's.
        _bump(
            session,
            phase=ClubSession.Phase.QUESTION,
            position=position,
            seconds=question.seconds,
        )


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
    """The teacher removes a player: their answers go with them, so the results forget them,
    and their phone's token is kept so that this browser cannot join again."""
    with transaction.atomic():
        session = _locked(session_id)
        _remove(session, Player.objects.filter(session_id=session_id, pk=player_id))


def remove_latest(session_id: int, count: int) -> int:
    """The teacher removes the ``count`` players who joined last, at once (a script's joins,
    say), as :func:`remove_player` removes one; returns how many went."""
    with transaction.atomic():
        session = _locked(session_id)
        players = Player.objects.filter(session_id=session_id).order_by("-joined_at", "-pk")
        latest = list(players.values_list("pk", flat=True)[:count])
        return _remove(session, Player.objects.filter(pk__in=latest))


def _remove(session: ClubSession, players) -> int:
    digests = list(players.values_list("token_digest", flat=True))
    if digests:
        session.removed = [*session.removed, *digests]
        session.save(update_fields=["removed"])
        players.delete()
        # The same version: a removed phone's stream sends it away, the others show no change.
        push.publish(live.topic(session.code), session.phase_version)
    return len(digests)


def set_joining(session_id: int, **fields) -> None:
    """The teacher opens or closes the session to new players (``joining_open``), or sets how
    many may join from one network (``per_network``); a new version, so the projector shows
    it at once."""
    with transaction.atomic():
        _bump(_locked(session_id), **fields)


def seconds_left(session: ClubSession, opened_at) -> int | None:
    """Whole seconds until a timed question opened at ``opened_at`` closes; ``None``: untimed."""
    if session.seconds is None or opened_at is None:
        return None
    end = opened_at + timedelta(seconds=session.seconds)
    return max(0, int((end - timezone.now()).total_seconds()))


def answer(player, question: ClubQuestion, given) -> None:
    """Records ``given`` (as exercises.read_answer returns it) once, or raises :class:`Refused`."""
    verdict = exercises.check(question.data, given)
    row = {
        "player": player.pk,
        "question": question.pk,
        "position": question.position,
        "given": json.dumps(given),
        "correct": verdict.correct,
        "rule": "" if verdict.correct else verdict.rule,
        "now": timezone.now(),
        # The deadline in seconds after the opening, grace included; None: untimed.
        "limit": None
        if player.session.seconds is None
        else player.session.seconds + GRACE.total_seconds(),
    }
    try:
        recorded = _record(row)
    except IntegrityError:
        # The teacher removed this player while the answer was on its way.
        raise Refused("closed") from None
    if not recorded:
        raise Refused(_why_not(player, question, row["now"]))
    player.answered_position = question.position


def _tables():
    name = connection.ops.quote_name
    return {
        "answer": name(Answer._meta.db_table),
        "question": name(ClubQuestion._meta.db_table),
        "player": name(Player._meta.db_table),
    }


# PostgreSQL: one statement, in its own transaction. FOR SHARE makes the reveal's update of
# the question row wait for this statement, and makes this statement see a reveal that
# committed first (it then selects no row); ON CONFLICT keeps one answer per player and
# question without a savepoint; the player's answered_position follows in the same statement.
RECORD_POSTGRESQL = """
WITH open AS (
    SELECT id, opened_at FROM {question}
    WHERE id = %(question)s AND opened_at IS NOT NULL AND revealed_at IS NULL
    FOR SHARE
), recorded AS (
    INSERT INTO {answer} (player_id, question_id, given, correct, rule, elapsed_ms, created_at)
    SELECT %(player)s, id, %(given)s::jsonb, %(correct)s, %(rule)s,
           GREATEST(0, FLOOR(EXTRACT(EPOCH FROM %(now)s - opened_at) * 1000))::integer, %(now)s
    FROM open
    WHERE %(limit)s::float IS NULL OR %(now)s <= opened_at + make_interval(secs => %(limit)s)
    ON CONFLICT (player_id, question_id) DO NOTHING
    RETURNING player_id
)
UPDATE {player} SET answered_position = %(position)s
WHERE id IN (SELECT player_id FROM recorded)
RETURNING id
"""


def _record(row: dict) -> bool:
    """Inserts the answer if its question is open, in time and not yet answered by the player."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(RECORD_POSTGRESQL.format(**_tables()), row)
            return cursor.fetchone() is not None
    # SQLite runs one writer at a time (IMMEDIATE transactions): what this transaction reads
    # stays true until it commits.
    with transaction.atomic():
        opened_at, revealed_at = ClubQuestion.objects.filter(pk=row["question"]).values_list(
            "opened_at", "revealed_at"
        )[0]
        if opened_at is None or revealed_at is not None:
            return False
        if row["limit"] is not None and row["now"] > opened_at + timedelta(seconds=row["limit"]):
            return False
        answers = Answer.objects.filter(player_id=row["player"], question_id=row["question"])
        if answers.exists():
            return False
        Answer.objects.create(
            player_id=row["player"],
            question_id=row["question"],
            given=json.loads(row["given"]),
            correct=row["correct"],
            rule=row["rule"],
            elapsed_ms=max(0, int((row["now"] - opened_at).total_seconds() * 1000)),
        )
        Player.objects.filter(pk=row["player"]).update(answered_position=row["position"])
        return True


def _why_not(player, question: ClubQuestion, now) -> str:
    """Which rule refused an answer (a rare request: it may read again)."""
    opened_at, revealed_at = ClubQuestion.objects.filter(pk=question.pk).values_list(
        "opened_at", "revealed_at"
    )[0]
    if opened_at is None or revealed_at is not None:
        return "closed"
    end = deadline(player.session, opened_at)
    if end is not None and now > end:
        return "late"
    return "twice"
