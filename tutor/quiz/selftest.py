"""The self-test: settings, the questions one after another with no answer shown, then
the score, every question reviewed, and the best score so far to beat.

The review teaches as a lesson does: a wrong answer says why it is wrong and can be tried
again in place (the test's answer was the first miss), the solution coming after a second
miss or on "Show me"; a question left when time ran out is asked again. Retries never
change the test's score.
"""

import random
from datetime import timedelta

from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from tutor import exercises
from tutor.exercises.present import question_view
from tutor.pages import rules

from . import labels
from .answering import check_answer, feedback_view
from .forms import SelfTestForm
from .models import SelfTest
from .owner import owned, owner
from .tries import Tries
from .views import bad_request


@require_http_methods(["GET", "POST"])
def start(request):
    form = SelfTestForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        rng = random.Random()
        questions = [
            exercises.pose(
                rng.choice(data["types"]),
                rng.randrange(exercises.base.MAX_SEED),
                data["profile"],
                {"difficulty": data["difficulty"]},
            )
            for _ in range(data["length"])
        ]
        minutes = data["minutes"]
        test = SelfTest.objects.create(
            **owner(request),
            game=data["game"],
            profile=data["profile"],
            topics=data["topics"],
            questions=questions,
            deadline=timezone.now() + timedelta(minutes=minutes) if minutes else None,
        )
        return redirect("quiz_test", test.id)
    status = 400 if request.method == "POST" else 200
    return render(request, "quiz/test_start.html", {"form": form}, status=status)


def _test(request, test_id) -> SelfTest:
    return get_object_or_404(SelfTest.objects.filter(owned(request)), pk=test_id)


def go(request, url):
    """A redirect that htmx follows as a page load (the form posts through htmx)."""
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@require_http_methods(["GET", "POST"])
def step(request, test_id):
    """One question; its answer is kept, not shown: all are revealed at the end."""
    test = _test(request, test_id)
    number = len(test.answers)
    result_url = reverse("quiz_test_result", args=[test.id])
    if test.finished:
        return go(request, result_url)
    if request.method == "POST" and request.POST.get("position") != str(number):
        # A second submit of an answered question: show where the test now stands.
        return go(request, reverse("quiz_test", args=[test.id]))
    question = test.questions[number]
    context = {
        "test": test,
        "position": number + 1,
        "total": len(test.questions),
        "done": number,
        "question": question_view(question, get_language()),
        "title": labels.type_label(question["type"]),
        "profile_label": rules.title(test.profile),
        "action": request.get_full_path(),
        "target": "#exercise",
        "id": "exercise",
        "hidden": {"position": number},
        "seconds_left": test.seconds_left,
        "result_url": result_url,
    }
    if request.method == "POST":
        try:
            checked = check_answer(request, question, _key(test, number + 1))
        except exercises.BadAnswer as error:
            return bad_request(request, error)
        if not checked.get("missing"):
            test.answers.append({"correct": checked["correct"], "given": checked["given"]})
            test.save(update_fields=["answers"])
            return go(
                request, result_url if test.finished else reverse("quiz_test", args=[test.id])
            )
        context.update(answered=True, missing=True)
        if request.htmx:
            return render(request, "quiz/test_step.html#exercise", context)
    return render(request, "quiz/test_step.html", context)


def best_before(test: SelfTest) -> int | None:
    """The best score of the owner's earlier tests of the same kind and length."""
    earlier = SelfTest.objects.filter(
        user=test.user,
        session_key=test.session_key,
        game=test.game,
        profile=test.profile,
        created__lt=test.created,
    )
    scores = [t.score for t in earlier if len(t.questions) == len(test.questions) and t.finished]
    return max(scores) if scores else None


def _key(test: SelfTest, number: int) -> str:
    return f"test/{test.id}/{number}"


def _tries(request, test: SelfTest, number: int) -> Tries:
    # The test's own answer was the first try (this device may not have seen it).
    answered = number <= len(test.answers) and not test.answers[number - 1]["correct"]
    return Tries(request.session, _key(test, number), misses=1 if answered else 0)


def _reviewed(request, test: SelfTest, number: int, checked: dict | None = None) -> dict:
    """One question of the review: right answers explained, wrong ones with why (and the
    solution once shown), questions left when time ran out open to answer now. ``checked``:
    a retry just answered (check_answer's context)."""
    question = test.questions[number - 1]
    answer = test.answers[number - 1] if number <= len(test.answers) else None
    lang = get_language()
    item = {
        "number": number,
        "id": f"q{number}",
        "title": labels.type_label(question["type"]),
        "correct": bool(answer and answer["correct"]),
        "answered": answer is not None,
        "action": reverse("quiz_test_retry", args=[test.id, number]),
        "retry_url": f"{reverse('quiz_test_result', args=[test.id])}#q{number}",
    }
    if checked is not None:
        verdict = checked.get("checked")
        item.update(
            question=question_view(
                question, lang, checked["given"], verdict, checked.get("solution", True)
            ),
            verdict=checked.get("verdict"),
            missing=checked.get("missing", False),
            answered_now=True,
        )
        return item
    if answer is None:
        item.update(question=question_view(question, lang), verdict=None)
        return item
    verdict = exercises.check(question, answer["given"])
    solution = verdict.correct or _tries(request, test, number).solution
    solution = solution or not exercises.get_type(question["type"]).can_retry(question)
    item.update(
        question=question_view(question, lang, answer["given"], verdict, solution),
        verdict=feedback_view(question, verdict, lang, solution, number),
    )
    return item


@require_http_methods(["POST"])
def retry(request, test_id, number):
    """A question of a finished test answered again (or shown) from its review."""
    test = _test(request, test_id)
    if not test.finished or not 1 <= number <= len(test.questions):
        return bad_request(request, exercises.BadAnswer("quiz_bad_answer"))
    question = test.questions[number - 1]
    try:
        checked = check_answer(
            request, question, _key(test, number), record=False, tries=_tries(request, test, number)
        )
    except exercises.BadAnswer as error:
        return bad_request(request, error)
    item = _reviewed(request, test, number, checked)
    if request.htmx:
        return render(request, "quiz/test_result.html#reviewed", {"r": item})
    return result(request, test_id, answered=item)


def result(request, test_id, answered: dict | None = None):
    """The score, then every question with the answer given and the engine's explanation."""
    test = _test(request, test_id)
    if not test.finished:
        return redirect("quiz_test", test.id)
    reviewed = [
        answered if answered and answered["number"] == number else _reviewed(request, test, number)
        for number in range(1, len(test.questions) + 1)
    ]
    best = best_before(test)
    return render(
        request,
        "quiz/test_result.html",
        {
            "test": test,
            "score": test.score,
            "total": len(test.questions),
            "unanswered": len(test.questions) - len(test.answers),
            "reviewed": reviewed,
            "mistakes": sum(1 for r in reviewed if not r["correct"]),
            "best": best,
            "new_best": best is None or test.score > best,
            "profile_label": rules.title(test.profile),
        },
    )
