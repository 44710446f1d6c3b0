"""The table score sheet: adding deals, running totals, undo, the private link."""

import pytest

from tutor.quiz.models import ScoreSheet

from .test_calculator import DEAL

pytestmark = pytest.mark.django_db

ENTRY = {k: v for k, v in DEAL.items() if k != "profile"}


def new_sheet(client, profile="maison"):
    response = client.post("/en/quiz/sheet/", {"profile": profile})
    assert response.status_code == 302
    return response["Location"]


def test_it_adds_deals_with_running_totals_and_undoes_the_last(client):
    url = new_sheet(client)
    assert client.post(url, ENTRY).status_code == 302
    assert client.post(url, {**ENTRY, "double": "2"}).status_code == 302
    body = client.get(url).content.decode()
    assert "North-South 728 · East-West 54" in body
    assert "the game is played to 2,000 points" in body
    client.post(url + "undo/")
    assert "North-South 208 · East-West 54" in client.get(url).content.decode()


def test_it_carries_a_tied_deal_to_the_next(client):
    url = new_sheet(client)
    tie = {
        **ENTRY,
        "game": "belote",
        "bid": "",
        "points_ns": "71",
        "points_ew": "81",
        "tricks_n": "2",
        "tricks_e": "2",
        "tricks_s": "2",
        "tricks_w": "2",
    }
    client.post(url, tie)
    assert "81 points are in deposit" in client.get(url).content.decode()
    win = {**tie, "points_ns": "90", "points_ew": "62", "tricks_n": "3", "tricks_w": "1"}
    client.post(url, win)
    assert "North-South 181 · East-West 143" in client.get(url).content.decode()


def test_it_refuses_an_impossible_deal_and_keeps_the_input(client):
    url = new_sheet(client)
    response = client.post(url, {**ENTRY, "points_ns": "90"})
    assert response.status_code == 400
    assert "The card points add up to 144" in response.content.decode()
    assert ScoreSheet.objects.get().deals.count() == 0


def test_it_refuses_unknown_sheets_and_profiles(client):
    assert client.get("/en/quiz/sheet/not-a-token/").status_code == 404
    assert client.post("/en/quiz/sheet/", {"profile": "chouine"}).status_code == 400
    assert client.get("/en/quiz/sheet/").status_code == 200


def test_it_gives_each_sheet_an_unguessable_link(client):
    first, second = new_sheet(client), new_sheet(client)
    assert first != second
    assert len(ScoreSheet.objects.first().token) >= 24


def test_it_ends_the_game_by_the_profiles_rule(client):
    url = new_sheet(client)
    redoubled = {**ENTRY, "double": "4"}
    client.post(url, redoubled)
    client.post(url, redoubled)
    body = client.get(url).content.decode()
    assert "North-South win the game with 2,080 points." in body
    assert "Add this deal" not in body
    assert client.post(url, redoubled).status_code == 302
    assert ScoreSheet.objects.get().deals.count() == 2
