"""The course pages, the exercises' answers (htmx fragments or whole pages) and the account.

A learner's mistake re-renders the exercise with the engine's explanation; a
request that no form of ours could have sent (unknown lesson, exercise or
profile, an answer that is not in the question) gets a translated 400 or 404.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.views import LoginView
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tutor import exercises
from tutor.exercises import present
from tutor.guard import inputs, throttle
from tutor.pages import rules
from tutor.quiz.answering import check_answer, feedback_view
from tutor.reports import spots
from tutor.rules.explain import side_name

from . import examples, questions
from .diagrams import diagram, rules_of
from .forms import SignInForm, SignupForm
from .path import COURSES, GAMES, Lesson, get_lesson
from .progress import FIRST_TRY, Progress, Solved, exercise_stars, lesson_stars


def _lesson_or_404(slug: str) -> Lesson:
    lesson = get_lesson(slug)
    if lesson is None:
        raise Http404(slug)
    return lesson


def _bad_request(request: HttpRequest, step: bool = False) -> HttpResponse:
    return render(request, "lessons/bad_request.html", {"bad_step": step}, status=400)


def _step(source) -> int | None:
    """The example's step asked for (0 without one), ``None`` for one no link of ours has."""
    return inputs.parse(source.get("step", "0"), 0, 999)


def _example(lesson: Lesson, profile: str, step: int) -> dict:
    """The worked example at ``step`` and the links to the steps around it (which keep the
    learner's rules). The number of steps of a solved example can change with the profile,
    so a step past the end (kept across a profile switch) shows the last one."""
    shown = profile
    try:
        view = examples.step_view(lesson.example, profile, get_language(), step)
    except examples.ExampleError:
        # House rules can forbid a card or a call of the example (a higher lowest bid, no
        # no-trump): it is then played under the lesson's own rules, and says so.
        shown = questions.profiles_for(lesson)[0]
        view = examples.step_view(lesson.example, shown, get_language(), step)
    view["shown_under"] = None if shown == profile else rules.title(shown)
    view["ask"] = examples.position(lesson.example, shown)
    base = reverse("lesson", args=[lesson.slug])

    def link(number: int) -> str:
        return f"{base}?{urlencode({'profile': profile, 'step': number})}"

    view["number"] = view["step"] + 1
    view["report"] = spots.example(
        lesson.slug, shown, view["step"], view["game"], view["drawn"], view["said"]
    )
    view["previous_url"] = link(view["step"] - 1) if view["step"] else ""
    view["next_url"] = link(view["step"] + 1) if view["step"] < view["last"] else ""
    return view


def _profile(request: HttpRequest, lesson: Lesson, source) -> str | None:
    """The profile asked for (``source`` is GET or POST), remembered for the next lessons and
    practice; without one, the remembered rules where the lesson offers them, else the
    lesson's default. ``None`` for rules the lesson does not offer."""
    return rules.chosen(request, questions.profiles_for(lesson), source, keep=True)


def course_map(progress: Progress, game: str, solved: Solved | None = None) -> dict:
    """A course's map: each lesson done or not, its stars, and where to go on. A lesson is
    done when each exercise is solved under some profile, worth its best stars under any."""
    solved = progress.solved() if solved is None else solved
    lessons = []
    for lesson in COURSES[game]:
        won, most = lesson_stars(lesson, solved)
        lessons.append(
            {
                "lesson": lesson,
                "done": progress.is_done(lesson, solved),
                "stars": won,
                "most": most,
            }
        )
    resume = next((item["lesson"] for item in lessons if not item["done"]), None)
    return {
        "game": game,
        "title": GAMES[game],
        "lessons": lessons,
        "resume": resume,
        "done": sum(1 for item in lessons if item["done"]),
        "count": len(lessons),
        "stars": sum(item["stars"] for item in lessons),
        "most": sum(item["most"] for item in lessons),
        # All the map shows of the learner: the key its drawing is kept under ({% kept %}).
        "key": (
            game,
            tuple((item["lesson"].slug, item["done"], item["stars"]) for item in lessons),
        ),
    }


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    progress = Progress(request)
    courses = [course_map(progress, game) for game in COURSES]
    return render(request, "lessons/index.html", {"courses": courses})


