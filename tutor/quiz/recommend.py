"""What to practise next: the rules a learner misses most, or a kind of question not tried.

A weak rule is a (question type, profile, situation) the learner has answered wrong
at least once and gets right less than four times in five; its link opens practice
on exactly that situation, at the lowest level that can show it.
"""

from django.db.models import Count, Q
from django.urls import reverse
from django.utils.http import urlencode

from tutor import exercises
from tutor.pages import rules

from . import labels, situations

WEAK_BELOW = 0.8


def practice_url(type_name: str, profile: str, situation: str = "") -> str:
    url = reverse("quiz_random", args=[type_name, profile])
    if not situation:
        return url
    for level in (1, 2, 3):
        if situation in exercises.possible_situations(type_name, profile, level):
            return f"{url}?{urlencode({'difficulty': level, 'situation': situation})}"
    return url


def weak_rules(attempts, limit: int = 5) -> list[dict]:
    rows = (
        attempts.exclude(situation="")
        .values("type", "profile", "situation")
        .annotate(total=Count("id"), right=Count("id", filter=Q(correct=True)))
    )
    weak = [r for r in rows if r["right"] < r["total"] and r["right"] < WEAK_BELOW * r["total"]]
    weak.sort(key=lambda r: (r["right"] / r["total"], -r["total"]))
    out = []
    for r in weak[:limit]:
        try:
            url = practice_url(r["type"], r["profile"], r["situation"])
        except exercises.ExerciseError:
            continue  # a type or profile no longer offered
        out.append(
            {
                **r,
                "percent": round(100 * r["right"] / r["total"]),
                "type_label": labels.type_label(r["type"]),
                "label": situations.rule_name(r["situation"], labels.type_label(r["type"])),
                "profile_label": rules.title(r["profile"]),
                "url": url,
            }
        )
    return out


def per_type(attempts) -> dict[str, dict]:
    rows = attempts.values("type").annotate(
        total=Count("id"), right=Count("id", filter=Q(correct=True))
    )
    return {r["type"]: {**r, "percent": round(100 * r["right"] / r["total"])} for r in rows}


def next_step(attempts, profile_for=lambda qtype: qtype.profiles[0]) -> dict:
    """One recommendation: the weakest rule, else the first kind of question not tried,
    else the kind answered worst; those two open on ``profile_for(type)``."""
    weak = weak_rules(attempts, limit=1)
    if weak:
        return {"reason": "weak", **weak[0]}
    tried = per_type(attempts)
    types = [t for game in labels.GAMES for t in exercises.types_for(game)]
    fresh = next((t for t in types if t.name not in tried), None)
    if fresh is not None:
        return {
            "reason": "new",
            "type_label": labels.type_label(fresh.name),
            "url": practice_url(fresh.name, profile_for(fresh)),
        }
    worst = min(types, key=lambda t: (tried[t.name]["percent"], -tried[t.name]["total"]))
    return {
        "reason": "worst",
        "type_label": labels.type_label(worst.name),
        "percent": tried[worst.name]["percent"],
        "url": practice_url(worst.name, profile_for(worst)),
    }
