"""The calculator and the score sheet under a house-rule code: from the address or remembered,
and saying which rules they use (the shared ``pages/_rules_used.html``)."""

import pytest

from tutor.rules.coinche.profiles import make_profile

pytestmark = pytest.mark.django_db

CODE = make_profile("federation", max_bid=180, tie_made=True).name

# 80 hearts by South, 71 card points + the last trick against 81: a tie (seed 002 line 152),
# made under tie_made, down under the federation's rules.
TIE = {
    "seat": "S",
    "bid": "80",
    "trump": "H",
    "double": "1",
    "points": "71",
    "last_trick": "takers",
}


def rules_used(text: str) -> str:
    """The block that says which rules the page uses."""
    return text.split('<div class="rules-used"', 1)[1].split("</div>", 1)[0]


def big_score(text: str) -> str:
    return text.split('class="big-score">', 1)[1].split("</p>", 1)[0]


def test_the_calculator_says_which_house_rules_it_uses(client):
    text = client.get("/en/quiz/calculator/", {"profile": CODE}).content.decode()
    block = rules_used(text)
    assert f'data-rules="{CODE}"' in block
    assert "House rules (based on Federation)" in block
    # Each change said as the rule the table plays, never a label and a yes or a no.
    assert "Numbered bids go up to 180;" in block
    assert "A tie with the defence is enough to make the contract." in block
    assert "/profiles/house/?profile=" in block
    assert f'<option value="{CODE}" selected>' in text


def test_the_calculator_scores_under_the_code_from_the_address(client):
    house = client.get("/en/quiz/calculator/", {**TIE, "profile": CODE})
    plain = client.get("/en/quiz/calculator/", {**TIE, "profile": "federation"})
    assert house.status_code == plain.status_code == 200
    house, plain = house.content.decode(), plain.content.decode()
    assert f'data-rules="{CODE}"' in house and 'data-rules="federation"' in plain
    # The tie is made under the house rules only, so the big scores differ.
    assert big_score(house) != big_score(plain)
    assert "North-South 0" in big_score(plain)
    # The house rules head the comparison, then the five profiles.
    rows = house.split('<tr class="chosen">', 1)[1]
    assert rows.startswith('<th scope="row">House rules (based on Federation)')
    # A bid only the house rules allow: scored under them, refused under the federation's.
    high = client.get("/en/quiz/calculator/", {**TIE, "bid": "180", "profile": CODE})
    assert high.status_code == 200 and 'class="big-score"' in high.content.decode()
    refused = client.get("/en/quiz/calculator/", {**TIE, "bid": "180", "profile": "federation"})
    assert refused.status_code == 400


def test_the_calculator_uses_the_remembered_rules(client):
    assert client.post("/en/profiles/house/use/", {"profile": CODE}).status_code == 302
    text = client.get("/en/quiz/calculator/").content.decode()
    assert f'data-rules="{CODE}"' in rules_used(text)
    assert f'<option value="{CODE}" selected>' in text
    # htmx swaps #result: the fragment says the rules too.
    fragment = client.get("/en/quiz/calculator/", {**TIE, "profile": CODE}, HTTP_HX_REQUEST="true")
    assert "<html" not in fragment.content.decode()
    assert f'data-rules="{CODE}"' in fragment.content.decode()


def test_a_bad_code_in_the_calculator_is_refused(client):
    response = client.get("/en/quiz/calculator/", {**TIE, "profile": "federation~max_bid:9"})
    assert response.status_code == 400


def test_a_score_sheet_runs_under_the_remembered_code_and_says_so(client):
    client.post("/en/profiles/house/use/", {"profile": CODE})
    new = client.get("/en/quiz/sheet/").content.decode()
    assert f'<option value="{CODE}" selected>' in new
    response = client.post("/en/quiz/sheet/", {"profile": CODE})
    assert response.status_code == 302
    url = response["Location"]
    text = client.get(url).content.decode()
    block = rules_used(text)
    assert f'data-rules="{CODE}"' in block and "Numbered bids go up to 180;" in block
    assert 'name="bid" value="180"' in text
    deal = {
        "seat": "S",
        "bid": "180",
        "trump": "H",
        "double": "1",
        "points": "120",
        "last_trick": "takers",
        "belote": "",
        "nonce": "a",
    }
    assert client.post(url, deal).status_code == 302
    assert 'data-deal="1"' in client.get(url).content.decode()


def test_a_score_sheet_takes_a_code_from_the_address_and_refuses_its_bids_elsewhere(client):
    new = client.get("/en/quiz/sheet/", {"profile": CODE}).content.decode()
    assert f'<option value="{CODE}" selected>' in new
    url = client.post("/en/quiz/sheet/", {"profile": "federation"})["Location"]
    text = client.get(url).content.decode()
    assert 'data-rules="federation"' in rules_used(text)
    assert "rules-changes" not in rules_used(text)
    assert 'name="bid" value="180"' not in text
    deal = {"seat": "S", "bid": "180", "trump": "H", "double": "1", "points": "120"}
    assert client.post(url, {**deal, "last_trick": "takers", "nonce": "b"}).status_code == 400
    assert client.post("/en/quiz/sheet/", {"profile": "federation~max_bid:9"}).status_code == 400
