"""Pages many phones ask for at once: rendered once with stand-ins, filled in per request.

At each teacher move a thousand phones ask for the new phase within one polling interval,
and the template engine's work is the same for all of them but for a few values: the ETag,
the polling interval, the CSRF token, the seconds left, the phone's score and answer. So the
region is rendered once per phase, language and *variant* (the branches the template takes
for this phone) with a marker where each of those values goes, split at the markers, and
each request joins the pieces around its own values. ``tests/club/test_stencil.py`` renders
every variant both ways and compares them. The join page, where a room's phones arrive
within seconds, is rendered the same way once per language and deck (tutor/club/views.py).
"""

import re

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

# Private-use characters, which no page of ours writes: a marker the values do not name
# fails loudly (KeyError) instead of showing.
_OPEN, _CLOSE = "\ue000", "\ue001"
_MARKER = re.compile(f"{_OPEN}(\\w+){_CLOSE}")


class Stencil:
    """A rendered page split at its markers: literal, slot name, literal, … literal."""

    __slots__ = ("parts", "slots")

    def __init__(self, html: str):
        self.parts = _MARKER.split(html)
        self.slots = frozenset(self.parts[1::2])

    def fill(self, values: dict[str, str]) -> SafeString:
        """The page with each slot's value; every value is already safe HTML for its place."""
        parts = self.parts.copy()
        for index in range(1, len(parts), 2):
            parts[index] = values[parts[index]]
        return mark_safe("".join(parts))


def marker(name: str) -> SafeString:
    """Where the slot ``name`` goes (in a form's initial value, say)."""
    return mark_safe(f"{_OPEN}{name}{_CLOSE}")


def render(template: str, context: dict, slots, request=None) -> Stencil:
    """``template`` rendered with ``context`` and a marker for each name in ``slots``; with
    ``request``, the context processors' values too, those named in ``slots`` excepted."""
    markers = {name: marker(name) for name in slots}
    return Stencil(render_to_string(template, {**context, **markers}, request))
