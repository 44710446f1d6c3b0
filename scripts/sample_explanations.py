"""Writes the explanations of many scenarios, one file per language, for a native reader.

    .venv/bin/python scripts/sample_explanations.py [OUTDIR] [SEEDS]

Each file holds every question type under each of its profiles (answered wrongly,
so the feedback shows) and replayed deals, as a learner reads them. Pass a range
of seeds not read before (``SEEDS`` as ``100-104``) for a fresh sample.
"""

import os
import sys
from pathlib import Path

import django

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")
django.setup()

from tutor.exercises.samples import samples  # noqa: E402

out = Path(sys.argv[1] if len(sys.argv) > 1 else "samples")
first, _, last = (sys.argv[2] if len(sys.argv) > 2 else "0-5").partition("-")
found = samples(range(int(first), int(last or first) + 1))
out.mkdir(parents=True, exist_ok=True)
for lang in ("en", "pt", "es", "ro", "fr"):
    path = out / f"explanations-{lang}.md"
    path.write_text("\n\n".join(sample.text(lang) for sample in found) + "\n", encoding="utf-8")
    print(f"{path}: {len(found)} scenarios")
