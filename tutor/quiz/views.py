"""Practice pages: the index, one question at a stable address, prepared scenarios, review.

Answering works as an htmx fragment (``page.html#exercise``) and as a plain
POST that renders the whole page with the feedback in it.
"""

import random
from datetime import timedelta

from django.conf import settings
from django.db import connection
from django.http import HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tutor import exercises
from tutor.exercises.present import question_view
from tutor.guard import inputs, throttle
from tutor.guard.inputs import MAX_ID
from tutor.pages import rules

from . import goal, labels, recommend, situations
from .answering import check_answer
from .models import Attempt, ReviewItem
from .owner import owned, whose


def bad_request(request, error: exercises.ExerciseError):
    """A translated message and status 400, for addresses and data no form produces."""
    message = exercises.text(error.step, get_language())
    response = render(request, "quiz/bad_request.html", {"message": message}, status=400)
    return response if not request.htmx else HttpResponseBadRequest(message)


def too_many_filtered(request):
    """The refusal (429) of a question filtered by a situation once this client asked for many
    in the last minute, else ``None``: such a question may cost many scenario draws."""
    if not request.GET.get("situation"):
        return None
    if throttle.take("situation", request, 60, settings.FILTERED_QUESTIONS_PER_MINUTE):
        return None
    message = _("Too many questions from this network in the last minute. Wait a moment.")
    response = render(request, "quiz/bad_request.html", {"message": message}, status=429)
    return response if not request.htmx else HttpResponse(message, status=429)


def _opening(request, qtype) -> str:
    """The rules a kind of question opens on: the remembered ones where it has them."""
    return rules.chosen(request, qtype.profiles) or qtype.profiles[0]


def catalogue(request, accuracy: dict | None = None) -> list[dict]:
    """Every type with its line and the learner's accuracy, its form opening on the
    learner's remembered rules where it has them."""
    games = []
    accuracy = accuracy or {}
    for game, name in labels.GAMES.items():
        types = []
        for qtype in exercises.types_for(game):
            profile = _opening(request, qtype)
            types.append(
                {
                    "name": qtype.name,
                    "label": labels.type_label(qtype.name),
                    "description": labels.DESCRIPTIONS.get(qtype.name, ""),
                    "accuracy": accuracy.get(qtype.name),
                    "profile": profile,
                    "profiles": rules.choices(request, qtype.profiles, profile),
                    # The form opens on those rules at level 1; htmx refreshes the
                    # situations when either changes (see situation_options).
                    "situations": (
                        situations.choices(qtype.possible(profile, 1)) if qtype.situations else []
                    ),
                }
            )
        games.append({"game": game, "name": name, "types": types})
    return games


def index(request):
    curated = [
        {
            "slug": slug,
            "label": labels.EXAMPLES.get(slug, labels.type_label(entry["type"])),
            "kind": labels.type_label(entry["type"]),
            "profile": labels.PROFILES.get(entry["profile"], entry["profile"]),
            "source": labels.source(entry["source"], "from"),
        }
        for slug, entry in exercises.CURATED.items()
    ]
    attempts = Attempt.objects.filter(owned(request))
    context = {
        "games": catalogue(request, recommend.per_type(attempts)),
        "curated": curated,
        "levels": labels.LEVELS,
        "recommended": recommend.next_step(attempts, lambda qtype: _opening(request, qtype)),
        "queue": review_queue(request),
    }
    return render(request, "quiz/index.html", context)


def filters(request) -> dict:
    return {key: request.GET[key] for key in ("difficulty", "situation") if request.GET.get(key)}


# Seeds a fresh question tries before giving up. Some situations are rare at some
# levels and profiles (a litige, a second coinche): one seed misses them up to a
# third of the time, four about once in a hundred. A situation the profile or level
# rules out (undertrumping where the profile never asks it) is refused without drawing.
SEED_TRIES = 4


