"""Compiles every catalog in locale/ to its .mo file, with Babel.

``pybabel compile`` would refuse the entries whose translation names a card or a
player in another grammatical form than the English ("%(to_the_card)s" for
"%(the_card)s"): they are flagged ``no-python-format`` on purpose (see
``tutor/pages/management/commands/makemessages.py``), and ``tests/test_catalogs.py``
checks their placeholders instead.
"""

import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parent.parent / "locale"


def main() -> int:
    for po_path in sorted(LOCALE.glob("*/LC_MESSAGES/django.po")):
        lang = po_path.parent.parent.name
        with po_path.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        entries = [m for m in catalog if m.id]
        done = [m for m in entries if m.string and not m.fuzzy]
        with po_path.with_suffix(".mo").open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
        print(f"{lang}: {len(done)} of {len(entries)} messages translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
