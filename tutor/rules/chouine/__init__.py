"""Chouine for two players (seed 001).

:mod:`.rules` holds the card order, the profile and the legal plays;
:mod:`.announce` the announcements, :mod:`.deal` the state machine of a deal,
:mod:`.score` the count and the match, :mod:`.houserules` the options a club may
change and their codes, :mod:`.scenarios` drawn positions, and :mod:`.cli` the JSON
questions.
"""

from . import houserules, rules  # noqa: F401  (registers the chouine profile and its codes)
