"""How a learner has tried one question so far, kept in the session: a retry teaches only if
the server, not the page, decides when the solution is shown.

A question is known by a key its page builds (a lesson's exercise under a profile, a
practice question's address, a review item as drawn, a self-test question). For each key:
the misses in a row since the last right answer, whether the solution has been shown since
then, and how many answers were checked. The first miss holds the solution back; the second
miss, or "Show me", shows it. Only the first answer counts (stars, statistics, the review
queue): an answer found after the solution was shown is no discovery.
"""

from __future__ import annotations

SESSION_KEY = "tries"
# The questions remembered, the most recent kept: a learner works on a handful at a time.
LIMIT = 200


class Tries:
    def __init__(self, session, key: str, misses: int = 0) -> None:
        """``misses``: misses made before this store saw the question (a self-test's answer)."""
        self.session = session
        self.key = key
        stored = session.get(SESSION_KEY, {}).get(key)
        self.misses, self.shown, self.answers = stored if stored else (misses, 0, misses)

    def _save(self) -> None:
        store = dict(self.session.get(SESSION_KEY, {}))
        store.pop(self.key, None)
        store[self.key] = [self.misses, self.shown, self.answers]
        while len(store) > LIMIT:
            store.pop(next(iter(store)))
        self.session[SESSION_KEY] = store

    @property
    def first(self) -> bool:
        """Nothing answered or shown yet: the answer about to be checked is the one that counts."""
        return self.answers == 0 and not self.shown

    @property
    def solution(self) -> bool:
        """Whether a wrong answer now shows the solution: after two misses in a row, or once
        the learner asked to see it."""
        return bool(self.shown) or self.misses >= 2

    def answer(self, correct: bool) -> None:
        self.answers += 1
        self.misses = 0 if correct else self.misses + 1
        if correct:
            self.shown = 0
        self._save()

    def show(self) -> None:
        self.shown = 1
        self._save()
