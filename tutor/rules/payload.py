"""Reading the JSON questions: required fields, types, and per-side or per-seat values.

>>> side_values({"NS": 20}, "belote")
(20, 0)
>>> field({}, "hands")
Traceback (most recent call last):
...
tutor.rules.errors.RulesError: missing_field: {'name': 'hands'}
"""

from __future__ import annotations

from .cards import SEATS, parse_seat
from .errors import RulesError
from .explain import gettext_noop, messages

messages(
    {
        "missing_field": gettext_noop('The field "%(name)s" is missing.'),
        "bad_field": gettext_noop('The field "%(name)s" cannot be %(value)s.'),
        "not_an_object": gettext_noop("Each question must be a JSON object."),
    }
)

_MISSING = object()


def field(payload: dict, name: str, default: object = _MISSING) -> object:
    if name in payload:
        return payload[name]
    if default is _MISSING:
        raise RulesError("missing_field", name=name)
    return default


def integer(value: object, name: str, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise RulesError("bad_field", name=name, value=repr(value))
    return value


def mapping(value: object, name: str) -> dict:
    if not isinstance(value, dict):
        raise RulesError("bad_field", name=name, value=repr(value))
    return value


def side_values(value: object, name: str) -> tuple[int, int]:
    """``{"NS": a, "EW": b}`` (a missing side is 0) as ``(a, b)``."""
    value = mapping(value, name)
    for key in value:
        if key not in ("NS", "EW"):
            raise RulesError("bad_field", name=name, value=repr(key))
    return (
        integer(value.get("NS", 0), name),
        integer(value.get("EW", 0), name),
    )


def seat_values(value: object, name: str) -> tuple[int, int, int, int]:
    """``{"N": .., "E": .., "S": .., "W": ..}`` in the order of :data:`SEATS`."""
    value = mapping(value, name)
    result = [0, 0, 0, 0]
    for key, count in value.items():
        result[SEATS.index(parse_seat(key))] = integer(count, name)
    return tuple(result)


def side_or_seat(value: object, name: str) -> int:
    """A side index (0 NS, 1 EW) given as a side or as one of its seats."""
    if value in ("NS", "EW"):
        return 0 if value == "NS" else 1
    return SEATS.index(parse_seat(value)) & 1
