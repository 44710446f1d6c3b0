"""A signed-in teacher's past sessions, and how each topic and rule went across them."""

from django.db.models import Count, Q

from tutor.quiz.labels import type_label

from . import codes, questions
from .models import Answer, ClubSession


def sessions(owner, host_url) -> list[dict]:
    """The owner's sessions, newest first, with their players and share of right answers."""
    rows = (
        ClubSession.objects.filter(owner=owner)
        .annotate(
            player_count=Count("players", distinct=True),
            question_count=Count("questions", distinct=True),
        )
        .order_by("-created_at")
    )
    answers = {
        row["question__session"]: row
        for row in Answer.objects.filter(question__session__owner=owner)
        .values("question__session")
        .annotate(total=Count("id"), right=Count("id", filter=Q(correct=True)))
    }
    listed = []
    for session in rows:
        counted = answers.get(session.pk, {"total": 0, "right": 0})
        listed.append(
            {
                "session": session,
                "url": host_url(session),
                "code": codes.spaced(session.code),
                "players": session.player_count,
                "questions": session.question_count,
                "percent": round(100 * counted["right"] / counted["total"])
                if counted["total"]
                else None,
            }
        )
    return listed


def topics(owner) -> list[dict]:
    """Each question type the owner's sessions asked: answers and the share right."""
    rows = (
        Answer.objects.filter(question__session__owner=owner)
        .values("question__data__type")
        .annotate(
            total=Count("id"),
            right=Count("id", filter=Q(correct=True)),
            session_count=Count("question__session", distinct=True),
        )
        .order_by("question__data__type")
    )
    return sorted(
        (
            {
                "name": type_label(row["question__data__type"]),
                "answers": row["total"],
                "percent": round(100 * row["right"] / row["total"]),
                "sessions": row["session_count"],
            }
            for row in rows
        ),
        key=lambda row: row["percent"],
    )


def rules(owner) -> list[dict]:
    """The rules the owner's players broke, most often first, with how many sessions saw it."""
    rows = (
        Answer.objects.filter(question__session__owner=owner, correct=False)
        .values("rule", "question__data__type")
        .annotate(count=Count("id"), session_count=Count("question__session", distinct=True))
    )
    by_rule: dict[str, dict] = {}
    for row in rows:
        entry = by_rule.setdefault(
            row["rule"],
            {
                "rule": row["rule"],
                "name": questions.rule_name(row["rule"], row["question__data__type"]),
                "count": 0,
                "sessions": 0,
            },
        )
        entry["count"] += row["count"]
        entry["sessions"] = max(entry["sessions"], row["session_count"])
    return sorted(by_rule.values(), key=lambda entry: (-entry["count"], entry["rule"]))
