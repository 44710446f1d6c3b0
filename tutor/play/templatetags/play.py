"""The call button, drawn in Python: an auction offers some forty of them, and an
``{% include %}`` per button was most of the page's rendering time. Likewise the parts of a
played deal's page that every move redraws (``tutor.play.drawing``)."""

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from tutor.play import drawing

register = template.Library()


@register.simple_tag
def call_button(b: dict) -> str:
    """One call (see ``CoincheTable._call_button``); a refused call stays tappable and the
    engine's reason is its description."""
    suit = ""
    if b.get("symbol"):
        suit = format_html(
            '<span aria-hidden="true">{}</span><span class="visually-hidden"> {}</span>',
            b["symbol"],
            b["suit"],
        )
    elif b.get("suit") or b.get("who"):
        suit = format_html(" <small>{}</small>", b.get("suit") or b["who"])
    css = "call" + (f" suit-{b['trump']}" if b.get("trump") else "")
    if b["legal"]:
        return format_html(
            '<button type="submit" name="call" value="{}" data-call="{}" class="{}">{}{}</button>',
            b["call"],
            b.get("hook", b["call"]),
            css,
            b["text"],
            suit,
        )
    return format_html(
        '<button type="submit" name="call" value="{}" data-call="{}" class="{}"'
        ' aria-disabled="true" aria-describedby="why-{}">{}{}</button>'
        '<span class="visually-hidden" id="why-{}">{}</span>',
        b["call"],
        b["call"],
        css,
        b["call"],
        b["text"],
        suit,
        b["call"],
        b.get("reason", ""),
    )


@register.simple_tag
def call_buttons(buttons) -> str:
    return format_html_join("", "{}", ((call_button(b),) for b in buttons))


@register.filter
def game_target(spec) -> int | str:
    """The points a game is played to under a profile name or house-rule JSON (the
    engine's value); nothing for a spec the engine refuses."""
    from tutor.guard import inputs
    from tutor.rules.coinche.profiles import coinche_profile
    from tutor.rules.errors import RulesError

    try:
        if isinstance(spec, str) and spec.lstrip().startswith("{"):
            spec = inputs.json_value(spec)
        return coinche_profile(spec).target
    except (RulesError, inputs.BadInput):
        return ""


# A played deal's parts that every move redraws: see tutor.play.drawing. Each takes the
# context its template took; every value is escaped there.


@register.simple_tag
def play_board(v: dict) -> str:
    return mark_safe(drawing.board(v))  # noqa: S308


@register.simple_tag(takes_context=True)
def play_news(context) -> str:
    return mark_safe(drawing.news(context))  # noqa: S308


@register.simple_tag(takes_context=True)
def play_hidden(context) -> str:
    return mark_safe(drawing.hidden(context))  # noqa: S308


@register.simple_tag(takes_context=True)
def play_gathered(context, trick: dict) -> str:
    return mark_safe(drawing.gathered(context, trick))  # noqa: S308


@register.simple_tag(takes_context=True)
def play_why(context) -> str:
    return mark_safe(drawing.why(context))  # noqa: S308


@register.simple_tag
def play_hint(v: dict) -> str:
    return mark_safe(drawing.hint(v))  # noqa: S308


@register.simple_tag(takes_context=True)
def play_actions(context) -> str:
    return mark_safe(drawing.actions(context))  # noqa: S308


@register.simple_tag(takes_context=True)
def play_playing(context) -> str:
    return mark_safe(drawing.playing(context))  # noqa: S308


@register.simple_tag
def play_story(v: dict) -> str:
    return mark_safe(drawing.story(v))  # noqa: S308
