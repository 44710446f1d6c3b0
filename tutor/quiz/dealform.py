"""One deal as a table tells it, in taps: the form of the score sheet and of the calculator.

The taker, the contract and its trump, a coinche, the takers' card points (one number),
toggles for the last trick and the belote; declarations, a clean sweep and the defence's
own count folded away. Before the engine derives the rest (``summary.table_payload``) and
checks it (``parse_summary``), the engine's table checks (``checks.check_entry``) look for
what cannot be right (counts that do not add up to the deal, declarations for both sides, a
belote without trumps) and name the likely slip, with the lesson that teaches it.
"""

from django import forms
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _

from tutor import exercises
from tutor.guard import inputs
from tutor.lessons.path import LESSONS
from tutor.reports import spots
from tutor.rules.coinche.checks import check_entry
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.coinche.summary import parse_summary, table_entry, table_payload
from tutor.rules.errors import RulesError
from tutor.rules.explain import Step, seat_name, suit_name

CLASSIC = "classic"  # the bid value of a classic Belote deal (no auction)

# Which field an engine refusal is shown beside; anything else goes above the form.
ERROR_FIELDS = {
    "table_points_range": "points",
    "table_points_missing": "points",
    "impossible_card_points": "points",
    "table_generale_off": "sweep",
    "impossible_belote": "belote",
    "bad_declarations": "declarations_takers",
    "declarations_off": "declarations_takers",
    "bad_bid": "bid",
    "classic_no_bid": "double",
    "bad_double": "double",
    "trump_not_in_profile": "trump",
    "game_not_in_profile": "bid",
}

# The lesson that teaches what each slip gets wrong.
SLIP_LESSONS = {
    "slip_last_trick_in_points": "coinche-tricks",
    "slip_last_trick_and_belote_in_points": "coinche-tricks",
    "slip_capot_as_points": "coinche-tricks",
    "slip_capot_defence_points": "coinche-tricks",
    "slip_belote_in_points": "coinche-declarations",
    "slip_belote_no_trump": "coinche-declarations",
    "slip_declarations_both": "coinche-declarations",
    "slip_declarations_value": "coinche-declarations",
    "slip_jack_value": "coinche-cards",
    "slip_nine_value": "coinche-cards",
    "slip_recount": "coinche-cards",
    "slip_recount_takers": "coinche-cards",
    "slip_ace_value": "belote-tables",
}


def radios(label, choices=None, required=True, initial=None):
    return forms.ChoiceField(
        label=label,
        choices=choices or [],
        required=required,
        initial=initial,
        widget=forms.RadioSelect,
    )


def points_field(label, maximum=999):
    return inputs.NumberField(label=label, required=False, min_value=0, max_value=maximum)


