"""A homework's report: every learner's answer to every question, and the rules behind the
wrong ones (who missed which rule, and the share of the room that did), for the page, a CSV
and an Excel workbook.

A wrong answer is filed under the rule it broke (``exercises.check``'s ``rule``, the engine's
reason code), named as the club names rules everywhere (``questions.rule_name``).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from babel.dates import format_date, format_time, get_datetime_format
from babel.numbers import get_decimal_symbol
from django.utils import timezone
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

from tutor.quiz import labels
from tutor.rules.explain import babel_locale

from . import questions
from .models import Homework, HomeworkAnswer
from .results import FORMULA_STARTS

# Excel refuses these in a sheet's name, and names longer than 31 characters.
SHEET_NAME_REFUSES = str.maketrans({char: " " for char in "[]:*?/\\"})


@dataclass
class Row:
    """One learner: a mark per question (True right, False wrong, None not answered)."""

    nickname: str
    lang: str
    marks: list[bool | None]
    missed: list[str] = field(default_factory=list)

    @property
    def right(self) -> int:
        return sum(1 for mark in self.marks if mark)

    @property
    def answered(self) -> int:
        return sum(1 for mark in self.marks if mark is not None)


@dataclass
class Rule:
    """A rule some learners broke: who, and their share of the learners who answered."""

    code: str
    name: str
    missed_by: list[str]
    wrong: int
    percent: int
    questions: list[int]


@dataclass
class Report:
    questions: list[str]
    rows: list[Row]
    rules: list[Rule]
    answering: int


def when(moment, lang: str) -> str:
    """A date and time in words, in the site's time zone, the locale's way (Babel's long
    date with a short time: "8 de março de 2026, 20:05")."""
    locale = babel_locale(lang)
    moment = timezone.localtime(moment)
    pattern = get_datetime_format("long", locale=locale).replace("'", "")
    return pattern.replace("{0}", format_time(moment, "short", locale=locale)).replace(
        "{1}", format_date(moment, "long", locale=locale)
    )


def build(homework: Homework) -> Report:
    """The report in the active language."""
    posed = homework.questions
    kinds = [str(labels.type_label(question["type"])) for question in posed]
    answers = HomeworkAnswer.objects.filter(learner__homework=homework).values_list(
        "learner_id", "number", "correct", "rule"
    )
    by_learner: dict[int, dict[int, tuple]] = {}
    for learner_id, number, correct, rule in answers:
        by_learner.setdefault(learner_id, {})[number] = (correct, rule)
    rows = []
    broken: dict[str, dict] = {}
    for learner in homework.learners.all():
        given = by_learner.get(learner.pk, {})
        row = Row(learner.nickname, learner.lang, [None] * len(posed))
        for number, (correct, rule) in sorted(given.items()):
            if number >= len(posed):
                continue
            row.marks[number] = correct
            if correct:
                continue
            entry = broken.setdefault(
                rule,
                {
                    "name": str(questions.rule_name(rule, posed[number]["type"])),
                    "learners": [],
                    "wrong": 0,
                    "questions": set(),
                },
            )
            entry["wrong"] += 1
            entry["questions"].add(number + 1)
            if learner.nickname not in entry["learners"]:
                entry["learners"].append(learner.nickname)
            if entry["name"] not in row.missed:
                row.missed.append(entry["name"])
        rows.append(row)
    answering = sum(1 for row in rows if row.answered)
    rules = [
        Rule(
            code=code,
            name=entry["name"],
            missed_by=entry["learners"],
            wrong=entry["wrong"],
            percent=round(100 * len(entry["learners"]) / answering) if answering else 0,
            questions=sorted(entry["questions"]),
        )
        for code, entry in broken.items()
    ]
    rules.sort(key=lambda rule: (-len(rule.missed_by), -rule.wrong, rule.name))
    return Report(kinds, rows, rules, answering)


def _cell(value) -> str:
    value = str(value)
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def _mark(mark: bool | None) -> str:
    return "" if mark is None else "1" if mark else "0"


def _headers(report: Report) -> list[str]:
    return (
        [_("Nickname"), _("Language"), _("Right answers"), _("Answered")]
        + [
            _("Question %(number)s") % {"number": number}
            for number in range(1, len(report.questions) + 1)
        ]
        + [_("Rules missed")]
    )


def _rule_headers() -> list[str]:
    return [
        _("Rule"),
        _("Learners who missed it"),
        _("Share of the learners"),
        _("Wrong answers"),
        _("Questions"),
        _("Who missed it"),
    ]


def csv_text(report: Report, lang: str) -> str:
    """The report as a CSV a spreadsheet in ``lang`` opens in columns (as the club's results:
    a byte-order mark, ``;`` where the locale writes decimals with a comma): the learners
    (1 right, 0 wrong, empty not answered), an empty line, then the rules."""
    decimal = get_decimal_symbol(babel_locale(lang))
    delimiter = ";" if decimal == "," else ","
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow(_headers(report))
    for row in report.rows:
        writer.writerow(
            [_cell(row.nickname), row.lang, row.right, row.answered]
            + [_mark(mark) for mark in row.marks]
            + [_cell(", ".join(row.missed))]
        )
    writer.writerow([])
    writer.writerow(_rule_headers())
    for rule in report.rules:
        writer.writerow(
            [
                _cell(rule.name),
                len(rule.missed_by),
                f"{rule.percent}%",
                rule.wrong,
                ", ".join(str(number) for number in rule.questions),
                _cell(", ".join(rule.missed_by)),
            ]
        )
    return out.getvalue()


def _sheet_name(text: str) -> str:
    return str(text).translate(SHEET_NAME_REFUSES)[:31]


def xlsx_bytes(report: Report, title: str) -> bytes:
    """The report as an Excel workbook: a sheet of learners × questions (✓ right, ✗ wrong,
    empty: not answered, with numbers to add up beside) and a sheet of rules."""
    book = Workbook()
    learners = book.active
    learners.title = _sheet_name(_("Learners"))
    bold = Font(bold=True)
    right_fill = PatternFill("solid", fgColor="D8EFD9")
    wrong_fill = PatternFill("solid", fgColor="F6D5D7")
    _append(learners, [title])
    learners["A1"].font = Font(bold=True, size=14)
    _append(learners, _headers(report))
    for cell in learners[2]:
        cell.font = bold
        cell.alignment = Alignment(wrap_text=True, vertical="top")
    for row in report.rows:
        _append(
            learners,
            [row.nickname, row.lang, row.right, row.answered]
            + ["" if mark is None else "✓" if mark else "✗" for mark in row.marks]
            + [", ".join(row.missed)],
        )
        for column, mark in enumerate(row.marks, start=5):
            if mark is not None:
                cell = learners.cell(row=learners.max_row, column=column)
                cell.fill = right_fill if mark else wrong_fill
                cell.alignment = Alignment(horizontal="center")
    learners.freeze_panes = "B3"
    _widths(learners, [22, 10, 10, 10] + [8] * len(report.questions) + [50])
    rules = book.create_sheet(_sheet_name(_("Rules")))
    _append(rules, _rule_headers())
    for cell in rules[1]:
        cell.font = bold
    for rule in report.rules:
        _append(
            rules,
            [
                rule.name,
                len(rule.missed_by),
                rule.percent / 100,
                rule.wrong,
                ", ".join(str(number) for number in rule.questions),
                ", ".join(rule.missed_by),
            ],
        )
        rules.cell(row=rules.max_row, column=3).number_format = "0%"
    rules.freeze_panes = "A2"
    _widths(rules, [50, 14, 14, 12, 14, 50])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _append(sheet, values: list) -> None:
    """A row of cells; text stays text even when it starts like a formula ("=…")."""
    sheet.append(values)
    for cell in sheet[sheet.max_row]:
        if isinstance(cell.value, str) and cell.value.startswith("="):
            cell.data_type = "s"


def _widths(sheet, widths: list[int]) -> None:
    for index, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = width
