"""makemessages that also extracts the engine's ``pgettext_noop`` / ``ngettext_noop`` words.

The rules engine cannot import Django, so it marks context-bound words (card
ranks, suits, seats) and counted sentences with its own markers; xgettext must
be told.

A card or player placeholder may be asked for in another grammatical form than
the English one: the English "%(the_card)s" becomes "%(to_the_card)s" where
Spanish says "gana al rey" (or a list after a negation, "%(neither_the_card)s", is
said as one card in a singular form). GNU msgfmt would refuse that as a format mismatch,
so those entries are flagged ``no-python-format``; ``tests/test_catalogs.py``
checks their placeholders instead, form for form of the same parameter.
"""

import re
from pathlib import Path

from django.conf import settings
from django.core.management.commands import makemessages

FORMED = re.compile(r"%\((?:the|of_the|to_the|neither_the|at_the|of)_\w+\)s")
FLAG = re.compile(r"^(#,.*?)(?<!no-)python-format", re.M)


def _joined(lines: list[str]) -> str:
    """A msgid as one string, whatever its line wrapping."""
    return "\n".join(lines).replace('"\n"', "").replace('""\n', "")


def _unfuzzy_same_msgid(entry: str) -> str:
    """msgmerge marks an entry fuzzy when its msgstr uses another form than the msgid,
    and keeps the unchanged msgid as the "previous" one: such an entry is not stale."""
    lines = entry.split("\n")
    previous = [
        line[3:] for line in lines if line.startswith("#| msgid") or line.startswith('#| "')
    ]
    start = next((i for i, line in enumerate(lines) if line.startswith("msgid ")), None)
    end = next((i for i, line in enumerate(lines) if line.startswith("msgstr")), None)
    if "#, fuzzy" not in entry or start is None or end is None:
        return entry
    if _joined(previous) != _joined(lines[start:end]):
        return entry
    kept = [line for line in lines if not line.startswith("#|")]
    return "\n".join(kept).replace("#, fuzzy, ", "#, ")


def flag_formed_entries(path: Path) -> None:
    """Marks as no-python-format the entries whose msgid holds a card, player or seat form,
    or whose translation asks for a form the msgid does not ("A mão %(of_the_player)s"
    for "The hand of %(player)s")."""
    entries = path.read_text(encoding="utf-8").split("\n\n")
    for index, entry in enumerate(entries):
        msgid, _, msgstr = (part.replace('"\n"', "") for part in entry.partition("\nmsgstr"))
        if FORMED.search(msgid) or set(FORMED.findall(msgstr)) - set(FORMED.findall(msgid)):
            entries[index] = _unfuzzy_same_msgid(FLAG.sub(r"\1no-python-format", entry))
    path.write_text("\n\n".join(entries), encoding="utf-8")


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=pgettext_noop:1c,2",
        "--keyword=ngettext_noop:1,2",
    ]

    def handle(self, *args, **options):
        super().handle(*args, **options)
        for path in Path(settings.BASE_DIR, "locale").glob("*/LC_MESSAGES/django.po"):
            flag_formed_entries(path)
