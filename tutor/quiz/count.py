"""The counting drills' pages: the index, a run (its item, the answer, the end) and its result.

Every answer is a POST naming the item by its signed token (see ``drills.py``); a page
that sends something no drill page produces (a forged token, an item already answered, a
count in letters) gets a translated message with the drill's current item, so the drill
goes on. htmx swaps ``#drill`` (status 200, as htmx 2 swaps only successful responses);
without JavaScript the same POST renders the whole page (status 400 for bad input).
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_POST

from tutor import exercises
from tutor import table as card_table
from tutor.exercises.present import question_view, side_label, verdict_view
from tutor.pages import rules

from . import drills, labels
from .answering import remember
from .forms import CountAnswerForm, CountStartForm
from .models import CountRun
from .owner import owned, owned_row, owner

MESSAGES = {
    "count_unknown_drill": _("There is no such counting drill."),
    "count_bad_token": _(
        "This answer does not match the item on your screen, so it was not counted. "
        "Here is the item to answer."
    ),
    "count_answered": _("That item was already answered; here is the next one."),
    "count_over": _("This drill is over: start a new one to play on."),
    "count_time_up": _("Time was up before this answer arrived: it was not counted."),
}


def storm_length(seconds: int) -> str:
    """A storm's length in words: "3 minutes", or seconds when not whole minutes."""
    if seconds % 60 == 0:
        minutes = seconds // 60
        return ngettext("%(count)s minute", "%(count)s minutes", minutes) % {"count": minutes}
    return ngettext("%(count)s second", "%(count)s seconds", seconds) % {"count": seconds}


def _level_lines(drill: drills.Drill) -> list[dict]:
    return [
        {"level": n, "label": labels.LEVELS[n], "text": text} for n, text in drill.levels.items()
    ]


def index(request):
    """Every drill, its levels and modes, and the learner's records under their rules."""
    best = drills.records(owned(request))
    games = []
    for game, name in labels.GAMES.items():
        rows = []
        for drill in drills.DRILLS.values():
            if drill.game != game:
                continue
            profile = rules.chosen(request, drill.profiles) or drill.profiles[0]
            found = {
                mode: record
                for (slug, mode), record in best.items()
                if slug == drill.slug and record.profile == profile
            }
            rows.append(
                {
                    "drill": drill,
                    "profile": profile,
                    "profiles": rules.choices(request, drill.profiles, profile),
                    "levels": _level_lines(drill),
                    "records": [
                        {"mode": mode, "label": drills.MODES[mode], "record": found.get(mode)}
                        for mode in drills.RECORDED
                    ],
                }
            )
        games.append({"game": game, "name": name, "drills": rows})
    context = {
        "games": games,
        "modes": drills.MODES,
        "storm_length": storm_length(settings.COUNT_STORM_SECONDS),
        "storm_penalty": settings.COUNT_STORM_PENALTY,
    }
    return render(request, "quiz/count_index.html", context)


@require_POST
def start(request):
    form = CountStartForm(request.POST)
    if not form.is_valid():
        message = " ".join(str(e) for errors in form.errors.values() for e in errors)
        return render(request, "quiz/bad_request.html", {"message": message}, status=400)
    data = form.cleaned_data
    drill = drills.DRILLS[data["drill"]]
    rules.remember(request, data["profile"])
    run = drills.start(owner(request), drill, data["profile"], data["level"], data["mode"])
    return redirect("quiz_count_run", run.id)


def _run(request, run_id, lock: bool = False) -> CountRun:
    run = owned_row(CountRun, request, run_id, lock=lock)
    if run is None:
        raise Http404
    return run


def _answer_form(run: CountRun, posed: dict, data=None) -> CountAnswerForm:
    lang = get_language()
    sides = (
        posed["data"].get("sides", [])
        if exercises.get_type(posed["type"]).answer_kind == "scores"
        else []
    )
    labels_by_side = {side: side_label(side, lang) for side in sides}
    return CountAnswerForm(data, sides=sides, labels=labels_by_side)


def _mistakes(run: CountRun, lang: str) -> list[dict]:
    shown = []
    for entry in [e for e in run.answers if not e["correct"]][-drills.SHOWN_MISTAKES :]:
        posed = drills.question(run, entry["seed"])
        verdict = exercises.check(posed, entry["given"])
        shown.append(
            {
                "number": entry["number"],
                "question": question_view(posed, lang, entry["given"], verdict),
                "verdict": verdict_view(posed, verdict, lang),
            }
        )
    return shown


