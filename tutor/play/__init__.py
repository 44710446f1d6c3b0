"""Playing whole deals against the engine's beginner bots, and the referee for any position."""

from tutor.memo import LRU, freeze

# A deal's page says again, at every move, the sentences of the moves before (the auction,
# the tricks, each card's reason); a table of four says them for each seat. The same step
# in the same language is the same sentence.
SENTENCES = LRU(items=20_000)


def sentence(step, lang: str) -> str:
    """An engine step as a sentence; it may open on a player's name, which takes a capital."""
    from tutor.rules.explain import render

    def make() -> str:
        text = render(step, lang)
        return text[:1].upper() + text[1:]

    return SENTENCES.get_or_make((step.code, freeze(step.params), lang), make)


def outcome(mine: int, theirs: int) -> dict:
    """The deal's result from the learner's side, said first at the end of a deal (before the
    review of their moves and the score's steps): won, lost or drawn, and the two totals."""
    said = "won" if mine > theirs else "lost" if mine < theirs else "drawn"
    return {"said": said, "mine": mine, "theirs": theirs}
