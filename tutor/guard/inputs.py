"""Numbers and JSON from a request: the one way every view and form reads them.

A number is ASCII digits only, no longer than the largest value allowed, within its range.
Python is more lenient on both sides: ``str.isdigit`` says yes to "²" and "①", which
``int`` then refuses with a ValueError (a 500), and ``int`` itself takes "٣", " +5", "1_0"
and refuses more than 4,300 digits. JSON goes through the command line's own decoder
(``tutor.rules.cli.decode``: numbers of at most ``MAX_DIGITS`` digits, ``MAX_DEPTH`` levels,
valid UTF-8) once its length is within bounds.

Anything else raises :class:`BadInput`, whose sentence is in the page's language. A view may
catch it and show the sentence on its own page; uncaught, it is the site's 400 page with
the sentence (``RefuseBadInput.process_exception``).

>>> parse("180", 0, 500), parse("²", 0, 500), parse("٣", 0, 500), parse("0180", 0, 500)
(180, None, None, None)
"""

from __future__ import annotations

import re

from django import forms
from django.core.exceptions import BadRequest
from django.utils.translation import get_language

from tutor.rules.cli import MAX_DIGITS, decode
from tutor.rules.errors import RulesError
from tutor.rules.explain import Step, gettext_noop, messages, render

messages(
    {
        "input_not_a_number": gettext_noop(
            '"%(value)s" is not a whole number from %(low)s to %(high)s.'
        ),
        "input_json_too_long": gettext_noop(
            "This JSON text is too long: at most %(limit)s characters are read."
        ),
    }
)

# [0-9], not \d: \d also matches the digits of every other script.
_DIGITS = re.compile(r"[0-9]+")
# House rules written in JSON take a few hundred characters; the decoder's other bounds
# (digits, depth) then keep the parse itself cheap.
MAX_JSON = 4000
# The largest row id: ids are 64-bit columns (DEFAULT_AUTO_FIELD).
MAX_ID = 2**63 - 1


class BadInput(BadRequest):
    """A value no form of ours sends; ``step`` says why, ``message`` in the page's language."""

    def __init__(self, step: Step):
        super().__init__(step.code)
        self.step = step

    @property
    def message(self) -> str:
        return render(self.step, get_language() or "en")


def digits(text: object, length: int, signed: bool = False) -> int | None:
    """``text`` as an integer when it is 1 to ``length`` ASCII digits (after a "-" when
    ``signed``), else ``None``."""
    if not isinstance(text, str):
        return None
    negative = signed and text.startswith("-")
    body = text[1:] if negative else text
    if len(body) > length or not _DIGITS.fullmatch(body):
        return None
    return -int(body) if negative else int(body)


def parse(text: object, low: int, high: int) -> int | None:
    """``text`` as a whole number from ``low`` to ``high``, else ``None``."""
    length = len(str(max(abs(low), abs(high))))
    value = digits(text, length, signed=low < 0)
    if value is None or not low <= value <= high:
        return None
    # "0180" is not how anyone writes 180; "0" alone is.
    if text.lstrip("-") != str(abs(value)):
        return None
    return value


def number(text: object, low: int, high: int, reason: str = "input_not_a_number") -> int:
    """``text`` as a whole number from ``low`` to ``high``; raises :class:`BadInput`, whose
    step is ``reason`` (a page's own sentence for its number, with ``value``, ``low`` and
    ``high`` to fill in)."""
    value = parse(text, low, high)
    if value is None:
        shown = str(text)[:20]
        raise BadInput(Step(reason, {"value": shown, "low": low, "high": high}))
    return value


def optional_number(
    text: object, low: int, high: int, reason: str = "input_not_a_number"
) -> int | None:
    """Like :func:`number`, but a missing or empty value is ``None``."""
    return None if text in (None, "") else number(text, low, high, reason)


def json_value(text: str, limit: int = MAX_JSON) -> object:
    """JSON text parsed by the command line's decoder; raises :class:`BadInput`."""
    if len(text) > limit:
        raise BadInput(Step("input_json_too_long", {"limit": limit}))
    try:
        return decode(text)
    except RulesError as error:
        raise BadInput(Step(error.code, error.params)) from None


class NumberField(forms.IntegerField):
    """A form's whole number, read as :func:`digits` reads one (spaces around it forgiven:
    it was typed); the range is then checked by the field's own validators and messages."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        # Up to the command line's longest number, whatever the range: a number typed too
        # large ("123456789" for at most 999) gets the range's message, not "enter a whole
        # number"; what is longer is no number anyone typed.
        # A sign is read, so that "-3" for at least 0 gets the range's message too.
        found = digits(str(value).strip(), MAX_DIGITS, signed=True)
        if found is None:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return found