def context_of(request, run: CountRun, **extra) -> dict:
    """What the run's page shows: the item being asked, or the result once it is over."""
    lang = get_language()
    drill = drills.DRILLS[run.drill]
    context = {
        "run": run,
        "drill": drill,
        "mode": drills.MODES[run.mode],
        "level": labels.LEVELS[run.level],
        "level_text": drill.levels[run.level],
        "profile_title": rules.title(run.profile),
        "profile": run.profile,
        "answered": run.right + run.wrong,
        **extra,
    }
    if run.finished is not None:
        record = drills.record_for(owned(request), run)
        context.update(
            over=True,
            timed_out=drills.time_up(run),
            score=drills.score(run),
            record=record,
            new_record=(
                run.mode in drills.RECORDED
                and drills.score(run) > 0
                and (run.record_before is None or drills.score(run) > run.record_before)
            ),
            mistakes=_mistakes(run, lang),
        )
        return context
    posed = drills.question(run)
    if drill.display == "replay":
        # The deal's tricks, each on the table with its winner, for the page to replay: the
        # page shows them and the prompt, not the question's own table and rows.
        item = {"prompt": exercises.text(posed["prompt"], lang)}
        d = posed["data"]
        context["replay"] = [
            card_table.coinche_table(
                lang,
                contract=d["contract"],
                leader=trick["leader"],
                trick=trick["cards"],
                number=number,
                show_winner=True,
                to_play=False,
            )
            for number, trick in enumerate(d["tricks"], 1)
        ]
    else:
        item = question_view(posed, lang)
    context.update(
        over=False,
        item=item,
        token=drills.token(run),
        form=extra.get("form") or _answer_form(run, posed),
        seconds_left=run.seconds_left,
        clock=clock(run.seconds_left),
        shown_for=drill.shown_for(run.level),
    )
    return context


def clock(seconds: int | None) -> str:
    """A storm's time left as the clock shows it, minutes:seconds."""
    return "" if seconds is None else f"{seconds // 60}:{seconds % 60:02d}"


def _render(request, run: CountRun, status: int = 200, **extra):
    context = context_of(request, run, **extra)
    if request.htmx:
        # htmx swaps only successful responses: a refusal is shown in the swapped drill.
        return render(request, "quiz/count_run.html#drill", context)
    return render(request, "quiz/count_run.html", context, status=status)


def _finish_if_time_up(run: CountRun) -> None:
    if run.finished is None and drills.time_up(run):
        drills.finish(run)


@require_GET
def run_page(request, run_id):
    run = _run(request, run_id)
    if run.finished is None and drills.time_up(run):
        # Only a storm's clock ends a run on a GET; the end is written under the row's lock.
        with transaction.atomic():
            run = _run(request, run_id, lock=True)
            _finish_if_time_up(run)
    return _render(request, run)


def _feedback(posed: dict, verdict, lang: str) -> dict:
    return {"verdict": verdict_view(posed, verdict, lang), "correct": verdict.correct}


@require_POST
def answer(request, run_id):
    """One answer to the item being asked; the next item (or the result) comes back."""
    lang = get_language()
    with transaction.atomic():
        run = _run(request, run_id, lock=True)
        if run.finished is not None:
            return _render(request, run, 409, message=MESSAGES["count_over"])
        try:
            number = drills.read_token(run, request.POST.get("item", ""))
        except drills.DrillError as error:
            return _render(request, run, 400, message=MESSAGES[error.code])
        if number < run.number:
            # A second submit of an answered item (a double tap, a retried request): its
            # verdict stands and the drill shows the item now being asked.
            entry = next((e for e in run.answers if e["number"] == number), None)
            extra = {"message": MESSAGES["count_answered"]}
            if entry is not None:
                posed = drills.question(run, entry["seed"])
                extra["feedback"] = _feedback(posed, exercises.check(posed, entry["given"]), lang)
            return _render(request, run, **extra)
        posed = drills.question(run)
        form = _answer_form(run, posed, request.POST)
        if not form.is_valid():
            return _render(request, run, 400, form=form)
        if drills.time_up(run, grace=drills.GRACE_SECONDS):
            drills.finish(run)
            return _render(request, run, message=MESSAGES["count_time_up"])
        verdict = exercises.check(posed, form.answer())
        drills.answer(run, verdict)
        remember(request, posed, verdict)
    return _render(request, run, feedback=_feedback(posed, verdict, lang))


@require_POST
def end(request, run_id):
    """Ends the run: the learner stops, or a storm's clock ran out on the page. Only the
    server's count of the run is kept; nothing posted here is read."""
    with transaction.atomic():
        run = _run(request, run_id, lock=True)
        drills.finish(run)
    if not request.htmx:
        return redirect("quiz_count_run", run.id)
    return _render(request, run)
