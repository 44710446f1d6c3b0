"""Open reports by catalog entry: what a translator needs for a catalog pass.

Each sentence of a report is one entry (its msgid, msgctxt, plural) with what the reader saw,
the translation the catalog holds now, the other entries the sentence took in (card names,
seats, list patterns) and the reader's comment. The admin's CSV export and ``manage.py
reports`` both read :func:`entries`.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po
from django.conf import settings
from django.db.models import QuerySet

from .models import Report

LOCALE = Path(settings.BASE_DIR) / "locale"


def open_reports(lang: str | None = None, kind: str | None = None, status=None) -> QuerySet:
    """Reports still to deal with (new or seen, unless ``status`` names others), oldest
    first, of one language and kind when given."""
    found = Report.objects.filter(status__in=status or Report.OPEN).order_by("created", "pk")
    if lang:
        found = found.filter(language=lang)
    if kind:
        found = found.filter(kind=kind)
    return found


@cache
def _catalog(lang: str):
    path = LOCALE / lang / "LC_MESSAGES" / "django.po"
    if not path.exists():
        return None
    with open(path, "rb") as handle:
        return read_po(handle, locale=lang)


def translation(entry: dict, lang: str) -> tuple[str, ...]:
    """The catalog's translation of ``entry`` now (each plural form), empty when it has none."""
    catalog = _catalog(lang)
    if catalog is None:
        return ()
    key = (entry["msgid"], entry["msgid_plural"]) if "msgid_plural" in entry else entry["msgid"]
    message = catalog.get(key, context=entry.get("msgctxt"))
    if message is None:
        return ()
    return message.string if isinstance(message.string, tuple) else (message.string,)


def label(entry: dict) -> str:
    """An entry on one line: ``context|msgid``."""
    return f"{entry['msgctxt']}|{entry['msgid']}" if entry.get("msgctxt") else entry["msgid"]


def entries(reports: Iterable[Report]) -> Iterator[dict]:
    """One row per sentence of each report (a report whose spot did not verify, or that
    carried no sentence, gives one row without an entry)."""
    for report in reports:
        sentences = report.sentences or [{}]
        for number, sentence in enumerate(sentences, 1):
            msgids = sentence.get("msgids") or [{}]
            entry = msgids[0]
            yield {
                "report": report,
                "number": number,
                "code": sentence.get("code", ""),
                "shown": sentence.get("text", ""),
                "entry": entry if entry.get("msgid") else None,
                "words": [label(word) for word in msgids[1:] if word.get("msgid")],
                "translation": translation(entry, report.language) if entry.get("msgid") else (),
            }


# A spreadsheet runs a cell that starts like a formula: such cells are written as text.
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA) else text


CSV_COLUMNS = (
    "report",
    "received",
    "language",
    "page",
    "address",
    "step",
    "sentence",
    "reason code",
    "shown",
    "msgctxt",
    "msgid",
    "msgid_plural",
    "translation now",
    "other entries",
    "comment",
    "reopen",
)


def csv_text(reports: Iterable[Report], reopen_url) -> str:
    """The entries as CSV (UTF-8 with a BOM, so that spreadsheets read the accents)."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for row in entries(reports):
        report, entry = row["report"], row["entry"] or {}
        writer.writerow(
            _cell(value)
            for value in (
                report.pk,
                report.created.isoformat(timespec="seconds"),
                report.language,
                report.page,
                report.path,
                report.step,
                row["number"],
                row["code"],
                row["shown"],
                entry.get("msgctxt", ""),
                entry.get("msgid", ""),
                entry.get("msgid_plural", ""),
                " | ".join(row["translation"]),
                "; ".join(row["words"]),
                report.comment,
                reopen_url(report),
            )
        )
    return out.getvalue()


def _po(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return '"' + escaped.replace("\t", "\\t") + '"'


def _comment(prefix: str, text: str) -> list[str]:
    return [f"{prefix} {line}".rstrip() for line in (text or "").splitlines() or [""]]


def po_text(reports: Iterable[Report]) -> str:
    """The entries as a PO fragment: each report's facts and comment as comments, then each
    sentence's entry with the translation the catalog holds now, ready to correct."""
    lines: list[str] = []
    current = None
    for row in entries(reports):
        report = row["report"]
        if report is not current:
            current = report
            lines.append("")
            when = report.created.strftime("%Y-%m-%d %H:%M")
            step = f" · step {report.step}" if report.step is not None else ""
            lines.append(
                f"# Report {report.pk} · {when} · {report.language} · {report.page}{step}"
                f" · {report.kind} · {report.status}"
            )
            if report.path:
                lines.append(f"# Page: {report.path}")
            lines.append(f"# Rules: {report.rules or '-'} · version {report.version or '-'}")
            lines += _comment("# Comment:", report.comment) if report.comment else []
            if not report.verified:
                lines.append("# Not signed by the site: what the page showed is not known.")
        entry = row["entry"]
        if entry is None:
            continue
        lines.append("")
        lines += _comment(f"#. Shown ({row['code']}):", row["shown"])
        if row["words"]:
            lines.append("#. Other entries: " + "; ".join(row["words"]))
        if entry.get("msgctxt"):
            lines.append(f"msgctxt {_po(entry['msgctxt'])}")
        lines.append(f"msgid {_po(entry['msgid'])}")
        forms = row["translation"] or ("",)
        if "msgid_plural" in entry:
            lines.append(f"msgid_plural {_po(entry['msgid_plural'])}")
            lines += [f"msgstr[{index}] {_po(text)}" for index, text in enumerate(forms)]
        else:
            lines.append(f"msgstr {_po(forms[0])}")
    return "\n".join(lines).lstrip("\n") + "\n"
