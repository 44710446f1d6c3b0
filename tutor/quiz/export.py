"""A game's sheet as a file: the score sheet's and a played game's, as CSV or Excel (.xlsx).

One table for both formats: a row per deal (number, taker, contract, made or down, each
side's score, the running totals) and a last row with the totals. The CSV is written for
a spreadsheet in the page's language (a byte-order mark so Excel reads UTF-8, ``;``
between cells where the language writes decimals with a comma); the .xlsx holds real
numbers with a grouped number format, which the spreadsheet shows in its own language.
"""

from __future__ import annotations

import csv
import io

from babel.numbers import get_decimal_symbol
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from tutor.pages import rules
from tutor.rules.explain import babel_locale

from .models import ScoreSheet
from .sheet import replay

FORMATS = ("csv", "xlsx")
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
# Excel refuses these in a worksheet's name, and names longer than 31 characters.
SHEET_NAME_FORBIDDEN = str.maketrans({c: " " for c in "[]:*?/\\"})


def outcome(made: bool | None) -> str:
    if made is None:
        return _("litige")
    return _("made") if made else _("down")


def table(rows: list[dict], totals: tuple[int, int]) -> tuple[list[str], list[list]]:
    """The header and the rows of a game's sheet, numbers left as numbers."""
    header = [
        _("Deal"),
        _("Taker"),
        _("Contract"),
        pgettext("a deal's outcome: made, down or litige", "Result"),
        _("North-South"),
        _("East-West"),
        _("North-South total"),
        _("East-West total"),
    ]
    body = [
        [
            row["number"],
            row["taker"],
            row["contract"],
            outcome(row["made"]),
            *row["scores"],
            *row["totals"],
        ]
        for row in rows
    ]
    body.append([_("Total"), "", "", "", "", "", *totals])
    return header, body


def csv_bytes(header: list[str], body: list[list], lang: str) -> bytes:
    delimiter = ";" if get_decimal_symbol(babel_locale(lang)) == "," else ","
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(body)
    return out.getvalue().encode("utf-8")


def xlsx_bytes(header: list[str], body: list[list], title: str, about: str) -> bytes:
    book = Workbook()
    sheet = book.active
    sheet.title = title.translate(SHEET_NAME_FORBIDDEN)[:31]
    sheet.append([about])
    sheet["A1"].font = Font(bold=True)
    sheet.append(header)
    for cell in sheet[2]:
        cell.font = Font(bold=True)
    for row in body:
        sheet.append(row)
    for row in sheet.iter_rows(min_row=3, min_col=5, max_col=8):
        for cell in row:
            cell.number_format = "#,##0"
    for cell in sheet[sheet.max_row]:
        cell.font = Font(bold=True)
    sheet.freeze_panes = "A3"
    for index, name in enumerate(header, 1):
        sheet.column_dimensions[get_column_letter(index)].width = max(10, len(name) + 2)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def download(rows, totals, fmt: str, name: str, title: str, about: str) -> HttpResponse:
    if fmt not in FORMATS:
        raise Http404
    lang = get_language()
    header, body = table(rows, totals)
    if fmt == "csv":
        content, kind = csv_bytes(header, body, lang), "text/csv; charset=utf-8"
    else:
        content, kind = xlsx_bytes(header, body, title, about), XLSX_TYPE
    response = HttpResponse(content, content_type=kind)
    response["Content-Disposition"] = f'attachment; filename="{slugify(name)}-{lang}.{fmt}"'
    return response


@require_GET
def sheet_file(request, token, fmt):
    """The score sheet so far."""
    sheet = get_object_or_404(ScoreSheet, token=token)
    state = replay(sheet)
    about = _("Score sheet, %(rules)s, game to %(target)s") % {
        "rules": rules.title(sheet.profile),
        "target": state["target"],
    }
    name = f"atout-sheet-{sheet.created:%Y-%m-%d}"
    return download(state["rows"], state["totals"], fmt, name, _("Score sheet"), about)


@require_GET
def game_file(request, token, fmt):
    """A game played against the bots: its finished deals."""
    from tutor.play.games import game_view
    from tutor.play.models import TableGame

    game = TableGame.objects.filter(token=token).first()
    if game is None:
        raise Http404
    match = game_view(game, get_language())
    title = rules.title(game.profile) if isinstance(game.profile, str) else _("House rules")
    about = _("A Coinche game, %(rules)s, to %(target)s") % {
        "rules": title,
        "target": match["target"],
    }
    name = f"atout-game-{game.created:%Y-%m-%d}"
    return download(match["rows"], match["totals"], fmt, name, _("A Coinche game"), about)
