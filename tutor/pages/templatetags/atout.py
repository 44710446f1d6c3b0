"""Template helpers every page uses: playing cards and locale-aware numbers.

Loaded as a builtin (see settings.TEMPLATES), so templates need no ``{% load %}``.
"""

import secrets
import sys

from babel.dates import format_date
from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, pgettext

from tutor import caching, table
from tutor.memo import LRU, freeze
from tutor.pages import drawing
from tutor.rules.coinche.auction import Auction
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.explain import babel_locale, card_name, format_number, rank_face

register = template.Library()

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _lang() -> str:
    return get_language() or "en"


# Cards drawn by the ``card`` tag, once per card, class and language.
CARDS = LRU(items=2000)


@register.simple_tag
def card(code: str, extra_class: str = "") -> str:
    """A playing card drawn in HTML, labelled for screen readers in the page's language."""
    code = str(code).upper()
    lang = _lang()

    def draw() -> str:
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

    return CARDS.get_or_make((code, str(extra_class), lang, caching.CATALOGS), draw)


# The lesson prose's tables by their arguments and language, weighed in bytes: the text and,
# about as large, the key.
FRAGMENTS = LRU(items=4000, size=16 * 1024 * 1024)


def _weight(text: str) -> int:
    return 2 * sys.getsizeof(text)


# Regions of a page kept by ``{% kept %}``, weighed as the fragments above.
REGIONS = LRU(items=3000, size=16 * 1024 * 1024)
# Where the visitor's CSRF token goes in a kept region; random per process, so no page can
# carry it by chance.
CSRF_MARK = f"csrf-{secrets.token_hex(12)}"


class KeptNode(template.Node):
    def __init__(self, nodelist, place: tuple, values: list):
        self.nodelist, self.place, self.values = nodelist, place, values

    def render(self, context) -> str:
        request = context.get("request")
        where = (
            (request.get_full_path(), request.headers.get("HX-Current-URL", ""))
            if request is not None
            else None
        )
        # Whether the page has a CSRF token at all (not its value: reading it would set
        # the cookie on pages that never asked for one).
        token = "csrf_token" in context
        values = freeze([value.resolve(context) for value in self.values])
        key = (self.place, _lang(), caching.CATALOGS, where, token, values)

        def draw() -> str:
            if not token:
                return self.nodelist.render(context)
            with context.push(csrf_token=CSRF_MARK):
                return self.nodelist.render(context)

        text = REGIONS.get_or_make(key, draw, _weight)
        if CSRF_MARK in text:
            text = text.replace(CSRF_MARK, str(context["csrf_token"]))
        return mark_safe(text)


@register.tag
def kept(parser, token):
    """``{% kept "name" value… %}…{% endkept %}``: the region rendered once per language,
    address (and htmx's current URL) and distinct values, and reused for every visitor who
    gets the same: a learner's own marks, stars and goal stay outside it. The region may read
    nothing but the values named (and the address, language and CSRF token, which is written
    in afresh for each visitor)."""
    bits = token.split_contents()
    if len(bits) < 2 or bits[1][0] not in "\"'":
        raise template.TemplateSyntaxError("kept takes a quoted name, then the values it reads")
    nodelist = parser.parse(("endkept",))
    parser.delete_first_token()
    place = (parser.origin.name if parser.origin else "", bits[1][1:-1])
    return KeptNode(nodelist, place, [parser.compile_filter(bit) for bit in bits[2:]])


@register.filter
def num(value) -> str:
    """A number written the locale's way (1 040 in French, 1.040 in Spanish)."""
    try:
        return format_number(value, _lang())
    except (TypeError, ValueError, ArithmeticError):
        return str(value)


@register.filter
def percent(value) -> str:
    """A percentage written the language's way (75 %, with a narrow space in French)."""
    return pgettext("a percentage", "%(percent)s%%") % {"percent": num(value)}


@register.filter
def day(value) -> str:
    """A date written the locale's way, in words."""
    return format_date(value, format="long", locale=babel_locale(_lang()))


@register.simple_tag
def card_table(view: dict) -> str:
    """The card table of ``view`` (``tutor.table.coinche_table`` or ``chouine_table``), drawn
    afresh: drawing it costs less than the key to keep it by."""
    return drawing.table(view)


@register.simple_tag
def hand_fan(view: dict, hand_id="", label="", static=False) -> str:
    """A hand of ``tutor.table.hand_view``: see ``tutor.pages.drawing.hand``."""
    return drawing.hand(view, str(hand_id or ""), label or "", bool(static))


@register.simple_tag
def card_verdict(c: dict) -> str:
    """The verdict on a card or call, drawn and said: see ``tutor.pages.drawing.verdict``."""
    return mark_safe(drawing.verdict(c))


@register.simple_tag
def card_face(c: dict, size: str = "") -> str:
    """One card of ``tutor.table.card_view``, as the table draws it."""
    return mark_safe(drawing.card(c, size))


def _prose_table(key: tuple, make) -> str:
    """A table of the lesson prose, drawn once per its arguments and language."""

    def draw() -> str:
        return drawing.table(make())

    key = ("prose", *key, _lang(), caching.CATALOGS)
    return mark_safe(FRAGMENTS.get_or_make(key, draw, _weight))


@register.simple_tag
def trick_table(trump: str, leader: str, *cards: str) -> str:
    """A Coinche trick of the lesson prose on the table, its winner marked by the engine."""
    return _prose_table(
        ("trick", trump, leader, *cards),
        lambda: table.coinche_table(
            _lang(), trump=trump, leader=leader, trick=cards, show_winner=len(cards) == 4
        ),
    )


@register.simple_tag
def duel_table(trump: str, leader: str, lead: str, reply: str, stock=None) -> str:
    """A Chouine trick of the lesson prose: the leader's card, the reply, the winner marked."""
    stock = None if stock in (None, "") else int(stock)
    return _prose_table(
        ("duel", trump, leader, lead, reply, stock),
        lambda: table.chouine_table(
            _lang(), trump=trump, leader=leader, trick=[lead, reply], stock=stock, show_winner=True
        ),
    )


@register.simple_tag
def seats_table(dealer: str) -> str:
    """The four seats with the dealer marked and the engine's first player to speak and lead."""

    def make() -> dict:
        first = Auction(coinche_profile("federation"), dealer).turn
        return table.coinche_table(_lang(), dealer=dealer, leader=first)

    return _prose_table(("seats", dealer), make)


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
