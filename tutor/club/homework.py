"""Homework: a set's questions answered by each learner at their own pace before a deadline.

A learner opens the link (or the QR code), gives a nickname and their language, no account,
and answers one question after another, each followed by the engine's explanation, as in
practice. Their browser keeps a token in a cookie (its SHA-256 is stored), so they come back
to where they were. Each wrong answer also goes into the browser's review queue (the FSRS
queue of practice, ``tutor.quiz.answering.remember``), and the end lists the rules missed
with a link to practise each. After the deadline nothing more is taken and the answers given
stay, for the learner and in the teacher's report (``report.py``).
"""

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.db import IntegrityError, transaction
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from tutor import exercises
from tutor.exercises.present import question_view, verdict_view
from tutor.quiz import labels, recommend
from tutor.quiz.answering import remember

from . import codes, nicknames, questions, report
from .forms import AssignForm, LearnerForm
from .host import _qr
from .models import Homework, HomeworkAnswer, Learner
from .sets import refusal

COOKIE_AGE = 366 * 24 * 3600


def cookie(homework: Homework) -> str:
    return f"homework_{homework.token}"


def _homework(token: str) -> Homework:
    found = Homework.objects.filter(token=token).first()
    if found is None:
        raise Http404
    return found


def current_learner(request, homework: Homework) -> Learner | None:
    token = request.COOKIES.get(cookie(homework))
    if not token:
        return None
    return Learner.objects.filter(homework=homework, token_digest=codes.digest(token)).first()


def _closed(homework: Homework) -> bool:
    return timezone.now() >= homework.deadline


@require_http_methods(["GET", "POST"])
def page(request, token):
    """The learner's page: the join form, the next question, or the end."""
    homework = _homework(token)
    learner = current_learner(request, homework)
    if learner is None:
        return _join(request, homework)
    if request.method == "POST":
        return _answer(request, homework, learner)
    return _show(request, homework, learner)


def _base(homework: Homework) -> dict:
    lang = translation.get_language()
    return {
        "homework": homework,
        "deadline": report.when(homework.deadline, lang),
        "closed": _closed(homework),
        "total": len(homework.questions),
    }