def situation_options(request, type_name):
    """The options of a type's situation select for the profile and level in the query:
    the index's selects fetch them with htmx. The choice made is kept where it remains
    possible."""
    try:
        qtype = exercises.get_type(type_name)
        profile = request.GET.get("profile") or qtype.profiles[0]
        codes = exercises.possible_situations(type_name, profile, request.GET.get("difficulty"))
    except exercises.ExerciseError as error:
        return bad_request(request, error)
    context = {"situations": situations.choices(codes), "chosen": request.GET.get("situation")}
    return render(request, "quiz/index.html#situation_options", context)


def random_question(request, type_name, profile):
    """A fresh scenario: redirects to its permanent address, keeping the filters.

    The index's forms may name the profile in the query instead of the path.
    Only a seed that poses a question is sent out, so neither this redirect nor
    "Next question" leads to a scenario the filters cannot meet.
    """
    refused = too_many_filtered(request)
    if refused:
        return refused
    profile = request.GET.get("profile") or profile
    for attempt in range(SEED_TRIES):
        seed = random.randrange(exercises.base.MAX_SEED)
        try:
            exercises.pose(type_name, seed, profile, filters(request))
            break
        except exercises.ExerciseError as error:
            if error.code != "quiz_no_scenario" or attempt == SEED_TRIES - 1:
                return bad_request(request, error)
    rules.remember(request, profile)
    url = reverse("quiz_question", args=[type_name, profile, seed])
    query = filters(request)
    return redirect(f"{url}?{urlencode(query)}" if query else url)


def question_key(question: dict) -> str:
    """A practice question's name in the learner's tries: its address."""
    params = question["params"]
    return "/".join(
        ["q", question["type"], question["profile"], str(question["seed"]), str(params)]
    )


def ask(request, question: dict, template: str, extra: dict, key: str, reviewing=None):
    """Shows ``question``; on POST checks the answer (fragment for htmx, page otherwise).

    ``key`` names the question in the learner's tries (a first miss holds the solution
    back); ``reviewing`` is the review item the question comes from, scheduled only by
    the first answer to it.
    """
    context = {
        "question": question_view(question, get_language()),
        "title": labels.type_label(question["type"]),
        "profile_label": rules.title(question["profile"]),
        "profile": question["profile"],
        "action": request.get_full_path(),
        "target": "#exercise",
        "id": "exercise",
        **extra,
    }
    if request.method == "POST":
        try:
            context.update(check_answer(request, question, key, reviewing))
        except exercises.BadAnswer as error:
            return bad_request(request, error)
        context["answered"] = True
        # The learner's answer stays on the page, marked with the verdict.
        lang = get_language()
        context["question"] = question_view(
            question,
            lang,
            context["given"],
            context.get("checked"),
            context.get("solution", True),
        )
        if request.htmx:
            return render(request, f"{template}#exercise", context)
    return render(request, template, context)


@require_http_methods(["GET", "POST"])
def question(request, type_name, profile, seed):
    refused = too_many_filtered(request)
    if refused:
        return refused
    try:
        posed = exercises.pose(type_name, seed, profile, filters(request))
    except exercises.ExerciseError as error:
        return bad_request(request, error)
    next_url = reverse("quiz_random", args=[type_name, profile])
    query = filters(request)
    situation = posed["params"].get("situation")
    if situation:
        situation = {"code": situation, "label": situations.rule_name(situation)}
    extra = {
        "next_url": f"{next_url}?{urlencode(query)}" if query else next_url,
        "share_url": request.build_absolute_uri(request.get_full_path()),
        "seed": posed["seed"],
        "level": labels.LEVELS[posed["params"]["difficulty"]],
        "situation": situation,
        "posed": posed,
    }
    return ask(request, posed, "quiz/question.html", extra, question_key(posed))


@require_http_methods(["GET", "POST"])
def curated(request, slug):
    try:
        posed = exercises.curated(slug)
    except exercises.ExerciseError as error:
        return bad_request(request, error)
    entry = exercises.CURATED[slug]
    extra = {
        "next_url": reverse("quiz_index"),
        "source": labels.source(entry["source"], "in"),
        "example_title": labels.EXAMPLES.get(slug),
        "posed": posed,
    }
    return ask(request, posed, "quiz/question.html", extra, f"example/{slug}")


