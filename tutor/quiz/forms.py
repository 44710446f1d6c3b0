"""Forms of the practice pages: the self-test's settings."""

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from tutor import exercises

from . import labels

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
