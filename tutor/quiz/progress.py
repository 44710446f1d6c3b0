"""My progress: the lesson courses, the weakest rules (one tap to practise each), accuracy
per topic and day by day (an inline SVG chart), streaks."""

from datetime import timedelta

from django.db.models import Count, Q
from django.db.models.functions import TruncDate
from django.shortcuts import render
from django.utils import timezone

from tutor.lessons.path import COURSES
from tutor.lessons.progress import Progress
from tutor.lessons.views import course_map

from . import labels, recommend
from .models import Attempt, ReviewItem
from .owner import owned

DAYS = 30
WIDTH, HEIGHT, PAD = 320, 160, 24


def per_topic(attempts) -> list[dict]:
    rows = attempts.values("topic").annotate(
        total=Count("id"), right=Count("id", filter=Q(correct=True))
    )
    return [
        {
            "topic": labels.topic_label(row["topic"]),
            "total": row["total"],
            "right": row["right"],
            "percent": round(100 * row["right"] / row["total"]),
        }
        for row in rows.order_by("topic")
    ]


def per_day(attempts) -> list[dict]:
    since = timezone.now() - timedelta(days=DAYS)
    rows = (
        attempts.filter(created__gte=since)
        .annotate(day=TruncDate("created"))
        .values("day")
        .annotate(total=Count("id"), right=Count("id", filter=Q(correct=True)))
        .order_by("day")
    )
    return [
        {"day": r["day"], "total": r["total"], "percent": round(100 * r["right"] / r["total"])}
        for r in rows
    ]


def chart(days: list[dict]) -> dict:
    """Point coordinates of the accuracy line, oldest day on the left."""
    today = timezone.localdate()
    points = []
    for row in days:
        age = (today - row["day"]).days
        x = PAD + (WIDTH - 2 * PAD) * (DAYS - age) / DAYS
        y = HEIGHT - PAD - (HEIGHT - 2 * PAD) * row["percent"] / 100
        points.append({"x": round(x, 1), "y": round(y, 1), **row})
    return {
        "points": points,
        "line": " ".join(f"{p['x']},{p['y']}" for p in points),
        "width": WIDTH,
        "height": HEIGHT,
        "top": PAD,
        "bottom": HEIGHT - PAD,
        "middle": HEIGHT / 2,
        "left": PAD,
        "right": WIDTH - PAD,
    }


def streaks(attempts) -> dict:
    results = list(attempts.order_by("created").values_list("correct", flat=True))
    best = run = 0
    for correct in results:
        run = run + 1 if correct else 0
        best = max(best, run)
    days = set(attempts.annotate(day=TruncDate("created")).values_list("day", flat=True))
    day, in_a_row = timezone.localdate(), 0
    if day not in days:
        day -= timedelta(days=1)  # today not practised yet: yesterday's streak still stands
    while day in days:
        in_a_row += 1
        day -= timedelta(days=1)
    return {"current": run, "best": best, "days": in_a_row}


def page(request):
    attempts = Attempt.objects.filter(owned(request))
    total = attempts.count()
    right = attempts.filter(correct=True).count()
    days = per_day(attempts)
    lessons = Progress(request)
    solved = lessons.solved()
    context = {
        "total": total,
        "percent": round(100 * right / total) if total else 0,
        "topics": per_topic(attempts),
        "days": days,
        "chart": chart(days),
        "streaks": streaks(attempts),
        "reviews": ReviewItem.objects.filter(owned(request)).count(),
        "weak": recommend.weak_rules(attempts),
        "courses": [course_map(lessons, game, solved) for game in COURSES],
    }
    return render(request, "quiz/progress.html", context)
