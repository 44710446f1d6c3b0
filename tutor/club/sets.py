"""A teacher's own question sets: built from the positions they choose, previewed as the
projector and a phone show them, put in order and timed, shared by link, run live or set as
homework.

Only its owner changes a set; anyone with its link sees it and, signed in, copies it. Each
question was posed under the set's rules when it was added (a position through
``positions.py``, a drawn one through ``tutor.exercises``) and is posed again when the rules
change: a question the engine refuses under the new rules refuses the change, saying which
and why. A session or a homework copies the questions when it starts, so editing the set
afterwards changes neither.
"""

import random

from django.contrib.auth.views import redirect_to_login
from django.db import transaction
from django.db.models import Count, Max
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from tutor import exercises
from tutor.exercises.base import MAX_SEED
from tutor.pages import rules
from tutor.quiz import labels, situations
from tutor.reports import spots
from tutor.rules.explain import Step, seat_name
from tutor.rules.profiles import fits

from . import positions, questions
from .forms import AddForm, AssignForm, DrawForm, RunForm, SetForm, TimeForm, game_of
from .models import Homework, QuestionSet, SetQuestion
from .views import host_url, open_session

# Enough for an evening and a half; the page previews each one.
MAX_QUESTIONS = 60
# Seeds a drawn question tries before its kind and rule count as matching nothing.
SEED_TRIES = 8
SOURCES = {
    "referee": gettext_lazy("From the referee"),
    "deal": gettext_lazy("From a played deal"),
    "lesson": gettext_lazy("From a lesson"),
    "practice": gettext_lazy("From practice"),
    "drawn": gettext_lazy("Drawn fresh"),
}
FULL = gettext_lazy("A set holds at most %(count)s questions.")


def refusal(request, message: str, status: int):
    """A translated page that says why, with the status a client understands."""
    return render(request, "club/refused.html", {"message": message}, status=status)


def _set(token: str) -> QuestionSet:
    found = QuestionSet.objects.filter(token=token).select_related("owner").first()
    if found is None:
        raise Http404
    return found


def _owned(request, token: str) -> QuestionSet | None:
    """The set, when the request comes from its owner (``None`` otherwise)."""
    question_set = _set(token)
    return question_set if request.user == question_set.owner else None


def _not_yours(request):
    return refusal(
        request,
        _("Only the teacher who made this set can change it. Copy it to have your own."),
        403,
    )


def house(request, current: str | None = None) -> list[tuple[str, str]]:
    return rules.house_choices(request, current)


@require_http_methods(["GET", "POST"])
def index(request):
    """The signed-in teacher's sets and homework, and a new set."""
    if not request.user.is_authenticated:
        return render(request, "club/sets.html", {"login": _login_url(request)})
    default = rules.chosen(request, questions.PROFILE_TITLES, default="federation")
    form = SetForm(request.POST or None, house=house(request), initial={"profile": default})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        question_set = QuestionSet.objects.create(
            owner=request.user, name=data["name"], game=data["game"], profile=data["profile"]
        )
        return redirect("club_set", question_set.token)
    owned = QuestionSet.objects.filter(owner=request.user).annotate(count=Count("questions"))
    context = {
        "form": form,
        "sets": owned,
        "homework": Homework.objects.filter(owner=request.user)[:20],
    }
    return render(request, "club/sets.html", context, status=400 if form.errors else 200)


def _login_url(request) -> str:
    return f"{reverse('login')}?{urlencode({'next': request.get_full_path()})}"


def draw_choices(question_set: QuestionSet) -> list:
    """Each kind of question the set's rules can ask, then the same kind about each rule it
    can turn on (at some level), grouped by kind: ``type`` or ``type:situation``."""
    grouped = []
    for qtype in exercises.types_for(question_set.game):
        if not fits(question_set.profile, qtype.profiles):
            continue
        label = str(labels.type_label(qtype.name))
        found = {
            code for level in (1, 2, 3) for code in qtype.possible(question_set.profile, level)
        }
        options = [(qtype.name, _("%(kind)s: any rule") % {"kind": label})]
        options += [
            (f"{qtype.name}:{code}", situations.rule_name(code))
            for code in qtype.situations
            if code in found
        ]
        grouped.append((label, options))
    return grouped


