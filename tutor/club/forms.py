"""The forms people fill in: a teacher creating a session or building a question set, a
player joining a session, a learner joining homework."""

import unicodedata
from datetime import timedelta

from django import forms
from django.conf import settings
from django.core.validators import MaxLengthValidator
from django.utils import timezone
from django.utils.translation import get_language_info, gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tutor.guard import inputs
from tutor.rules.profiles import fits

from . import codes, nicknames, questions
from .models import Player

SECONDS = [
    ("", _("Untimed")),
    ("20", "20 s"),
    ("30", "30 s"),
    ("45", "45 s"),
    ("60", "60 s"),
    ("90", "90 s"),
    ("120", "120 s"),
]


class CreateForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), choices=questions.GAMES)
    profile = forms.ChoiceField(label=_("Rule profile"))
    topics = forms.MultipleChoiceField(
        label=_("Topics"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Leave every topic unticked to mix them all."),
    )
    count = inputs.NumberField(label=_("Number of questions"), min_value=1, max_value=30, initial=5)
    difficulty = forms.TypedChoiceField(
        label=_("Level"),
        coerce=int,
        choices=[(1, _("Beginner")), (2, _("Intermediate")), (3, _("Advanced"))],
    )
    seconds = forms.TypedChoiceField(
        label=_("Time per question"),
        choices=SECONDS,
        coerce=int,
        empty_value=None,
        required=False,
    )
    auto_reveal = forms.BooleanField(
        label=_("Reveal the answer by itself when the time is up"),
        required=False,
        help_text=_("Only for timed questions."),
    )
    scoring = forms.ChoiceField(
        label=pgettext_lazy("club session: how players are ranked", "Scoring"),
        choices=[
            ("accuracy", _("Right answers first; the time taken only breaks ties")),
            ("speed", _("Points for speed, with a bonus for right answers in a row")),
        ],
        initial="accuracy",
        required=False,
    )
    max_players = inputs.NumberField(
        label=_("Most players allowed"),
        required=False,
        min_value=1,
        max_value=5000,
        help_text=_("Leave it empty for no limit."),
    )
    per_network = inputs.NumberField(
        label=_("Most players from one network"),
        required=False,
        min_value=1,
        max_value=5000,
        help_text=_(
            "Phones on the same Wi-Fi share one network address. Raise this number if more "
            "of your players than that join from one network (a large room, a school)."
        ),
    )

    def __init__(self, *args, house=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["per_network"].initial = settings.CLUB_PLAYERS_PER_NETWORK
        # The visitor's house rules and saved rule sets (pages/rules.py), for any game they fit.
        self.house = list(house)
        # Grouped by game, so the page shows which profiles and topics go together.
        self.fields["profile"].choices = profile_choices(self.house)
        self.fields["topics"].choices = [
            (label, [(topic, questions.topic_label(topic)) for topic in questions.topics_for(game)])
            for game, label in questions.GAMES
        ]

    def clean_scoring(self):
        return self.cleaned_data["scoring"] or "accuracy"

    def clean_per_network(self):
        return self.cleaned_data["per_network"] or settings.CLUB_PLAYERS_PER_NETWORK

    def clean(self):
        data = super().clean()
        game = data.get("game")
        if game and not fits(data.get("profile"), questions.profiles_for(game)):
            self.add_error("profile", _("This rule profile is not one of this game's."))
        if game and any(
            topic not in questions.topics_for(game) for topic in data.get("topics", [])
        ):
            self.add_error("topics", _("Choose topics of the game you chose."))
        return data


class JoinForm(forms.Form):
    code = forms.CharField(label=_("Session code"), max_length=20)
    nickname = forms.CharField(label=_("Nickname"), max_length=24)
    lang = forms.ChoiceField(label=_("Your language"), choices=[])

    def __init__(self, *args, house=(), **kwargs):
        super().__init__(*args, **kwargs)
        # The visitor's house rules and saved rule sets (pages/rules.py), for any game they fit.
        self.house = list(house)
        # Each language under its own name: a player looks for the one they read.
        self.fields["lang"].choices = [
            (code, get_language_info(code)["name_local"].capitalize())
            for code, _name in settings.LANGUAGES
        ]

    def clean_code(self):
        code = codes.normalise_code(self.cleaned_data["code"])
        if not code:
            raise forms.ValidationError(_("A session code has 8 letters and digits."))
        return code

    def clean_nickname(self):
        return checked_nickname(
            self.cleaned_data["nickname"], Player._meta.get_field("nickname").max_length
        )


def checked_nickname(text: str, max_length: int) -> str:
    """A nickname as shown (tutor/club/nicknames.py), or the ValidationError saying why not:
    no control characters, no piles of accents, at most ``max_length`` characters."""
    nickname = nicknames.normalise(text)
    if (
        not nickname
        or any(unicodedata.category(char).startswith("C") for char in nickname)
        or nicknames.too_many_marks(nickname)
    ):
        raise forms.ValidationError(_("Choose a nickname made of letters, digits or signs."))
    # NFKC can lengthen a name (one ligature becomes several letters).
    MaxLengthValidator(max_length)(nickname)
    return nickname


def profile_choices(house=()) -> list:
    """Every game's profiles, then the visitor's house rules that fit it, grouped by game."""
    return [
        (
            label,
            [(name, questions.PROFILE_TITLES[name]) for name in questions.profiles_for(game)]
            + [entry for entry in house if fits(entry[0], questions.profiles_for(game))],
        )
        for game, label in questions.GAMES
    ]


def game_of(profile: str) -> str | None:
    """The game a profile or house-rule code is played under (``None``: no game's)."""
    for game, _label in questions.GAMES:
        if fits(profile, questions.profiles_for(game)):
            return game
    return None


class SetForm(forms.Form):
    """A set's name and rules."""

    name = forms.CharField(label=_("Name of the set"), max_length=80)
    profile = forms.ChoiceField(label=_("Rule profile"))

    def __init__(self, *args, house=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["profile"].choices = profile_choices(house)

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        if not name or any(unicodedata.category(char).startswith("C") for char in name):
            raise forms.ValidationError(_("Give the set a name made of letters, digits or signs."))
        return name

    def clean(self):
        data = super().clean()
        if data.get("profile"):
            data["game"] = game_of(data["profile"])
        return data


class TimeForm(forms.Form):
    seconds = forms.TypedChoiceField(
        label=_("Time to answer"), choices=SECONDS, coerce=int, empty_value=None, required=False
    )


class DrawForm(TimeForm):
    """n questions of a kind, about one rule or any, drawn fresh under the set's rules."""

    what = forms.ChoiceField(label=_("Kind of question and rule"))
    difficulty = forms.TypedChoiceField(
        label=_("Level"),
        coerce=int,
        choices=[(1, _("Beginner")), (2, _("Intermediate")), (3, _("Advanced"))],
    )
    count = forms.IntegerField(label=_("Number of questions"), min_value=1, max_value=20, initial=3)
    field_order = ["what", "difficulty", "count", "seconds"]

    def __init__(self, *args, choices=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["what"].choices = choices


class RunForm(forms.Form):
    """How a session run from a set plays: its scoring, the automatic reveal, a cap."""

    scoring = CreateForm.base_fields["scoring"]
    auto_reveal = forms.BooleanField(
        label=_("Reveal the answer by itself when the time is up"),
        required=False,
        help_text=_("Only for the questions with a time to answer."),
    )
    max_players = CreateForm.base_fields["max_players"]

    def clean_scoring(self):
        return self.cleaned_data["scoring"] or "accuracy"


class AssignForm(forms.Form):
    deadline = forms.DateTimeField(
        label=_("Answers accepted until"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The time is read in the site's zone: say which.
        zone = {"zone": settings.TIME_ZONE}
        self.fields["deadline"].help_text = gettext("The time in %(zone)s.") % zone

    def clean_deadline(self):
        deadline = self.cleaned_data["deadline"]
        if deadline <= timezone.now():
            raise forms.ValidationError(_("Choose a moment in the future."))
        if deadline > timezone.now() + MAX_HOMEWORK:
            raise forms.ValidationError(_("Homework runs for at most a year."))
        return deadline


MAX_HOMEWORK = timedelta(days=366)


class AddForm(TimeForm):
    """Where a position goes: which question it becomes, into which set (or a new one)."""

    kind = forms.ChoiceField(label=_("Ask it as"), widget=forms.RadioSelect)
    target = forms.ChoiceField(label=_("Add it to"), required=False)
    name = forms.CharField(
        label=_("Name of the new set"),
        max_length=80,
        required=False,
        help_text=_("Only for a new set."),
    )
    profile = forms.ChoiceField(
        label=_("Rules of the new set"), required=False, help_text=_("Only for a new set.")
    )
    field_order = ["kind", "target", "name", "profile", "seconds"]

    def __init__(self, *args, kinds=(), sets=(), house=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = kinds
        self.fields["target"].choices = [*sets, ("", _("A new set"))]
        self.fields["profile"].choices = profile_choices(house)

    def clean(self):
        data = super().clean()
        if not data.get("target"):
            name = " ".join((data.get("name") or "").split())
            if not name:
                self.add_error("name", _("Name the new set, or choose one of yours."))
            data["name"] = name
            if not data.get("profile"):
                self.add_error("profile", _("Choose the rules of the new set."))
        return data


class LearnerForm(JoinForm):
    """A learner starting homework: a nickname and a language, no code (it is in the link)."""

    code = None
