"""Coinche (Belote coinchée) and classic Belote counting: four players in two sides.

One module per phase of a deal: :mod:`.profiles` (the options), :mod:`.auction`,
:mod:`.play` (legal cards), :mod:`.tricks`, :mod:`.declarations`, :mod:`.scoring`
and :mod:`.game` (the target); :mod:`.deal` and :mod:`.replay` run whole deals,
:mod:`.summary` reads a deal's summary, :mod:`.scenarios` draws positions, and
:mod:`.cli` answers the JSON questions.
"""

from . import houserules, profiles  # noqa: F401  (registers the profiles and their codes)