def _previews(question_set: QuestionSet, lang: str) -> list[dict]:
    items = []
    total = question_set.questions.count()
    for number, item in enumerate(question_set.questions.all(), start=1):
        posed = item.question
        items.append(
            {
                "item": item,
                "number": number,
                "total": total,
                "kind": labels.type_label(posed["type"]),
                "source": SOURCES.get(item.source, ""),
                "question": questions.present(posed, lang),
                "explanation": questions.explain(posed, lang),
                # The teacher reads the engine's answer here: a wrong one is reported from it.
                "report": spots.exercise(posed, exercises.solve(posed).steps, step=number),
            }
        )
    return items


def _context(request, question_set: QuestionSet, **forms) -> dict:
    lang = translation.get_language()
    owner = request.user == question_set.owner
    context = {
        "set": question_set,
        "owner": owner,
        "items": _previews(question_set, lang),
        "time_choices": TimeForm.base_fields["seconds"].choices,
        "share_url": request.build_absolute_uri(reverse("club_set", args=[question_set.token])),
        "profile_title": rules.title(question_set.profile),
        "max_questions": MAX_QUESTIONS,
    }
    if owner:
        context.update(
            settings_form=forms.get("settings_form")
            or SetForm(
                initial={"name": question_set.name, "profile": question_set.profile},
                house=house(request, question_set.profile),
            ),
            draw_form=forms.get("draw_form")
            or DrawForm(choices=draw_choices(question_set), initial={"count": 3}),
            run_form=forms.get("run_form") or RunForm(),
            assign_form=forms.get("assign_form") or AssignForm(),
            homework=question_set.homework.all()[:10],
            sessions=[
                {"code": session.code, "created_at": session.created_at, "url": host_url(session)}
                for session in question_set.sessions.order_by("-created_at")[:10]
            ],
            refusals=forms.get("refusals", []),
        )
    return context


def _page(request, question_set, status=200, **forms):
    if request.htmx and status == 200 and request.method == "POST":
        return render(request, "club/set.html#questions", _context(request, question_set))
    return render(request, "club/set.html", _context(request, question_set, **forms), status=status)


@require_http_methods(["GET", "POST"])
def detail(request, token):
    question_set = _set(token)
    if request.method == "GET":
        return _page(request, question_set)
    if request.user != question_set.owner:
        return _not_yours(request)
    form = SetForm(request.POST, house=house(request, request.POST.get("profile")))
    if not form.is_valid():
        return _page(request, question_set, 400, settings_form=form)
    data = form.cleaned_data
    refused = []
    with transaction.atomic():
        if data["profile"] != question_set.profile:
            refused = _repose(question_set, data["profile"])
        if refused:
            transaction.set_rollback(True)
        else:
            question_set.name, question_set.profile = data["name"], data["profile"]
            question_set.game = data["game"]
            question_set.save()
    if refused:
        form.add_error("profile", _("Some questions cannot be asked under these rules."))
        return _page(request, question_set, 400, settings_form=form, refusals=refused)
    return redirect("club_set", question_set.token)


def _repose(question_set: QuestionSet, profile: str) -> list[dict]:
    """Poses every question again under ``profile``; the ones the engine refuses, with why."""
    lang = translation.get_language()
    refused = []
    for number, item in enumerate(question_set.questions.all(), start=1):
        posed = item.question
        try:
            question = positions.repose(posed["type"], profile, posed["data"])
        except positions.Refused as error:
            refused.append({"number": number, "reason": exercises.text(error.step, lang)})
            continue
        item.question = {**question, "seed": posed["seed"], "params": posed["params"]}
        item.save(update_fields=["question"])
    return refused


@require_POST
def draw(request, token):
    question_set = _owned(request, token)
    if question_set is None:
        return _not_yours(request)
    form = DrawForm(request.POST, choices=draw_choices(question_set))
    if form.is_valid():
        data = form.cleaned_data
        room = MAX_QUESTIONS - question_set.questions.count()
        if data["count"] > room:
            form.add_error("count", FULL % {"count": MAX_QUESTIONS})
        else:
            posed = _drawn(question_set.profile, data)
            if posed:
                _append(question_set, posed, SetQuestion.Source.DRAWN, data["seconds"])
                return _page(request, question_set)
            form.add_error(
                "what", _("No question of this kind about this rule was found at this level.")
            )
    return _page(request, question_set, 400, draw_form=form)


