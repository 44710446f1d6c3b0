"""Forms of the practice pages: the self-test's settings, a counting drill's settings and
answers."""

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from tutor import exercises
from tutor.guard import inputs
from tutor.rules.profiles import fits

from . import drills, labels

LENGTHS = (5, 10, 20)
MINUTES = (0, 2, 5, 10, 20)


class SelfTestForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), choices=list(labels.GAMES.items()))
    profile = forms.ChoiceField(label=_("Rule profile"), choices=list(labels.PROFILES.items()))
    topics = forms.MultipleChoiceField(
        label=_("Topics"),
        choices=list(labels.TOPICS.items()),
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text=_("Leave every topic unticked to be asked about all of them."),
    )
    difficulty = forms.TypedChoiceField(
        label=_("Level"), choices=list(labels.LEVELS.items()), coerce=int, initial=1
    )
    length = forms.TypedChoiceField(
        label=_("Number of questions"),
        choices=[(n, str(n)) for n in LENGTHS],
        coerce=int,
        initial=LENGTHS[1],
    )
    minutes = forms.TypedChoiceField(
        label=_("Time limit"),
        choices=[(n, n) for n in MINUTES],
        coerce=int,
        initial=0,
        required=False,
        empty_value=0,
        help_text=_("When the time is up, the questions left count as not answered."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, label_suffix="", **kwargs)
        self.fields["minutes"].choices = [(0, gettext("No time limit"))] + [
            (n, ngettext("%(count)s minute", "%(count)s minutes", n) % {"count": n})
            for n in MINUTES[1:]
        ]

    def clean(self):
        data = super().clean()
        game, profile = data.get("game"), data.get("profile")
        if not game or not profile:
            return data
        types = [
            t
            for t in exercises.types_for(game)
            if profile in t.profiles and (not data.get("topics") or t.topic in data["topics"])
        ]
        if not any(profile in t.profiles for t in exercises.types_for(game)):
            raise forms.ValidationError(_("This rule profile is not one of this game's."))
        if not types:
            raise forms.ValidationError(_("None of the topics you chose belongs to this game."))
        data["types"] = [t.name for t in types]
        return data


# The largest count any drill asks for is a score line of a few thousand points.
COUNT_MAX = 99_999


class CountField(inputs.NumberField):
    """A count typed by the learner: ASCII digits only (as ``tutor.guard.inputs`` reads a
    number), from 0 to COUNT_MAX. Every number a drill reads goes through this one field."""

    def __init__(self, **kwargs):
        super().__init__(
            min_value=0,
            max_value=COUNT_MAX,
            error_messages={
                "required": _("Type your count first."),
                "invalid": _("Give the count as a whole number, in digits."),
                "min_value": _("A count is never below 0."),
                "max_value": _("No count in these games comes near that number: check it."),
            },
            **kwargs,
        )


class CountStartForm(forms.Form):
    """A drill's settings: which count, under which rules, at which level, in which mode."""

    drill = forms.ChoiceField(choices=[])
    profile = forms.CharField(max_length=600)
    level = forms.TypedChoiceField(choices=[(n, n) for n in (1, 2, 3)], coerce=int, initial=1)
    mode = forms.ChoiceField(choices=[])

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["drill"].choices = [(slug, d.title) for slug, d in drills.DRILLS.items()]
        self.fields["mode"].choices = list(drills.MODES.items())

    def clean(self):
        data = super().clean()
        drill, profile = data.get("drill"), data.get("profile")
        if drill and profile and not fits(profile, drills.DRILLS[drill].profiles):
            raise forms.ValidationError(_("This drill cannot be played under these rules."))
        return data


class CountAnswerForm(forms.Form):
    """One answer to a drill's item: the item's signed token and one count per side asked
    (``sides``), or a single count."""

    item = forms.CharField(max_length=400)

    def __init__(self, *args, sides=(), labels=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.sides = list(sides)
        for side in self.sides or [None]:
            name = f"score_{side}" if side else "number"
            self.fields[name] = CountField(label=(labels or {}).get(side, ""))

    def answer(self):
        """The answer in the exercise type's shape: a number, or ``{side: number}``."""
        if not self.sides:
            return self.cleaned_data["number"]
        return {side: self.cleaned_data[f"score_{side}"] for side in self.sides}
