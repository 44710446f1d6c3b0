"""What all the phones of a session share during one phase, computed once per phase.

A teacher move changes ``phase_version``, so (session, phase_version) names a
state that no longer changes: the question on screen, the answers given to it
once it is revealed, the standings over the questions revealed so far, and the
HTML every phone shows alike in one language. At each phase change every phone
asks within one polling interval; the first poll in each server process
computes these and the others read them from a dictionary of the process
(no service beyond the database). Keys carry the phase version, so nothing is
ever invalidated, only left to expire.

The engine's answer enters only the reveal and finished phases' entries: a
question phase's entry holds what ``questions.present`` shows and no more.
"""

import threading
from collections import OrderedDict

from . import questions
from .models import Answer, ClubQuestion, ClubSession
from .results import standings as scoring_standings

# Entries of the last phases of the sessions this process serves; a few kilobytes each
# (the standings of a session hold one small row per player).
KEEP = 256
_entries: OrderedDict = OrderedDict()
_entries_lock = threading.Lock()


def _cached(key: str, compute):
    """A plain dict in this process, not Django's cache: its local-memory backend pickles
    every value, and unpickling a thousand players' standings on each poll costs more than
    the poll itself."""
    value = _entries.get(key)
    if value is None:
        value = compute()
        with _entries_lock:
            _entries[key] = value
            while len(_entries) > KEEP:
                _entries.popitem(last=False)
    return value


def clear() -> None:
    """Forgets every entry (tests that change a phase's rows behind its back)."""
    with _entries_lock:
        _entries.clear()


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
            view["report"] = questions.report_spot(current["data"], current["position"] + 1)
        return view

    return _cached(_key(session, f"shown:{lang}"), compute)


def revealed_answers(session: ClubSession) -> dict[int, tuple]:
    """Each player's (answer, right) to the revealed question: no answer comes in after it."""

    def compute():
        rows = Answer.objects.filter(question_id=question(session)["id"]).values_list(
            "player_id", "given", "correct"
        )
        return {player_id: (given, correct) for player_id, given, correct in rows}

    return _cached(_key(session, "answers"), compute)


def standings(session: ClubSession) -> dict:
    """The ranking over the revealed questions (fixed within a phase): per player id, the
    :class:`scoring.Standing`, plus the number of players."""

    def compute():
        board = scoring_standings(session)
        return {"count": len(board), "players": {row.player_id: row for row in board}}

    return _cached(_key(session, "standings"), compute)


def html(session: ClubSession, part: str, render) -> str:
    """A piece of page every phone of the phase shows alike, rendered once per process."""
    return _cached(_key(session, f"html:{part}"), render)
