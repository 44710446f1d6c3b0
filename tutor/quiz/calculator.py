"""The score calculator; every figure comes from the engine.

The calculator reads a GET form (so a result can be bookmarked or shared) and
shows the score step by step under the chosen profile, then every profile side
by side. The table score sheet, which asks far less per deal, is ``sheet.py``.
"""

from django import forms
from django.shortcuts import render
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tutor import exercises
from tutor.guard import inputs
from tutor.pages import rules
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.coinche.scoring import score_deal
from tutor.rules.coinche.summary import parse_summary
from tutor.rules.errors import RulesError
from tutor.rules.explain import Step, seat_name, side_name, suit_name

from . import labels

PROFILES = [name for name in labels.PROFILES if name != "chouine"]
BIDS = [str(n) for n in range(80, 190, 10)] + ["capot", "generale"]


def points(label):
    return inputs.NumberField(label=label, min_value=0, max_value=1000, initial=0)


class DealForm(forms.Form):
    """One deal as a player reads it off the table."""

    profile = forms.ChoiceField(label=_("Rule profile"))
    game = forms.ChoiceField(
        label=_("Game"),
        choices=[("coinche", _("Coinche (with an auction)")), ("belote", _("Classic Belote"))],
    )
    seat = forms.ChoiceField(label=_("Declarer (the taker)"))
    bid = forms.ChoiceField(label=_("Contract"), required=False)
    trump = forms.ChoiceField(label=_("Trump"))
    double = forms.TypedChoiceField(
        label=pgettext_lazy("the double", "Coinche"),
        coerce=int,
        choices=[(1, _("Not doubled")), (2, _("Coinche (× 2)")), (4, _("Surcoinche (× 4)"))],
    )
    points_ns = points(_("Card points of North-South"))
    points_ew = points(_("Card points of East-West"))
    last_trick = forms.ChoiceField(label=_("Last trick won by"))
    tricks_n = inputs.NumberField(label=_("Tricks of North"), min_value=0, max_value=8)
    tricks_e = inputs.NumberField(label=_("Tricks of East"), min_value=0, max_value=8)
    tricks_s = inputs.NumberField(label=_("Tricks of South"), min_value=0, max_value=8)
    tricks_w = inputs.NumberField(label=_("Tricks of West"), min_value=0, max_value=8)
    declarations_ns = points(_("Declarations of North-South"))
    declarations_ew = points(_("Declarations of East-West"))
    belote_ns = points(_("Belote of North-South"))
    belote_ew = points(_("Belote of East-West"))

    def __init__(self, *args, fixed_profile=None, **kwargs):
        super().__init__(*args, label_suffix="", **kwargs)
        lang = get_language()
        self.fields["profile"].choices = [(p, labels.PROFILES[p]) for p in PROFILES]
        if fixed_profile:
            # A score sheet keeps its profile for the whole game.
            del self.fields["profile"]
        self.fixed_profile = fixed_profile
        self.fields["seat"].choices = [(s, seat_name(s, lang)) for s in "NESW"]
        self.fields["trump"].choices = [
            (t, suit_name(t, lang)) for t in ("S", "H", "D", "C", "SA", "TA")
        ]
        self.fields["bid"].choices = [("", _("None (classic Belote)"))] + [
            (b, {"capot": _("Capot"), "generale": _("Générale")}.get(b, b)) for b in BIDS
        ]
        self.fields["last_trick"].choices = [(s, side_name(s, lang)) for s in ("NS", "EW")]

    def payload(self) -> dict:
        d = self.cleaned_data
        bid = d["bid"]
        return {
            "game": d["game"],
            "contract": {
                "seat": d["seat"],
                # An amount, a word (capot, générale) or none, from the form's own choices.
                "bid": inputs.digits(bid, 4) or bid or None,
                "trump": d["trump"],
                "double": d["double"],
            },
            "card_points": {"NS": d["points_ns"], "EW": d["points_ew"]},
            "tricks": {s: d[f"tricks_{s.lower()}"] for s in "NESW"},
            "last_trick": d["last_trick"],
            "declarations": {"NS": d["declarations_ns"], "EW": d["declarations_ew"]},
            "belote": {"NS": d["belote_ns"], "EW": d["belote_ew"]},
        }

    @property
    def profile_name(self) -> str:
        return self.fixed_profile or self.cleaned_data["profile"]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            self.summary = parse_summary(self.payload(), coinche_profile(self.profile_name))
        except RulesError as error:
            message = exercises.text(Step(error.code, error.params), get_language())
            raise forms.ValidationError(message) from None
        return data


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


def result_context(form: DealForm, deposit: int = 0) -> dict:
    lang = get_language()
    payload = form.payload()
    result, _error = score(form.profile_name, payload, deposit)
    return {
        "result": {
            "scores": result.scores,
            "made": result.made,
            "steps": [exercises.text(step, lang) for step in result.steps],
        },
        "comparison": comparison(form.profile_name, payload),
    }


def page(request):
    # A link that only names the rules ("?profile=…") opens the empty form under them.
    submitted = bool(set(request.GET) - {"profile"})
    chosen = rules.chosen(request, PROFILES) or "federation"
    form = DealForm(
        request.GET if submitted else None, initial={"profile": chosen, "seat": "S", "bid": "80"}
    )
    form.fields["profile"].choices = rules.choices(request, PROFILES, request.GET.get("profile"))
    # The rules the page says it uses: the submitted ones once the form is valid.
    context = {"form": form, "profile": chosen, "submitted": submitted}
    status = 200
    if submitted:
        if form.is_valid():
            context.update(result_context(form), profile=form.profile_name)
        else:
            # htmx swaps only successful responses: the fragment with the errors is one.
            status = 200 if request.htmx else 400
    template = "quiz/calculator.html#result" if request.htmx else "quiz/calculator.html"
    return render(request, template, context, status=status)