MINUTE = timedelta(minutes=1)


def review_queue(request, left: int | None = None) -> dict:
    """What is due now and what comes next (with when), for the review page and links;
    ``left``: today's reviews left, when the caller has read them already."""
    items = ReviewItem.objects.filter(owned(request))
    now = timezone.now()
    counts = _review_counts(request, now)
    if left is None:
        left = goal.reviews_left(request)
    later = (
        items.filter(due__gt=now).order_by("due")[:5] if counts["waiting"] > counts["due"] else []
    )
    soon = [
        {"label": rule_label(item), "due": item.due, "within_a_minute": item.due - now < MINUTE}
        for item in later
    ]
    # After an absence the backlog comes back a day's ration at a time, not as one wall.
    return {
        "due": min(counts["due"], left),
        "backlog": max(0, counts["due"] - left),
        "waiting": counts["waiting"],
        "soon": soon,
        "rationed": left == 0,
    }


def _review_counts(request, now) -> dict:
    """How many rules wait in the learner's review and how many of them are due ``now``: a
    plain statement, as it is read on every page of a returning learner (docs/speed.md)."""
    condition, values = whose(request)
    sql = (
        f"SELECT COUNT(*), COUNT(CASE WHEN due <= %s THEN 1 END) FROM {ReviewItem._meta.db_table}"  # noqa: S608 - names from the model
        f" WHERE {condition}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [connection.ops.adapt_datetimefield_value(now), *values])
        waiting, due = cursor.fetchone()
    return {"waiting": waiting, "due": due}


def rule_label(item: ReviewItem) -> str:
    """A review item's name: the situation it caught, else its kind of question."""
    situation = situations.SITUATIONS.get(item.rule)
    kind = labels.type_label(item.question["type"])
    return f"{kind} — {situation}" if situation else kind


@require_http_methods(["GET", "POST"])
def review(request):
    """The mistakes due again, oldest first; ``?all=1`` reviews what comes next now."""
    items = ReviewItem.objects.filter(owned(request))
    due = items.filter(due__lte=timezone.now())
    item = (items if request.GET.get("all") else due).first()
    if request.method == "GET" and not goal.reviews_left(request):
        item = None  # today's ration is done: the rest comes back tomorrow
    if request.method == "POST":
        # The form sends the item's id; anything else (letters, a number past the id
        # column's range) names no item.
        pk = inputs.parse(request.POST.get("item"), 1, MAX_ID)
        item = items.filter(pk=pk).first() if pk is not None else None
        if item is None:
            return bad_request(request, exercises.BadAnswer("quiz_bad_answer"))
    context = {**review_queue(request), "item": item, "early": bool(request.GET.get("all"))}
    if item is None:
        return render(request, "quiz/review.html", context)
    context["next_url"] = reverse("quiz_review")
    if request.GET.get("all"):
        context["next_url"] += "?all=1"
    context["title"] = rule_label(item)
    # The item as drawn (its due time then): retries of it after its first answer, which
    # moved it on, neither schedule it again nor count as a first answer.
    drawn = request.POST.get("due", "")[:40] if request.method == "POST" else _stamp(item)
    context["hidden"] = {"item": item.pk, "due": drawn}
    reviewing = item if drawn == _stamp(item) else None
    key = f"review/{item.pk}/{drawn}"
    return ask(request, item.question, "quiz/review.html", context, key, reviewing=reviewing)


def _stamp(item: ReviewItem) -> str:
    return str(int(item.due.timestamp() * 1000))


@require_http_methods(["GET", "POST"])
def daily_goal(request):
    """The learner's daily goal and streak; settings no form offers are refused (400)."""
    current = goal.goal_of(request)
    initial = {"kind": current.kind, "amount": current.amount, "streak": current.streak}
    form = goal.GoalForm(request.POST or None, initial=initial)
    if request.method == "POST":
        if form.is_valid():
            form.save(request)
            return redirect("home")
        return render(request, "quiz/goal.html", {"form": form}, status=400)
    return render(request, "quiz/goal.html", {"form": form, **goal.today_view(request)})
