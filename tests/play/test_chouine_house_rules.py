"""Chouine house rules at the table: any option set the builder offers plays a deal on the
play page that the command line replays and scores the same (a property, by Hypothesis)."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.play.helpers import (
    AT,
    SCORES,
    _learner_move,
    chouine_quinte_seed,
    chouine_seed,
    cli_replay,
    unescape,
)
from tutor.play.chouine import ChouineTable
from tutor.play.models import TableDeal
from tutor.rules.cards import card_code
from tutor.rules.chouine.houserules import BUILDER_OPTIONS, decode, domain, make_chouine_profile

pytestmark = pytest.mark.django_db


def option_values(option: str):
    kind, *args = domain(option)
    if kind == "bool":
        return st.booleans()
    low, high, step = args
    return st.integers(low // step, high // step).map(lambda n: n * step)


@st.composite
def house_rules(draw) -> str:
    chosen = draw(st.lists(st.sampled_from(BUILDER_OPTIONS), min_size=1, unique=True))
    return make_chouine_profile(**{o: draw(option_values(o)) for o in chosen}).name


def play_through_the_page(client, code: str, seed: int) -> tuple[str, str]:
    """A whole deal on the play page under ``code``: the learner's moves posted as the page's
    forms post them, the bot's made by the page. Returns the deal's address and final page."""
    response = client.post("/en/play/chouine/", {"seats": "one", "seed": seed, "profile": code})
    assert response.status_code == 302
    url = response.url
    token = url.rstrip("/").split("/")[-1]
    for _ in range(200):
        record = TableDeal.objects.get(token=token)
        table = ChouineTable(record)
        if table.deal.finished:
            return url, client.get(url).content.decode()
        at = AT.search(client.get(url).content.decode()).group(1)
        if table.waiting():
            client.post(url, {"action": "continue", "trick": record.seen + 1, "at": at})
            continue
        action, value = _learner_move(table)
        if action == "exchange":
            client.post(url, {"action": "exchange", "at": at})
        elif action == "announce":
            kind, suit = value
            client.post(url, {"action": "announce", "pick": f"{kind}-{suit or ''}", "at": at})
        else:
            client.post(url, {"card": card_code(value), "at": at})
    raise AssertionError("the deal did not end")


@settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(code=house_rules(), seed=st.sampled_from(["quinte", "exchange"]))
def test_any_chouine_house_rules_play_and_score_as_the_command_line(client, code, seed):
    seed = chouine_quinte_seed() if seed == "quinte" else chouine_seed()
    url, page = play_through_the_page(client, code, seed)
    # The page says which rules it plays under (options that all equal Chouine's own are
    # Chouine itself, code "chouine").
    assert "House rules (based on Chouine)" in page or code == "chouine"
    scores = json.loads(unescape(SCORES.search(page).group(1)))
    payload = client.get(url + "replay.json").json()
    assert payload["profile"] == code
    answer = cli_replay(payload)
    assert answer["valid"] and answer["complete"] and answer["scores"] == scores
    # A quinte counts at the house rules' value, on the page as in the command line.
    quintes = [a for p in "AB" for a in answer["announcements"][p] if a["kind"] == "quinte"]
    assert all(a["points"] == decode(code).quinte for a in quintes)


def test_a_quinte_counts_at_the_house_value_on_the_page(client):
    code = "chouine~quinte:100~deals_to_win_match:5"
    url, page = play_through_the_page(client, code, chouine_quinte_seed())
    answer = cli_replay(client.get(url + "replay.json").json())
    quintes = [a for p in "AB" for a in answer["announcements"][p] if a["kind"] == "quinte"]
    assert [a["points"] for a in quintes] == [100]
    scores = json.loads(unescape(SCORES.search(page).group(1)))
    assert scores == answer["scores"]
    assert "100 points for the quinte of brisques" in unescape(page)


def test_the_lobby_refuses_a_coinche_code_for_chouine(client):
    response = client.post(
        "/en/play/chouine/", {"seats": "one", "profile": "federation~max_bid:180"}
    )
    assert response.status_code == 400
    assert "not a Chouine profile" in response.content.decode()
    response = client.post("/fr/play/chouine/", {"seats": "one", "profile": "chouine~max_bid:180"})
    assert response.status_code == 400
    assert "Enchère chiffrée la plus haute" in unescape(response.content.decode())
