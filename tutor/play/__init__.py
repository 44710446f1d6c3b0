"""Playing whole deals against the engine's beginner bots, and the referee for any position."""


def sentence(step, lang: str) -> str:
    """An engine step as a sentence; it may open on a player's name, which takes a capital."""
    from tutor.rules.explain import render

    text = render(step, lang)
    return text[:1].upper() + text[1:]