@require_GET
def resume(request: HttpRequest, game: str) -> HttpResponse:
    """The first lesson of ``game`` not done yet, or the course when all are."""
    if game not in COURSES:
        raise Http404(game)
    lesson = course_map(Progress(request), game)["resume"]
    if lesson is None:
        return redirect("lessons_index")
    return redirect("lesson", slug=lesson.slug)


def _item(
    lesson: Lesson,
    index: int,
    profile: str,
    solved: Solved,
    given=None,
    verdict=None,
    solution: bool = True,
) -> dict:
    """What the exercise partial shows: the question on the table, its form with the
    learner's answer kept and, once answered, the verdict (the same partials as practice;
    without ``solution``, a first miss, the right answer is held back)."""
    exercise = lesson.exercises[index]
    posed = questions.question(exercise, profile)
    lang = get_language()
    number = index + 1
    base = reverse("lesson", args=[lesson.slug])
    item = {
        "index": index,
        "number": number,
        "question": present.question_view(posed, lang, given, verdict, solution),
        "solved": (lesson.slug, index, profile) in solved,
        "stars": solved.get((lesson.slug, index, profile), 0),
        "verdict": None
        if verdict is None
        else feedback_view(posed, verdict, lang, solution, number),
        # "Try again" without JavaScript: the exercise afresh.
        "retry_url": f"{base}?{urlencode({'profile': profile})}#exercise-{index + 1}",
        "other_rules": None,
        "number_text": str(index + 1),
        "hidden": {"profile": profile},
        "answered": verdict is not None,
    }
    if verdict is not None and verdict.correct and item["question"]["kind"] == "scores":
        rows = questions.other_rules(exercise, lesson, profile)
        for row in rows:
            row["title"] = rules.title(row["profile"])
            for cell in row["cells"]:
                cell["label"] = side_name(cell["side"], lang)
        item["other_rules"] = rows
    return item


def _standing(progress: Progress, lesson: Lesson, profile: str, solved: Solved) -> dict:
    """Where the learner stands in the lesson under ``profile`` (the exercises' marks are
    per profile, so are its count, stars and completion) and in its course."""
    course = COURSES[lesson.game]
    position = course.index(lesson)
    stars = exercise_stars(lesson, solved, profile)
    return {
        "lesson": lesson,
        "solved_count": sum(1 for won in stars if won is not None),
        "total": len(lesson.exercises),
        "stars_won": sum(won or 0 for won in stars),
        "stars_most": FIRST_TRY * len(stars),
        "done": all(won is not None for won in stars),
        "next": course[position + 1] if position + 1 < len(course) else None,
        "course": course_map(progress, lesson.game, solved),
    }


def _add_next(item: dict, lesson: Lesson, profile: str, solved: Solved) -> None:
    """Where a right answer moves on to: the next exercise not solved under ``profile``
    after this one (then from the start); ``next_url`` is the feedback's link to it."""
    count = len(lesson.exercises)
    order = [(item["index"] + step) % count for step in range(1, count)]
    item["next"] = next((i + 1 for i in order if (lesson.slug, i, profile) not in solved), None)
    right = item["verdict"] is not None and item["verdict"]["correct"]
    item["next_url"] = f"#exercise-{item['next']}" if right and item["next"] else ""


def _page(request, lesson, profile, answered=None, status=200, step=0) -> HttpResponse:
    progress = Progress(request)
    solved = progress.solved()
    items = []
    for index in range(len(lesson.exercises)):
        given, verdict, solution = (
            answered[1:] if answered and answered[0] == index else (None, None, True)
        )
        items.append(_item(lesson, index, profile, solved, given, verdict, solution))
        if verdict is not None:
            _add_next(items[-1], lesson, profile, solved)
    course = COURSES[lesson.game]
    position = course.index(lesson)
    context = {
        **_standing(progress, lesson, profile, solved),
        "lesson": lesson,
        "game_title": GAMES[lesson.game],
        "profile": profile,
        "profiles": [
            {"name": name, "title": title}
            for name, title in rules.choices(request, questions.profiles_for(lesson), profile)
        ],
        "items": items,
        "example": _example(lesson, profile, step),
        "diagram": diagram(lesson.slug, profile),
        "rules": rules_of(profile),
        "previous": course[position - 1] if position else None,
        "next": course[position + 1] if position + 1 < len(course) else None,
        "position": position + 1,
        "count": len(course),
    }
    return render(request, "lessons/lesson.html", context, status=status)


