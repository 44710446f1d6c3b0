"""The self-test: settings, one question after another, then the score and the mistakes."""

import random

from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tutor import exercises
from tutor.exercises.present import answer_view, question_view, verdict_view

from . import labels
from .forms import SelfTestForm
from .models import SelfTest
from .owner import owned, owner
from .views import ask


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
        test = SelfTest.objects.create(
            **owner(request),
            game=data["game"],
            profile=data["profile"],
            topics=data["topics"],
            questions=questions,
        )
        return redirect("quiz_test", test.id)
    status = 400 if request.method == "POST" else 200
    return render(request, "quiz/test_start.html", {"form": form}, status=status)


def _test(request, test_id) -> SelfTest:
    return get_object_or_404(SelfTest.objects.filter(owned(request)), pk=test_id)


@require_http_methods(["GET", "POST"])
def step(request, test_id):
    test = _test(request, test_id)
    number = len(test.answers)
    if test.finished:
        return redirect("quiz_test_result", test.id)
    if request.method == "POST" and request.POST.get("position") != str(number):
        # A second submit of an answered question: show where the test now stands.
        return redirect("quiz_test", test.id)
    question = test.questions[number]
    last = number + 1 == len(test.questions)

    def record(correct: bool, given) -> None:
        test.answers.append({"correct": correct, "given": given})
        test.save(update_fields=["answers"])

    context = {
        "test": test,
        "position": number + 1,
        "total": len(test.questions),
        "next_url": reverse("quiz_test_result" if last else "quiz_test", args=[test.id]),
        "next_label": _("See my results") if last else "",
        "hidden": {"position": number},
    }
    return ask(request, question, "quiz/test_step.html", context, record)


def result(request, test_id):
    test = _test(request, test_id)
    lang = get_language()
    mistakes = []
    for question, answer in zip(test.questions, test.answers, strict=False):
        if answer["correct"]:
            continue
        verdict = exercises.check(question, answer["given"])
        mistakes.append(
            {
                "title": labels.type_label(question["type"]),
                "question": question_view(question, lang, answer["given"], verdict),
                "verdict": verdict_view(question, verdict, lang),
                "given": answer_view(question, answer["given"], lang),
            }
        )
    return render(
        request,
        "quiz/test_result.html",
        {
            "test": test,
            "score": test.score,
            "total": len(test.questions),
            "answered": len(test.answers),
            "mistakes": mistakes,
            "profile_label": labels.PROFILES.get(test.profile, test.profile),
        },
    )
