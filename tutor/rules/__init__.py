"""The rules engine: Coinche, classic Belote counting and Chouine, with reasons.

Pure Python; nothing here imports Django. Every decision is returned as data
(a reason code and its parameters) and turned into a sentence only at the
edge, by :mod:`tutor.rules.explain`.
"""
