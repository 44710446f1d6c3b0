"""The report links of the play pages' explanations and of the score forms' refusals: each
report carries the position, the rules, the codes, the sentences (with their catalog
entries) and the language of what its page showed."""

import json
import random

import pytest

from tests.play.test_game import finish_deal, start_game, token
from tests.reports.helpers import assert_shown, links, send, spot
from tutor.play.coinche import CoincheTable
from tutor.play.models import TableDeal
from tutor.rules.cli import ask
from tutor.rules.coinche.game import Game
from tutor.rules.coinche.profiles import coinche_profile

pytestmark = pytest.mark.django_db


def once(steps) -> list:
    found = []
    for step in steps:
        if step not in found:
            found.append(step)
    return found


def kind_of(body: str, kind: str) -> list[str]:
    return [link for link in links(body) if spot(link)["kind"] == kind]


def test_a_played_game_sheet_carries_its_deals_and_the_game_steps(client):
    spec = {"base": "federation", "target": 500}
    url = start_game(client, "pt", profile=json.dumps(spec), seed="4")
    finish_deal(client, url, random.Random(3), "pt")
    record = TableDeal.objects.get(token=token(url))
    game_url = f"/pt/play/coinche/game/{record.table_game.token}/"
    body = client.get(game_url).content.decode()
    (link,) = kind_of(body, "sheet")
    report = send(client, link)
    result = CoincheTable(record).deal.result()
    said = Game(coinche_profile(spec)).add_deal(result.summary, result.score)
    assert_shown(
        report,
        body,
        page="play",
        lang="pt",
        rules=coinche_profile(spec).name,
        codes=[step.code for step in once(said)],
        step=1,
    )
    (deal,) = report.position["deals"]
    assert report.position["profile"] == spec
    answer, _steps = ask("score", {**deal, "profile": spec})
    assert tuple(answer["scores"].values()) == result.score.scores
    # The sheet's address and the deal's are their owner's keys, and no card is stored.
    for key in (record.token, record.table_game.token):
        assert key not in report.spot and key not in report.path
    assert "hands" not in json.dumps(report.position)
