"""The self-test: settings, the questions one after another with no answer shown, then
the score, every question reviewed, and the best score so far to beat."""

import random
from datetime import timedelta

from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from tutor import exercises
from tutor.exercises.present import question_view, verdict_view
from tutor.pages import rules

from . import labels
from .answering import check_answer
from .forms import SelfTestForm
from .models import SelfTest
from .owner import owned, owner
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
            checked = check_answer(request, question)
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


def _unanswered(question: dict) -> exercises.Verdict:
    solution = exercises.solve(question)
    return exercises.Verdict(
        correct=False,
        given=None,
        expected=solution.expected,
        steps=solution.steps,
        rule=solution.rule,
    )


def result(request, test_id):
    """The score, then every question with the answer given and the engine's explanation."""
    test = _test(request, test_id)
    if not test.finished:
        return redirect("quiz_test", test.id)
    lang = get_language()
    reviewed = []
    for number, question in enumerate(test.questions, 1):
        answer = test.answers[number - 1] if number <= len(test.answers) else None
        given = answer["given"] if answer else None
        # A question left when time ran out is revealed like a wrong answer with none given:
        # the same feedback, the engine's answer and steps.
        verdict = exercises.check(question, given) if answer else _unanswered(question)
        reviewed.append(
            {
                "number": number,
                "id": f"q{number}",
                "title": labels.type_label(question["type"]),
                "question": question_view(question, lang, given, verdict),
                "correct": verdict.correct,
                "answered": answer is not None,
                "verdict": verdict_view(question, verdict, lang, number),
            }
        )
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
