"""The report links of the play pages' explanations and of the score forms' refusals: each
report carries the position, the rules, the codes, the sentences (with their catalog
entries) and the language of what its page showed."""

import json
import random

import pytest

from tests.play.test_game import finish_deal, start_game, token
from tests.reports.helpers import assert_shown, links, send, spot
from tutor.play.chouine import ChouineTable, cut_for, refusals, trick_steps
from tutor.play.coinche import CoincheTable
from tutor.play.models import TableDeal
from tutor.rules.cards import card_code
from tutor.rules.cli import ask
from tutor.rules.coinche.checks import check_entry
from tutor.rules.coinche.game import Game
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.errors import RulesError
from tutor.rules.explain import Step

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


def _to_a_refusal(game: str, seed: int) -> TableDeal:
    """A deal played with the first legal move until the learner must play with a card of
    their hand refused by the rules, saved there."""
    if game == "coinche":
        record = TableDeal(game=game, seed=seed, dealer="N", profile="federation", seats="S")
        table = CoincheTable(record)
    else:
        record = TableDeal(game=game, seed=seed, dealer=cut_for(seed)[0], profile="chouine")
        record.seats = "A"
        table = ChouineTable(record)
    for _ in range(80):
        table.advance()
        if table.waiting():
            record.seen += 1
            continue
        deal = table.deal
        if record.finished:
            break
        if game == "coinche" and deal.phase == "auction":
            # The learner takes the first contract they can, so that the deal is played.
            table.move("call", "80H" if "80H" in deal.auction.legal_calls() else "pass")
            continue
        if game == "coinche" and deal.phase == "redeal":
            raise AssertionError("no contract: choose another seed")
        if game == "coinche":
            legal, refused = deal.legal().legal, deal.legal().illegal
        else:
            legal = deal.legal_cards()
            refused = refusals(deal)
        if deal.to_move == record.seats and refused:
            break
        table.move("play", card_code(legal[0]))
    else:
        raise AssertionError("no refused card met")
    record.save()
    return record


def _why_part(body: str) -> str:
    start = body.index('<details class="play-why"')
    return body[start : body.index("</details>", start)]


@pytest.mark.parametrize(("game", "lang", "seed"), [("coinche", "es", 5), ("chouine", "ro", 1)])
def test_the_why_list_carries_the_rule_and_every_refusal_once(client, game, lang, seed):
    record = _to_a_refusal(game, seed)
    body = client.get(f"/{lang}/play/{game}/{record.token}/").content.decode()
    why = _why_part(body)
    # One link for the list, none per card.
    (link,) = links(why)
    assert links(body).count(link) == 1
    report = send(client, link)
    table = (CoincheTable if game == "coinche" else ChouineTable)(record)
    deal = table.deal
    if game == "coinche":
        answer = deal.legal()
        said = [answer.steps[0], *answer.illegal.values()]
    else:
        said = [deal.play_rule(), *(Step(c, p) for c, p in refusals(deal).values())]
    assert sorted(report.codes) == sorted(step.code for step in once(said))
    assert len(report.codes) >= 2
    assert_shown(
        report,
        why,
        page="play",
        lang=lang,
        rules="federation" if game == "coinche" else "chouine",
        codes=report.codes,
        step=len(record.moves),
    )
    assert report.position["moves"] == record.moves
    assert report.position["replay"] == table.replay_payload()
    assert record.token not in report.spot and record.token not in report.path


def _to_a_gathered_trick(game: str, seed: int) -> TableDeal:
    """A deal played with the first legal move until a trick is gathered and waits to be
    read, saved there."""
    if game == "coinche":
        record = TableDeal(game=game, seed=seed, dealer="N", profile="federation", seats="S")
        table = CoincheTable(record)
    else:
        record = TableDeal(game=game, seed=seed, dealer=cut_for(seed)[0], profile="chouine")
        record.seats = "A"
        table = ChouineTable(record)
    for _ in range(40):
        table.advance()
        if table.waiting():
            record.save()
            return record
        deal = table.deal
        if game == "coinche" and deal.phase == "auction":
            table.move("call", "80H" if "80H" in deal.auction.legal_calls() else "pass")
        elif game == "coinche":
            table.move("play", card_code(deal.legal().legal[0]))
        else:
            table.move("play", card_code(deal.legal_cards()[0]))
    raise AssertionError("no trick gathered")


