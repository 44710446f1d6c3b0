"""What all the phones of a session share during one phase, computed once per phase.

A teacher move changes ``phase_version``, so (session, phase_version) names a
state that no longer changes: the question on screen, the answers given to it
once it is revealed, the scores of the questions revealed so far, the final
ranks. At each phase change every phone asks within one polling interval; the
first poll in each server process computes these and the others read them from
the process's local-memory cache (no service beyond the database). Keys carry
the phase version, so nothing is ever invalidated, only left to expire.

The engine's answer enters only the reveal and finished phases' entries: a
question phase's entry holds what ``questions.present`` shows and no more.
"""

from django.core.cache import cache
from django.db.models import Count, Q

from . import questions
from .models import Answer, ClubQuestion, ClubSession
from .results import leaderboard

# Longer than any session; entries are only a few kilobytes.
KEEP = 6 * 3600


def _cached(key: str, compute):
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, KEEP)
    return value


def _key(session: ClubSession, part: str) -> str:
    # The random code as well as the id: ids come back after a rollback or a restored backup.
    return f"club:{session.code}:{session.pk}:{session.phase_version}:{part}"


def question(session: ClubSession) -> dict:
    """The question on screen: its id, position, opening time, posed data and the count."""

    def compute():
        shown = {"total": ClubQuestion.objects.filter(session=session).count()}
        if session.phase in (ClubSession.Phase.QUESTION, ClubSession.Phase.REVEAL):
            row = ClubQuestion.objects.get(session=session, position=session.position)
            shown.update(id=row.pk, position=row.position, opened_at=row.opened_at, data=row.data)
        return shown

    return _cached(_key(session, "question"), compute)


def shown(session: ClubSession, lang: str) -> dict:
    """The question as a phone shows it in ``lang``, with the explanation once revealed."""

    def compute():
        current = question(session)
        view = {}
        if "data" in current:
            revealed = session.phase == ClubSession.Phase.REVEAL
            view["question"] = questions.present(current["data"], lang, revealed)
        if session.phase == ClubSession.Phase.REVEAL:
            # Only now does the engine's answer reach the phones.
            view["explanation"] = questions.explain(current["data"], lang)
        return view

    return _cached(_key(session, f"shown:{lang}"), compute)


def scores(session: ClubSession) -> dict[int, int]:
    """Right answers per player, counting revealed questions only (fixed within a phase)."""

    def compute():
        rows = (
            Answer.objects.filter(question__session=session)
            .values("player_id")
            .annotate(
                right=Count("id", filter=Q(correct=True, question__revealed_at__isnull=False))
            )
        )
        return {row["player_id"]: row["right"] for row in rows}

    return _cached(_key(session, "scores"), compute)


def revealed_answers(session: ClubSession) -> dict[int, tuple]:
    """Each player's (answer, right) to the revealed question: no answer comes in after it."""

    def compute():
        rows = Answer.objects.filter(question_id=question(session)["id"]).values_list(
            "player_id", "given", "correct"
        )
        return {player_id: (given, correct) for player_id, given, correct in rows}

    return _cached(_key(session, "answers"), compute)


def ranks(session: ClubSession) -> dict:
    """The final leaderboard, reduced to what a phone shows: rank and percent per player."""

    def compute():
        board = leaderboard(session)
        return {
            "count": len(board),
            "players": {row.pk: {"rank": row.rank, "percent": row.percent} for row in board},
        }

    return _cached(_key(session, "ranks"), compute)
