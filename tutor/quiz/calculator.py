"""The score calculator: one deal on the score sheet's tile form, every figure from the engine.

The calculator reads a GET form (so a result can be bookmarked or shared) with the same taps
as the score sheet (``dealform.py``: the taker, the contract, the trump, a coinche, the
takers' card points, the rest folded) and the rules to score under. The score comes step by
step under those rules, then under every profile side by side.
"""

from django.shortcuts import render
from django.utils.translation import get_language

from tutor import exercises
from tutor.pages import rules
from tutor.reports import spots
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.coinche.scoring import score_deal
from tutor.rules.coinche.summary import parse_summary
from tutor.rules.errors import RulesError
from tutor.rules.explain import Step

from . import labels
from .dealform import TableDealForm

PROFILES = [name for name in labels.PROFILES if name != "chouine"]


def score(profile: str, payload: dict, deposit: int = 0):
    """The engine's score of ``payload`` under ``profile``, or the reason it cannot be scored."""
    rules = coinche_profile(profile)
    try:
        summary = parse_summary({**payload, "deposit": deposit}, rules)
    except RulesError as error:
        return None, exercises.text(Step(error.code, error.params), get_language())
    return score_deal(rules, summary, explain=True), ""


def comparison(chosen: str, payload: dict) -> list[dict]:
    """Every profile's score of the same deal; cells that differ from ``chosen`` are marked."""
    rows = []
    for name in PROFILES if chosen in PROFILES else [chosen, *PROFILES]:
        result, error = score(name, payload)
        rows.append(
            {
                "name": name,
                "label": rules.title(name),
                "scores": result.scores if result else None,
                "made": result.made if result else None,
                "error": error,
                "chosen": name == chosen,
            }
        )
    reference = next(row["scores"] for row in rows if row["chosen"])
    for row in rows:
        row["cells"] = [
            {"points": p, "differs": reference is not None and p != reference[i]}
            for i, p in enumerate(row["scores"] or ())
        ]
    return rows


def result_context(form: TableDealForm) -> dict:
    lang = get_language()
    result, _error = score(form.profile_name, form.payload)
    asked = {"profile": form.profile_name, **form.payload}
    return {
        "result": {
            "scores": result.scores,
            "made": result.made,
            "steps": [exercises.text(step, lang) for step in result.steps],
        },
        "comparison": comparison(form.profile_name, form.payload),
        "report": spots.score(asked, result.steps),
    }


def page(request):
    chosen = rules.chosen(request, PROFILES)
    if chosen is None:
        asked = request.GET.get("profile", "")[:40]
        message = exercises.text(Step("quiz_unknown_profile", {"value": asked}), get_language())
        return render(request, "quiz/bad_request.html", {"message": message}, status=400)
    # A link that only names the rules ("?profile=…") opens the empty form under them.
    submitted = bool(set(request.GET) - {"profile"})
    form = TableDealForm(request.GET if submitted else None, profile=chosen)
    context = {
        "form": form,
        "profile": chosen,
        "profiles": rules.choices(request, PROFILES, chosen),
        "submitted": submitted,
    }
    status = 200
    if submitted:
        if form.is_valid():
            context.update(result_context(form))
        else:
            # htmx swaps only successful responses: the fragment with the errors is one.
            status = 200 if request.htmx else 400
    template = "quiz/calculator.html#result" if request.htmx else "quiz/calculator.html"
    return render(request, template, context, status=status)
