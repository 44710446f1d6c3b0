"""The score calculator on the score sheet's tile form: the engine's steps, every profile side
by side, the sheet's checks and slips, impossible input kept."""

import pytest

pytestmark = pytest.mark.django_db

# 100 hearts by South, 98 card points and the last trick (seed 004, Maison: 208 / 54).
DEAL = {
    "profile": "maison",
    "seat": "S",
    "bid": "100",
    "trump": "H",
    "double": "1",
    "points": "98",
    "last_trick": "takers",
}


def test_it_shows_the_sheets_tiles_with_the_rest_folded(client):
    body = client.get("/en/quiz/calculator/").content.decode()
    for field in ("seat", "bid", "trump", "double", "last_trick", "belote"):
        assert f'data-field="{field}"' in body
    assert 'name="points"' in body
    fold = body.split('data-fold="extras"', 1)[1].split("</details>", 1)[0]
    for field in ("sweep", "declarations_takers", "declarations_defence", "points_defence"):
        assert f'name="{field}"' in fold


def test_it_scores_a_deal_step_by_step_under_every_profile(client):
    body = client.get("/en/quiz/calculator/", DEAL).content.decode()
    assert "North-South 208 · East-West 54" in body
    assert "Contract made" in body
    # Official rounds the same deal to 210 / 50: marked as different.
    assert '<td class="differs">210' in body
    # The score comes before the form, where the page lands.
    assert body.index("data-result") < body.index('data-field="seat"')


def test_it_answers_htmx_with_the_fragment(client):
    response = client.get("/en/quiz/calculator/", DEAL, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response.content.decode().lstrip().startswith('<div id="result"')


def test_the_folded_detail_scores_a_capot_with_declarations(client):
    deal = {**DEAL, "profile": "federation", "points": "", "sweep": "takers"}
    deal["declarations_takers"] = "50"
    body = client.get("/en/quiz/calculator/", deal).content.decode()
    # The same as `python -m tutor.rules score` on 152 / 0, all eight tricks, a fifty.
    assert 'data-scores="400-0"' in body
    assert "152 card points + 100 for the capot + 50 for declarations = 302." in body


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"points": "153"}, "are more than a whole deal holds"),
        ({"points_defence": "50"}, "98 + 50 make 148 card points"),
        ({"points_defence": "72"}, "a jack counted at the wrong value"),
        ({"bid": "170"}, "Select a valid choice."),
        ({"points": "-3"}, "Ensure this value is greater than or equal to 0."),
        ({"trump": "XX"}, "Select a valid choice."),
    ],
)
def test_it_explains_impossible_input_and_keeps_it(client, change, message):
    response = client.get("/en/quiz/calculator/", {**DEAL, **change})
    assert response.status_code == 400
    body = response.content.decode()
    assert message in body
    field, value = next(iter(change.items()))
    if field not in ("trump", "bid"):
        assert f'value="{value}"' in body


def test_it_shows_htmx_errors_in_the_fragment(client):
    response = client.get(
        "/en/quiz/calculator/", {**DEAL, "points_defence": "72"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert 'role="alert"' in body and 'data-slip="slip_jack_value"' in body
    assert 'href="/en/learn/coinche-cards/"' in body
