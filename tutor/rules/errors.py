"""The one exception the engine raises for input that is not a question at all."""

from __future__ import annotations


class RulesError(ValueError):
    """Bad input: an unknown card, a card in two hands, an impossible total.

    It carries a stable ``code`` and the parameters that explain it, so the
    message can be rendered in any language (see :mod:`tutor.rules.explain`).

    >>> err = RulesError("bad_card", value="ZZ")
    >>> err.code, err.params
    ('bad_card', {'value': 'ZZ'})
    """

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(f"{code}: {params}" if params else code)
        self.code = code
        self.params = params
