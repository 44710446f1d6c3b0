"""``{% ask_at_club position source %}``: the "Ask this at the club" button of any page that
shows a position (tutor/club/positions.py says which positions, and how a set takes them)."""

from django import template
from django.urls import reverse
from django.utils.http import urlencode

from tutor.club import positions

register = template.Library()


@register.inclusion_tag("club/_ask.html")
def ask_at_club(position: dict, source: str) -> dict:
    """A link to add ``position`` (the engine's JSON, or a posed question: a dict with
    ``type`` and ``data``) to one of the teacher's sets; ``source`` names the page
    (``referee``, ``deal``, ``lesson``, ``practice``)."""
    if "type" in position and "data" in position:
        position = {"question": {"type": position["type"], "data": position["data"]}}
    query = urlencode({"position": positions.sign(position), "source": source})
    return {"url": f"{reverse('club_set_add')}?{query}"}
