"""The score sheet and a played game as files: CSV for a spreadsheet in the page's language,
and .xlsx read back with openpyxl."""

import csv
import io

import pytest
from openpyxl import load_workbook

from tests.quiz.test_sheet import DEAL, new_sheet

pytestmark = pytest.mark.django_db


def sheet_with_deals(client, lang="en"):
    url = new_sheet(client)
    client.post(url, {**DEAL, "nonce": "a"})
    client.post(url, {**DEAL, "nonce": "b", "double": "2"})
    return url.replace("/en/", f"/{lang}/")


def test_the_sheet_downloads_as_xlsx_with_numbers(client):
    url = sheet_with_deals(client)
    response = client.get(url + "sheet.xlsx")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    assert "attachment;" in response["Content-Disposition"]
    book = load_workbook(io.BytesIO(response.content))
    sheet = book.active
    assert sheet.title == "Score sheet"
    assert "Maison counting" in sheet["A1"].value
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    assert rows[0][:6] == ("Deal", "Taker", "Contract", "Result", "North-South", "East-West")
    assert rows[1] == (1, "South", "100 ♥", "made", 208, 54, 208, 54)
    assert rows[2][4:] == (520, 0, 728, 54)
    assert rows[-1] == ("Total", None, None, None, None, None, 728, 54)
    assert sheet.cell(row=4, column=7).number_format == "#,##0"


@pytest.mark.parametrize(("lang", "delimiter"), [("fr", ";"), ("pt", ";"), ("en", ",")])
def test_the_sheet_downloads_as_csv_for_the_language(client, lang, delimiter):
    url = sheet_with_deals(client, lang)
    response = client.get(url + "sheet.csv")
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text[1:]), delimiter=delimiter))
    assert len(rows[0]) == 8
    assert rows[1][4:] == ["208", "54", "208", "54"]
    assert rows[-1][-2:] == ["728", "54"]
    if lang == "fr":
        assert rows[0][0] == "Donne" and rows[1][3] == "réussi"


def test_an_unknown_format_or_sheet_is_not_found(client):
    url = sheet_with_deals(client)
    assert client.get(url + "sheet.pdf").status_code == 404
    assert client.get("/en/quiz/sheet/nope/sheet.csv").status_code == 404
    assert client.get("/en/play/coinche/game/nope/sheet.xlsx").status_code == 404


def test_a_finished_game_downloads_with_the_engines_totals(client):
    import json
    import random

    from tests.play.helpers import unescape
    from tests.play.test_game import GAME_SCORES, play_game, start_game, token
    from tutor.play.models import TableDeal

    url = start_game(client, profile='{"base": "federation", "target": 500}', seed="4")
    urls, last_page = play_game(client, url, random.Random(4))
    totals = json.loads(unescape(GAME_SCORES.search(last_page).group(1)))
    assert 'data-export="xlsx"' in last_page
    game = TableDeal.objects.get(token=token(urls[0])).table_game
    response = client.get(f"/en/play/coinche/game/{game.token}/sheet.xlsx")
    sheet = load_workbook(io.BytesIO(response.content)).active
    rows = list(sheet.iter_rows(min_row=3, values_only=True))
    assert [row[0] for row in rows[:-1]] == list(range(1, len(urls) + 1))
    assert rows[-1][-2:] == (totals["NS"], totals["EW"])
    assert sum(row[4] for row in rows[:-1]) == totals["NS"]
    text = client.get(f"/ro/play/coinche/game/{game.token}/sheet.csv").content.decode("utf-8")
    assert text.splitlines()[-1].endswith(f"{totals['NS']};{totals['EW']}")
