"""Template helpers every page uses: playing cards and locale-aware numbers.

Loaded as a builtin (see settings.TEMPLATES), so templates need no ``{% load %}``.
"""

from babel.dates import format_date
from babel.numbers import format_decimal
from django import template
from django.utils.html import format_html
from django.utils.translation import get_language, to_locale

from tutor.rules.explain import card_name, rank_face

register = template.Library()

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _locale() -> str:
    return to_locale(get_language() or "en")


@register.simple_tag
def card(code: str, extra_class: str = "") -> str:
    """A playing card drawn in HTML, labelled for screen readers in the page's language."""
    code = str(code).upper()
    lang = get_language() or "en"
    return format_html(
        '<span class="card suit-{} {}" role="img" aria-label="{}">'
        '<span class="card-rank" aria-hidden="true">{}</span>'
        '<span class="card-suit" aria-hidden="true">{}</span></span>',
        code[1],
        extra_class,
        card_name(code, lang),
        rank_face(code, lang),
        SUIT_SYMBOLS.get(code[1], "?"),
    )


@register.filter
def num(value) -> str:
    """A number written the locale's way (1 040 in French, 1.040 in Spanish)."""
    try:
        return format_decimal(value, locale=_locale())
    except (TypeError, ValueError, ArithmeticError):
        return str(value)


@register.filter
def day(value) -> str:
    """A date written the locale's way, in words."""
    return format_date(value, format="long", locale=_locale())
