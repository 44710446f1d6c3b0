"""Prepared questions adapted from the worked examples of the seeds (``curated.json``).

Each entry names its source document and the answer the source gives; the
tests check that the engine agrees, so a curated question is also a check of
the engine against the seeds.
"""

from __future__ import annotations

import json
from pathlib import Path

from .base import ExerciseError, fixed

CURATED: dict[str, dict] = {
    entry["slug"]: entry
    for entry in json.loads((Path(__file__).with_name("curated.json")).read_text("utf-8"))
}


def curated(slug: object) -> dict:
    """The prepared question called ``slug``, posed like any other (plus its ``curated`` slug)."""
    if not isinstance(slug, str) or slug not in CURATED:
        raise ExerciseError("quiz_unknown_curated", value=str(slug)[:60])
    entry = CURATED[slug]
    return {**fixed(entry["type"], entry["profile"], entry["data"]), "curated": slug}
