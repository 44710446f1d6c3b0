"""Reasons as data, and their rendering into sentences in five languages.

The engine never builds a sentence: it returns :class:`Step` values, a stable
code and its parameters. This module turns them into text with the gettext
catalogs in ``locale/`` (the same ones the web app uses), so the command line
and the site explain a rule with the same words.

Each engine module declares the English sentence of each of its codes with
:func:`messages`; ``manage.py makemessages`` extracts them because they are
wrapped in ``gettext_noop``. Parameters are rendered by the start of their
name: ``card…`` (a card code or a list of them), ``suit…`` / ``trump…`` (a
suit, ``SA`` or ``TA``), ``seat…``, ``side…`` (``NS``/``EW``), ``player…``
(Chouine's ``A``/``B``), ``kind…`` (a declaration), ``announcement…`` (Chouine's),
``bid…`` (a number, ``capot`` or ``generale``); numbers are written the locale's way.

>>> from tutor.rules.explain import Step, render, card_name
>>> render(Step("bad_card", {"value": "ZZ"}), "en")
'"ZZ" is not a card. Write the rank (7 8 9 T J Q K A) then the suit (S H D C), as in TS or JH.'
>>> card_name("QH", "en")
'queen of hearts'
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

LANGUAGES = ("en", "pt", "es", "ro", "fr")
LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"


def gettext_noop(message: str) -> str:
    """Marks an English sentence for extraction; translated when rendered."""
    return message


def pgettext_noop(context: str, message: str) -> tuple[str, str]:
    """Like :func:`gettext_noop`, for a word whose sense needs a context."""
    return context, message


@dataclass(frozen=True)
class Step:
    """One step of an explanation: what rule or computation, with what values."""

    code: str
    params: dict = field(default_factory=dict)


MESSAGES: dict[str, str] = {}


def messages(table: dict[str, str]) -> None:
    """Registers the English sentence of each code (one call per module)."""
    for code, text in table.items():
        if MESSAGES.get(code, text) != text:
            raise ValueError(f"reason code {code!r} declared twice")
        MESSAGES[code] = text


messages(
    {
        "bad_card": gettext_noop(
            '"%(value)s" is not a card. Write the rank (7 8 9 T J Q K A) then the suit '
            "(S H D C), as in TS or JH."
        ),
        "bad_card_list": gettext_noop("A list of cards was expected, not %(value)s."),
        "duplicate_card": gettext_noop("The %(card)s appears twice; a deck has only one."),
        "bad_suit": gettext_noop('"%(value)s" is not a suit: use S, H, D or C.'),
        "bad_seat": gettext_noop('"%(value)s" is not a seat: use N, E, S or W.'),
    }
)

RANK_WORDS = {
    "7": pgettext_noop("card rank", "seven"),
    "8": pgettext_noop("card rank", "eight"),
    "9": pgettext_noop("card rank", "nine"),
    "T": pgettext_noop("card rank", "ten"),
    "J": pgettext_noop("card rank", "jack"),
    "Q": pgettext_noop("card rank", "queen"),
    "K": pgettext_noop("card rank", "king"),
    "A": pgettext_noop("card rank", "ace"),
}
# The letter printed in a card's corner: V, D, R in French and Spanish.
RANK_FACES = {
    "7": pgettext_noop("card face", "7"),
    "8": pgettext_noop("card face", "8"),
    "9": pgettext_noop("card face", "9"),
    "T": pgettext_noop("card face", "10"),
    "J": pgettext_noop("card face", "J"),
    "Q": pgettext_noop("card face", "Q"),
    "K": pgettext_noop("card face", "K"),
    "A": pgettext_noop("card face", "A"),
}
SUIT_WORDS = {
    "S": pgettext_noop("suit", "spades"),
    "H": pgettext_noop("suit", "hearts"),
    "D": pgettext_noop("suit", "diamonds"),
    "C": pgettext_noop("suit", "clubs"),
    "SA": pgettext_noop("suit", "no trump"),
    "TA": pgettext_noop("suit", "all trumps"),
}
SEAT_WORDS = {
    "N": pgettext_noop("seat", "North"),
    "E": pgettext_noop("seat", "East"),
    "S": pgettext_noop("seat", "South"),
    "W": pgettext_noop("seat", "West"),
}
SIDE_WORDS = {
    "NS": pgettext_noop("partnership", "North-South"),
    "EW": pgettext_noop("partnership", "East-West"),
}
# Declarations are named by their code in the engine's data (tierce, quarte, quinte, carre).
KIND_WORDS = {
    "tierce": pgettext_noop("declaration", "tierce"),
    "quarte": pgettext_noop("declaration", "quarte"),
    "quinte": pgettext_noop("declaration", "quinte"),
    "carre": pgettext_noop("declaration", "four of a kind"),
}
# Chouine's announcements, by the codes of its engine.
ANNOUNCEMENT_WORDS = {
    "marriage": pgettext_noop("chouine announcement", "marriage"),
    "tierce": pgettext_noop("chouine announcement", "tierce"),
    "quateron": pgettext_noop("chouine announcement", "quateron"),
    "quinte": pgettext_noop("chouine announcement", "quinte"),
    "chouine": pgettext_noop("chouine announcement", "chouine"),
}
# The two bids that are not numbers.
BID_WORDS = {
    "capot": pgettext_noop("bid", "capot"),
    "generale": pgettext_noop("bid", "générale"),
}
PLAYER_WORDS = {
    "A": pgettext_noop("chouine player", "player A"),
    "B": pgettext_noop("chouine player", "player B"),
}


@cache
def translator(lang: str) -> gettext.NullTranslations:
    if lang == "en" or lang not in LANGUAGES:
        return gettext.NullTranslations()
    return gettext.translation("django", LOCALE_DIR, [lang], fallback=True)


def _word(table: dict[str, tuple[str, str]], key: str, lang: str) -> str:
    if key not in table:
        return key
    return translator(lang).pgettext(*table[key])


def card_name(code: str, lang: str) -> str:
    """The spoken name of a card, as a screen reader should say it."""
    template = translator(lang).pgettext("card name", "%(rank)s of %(suit)s")
    return template % {
        "rank": _word(RANK_WORDS, code[0], lang),
        "suit": _word(SUIT_WORDS, code[1], lang),
    }


def rank_face(code: str, lang: str) -> str:
    return _word(RANK_FACES, code[0], lang)


def suit_name(code: str, lang: str) -> str:
    return _word(SUIT_WORDS, code, lang)


def seat_name(code: str, lang: str) -> str:
    return _word(SEAT_WORDS, code, lang)


def side_name(code: str, lang: str) -> str:
    return _word(SIDE_WORDS, code, lang)


def player_name(code: str, lang: str) -> str:
    return _word(PLAYER_WORDS, code, lang)


def babel_locale(lang: str) -> str:
    """The CLDR locale of a site language: our Portuguese is Portugal's."""
    return {"pt": "pt_PT"}.get(lang, lang if lang in LANGUAGES else "en")