class TableDealForm(forms.Form):
    """One deal as a table tells it; the engine checks it and derives the rest."""

    seat = radios(gettext_lazy("Taker"))
    bid = radios(gettext_lazy("Contract"))
    trump = radios(gettext_lazy("Trump"))
    double = radios(
        pgettext_lazy("the double", "Coinche"),
        [
            ("1", gettext_lazy("No")),
            ("2", gettext_lazy("Coinche ×2")),
            ("4", gettext_lazy("Surcoinche ×4")),
        ],
        initial="1",
    )
    points = points_field(gettext_lazy("Takers' card points"))
    last_trick = radios(
        gettext_lazy("Last trick"),
        [("takers", gettext_lazy("Takers")), ("defence", gettext_lazy("Defence"))],
        initial="takers",
    )
    belote = radios(
        gettext_lazy("Belote"),
        [
            ("", gettext_lazy("None")),
            ("takers", gettext_lazy("Takers")),
            ("defence", gettext_lazy("Defence")),
        ],
        required=False,
        initial="",
    )
    sweep = radios(
        gettext_lazy("Every trick taken by"),
        required=False,
        initial="",
    )
    declarations_takers = points_field(gettext_lazy("Takers' declarations"), 1000)
    declarations_defence = points_field(gettext_lazy("Defence's declarations"), 1000)
    points_defence = points_field(gettext_lazy("Defence's card points, to check the count"))
    nonce = forms.CharField(widget=forms.HiddenInput, required=False, max_length=32)

    def __init__(self, *args, profile: str, **kwargs):
        super().__init__(*args, label_suffix="", **kwargs)
        self.profile_name = profile
        self.rules = coinche_profile(profile)
        self.slips: list[dict] = []
        # The engine's refusal of the deal as asked (its steps), for the report link.
        self.asked: dict = {}
        self.refused: list[Step] = []
        lang = get_language()
        self.fields["seat"].choices = [(s, seat_name(s, lang)) for s in "NESW"]
        bids = [
            (str(n), str(n))
            for n in range(self.rules.min_bid, self.rules.max_bid + 1, self.rules.bid_step)
        ]
        if self.rules.capot_bid:
            bids.append(("capot", _("Capot")))
        if self.rules.generale:
            bids.append(("generale", _("Générale")))
        if self.rules.classic:
            bids.append((CLASSIC, _("No auction (classic Belote)")))
        self.fields["bid"].choices = bids
        self.fields["trump"].choices = [(t, suit_name(t, lang)) for t in self.rules.trumps]
        sweeps = [("", _("Nobody")), ("takers", _("The takers (capot)"))]
        if self.rules.generale:
            sweeps.append(("taker", _("The taker alone (générale)")))
        sweeps.append(("defence", _("The defence")))
        self.fields["sweep"].choices = sweeps
        if not self.rules.declarations:
            del self.fields["declarations_takers"], self.fields["declarations_defence"]

    def folded(self) -> list:
        """The declaration fields and the defence's count, in the fold."""
        names = ("declarations_takers", "declarations_defence", "points_defence")
        return [self[name] for name in names if name in self.fields]

    def extras_shown(self) -> bool:
        """Whether the folded fields (declarations, a sweep, a count) hold something or an error."""
        fields = [self["sweep"], *self.folded()]
        return any(f.errors or f.value() not in (None, "", "0", 0) for f in fields)

    def entry(self) -> dict:
        d = self.cleaned_data
        bid = d["bid"]
        classic = bid == CLASSIC
        return {
            "game": "belote" if classic else "coinche",
            "contract": {
                "seat": d["seat"],
                # An amount or a word (capot, générale), from the form's own choices.
                "bid": None if classic else inputs.digits(bid, 4) or bid,
                "trump": d["trump"],
                "double": inputs.digits(d["double"], 1),
            },
            "points": d["points"],
            "last_trick": d["last_trick"],
            "belote": d["belote"] or None,
            "sweep": d["sweep"] or None,
            "declarations": {
                "takers": d.get("declarations_takers") or 0,
                "defence": d.get("declarations_defence") or 0,
            },
        }

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        lang = get_language()
        self.asked = {"profile": self.profile_name}
        try:
            entry = self.entry()
            checked = {**entry, "points_defence": data.get("points_defence")}
            self.asked.update(checked)
            slips = check_entry(checked, self.rules)
            for slip in slips:
                self.add_error(slip.field, exercises.text(slip.problem, lang))
                self.slips.append(slip_view(slip, lang))
                self.refused += [slip.problem, slip.slip]
            if slips:
                return data
            self.payload = table_payload(entry, self.rules)
            self.asked = {"profile": self.profile_name, **self.payload}
            parse_summary(self.payload, self.rules)
        except RulesError as error:
            step = Step(error.code, error.params)
            self.add_error(ERROR_FIELDS.get(error.code), exercises.text(step, lang))
            self.refused.append(step)
        return data

    def report(self) -> spots.Spot | None:
        """The report spot of the engine's refusal: the deal as asked (the table's entry, or
        the ``score`` question made of it) and what the form said of it."""
        return spots.score(self.asked, self.refused) if self.refused else None


def slip_view(slip, lang: str) -> dict:
    """A slip as a page shows it: what cannot be right, the likely slip, the lesson."""
    lesson = LESSONS[SLIP_LESSONS[slip.code]]
    return {
        "code": slip.code,
        "field": slip.field,
        "problem": exercises.text(slip.problem, lang),
        "slip": exercises.text(slip.slip, lang),
        "lesson_url": reverse("lesson", args=[lesson.slug]),
        "lesson_title": lesson.title,
    }


def initial_of(payload: dict) -> dict:
    """The form's values for a stored deal payload (to edit it)."""
    entry = table_entry(payload)
    contract = entry["contract"]
    bid = contract["bid"]
    return {
        "seat": contract["seat"],
        "bid": CLASSIC if bid is None else str(bid),
        "trump": contract["trump"],
        "double": str(contract.get("double", 1)),
        "points": entry["points"],
        "last_trick": entry["last_trick"],
        "belote": entry["belote"] or "",
        "sweep": entry["sweep"] or "",
        "declarations_takers": entry["declarations"]["takers"],
        "declarations_defence": entry["declarations"]["defence"],
    }
