"""Template helpers every page uses: playing cards and locale-aware numbers.

Loaded as a builtin (see settings.TEMPLATES), so templates need no ``{% load %}``.
"""

from babel.dates import format_date
from django import template
from django.utils.html import format_html
from django.utils.translation import get_language

from tutor import table
from tutor.rules.coinche.auction import Auction
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.explain import babel_locale, card_name, format_number, rank_face

register = template.Library()

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _lang() -> str:
    return get_language() or "en"


@register.simple_tag
def card(code: str, extra_class: str = "") -> str:
    """A playing card drawn in HTML, labelled for screen readers in the page's language."""
    code = str(code).upper()
    lang = _lang()
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
        return format_number(value, _lang())
    except (TypeError, ValueError, ArithmeticError):
        return str(value)


@register.filter
def day(value) -> str:
    """A date written the locale's way, in words."""
    return format_date(value, format="long", locale=babel_locale(_lang()))


@register.inclusion_tag("table/table.html")
def trick_table(trump: str, leader: str, *cards: str) -> dict:
    """A Coinche trick of the lesson prose on the table, its winner marked by the engine."""
    drawn = table.coinche_table(
        _lang(), trump=trump, leader=leader, trick=cards, show_winner=len(cards) == 4
    )
    return {"table": drawn}


@register.inclusion_tag("table/table.html")
def duel_table(trump: str, leader: str, lead: str, reply: str, stock=None) -> dict:
    """A Chouine trick of the lesson prose: the leader's card, the reply, the winner marked."""
    stock = None if stock in (None, "") else int(stock)
    drawn = table.chouine_table(
        _lang(), trump=trump, leader=leader, trick=[lead, reply], stock=stock, show_winner=True
    )
    return {"table": drawn}


@register.inclusion_tag("table/table.html")
def seats_table(dealer: str) -> dict:
    """The four seats with the dealer marked and the engine's first player to speak and lead."""
    first = Auction(coinche_profile("federation"), dealer).turn
    return {"table": table.coinche_table(_lang(), dealer=dealer, leader=first)}


@register.simple_tag(takes_context=True)
def rules_title(context, name: str) -> str:
    """The name of a profile or house-rule code in the page's language (pages/rules.py),
    or the name the visitor gave these house rules."""
    from tutor.pages import rules

    return rules.title(str(name), context.get("request"))


@register.filter
def rules_changes(name: str) -> list:
    """What a house-rule code changes, each rule as a sentence; empty for a profile."""
    from tutor.pages import rules

    return rules.changes(str(name))