@pytest.mark.parametrize(("game", "lang"), [("coinche", "pt"), ("chouine", "fr")])
def test_the_gathered_trick_carries_who_won_it_and_why(client, game, lang):
    record = _to_a_gathered_trick(game, 2)
    body = client.get(f"/{lang}/play/{game}/{record.token}/").content.decode()
    start = body.index('<section class="play-gathered')
    gathered = body[start : body.index("</section>", start)]
    (link,) = links(gathered)
    report = send(client, link)
    table = (CoincheTable if game == "coinche" else ChouineTable)(record)
    # The reason alone, naming the winner: the panel's heading is the trick's number.
    if game == "coinche":
        trick = table.deal.tricks[-1]
        said = [Step(trick.steps[0].code, {**trick.steps[0].params, "seat": trick.winner})]
    else:
        trick = table.deal.history[-1].trick
        said = [trick_steps(table.deal, trick)[0]]
    assert_shown(
        report,
        gathered,
        page="play",
        lang=lang,
        rules="federation" if game == "coinche" else "chouine",
        codes=[step.code for step in said],
        step=len(record.moves),
    )
    assert [s["params"] for s in report.sentences] == [s.params for s in said]
    assert report.position["replay"] == table.replay_payload()


def test_a_calculator_slip_carries_the_entry_and_what_the_checks_said(client):
    query = "profile=federation&seat=S&bid=100&trump=H&double=1&points=172&last_trick=takers"
    response = client.get(f"/fr/quiz/calculator/?{query}")
    body = response.content.decode()
    assert response.status_code == 400
    (link,) = links(body)
    report = send(client, link)
    assert report.position["points"] == 172
    assert report.position["contract"] == {"seat": "S", "bid": 100, "trump": "H", "double": 1}
    slips = check_entry({**report.position, "points_defence": None}, coinche_profile("federation"))
    assert slips
    said = [step for slip in slips for step in (slip.problem, slip.slip)]
    assert_shown(
        report,
        body,
        page="calculator",
        lang="fr",
        rules="federation",
        codes=[step.code for step in once(said)],
        step=None,
    )


def test_a_sheet_entry_the_engine_refuses_carries_its_score_question(client):
    url = client.post("/ro/quiz/sheet/", {"profile": "maison"})["Location"]
    deal = {"seat": "S", "bid": "100", "trump": "H", "double": "1", "points": "98"}
    entry = {**deal, "last_trick": "takers", "belote": "", "declarations_takers": "15"}
    response = client.post(url, entry)
    body = response.content.decode()
    assert response.status_code == 400
    (link,) = links(body)
    report = send(client, link)
    assert report.codes == ["bad_declarations"]
    # The engine's own score question, which it refuses for the same reason.
    with pytest.raises(RulesError) as refused:
        ask("score", report.position)
    assert refused.value.code == "bad_declarations"
    assert report.position["declarations"]["NS"] == 15
    assert_shown(
        report, body, page="sheet", lang="ro", rules="maison", codes=report.codes, step=None
    )
    token = url.rstrip("/").split("/")[-1]
    assert token not in report.spot and token not in report.path


def test_at_a_table_of_players_the_why_list_carries_the_deal_by_its_row_only(client):
    from tests.play.helpers import AT, LEGAL_CALL
    from tests.tables.helpers import seated
    from tutor.tables import state

    creator, table, players = seated("coinche")
    creator.post(f"/pt/tables/{table.token}/start/")
    by_seat = {p.seat: p for p in players}
    for _ in range(20):
        table.refresh_from_db()
        player = by_seat[table.to_move]
        page = player.page()
        if '<details class="play-why"' in page:
            break
        calls = LEGAL_CALL.findall(page)
        call = "80H" if "80H" in calls else "pass"
        player.post("move/", {"call": call, "at": AT.search(page).group(1)})
    else:
        raise AssertionError("the play never began")
    (link,) = links(_why_part(page))
    data = spot(link)
    assert data["kind"] == "table" and "seed" not in data["position"]
    report = send(player.client, link)
    record = state.current_deal(table)
    assert report.position["deal"] == record.pk and report.position["seat"] == player.seat
    assert report.language == player.lang and report.step == len(record.moves)
    rule = state.engine(record).deal.legal().steps[0]
    assert report.codes[0] == rule.code
    assert_shown(
        report,
        _why_part(page),
        page="play",
        lang=player.lang,
        rules="federation",
        codes=report.codes,
        step=len(record.moves),
    )
