"""A table's live region, drawn by ``tutor.tables.drawing``: ``{% table_turn %}``,
``{% table_people %}`` and ``{% table_invite %}`` take the context their templates took."""

from django import template
from django.utils.safestring import mark_safe

from tutor.tables import drawing

register = template.Library()


@register.simple_tag(takes_context=True)
def table_turn(context) -> str:
    return mark_safe(drawing.turn(context))  # noqa: S308 - every value escaped in drawing


@register.simple_tag(takes_context=True)
def table_people(context) -> str:
    return mark_safe(drawing.people(context))  # noqa: S308 - every value escaped in drawing


@register.simple_tag(takes_context=True)
def table_invite(context) -> str:
    return mark_safe(drawing.invite(context))  # noqa: S308 - every value escaped in drawing