def _join(request, homework: Homework):
    form = LearnerForm(request.POST or None, initial={"lang": translation.get_language()})
    context = {**_base(homework), "form": form}
    if request.method == "GET":
        return render(request, "club/homework.html", context)
    if context["closed"]:
        return render(request, "club/homework.html", context, status=410)
    if not form.is_valid():
        return render(request, "club/homework.html", context, status=400)
    data = form.cleaned_data
    token = codes.new_token()
    try:
        with transaction.atomic():
            Learner.objects.create(
                homework=homework,
                nickname=data["nickname"],
                nickname_key=nicknames.key(data["nickname"]),
                token_digest=codes.digest(token),
                lang=data["lang"],
            )
    except IntegrityError:
        form.add_error("nickname", _("Someone doing this homework already has this nickname."))
        return render(request, "club/homework.html", context, status=409)
    with translation.override(data["lang"]):
        response = redirect("club_homework", homework.token)
    response.set_cookie(
        cookie(homework),
        token,
        max_age=COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    return response


def _answers(learner: Learner) -> dict[int, HomeworkAnswer]:
    return {answer.number: answer for answer in learner.answers.all()}


def _next(homework: Homework, answers: dict) -> int | None:
    for number in range(len(homework.questions)):
        if number not in answers:
            return number
    return None


def _show(request, homework, learner, extra=None, status=200):
    answers = _answers(learner)
    number = _next(homework, answers)
    context = {**_base(homework), "learner": learner, "done": len(answers)}
    if number is None or context["closed"]:
        context.update(_summary(homework, answers))
    else:
        question = homework.questions[number]
        context.update(
            number=number + 1,
            title=labels.type_label(question["type"]),
            question=question_view(question, translation.get_language()),
            action=request.path,
            target="#exercise",
            id="exercise",
            hidden={"number": number},
        )
    context.update(extra or {})
    if request.htmx and "question" in context:
        return render(request, "club/homework.html#exercise", context, status=status)
    return render(request, "club/homework.html", context, status=status)


def _answer(request, homework, learner):
    lang = translation.get_language()
    if _closed(homework):
        message = _("This homework is closed: answers are no longer accepted. Yours are kept.")
        return _show(request, homework, learner, {"message": message}, status=410)
    answers = _answers(learner)
    number = _next(homework, answers)
    if number is None or request.POST.get("number") != str(number):
        # An old form (another tab, the back button): the page as it is now.
        message = _("This question has already been answered. Here is where you are now.")
        return _show(request, homework, learner, {"message": message}, status=409)
    question = homework.questions[number]
    try:
        given = exercises.read_answer(question, request.POST)
    except exercises.BadAnswer as error:
        return HttpResponse(
            exercises.text(error.step, lang), status=400, content_type="text/plain; charset=utf-8"
        )
    if given is None:
        return _show(request, homework, learner, {"missing": True}, status=422)
    verdict = exercises.check(question, given)
    try:
        with transaction.atomic():
            HomeworkAnswer.objects.create(
                learner=learner,
                number=number,
                given=given,
                correct=verdict.correct,
                rule="" if verdict.correct else verdict.rule,
            )
    except IntegrityError:
        message = _("This question has already been answered. Here is where you are now.")
        return _show(request, homework, learner, {"message": message}, status=409)
    # Into this browser's review queue, as a practice answer would go.
    remember(request, question, verdict)
    context = {
        **_base(homework),
        "learner": learner,
        "number": number + 1,
        "done": number + 1,
        "title": labels.type_label(question["type"]),
        "question": question_view(question, lang, given, verdict),
        "verdict": verdict_view(question, verdict, lang),
        "answered": True,
        "action": request.path,
        "target": "#exercise",
        "id": "exercise",
        "hidden": {"number": number},
        # Each answer counts once: the verdict leads on, never back.
        "once": True,
        "next_url": request.path,
        "next_label": _("Next question")
        if number + 1 < len(homework.questions)
        else _("See my results"),
    }
    if request.htmx:
        return render(request, "club/homework.html#exercise", context)
    return render(request, "club/homework.html", context)


def _summary(homework: Homework, answers: dict) -> dict:
    """The end: every question right or wrong, and each rule missed with where to practise."""
    lang = translation.get_language()
    rows, missed = [], {}
    for number, question in enumerate(homework.questions):
        answer = answers.get(number)
        rows.append(
            {
                "number": number + 1,
                "title": labels.type_label(question["type"]),
                "correct": answer.correct if answer else None,
            }
        )
        if answer is None or answer.correct:
            continue
        situation = exercises.solve(question).rule
        try:
            url = recommend.practice_url(question["type"], question["profile"], situation)
        except exercises.ExerciseError:
            url = reverse("quiz_index")
        missed.setdefault(
            answer.rule,
            {"name": questions.rule_name(answer.rule, question["type"]), "url": url, "numbers": []},
        )["numbers"].append(number + 1)
    right = sum(1 for row in rows if row["correct"])
    return {
        "summary": rows,
        "right": right,
        "answered_count": len(answers),
        "missed": list(missed.values()),
        "lang": lang,
    }


def _owned(request, token) -> Homework | None:
    homework = _homework(token)
    return homework if request.user == homework.owner else None


@require_http_methods(["GET", "POST"])
def report_page(request, token):
    """The teacher's page: the link and QR code for the learners, the deadline, and the
    report per learner and per rule."""
    homework = _owned(request, token)
    if homework is None:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        message = _("Only the teacher who assigned this homework sees its report.")
        return refusal(request, message, 403)
    initial = {"deadline": timezone.localtime(homework.deadline)}
    form = AssignForm(request.POST or None, initial=initial)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            homework.deadline = form.cleaned_data["deadline"]
            homework.save(update_fields=["deadline"])
            return redirect("club_homework_report", homework.token)
        status = 400
    link = request.build_absolute_uri(reverse("club_homework_short", args=[homework.token]))
    context = {
        **_base(homework),
        "form": form,
        "link": link,
        "qr": _qr(link),
        "report": report.build(homework),
    }
    return render(request, "club/homework_report.html", context, status=status)


@require_GET
def export(request, token, kind):
    homework = _owned(request, token)
    if homework is None:
        raise Http404
    lang = translation.get_language()
    built = report.build(homework)
    name = f"atout-{homework.token}-{lang}"
    if kind == "csv":
        response = HttpResponse(
            report.csv_text(built, lang), content_type="text/csv; charset=utf-8"
        )
    else:
        response = HttpResponse(
            report.xlsx_bytes(built, homework.name),
            content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        )
    response["Content-Disposition"] = f'attachment; filename="{name}.{kind}"'
    return response


def short(request, token):
    """The QR code's address: the homework in the phone's own language."""
    return redirect("club_homework", token)
