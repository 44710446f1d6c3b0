"""The question types by name, filled in by the modules that define them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .base import QuestionType

TYPES: dict[str, QuestionType] = {}


def register(cls: type[QuestionType]) -> type[QuestionType]:
    """Class decorator: one instance of each type, under its ``name``."""
    if cls.name in TYPES:
        raise ValueError(f"question type {cls.name!r} registered twice")
    TYPES[cls.name] = cls()
    return cls
