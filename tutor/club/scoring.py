"""How a session ranks its players: accuracy first (time breaks ties), or speed points and streaks.

Both orders are computed from the same rows, the answers to revealed questions, so the
scoreboard between questions, the phones, the podium and the CSV always agree.

Speed points (the teacher's option): a right answer is worth 1,000 points when given at once,
falling linearly to 500 at the end of the question's time (``UNTIMED_SECONDS`` for an untimed
question); each right answer in a row after the first adds ``STREAK_BONUS``, up to ``STREAK_CAP``
bonuses. A wrong answer or no answer scores nothing and ends the streak.
"""

from dataclasses import dataclass

MAX_POINTS = 1000
MIN_POINTS = 500
UNTIMED_SECONDS = 30
STREAK_BONUS = 100
STREAK_CAP = 5


@dataclass
class Standing:
    player_id: int
    nickname: str
    lang: str
    right: int = 0
    answered: int = 0
    time_ms: int = 0
    points: int = 0
    streak: int = 0
    # Points won on the last revealed question (0 when wrong or unanswered).
    gained: int = 0
    rank: int = 0

    @property
    def seconds(self) -> float:
        return round(self.time_ms / 1000, 1)


def points_for(elapsed_ms: int, seconds: int | None, streak: int) -> int:
    """Speed points for a right answer given after ``elapsed_ms``, ``streak`` included."""
    limit = (seconds or UNTIMED_SECONDS) * 1000
    share = min(max(elapsed_ms, 0), limit) / limit
    bonus = STREAK_BONUS * min(max(streak - 1, 0), STREAK_CAP)
    return round(MAX_POINTS - (MAX_POINTS - MIN_POINTS) * share) + bonus


def standings(
    players: list[tuple], answers: list[tuple], scoring: str, last: int
) -> list[Standing]:
    """Players ranked. ``players``: (id, nickname, lang) in joining order; ``answers``: (player
    id, question position, right, elapsed ms, the question's seconds or None when untimed) for
    the revealed questions; ``last``: the position of the last revealed question (-1: none
    yet)."""
    table = {pk: Standing(pk, nickname, lang) for pk, nickname, lang in players}
    by_player: dict[int, dict[int, tuple]] = {}
    for player_id, position, correct, elapsed_ms, seconds in answers:
        by_player.setdefault(player_id, {})[position] = (correct, elapsed_ms, seconds)
    for player_id, given in by_player.items():
        row = table.get(player_id)
        if row is None:
            continue
        streak = 0
        for position in range(last + 1):
            correct, elapsed_ms, seconds = given.get(position, (False, 0, None))
            gained = 0
            if position in given:
                row.answered += 1
            if correct:
                streak += 1
                row.right += 1
                row.time_ms += elapsed_ms
                gained = points_for(elapsed_ms, seconds, streak)
                row.points += gained
            else:
                streak = 0
            if position == last:
                row.gained = gained
        row.streak = streak
    order = list(table.values())
    # Python's sort is stable: equal players stay in joining order.
    if scoring == "speed":
        order.sort(key=lambda row: (-row.points, -row.right, row.time_ms))
    else:
        order.sort(key=lambda row: (-row.right, row.time_ms))
    for rank, row in enumerate(order, start=1):
        row.rank = rank
    return order
