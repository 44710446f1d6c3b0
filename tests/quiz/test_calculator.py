"""The score calculator: the engine's steps, every profile side by side, impossible input."""

import pytest

pytestmark = pytest.mark.django_db

DEAL = {
    "profile": "maison",
    "game": "coinche",
    "seat": "S",
    "bid": "100",
    "trump": "H",
    "double": "1",
    "points_ns": "98",
    "points_ew": "54",
    "last_trick": "NS",
    "tricks_n": "3",
    "tricks_e": "1",
    "tricks_s": "3",
    "tricks_w": "1",
    "declarations_ns": "0",
    "declarations_ew": "0",
    "belote_ns": "0",
    "belote_ew": "0",
}


def test_it_shows_an_empty_form(client):
    response = client.get("/en/quiz/calculator/")
    assert response.status_code == 200
    assert 'name="points_ns"' in response.content.decode()


def test_it_scores_a_deal_step_by_step_under_every_profile(client):
    body = client.get("/en/quiz/calculator/", DEAL).content.decode()
    assert "North-South 208 · East-West 54" in body
    assert "Contract made" in body
    # Official rounds the same deal to 210 / 50: marked as different.
    assert '<td class="differs">210' in body


def test_it_answers_htmx_with_the_fragment(client):
    response = client.get("/en/quiz/calculator/", DEAL, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response.content.decode().lstrip().startswith('<div id="result"')


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"points_ns": "90"}, "The card points add up to 144; the cards of a deal are worth 152."),
        ({"tricks_n": "4"}, "The tricks add up to 9; a deal has 8."),
        ({"bid": "170"}, "is not a bid under this profile"),
        ({"points_ew": "-3"}, "Ensure this value is greater than or equal to 0."),
        ({"trump": "XX"}, "Select a valid choice."),
    ],
)
def test_it_explains_impossible_input_and_keeps_it(client, change, message):
    response = client.get("/en/quiz/calculator/", {**DEAL, **change})
    assert response.status_code == 400
    body = response.content.decode()
    assert message in body
    field, value = next(iter(change.items()))
    if field != "trump":
        assert f'value="{value}"' in body


def test_it_shows_htmx_errors_in_the_fragment(client):
    response = client.get(
        "/en/quiz/calculator/", {**DEAL, "points_ns": "90"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert 'role="alert"' in response.content.decode()
