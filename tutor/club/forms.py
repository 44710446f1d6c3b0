"""The two forms people fill in: a teacher creating a session, a player joining one."""

import unicodedata

from django import forms
from django.conf import settings
from django.core.validators import MaxLengthValidator
from django.utils.translation import get_language_info
from django.utils.translation import gettext_lazy as _

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
    count = forms.IntegerField(label=_("Number of questions"), min_value=1, max_value=30, initial=5)
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
        label=_("Scoring"),
        choices=[
            ("accuracy", _("Right answers first; the time taken only breaks ties")),
            ("speed", _("Points for speed, with a bonus for right answers in a row")),
        ],
        initial="accuracy",
        required=False,
    )
    max_players = forms.IntegerField(
        label=_("Most players allowed"),
        required=False,
        min_value=1,
        max_value=5000,
        help_text=_("Leave it empty for no limit."),
    )

    def __init__(self, *args, house=(), **kwargs):
        super().__init__(*args, **kwargs)
        # The visitor's house rules and saved rule sets (pages/rules.py), for any game they fit.
        self.house = list(house)
        # Grouped by game, so the page shows which profiles and topics go together.
        self.fields["profile"].choices = [
            (
                label,
                [(name, questions.PROFILE_TITLES[name]) for name in questions.profiles_for(game)]
                + [entry for entry in self.house if fits(entry[0], questions.profiles_for(game))],
            )
            for game, label in questions.GAMES
        ]
        self.fields["topics"].choices = [
            (label, [(topic, questions.topic_label(topic)) for topic in questions.topics_for(game)])
            for game, label in questions.GAMES
        ]

    def clean_scoring(self):
        return self.cleaned_data["scoring"] or "accuracy"

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
