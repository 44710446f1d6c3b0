"""The forms of the tables: making a table, sitting at one, making a duplicate club night."""

import json
import random
import re

from django import forms
from django.conf import settings
from django.utils.translation import get_language, get_language_info
from django.utils.translation import gettext_lazy as _

from tutor.club.forms import checked_nickname
from tutor.play.coinche import first_dealer
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.errors import RulesError
from tutor.rules.explain import Step, render

from .models import Seat
from .state import SEED_LIMIT

CLOCKS = [
    ("", _("No clock")),
    ("30", _("30 seconds a move")),
    ("60", _("1 minute a move")),
    ("120", _("2 minutes a move")),
]
AWAY = [
    ("60", _("after 1 minute")),
    ("120", _("after 2 minutes")),
    ("300", _("after 5 minutes")),
    ("900", _("after 15 minutes")),
    ("", _("never")),
]


def languages() -> list[tuple[str, str]]:
    """Each language under its own name: a player looks for the one they read."""
    return [
        (code, get_language_info(code)["name_local"].capitalize())
        for code, _name in settings.LANGUAGES
    ]


def profile_spec(text: str):
    """A profile name, a house-rule code or a house-rule JSON object, as the engine takes it
    (the engine's own sentence when it refuses it)."""
    text = (text or "").strip()
    spec: object = text
    if text.startswith("{"):
        try:
            spec = json.loads(text)
        except json.JSONDecodeError:
            raise forms.ValidationError(_("This is not valid JSON.")) from None
    try:
        coinche_profile(spec)
    except (RulesError, TypeError, ValueError) as error:
        code = getattr(error, "code", "bad_json")
        raise forms.ValidationError(render_error(code, getattr(error, "params", {}))) from None
    return spec


def render_error(code: str, params: dict) -> str:
    text = render(Step(code, params), get_language())
    return text[:1].upper() + text[1:]


class TimingFields(forms.Form):
    clock = forms.TypedChoiceField(
        label=_("Clock"),
        choices=CLOCKS,
        coerce=int,
        empty_value=None,
        required=False,
        help_text=_("When a player's time runs out, the engine plays that move for them."),
    )
    away_after = forms.TypedChoiceField(
        label=_("A seat whose player has gone may be handed to a bot"),
        choices=AWAY,
        coerce=int,
        empty_value=None,
        required=False,
        initial="120",
    )


class CreateForm(TimingFields):
    game = forms.ChoiceField(
        label=_("Game"),
        choices=[("coinche", _("Coinche (four players)")), ("chouine", _("Chouine (two players)"))],
    )
    profile = forms.ChoiceField(label=_("Rule profile"), required=False)
    house = forms.CharField(
        label=_("Or house rules (a code from the house-rule builder)"),
        required=False,
        max_length=600,
    )

    def __init__(self, *args, profiles=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["profile"].choices = list(profiles)

    def clean(self):
        data = super().clean()
        if data.get("game") == "chouine":
            data["spec"] = "chouine"
            return data
        try:
            data["spec"] = profile_spec(data.get("house") or data.get("profile") or "federation")
        except forms.ValidationError as error:
            self.add_error("house" if data.get("house") else "profile", error)
        return data


class SitForm(forms.Form):
    nickname = forms.CharField(label=_("Nickname"), max_length=24)
    lang = forms.ChoiceField(label=_("Your language"), choices=[])
    seat = forms.CharField(max_length=1)

    def __init__(self, *args, seats="NESW", **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = seats
        self.fields["lang"].choices = languages()

    def clean_nickname(self):
        return checked_nickname(
            self.cleaned_data["nickname"], Seat._meta.get_field("nickname").max_length
        )

    def clean_seat(self):
        seat = self.cleaned_data["seat"]
        if seat not in self.seats:
            raise forms.ValidationError(_("Choose one of the table's seats."))
        return seat


SEEDS = re.compile(r"[0-9]{1,10}")


class NightForm(TimingFields):
    profile = forms.ChoiceField(label=_("Rule profile"), required=False)
    house = forms.CharField(
        label=_("Or house rules (a code from the house-rule builder)"),
        required=False,
        max_length=600,
    )
    tables = forms.IntegerField(label=_("Tables"), min_value=2, max_value=30, initial=3)
    count = forms.IntegerField(label=_("Deals"), min_value=1, max_value=24, initial=4)
    seeds = forms.CharField(
        label=_("Deal numbers (optional)"),
        required=False,
        max_length=400,
        help_text=_(
            "To play deals you know again (a lesson's, another club's), give their numbers, "
            "separated by spaces; any missing are drawn at random."
        ),
    )

    def __init__(self, *args, profiles=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["profile"].choices = list(profiles)

    def clean_seeds(self):
        text = self.cleaned_data["seeds"].replace(",", " ").split()
        seeds = []
        for word in text:
            if not SEEDS.fullmatch(word) or int(word) >= SEED_LIMIT:
                raise forms.ValidationError(
                    _('"%(value)s" is not a deal number: use whole numbers from 0 to 2147483647.'),
                    params={"value": word[:20]},
                )
            seeds.append(int(word))
        return seeds

    def clean(self):
        data = super().clean()
        try:
            data["spec"] = profile_spec(data.get("house") or data.get("profile") or "federation")
        except forms.ValidationError as error:
            self.add_error("house" if data.get("house") else "profile", error)
        count = data.get("count") or 0
        seeds = list(data.get("seeds") or [])[:count]
        seeds += [random.randrange(SEED_LIMIT) for _ in range(count - len(seeds))]
        # Each deal dealt by its number's first dealer, as a shared solo deal is.
        data["deals"] = [[seed, first_dealer(seed)] for seed in seeds]
        return data