@require_GET
def lesson(request: HttpRequest, slug: str) -> HttpResponse:
    lesson = _lesson_or_404(slug)
    profile = _profile(request, lesson, request.GET)
    if profile is None:
        return _bad_request(request)
    step = _step(request.GET)
    if step is None:
        return _bad_request(request, step=True)
    if request.htmx and request.htmx.target == "example-stage":
        context = {"lesson": lesson, "example": _example(lesson, profile, step)}
        return render(request, "lessons/example_step.html", context)
    return _page(request, lesson, profile, step=step)


@require_POST
def answer(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    lesson = _lesson_or_404(slug)
    index = number - 1
    if not 0 <= index < len(lesson.exercises):
        raise Http404(number)
    profile = _profile(request, lesson, request.POST)
    if profile is None:
        return _bad_request(request)
    posed = questions.question(lesson.exercises[index], profile)
    try:
        # Lesson answers are not practice statistics: nothing is recorded but the progress.
        checked = check_answer(
            request, posed, f"lesson/{lesson.slug}/{index}/{profile}", record=False
        )
    except exercises.BadAnswer:
        return _bad_request(request)
    given, verdict = checked["given"], checked.get("checked")
    solution = checked.get("solution", True)
    progress = Progress(request)
    if verdict is not None and not verdict.correct and solution:
        # Shown the solution before finding it: a right answer now earns no star.
        progress.shown(lesson.slug, index, profile)
    if "correct" in checked:
        if verdict.correct:
            progress.mark(lesson.slug, index, profile)
        else:
            progress.missed(lesson.slug, index, profile)
    if not request.htmx:
        return _page(request, lesson, profile, answered=(index, given, verdict, solution))
    solved = progress.solved()
    item = _item(lesson, index, profile, solved, given, verdict, solution)
    if checked.get("missing"):
        item["empty"] = True
    _add_next(item, lesson, profile, solved)
    context = {"profile": profile, "item": item, **_standing(progress, lesson, profile, solved)}
    exercise = render_to_string("lessons/lesson.html#exercise", context, request)
    # The lesson's standing and the course map, swapped out of band: a solved exercise
    # can complete the lesson.
    oob = {**context, "oob": True, "game_title": GAMES[lesson.game]}
    standing = render_to_string("lessons/lesson.html#standing", oob, request)
    course_map = render_to_string("lessons/lesson.html#course_map", oob, request)
    return HttpResponse(exercise + standing + course_map)


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        # Counted and recorded in one step: a burst cannot all see room left.
        if throttle.take("signup", request, 3600, settings.SIGNUPS_PER_HOUR):
            user = form.save()
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("lessons_index")
        form.add_error(
            None, _("Many accounts were created from this network in the last hour. Try later.")
        )
        status = 429
    return render(request, "registration/signup.html", {"form": form}, status=status)


class SignIn(LoginView):
    """Django's sign-in, with our own words (SignInForm) and the address's slow-down: past
    ``SIGN_IN_FAILURES_PER_ADDRESS`` failures (on any accounts) in ``SIGN_IN_WINDOW``
    seconds, no password is checked until the window has slid past them. django-axes locks
    each (account, address) pair."""

    authentication_form = SignInForm

    def post(self, request, *args, **kwargs):
        window = settings.SIGN_IN_WINDOW
        if throttle.count("signin", request, window) >= settings.SIGN_IN_FAILURES_PER_ADDRESS:
            minutes = max(1, window // 60)
            message = ngettext(
                "Too many failed sign-ins from this network. Wait %(minutes)s minute and "
                "try again.",
                "Too many failed sign-ins from this network. Wait %(minutes)s minutes and "
                "try again.",
                minutes,
            ) % {"minutes": minutes}
            return _locked(request, message)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        throttle.record("signin", self.request)
        return super().form_invalid(form)


def locked_out(request: HttpRequest, response=None, credentials=None) -> HttpResponse:
    """The sign-in page once django-axes has seen too many failures (settings: AXES_*)."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    message = ngettext(
        "Too many failed sign-ins for this account from this network. "
        "Wait %(minutes)s minute and try again.",
        "Too many failed sign-ins for this account from this network. "
        "Wait %(minutes)s minutes and try again.",
        minutes,
    ) % {"minutes": minutes}
    return _locked(request, message)


def _locked(request: HttpRequest, message: str) -> HttpResponse:
    context = {"form": SignInForm(request), "locked": message}
    return render(request, "registration/login.html", context, status=429)