def format_number(value: int | float, lang: str) -> str:
    r"""A number written the locale's way: 2.000 in Romanian, 2 000 in Portuguese.

    >>> format_number(2000, "pt"), format_number(2000, "ro"), format_number(1.5, "en")
    ('2\xa0000', '2.000', '1.5')

    Any size is written out: Babel's decimals hold 28 digits unless told more, and a
    message must not fail on the number a bad question quotes.

    >>> format_number(-10**30, "fr")
    '-1\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000'
    """
    import decimal
    import math

    from babel.numbers import format_decimal

    # bit_length() * log10(2) bounds the digit count without writing the number out.
    whole = int(value) if math.isfinite(value) else 0
    digits = whole.bit_length() * 31 // 100 + 1
    with decimal.localcontext(prec=max(decimal.getcontext().prec, digits + 10)):
        return format_decimal(value, locale=babel_locale(lang))


def _render_value(key: str, value: object, lang: str) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(_render_value(key, item, lang) for item in value)
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, (int, float)):
        return format_number(value, lang)
    text = str(value)
    if key.startswith("card") and len(text) == 2:
        return card_name(text, lang)
    if key.startswith("bid") and text in BID_WORDS:
        return _word(BID_WORDS, text, lang)
    if key.startswith("kind"):
        return _word(KIND_WORDS, text, lang)
    if key.startswith("announcement"):
        return _word(ANNOUNCEMENT_WORDS, text, lang)
    for prefix, function in (
        ("suit", suit_name),
        ("trump", suit_name),
        ("seat", seat_name),
        ("side", side_name),
        ("player", player_name),
    ):
        if key.startswith(prefix):
            return function(text, lang)
    return text


def render(step: Step, lang: str = "en") -> str:
    """The sentence for one step, in ``lang`` (English when unknown)."""
    template = MESSAGES.get(step.code)
    if template is None:
        return step.code
    params = {key: _render_value(key, value, lang) for key, value in step.params.items()}
    return translator(lang).gettext(template) % params


def render_all(steps: list[Step], lang: str = "en") -> list[dict]:
    """Steps as the JSON interface writes them: ``{"code", "text"}``."""
    return [{"code": step.code, "text": render(step, lang)} for step in steps]
