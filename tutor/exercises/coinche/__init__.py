"""Coinche and classic Belote questions, by family: play, declarations, auction, score,
counting.

Scenarios are seeded random deals from :mod:`tutor.rules.coinche.deal` (cut, dealt
3-2-3 and, where a question needs it, played at random with legal cards);
every fact a question shows is then computed by the engine from those cards.
Importing this package registers every type.
"""

from . import auction, counting, declarations, play, scoring  # noqa: F401