def _drawn(profile: str, data: dict) -> list[dict]:
    """``count`` fresh questions of the kind (and rule) chosen, each from its own seed."""
    name, _sep, situation = data["what"].partition(":")
    params = {"difficulty": data["difficulty"], "situation": situation}
    rng = random.SystemRandom()
    posed = []
    for _attempt in range(data["count"] * SEED_TRIES):
        try:
            posed.append(exercises.pose(name, rng.randrange(MAX_SEED + 1), profile, params))
        except exercises.ExerciseError:
            continue
        if len(posed) == data["count"]:
            break
    return posed


def _append(question_set, posed: list[dict], source: str, seconds) -> None:
    with transaction.atomic():
        last = question_set.questions.aggregate(last=Max("order"))["last"]
        start = -1 if last is None else last
        SetQuestion.objects.bulk_create(
            SetQuestion(
                question_set=question_set,
                order=start + index,
                question=question,
                source=source,
                seconds=seconds,
            )
            for index, question in enumerate(posed, start=1)
        )
        question_set.save(update_fields=["updated_at"])


@require_POST
def question(request, token, item, action):
    """One question of the set: up, down, out, or its time."""
    question_set = _owned(request, token)
    if question_set is None:
        return _not_yours(request)
    entry = question_set.questions.filter(pk=item).first()
    if entry is None:
        raise Http404
    if action == "remove":
        entry.delete()
    elif action == "time":
        form = TimeForm(request.POST)
        if not form.is_valid():
            return refusal(request, _("Choose one of the times offered."), 400)
        entry.seconds = form.cleaned_data["seconds"]
        entry.save(update_fields=["seconds"])
    else:
        _move(question_set, entry, -1 if action == "move-up" else 1)
    question_set.save(update_fields=["updated_at"])
    if request.htmx:
        return _page(request, question_set)
    return redirect(f"{reverse('club_set', args=[token])}#question-{entry.pk}")


def _move(question_set, entry, step: int) -> None:
    """Swaps ``entry`` with its neighbour; the orders are renumbered 0, 1, 2… on the way."""
    with transaction.atomic():
        items = list(question_set.questions.select_for_update())
        index = items.index(entry)
        other = index + step
        if 0 <= other < len(items):
            items[index], items[other] = items[other], items[index]
        for order, item in enumerate(items):
            if item.order != order:
                SetQuestion.objects.filter(pk=item.pk).update(order=order)


@require_POST
def copy(request, token):
    """A copy of any set for the signed-in teacher, theirs to change."""
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("club_set", args=[token]))
    original = _set(token)
    with transaction.atomic():
        mine = QuestionSet.objects.create(
            owner=request.user,
            name=original.name,
            game=original.game,
            profile=original.profile,
            copied_from=original,
        )
        SetQuestion.objects.bulk_create(
            SetQuestion(
                question_set=mine,
                order=item.order,
                question=item.question,
                source=item.source,
                seconds=item.seconds,
            )
            for item in original.questions.all()
        )
    return redirect("club_set", mine.token)


@require_POST
def delete(request, token):
    question_set = _owned(request, token)
    if question_set is None:
        return _not_yours(request)
    question_set.delete()
    return redirect("club_sets")


@require_POST
def run(request, token):
    """A live session of the set's questions, as they are now."""
    question_set = _owned(request, token)
    if question_set is None:
        return _not_yours(request)
    form = RunForm(request.POST)
    items = list(question_set.questions.all())
    if not items:
        form.add_error(None, _("Add a question to the set first."))
    if not form.is_valid():
        return _page(request, question_set, 400, run_form=form)
    data = form.cleaned_data
    timed = any(item.seconds for item in items)
    session = open_session(
        request,
        {
            "game": question_set.game,
            "profile": question_set.profile,
            "topics": [],
            "seconds": items[0].seconds,
            "auto_reveal": data["auto_reveal"] and timed,
            "scoring": data["scoring"],
            "max_players": data["max_players"],
            "question_set": question_set,
            "title": question_set.name,
        },
        [(item.question, item.seconds) for item in items],
    )
    return redirect(host_url(session))


