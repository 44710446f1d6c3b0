"""The rules engine: Coinche, classic Belote counting and Chouine, with reasons.

Pure Python; nothing here imports Django. Every decision is returned as data
(a reason code and its parameters) and turned into a sentence only at the
edge, by :mod:`tutor.rules.explain`.

The shared core sits here (cards, errors, reasons and their sentences, the
profile registry, the command line); each game has its own package,
:mod:`tutor.rules.coinche` and :mod:`tutor.rules.chouine`. Importing the
engine imports both games, which registers their profiles by name.
"""

from . import chouine, coinche  # noqa: F401  (each registers its profiles)
