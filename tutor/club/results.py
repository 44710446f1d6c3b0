"""What a session adds up to: the answer distribution, the leaderboard, the rules
most often broken, and the CSV export."""

import csv
import io
from collections import Counter

from django.db.models import Count, Q, Sum
from django.utils.translation import gettext as _

from . import questions
from .models import Answer, ClubQuestion, Player

# A spreadsheet runs a cell starting with these as a formula (CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def distribution(question: ClubQuestion, lang: str) -> list[dict]:
    """Each different answer given, most frequent first, with its count and whether it is right."""
    counts: Counter = Counter()
    given_by_key = {}
    correct_keys = set()
    for given, correct in question.answers.values_list("given", "correct"):
        key = questions.answer_key(given)
        counts[key] += 1
        given_by_key[key] = given
        if correct:
            correct_keys.add(key)
    total = sum(counts.values())
    return [
        {
            "answer": questions.describe(question.data, given_by_key[key], lang),
            "count": count,
            "percent": round(100 * count / total),
            "correct": key in correct_keys,
        }
        for key, count in counts.most_common()
    ]


def leaderboard(session) -> list[Player]:
    """Players by right answers, then by the time their right answers took."""
    players = (
        Player.objects.filter(session=session)
        .annotate(
            right=Count("answers", filter=Q(answers__correct=True)),
            answered=Count("answers"),
            time_ms=Sum("answers__elapsed_ms", filter=Q(answers__correct=True), default=0),
        )
        .order_by("-right", "time_ms", "joined_at")
    )
    asked = ClubQuestion.objects.filter(session=session, opened_at__isnull=False).count()
    ranked = list(players)
    for rank, player in enumerate(ranked, start=1):
        player.rank = rank
        player.percent = round(100 * player.right / asked) if asked else 0
        player.seconds = round(player.time_ms / 1000, 1)
    return ranked


def rules_broken(session, lang: str) -> list[dict]:
    """The rules behind wrong answers, most often broken first, each with a sentence from the
    engine's explanation of a question that turned on it."""
    wrong = (
        Answer.objects.filter(question__session=session, correct=False)
        .values("rule", "question__position")
        .annotate(count=Count("id"))
    )
    by_rule: dict[str, dict] = {}
    for row in wrong:
        entry = by_rule.setdefault(row["rule"], {"rule": row["rule"], "count": 0, "positions": []})
        entry["count"] += row["count"]
        entry["positions"].append(row["question__position"] + 1)
    data = dict(ClubQuestion.objects.filter(session=session).values_list("position", "data"))
    for entry in by_rule.values():
        entry["positions"].sort()
        steps = questions.explain(data[entry["positions"][0] - 1], lang)["coded_steps"]
        entry["example"] = next(
            (text for code, text in steps if code == entry["rule"]), steps[0][1]
        )
    return sorted(by_rule.values(), key=lambda entry: (-entry["count"], entry["rule"]))


def _cell(value) -> str:
    value = str(value)
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def csv_export(session) -> str:
    """One row per player: rank, nickname, language, score, then each question (1 right, 0 wrong,
    empty when not answered)."""
    positions = list(
        ClubQuestion.objects.filter(session=session).values_list("position", flat=True)
    )
    marks = {
        (player_id, position): int(correct)
        for player_id, position, correct in Answer.objects.filter(
            question__session=session
        ).values_list("player_id", "question__position", "correct")
    }
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [_("Rank"), _("Nickname"), _("Language"), _("Right answers"), _("Answered"), _("Seconds")]
        + [_("Question %(number)s") % {"number": position + 1} for position in positions]
    )
    for player in leaderboard(session):
        writer.writerow(
            [
                player.rank,
                _cell(player.nickname),
                player.lang,
                player.right,
                player.answered,
                player.seconds,
            ]
            + [marks.get((player.pk, position), "") for position in positions]
        )
    return out.getvalue()