@require_POST
def assign(request, token):
    """Homework: the set's questions as they are now, answered by the deadline."""
    question_set = _owned(request, token)
    if question_set is None:
        return _not_yours(request)
    form = AssignForm(request.POST)
    items = list(question_set.questions.all())
    if not items:
        form.add_error(None, _("Add a question to the set first."))
    if not form.is_valid():
        return _page(request, question_set, 400, assign_form=form)
    homework = Homework.objects.create(
        owner=request.user,
        question_set=question_set,
        name=question_set.name,
        game=question_set.game,
        profile=question_set.profile,
        questions=[item.question for item in items],
        deadline=form.cleaned_data["deadline"],
    )
    return redirect("club_homework_report", homework.token)


@require_http_methods(["GET", "POST"])
def add(request):
    """A position from another page (``?position=`` signed by ``club/_ask.html``) into one of
    the teacher's sets, as the kind of question they choose."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    lang = translation.get_language()
    try:
        position = positions.read(request.GET.get("position", ""))
        kinds = positions.kinds(position)
        game = positions.game(position)
    except (positions.Refused, exercises.ExerciseError, KeyError, TypeError) as error:
        step = getattr(error, "step", Step("club_position_unreadable"))
        return refusal(request, exercises.text(step, lang), 400)
    source = request.GET.get("source")
    source = source if source in SOURCES and source != "drawn" else SetQuestion.Source.REFEREE
    own = QuestionSet.objects.filter(owner=request.user, game=game)
    own = list(own.values_list("token", "name"))
    asked = position.get("profile") if isinstance(position.get("profile"), str) else None
    default = asked if asked and game_of(asked) == game else questions.profiles_for(game)[0]
    form = AddForm(
        request.POST or None,
        kinds=[(_kind_value(kind, seat), _kind_label(kind, seat, lang)) for kind, seat in kinds],
        sets=own,
        house=house(request, default),
        initial={
            "kind": _kind_value(*kinds[0]),
            "target": own[0][0] if own else "",
            "profile": default,
        },
    )
    status = 200
    refused = ""
    profile = default
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        target = QuestionSet.objects.filter(owner=request.user, token=data["target"]).first()
        profile = target.profile if target else data["profile"]
        kind, _sep, seat = data["kind"].partition(":")
        if target is not None and target.questions.count() >= MAX_QUESTIONS:
            form.add_error("target", FULL % {"count": MAX_QUESTIONS})
        elif target is None and game_of(profile) != game:
            form.add_error("profile", exercises.text(Step("club_position_game"), lang))
        else:
            try:
                posed = positions.pose(position, kind, profile, seat or None)
            except positions.Refused as error:
                refused = exercises.text(error.step, lang)
            else:
                if target is None:
                    target = QuestionSet.objects.create(
                        owner=request.user, name=data["name"], game=game, profile=profile
                    )
                _append(target, [posed], source, data["seconds"])
                last = target.questions.order_by("-order", "-pk").first()
                return redirect(f"{reverse('club_set', args=[target.token])}#question-{last.pk}")
    if request.method == "POST":
        status = 400
    kind, _sep, seat = (form["kind"].value() or _kind_value(*kinds[0])).partition(":")
    try:
        shown = positions.pose(position, kind, profile, seat or None)
    except positions.Refused as error:
        shown = None
        refused = refused or exercises.text(error.step, lang)
        status = 400
    context = {
        "form": form,
        "refused": refused,
        "question": shown and questions.present(shown, lang),
        "profile_title": rules.title(profile),
    }
    return render(request, "club/add.html", context, status=status)


def _kind_value(kind: str, seat: str | None) -> str:
    return f"{kind}:{seat}" if seat else kind


def _kind_label(kind: str, seat: str | None, lang: str) -> str:
    label = str(labels.type_label(kind))
    if seat is None:
        return label
    # Translators: a kind of question asked about one seat's card of a trick, e.g.
    # "Play a card the rules allow (North)".
    return _("%(kind)s (%(seat)s)") % {"kind": label, "seat": seat_name(seat, lang)}
