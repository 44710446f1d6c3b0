"""Nicknames as players see them: one spelling shown, one key for "is this name taken?".

A nickname is kept in NFKC form, so full-width "ａｌｉｃｅ" shows as "alice". Its key folds case
and then maps every character to one representative of the characters it can be mistaken
for (the Unicode confusables that confusable-homoglyphs ships, grouped into classes), so
"alice", "ALICE", "аlice" (Cyrillic а) and "a1ice" are one name in a session.
"""

import functools
import hashlib
import unicodedata

# A letter may carry an accent or two (ệ is e with two marks); a pile of them is noise.
MAX_MARKS = 2


@functools.cache
def _representatives() -> dict[str, str]:
    """Each confusable character mapped to the smallest character of its class."""
    from confusable_homoglyphs.confusables import confusables_data

    parent: dict[str, str] = {}

    def find(char: str) -> str:
        while parent.get(char, char) != char:
            parent[char] = parent.get(parent[char], parent[char])
            char = parent[char]
        return char

    for char, lookalikes in confusables_data.items():
        for lookalike in lookalikes:
            other = lookalike["c"]
            if len(char) == 1 and len(other) == 1:
                first, second = find(char), find(other)
                if first != second:
                    parent[max(first, second)] = min(first, second)
    return {char: find(char) for char in parent}


def normalise(nickname: str) -> str:
    """The nickname as shown: NFKC, spaces collapsed."""
    return " ".join(unicodedata.normalize("NFKC", nickname).split())


def too_many_marks(nickname: str) -> bool:
    """Whether some letter carries more than MAX_MARKS combining marks."""
    run = 0
    for char in unicodedata.normalize("NFD", nickname):
        run = run + 1 if unicodedata.combining(char) else 0
        if run > MAX_MARKS:
            return True
    return False


def skeleton(nickname: str) -> str:
    """What the nickname looks like, whatever its script or case.

    >>> skeleton("alice") == skeleton("ＡＬＩＣＥ") == skeleton("\\u0430lice") == skeleton("a1ice")
    True
    >>> skeleton("alice") == skeleton("alicia")
    False
    """
    table = _representatives()
    folded = unicodedata.normalize("NFKC", normalise(nickname).casefold())
    mapped = "".join(table.get(char, char) for char in unicodedata.normalize("NFD", folded))
    return unicodedata.normalize("NFC", mapped)


def key(nickname: str) -> str:
    """The stored key (24 hex digits of the skeleton's hash: any length fits the column)."""
    return hashlib.sha256(skeleton(nickname).encode()).hexdigest()[:24]
