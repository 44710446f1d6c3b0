"""A whole Coinche game through the test client: deal after deal to the profile's target, the
totals checked against the engine's Game fed each deal's replay (and the CLI on every deal),
the dealer moving round, and the bad inputs answered with a translated 4xx."""

import json
import random
import re

import pytest

from tests.play.helpers import AT, LEGAL_CALL, LEGAL_CARD, SCORES, cli_replay, unescape
from tutor.play.models import TableDeal, TableGame
from tutor.rules.cards import next_seat
from tutor.rules.coinche.game import Game
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.coinche.replay import replay_payload

pytestmark = pytest.mark.django_db

GAME_SCORES = re.compile(r'data-game-scores="([^"]*)"')
HX = {"HX-Request": "true"}


def token(url: str) -> str:
    return url.rstrip("/").split("/")[-1]


def start_game(client, lang="en", **data):
    response = client.post(f"/{lang}/play/coinche/game/", {"seats": "one", **data})
    assert response.status_code == 302, response.content.decode()[:500]
    return response.url


def finish_deal(client, url: str, rng, lang="en", redeals=None) -> str:
    """Plays the deal at ``url`` to its last card as a learner picking offered calls and
    cards at random (a redeal deals again, counted in ``redeals``); returns the last page."""
    page = client.get(url).content.decode()
    for _ in range(200):
        if 'data-phase="done"' in page:
            return page
        if 'data-phase="redeal"' in page:
            if redeals is not None:
                redeals.append(url)
            client.post(f"/{lang}/play/coinche/{token(url)}/redeal/")
            page = client.get(url).content.decode()
            continue
        at = AT.search(page).group(1)
        if 'data-action="continue"' in page:
            data = {"action": "continue", "trick": TableDeal.objects.get(token=token(url)).seen + 1}
        elif calls := LEGAL_CALL.findall(page):
            data = {"call": rng.choice([*calls, "pass", "pass", "pass"])}
        else:
            data = {"card": rng.choice(LEGAL_CARD.findall(page))}
        response = client.post(url, {**data, "at": at}, headers=HX)
        assert response.status_code == 200
        page = response.content.decode()
    raise AssertionError("the deal did not end")


def play_game(client, url: str, rng, lang="en", limit=40, redeals=None):
    """Deals until the engine names a winner; returns the deal addresses and the last page."""
    urls = [url]
    for _ in range(limit):
        page = finish_deal(client, urls[-1], rng, lang, redeals)
        if "data-game-over" in page:
            return urls, page
        game = TableDeal.objects.get(token=token(urls[-1])).table_game
        answer = client.post(f"/{lang}/play/coinche/game/{game.token}/next/", {"after": len(urls)})
        assert answer.status_code == 302
        urls.append(answer.url)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("profile", "seed"),
    [('{"base": "federation", "target": 500}', 4), ("official", 11)],
)
def test_a_whole_game_adds_up_as_the_engine_game(client, profile, seed):
    url = start_game(client, profile=profile, seed=str(seed))
    redeals = []
    urls, last_page = play_game(client, url, random.Random(seed), redeals=redeals)
    records = [TableDeal.objects.get(token=token(u)) for u in urls]
    assert [r.number for r in records] == list(range(1, len(urls) + 1))
    assert len({r.table_game_id for r in records}) == 1
    assert records[0].seed == seed
    # The next deal is dealt by the next player, and so is each redeal (four passes).
    for number in range(1, len(records)):
        before, after = records[number - 1], records[number]
        dealer = before.dealer
        for _turn in range(1 + redeals.count(urls[number])):
            dealer = next_seat(dealer)
        assert after.dealer == dealer
    # The engine's Game, fed each deal's replay JSON as the CLI reads it.
    spec = json.loads(profile) if profile.startswith("{") else profile
    rules = coinche_profile(spec)
    game = Game(rules)
    for u, record in zip(urls, records, strict=True):
        payload = client.get(u + "replay.json").json()
        result = replay_payload(payload, rules)
        assert result.valid and result.score is not None
        game.add_deal(result.summary, result.score)
        answer = cli_replay(payload)
        assert answer["valid"] and answer["scores"] == dict(
            zip(("NS", "EW"), result.score.scores, strict=True)
        )
        page = client.get(u).content.decode()
        # Each deal's own score is unchanged; the whole sheet sits beside it, with the
        # engine's words for the game at this deal's end.
        assert json.loads(unescape(SCORES.search(page).group(1))) == answer["scores"]
        assert page.count("data-sheet-row=") == len(urls)
        assert f'data-game-steps="{record.number}"' in page and "Game totals:" in page
    assert game.winner is not None
    totals = json.loads(unescape(GAME_SCORES.search(last_page).group(1)))
    assert totals == {"NS": game.totals[0], "EW": game.totals[1]}
    assert max(game.totals) >= rules.target
    assert last_page.count("data-sheet-row=") == len(urls)
    assert 'data-action="next-deal"' not in last_page
    assert 'data-action="new-game"' in last_page
    assert "win the game with" in last_page  # the engine's game_won sentence
    # The game's own page says the same, and a new game starts under the same rules.
    game_url = f"/en/play/coinche/game/{records[0].table_game.token}/"
    sheet = client.get(game_url).content.decode()
    assert json.loads(unescape(GAME_SCORES.search(sheet).group(1))) == totals
    assert sheet.count("data-sheet-row=") == len(urls)
    fresh = client.post("/en/play/coinche/game/", {"profile": profile, "seats": "one"})
    assert TableDeal.objects.get(token=token(fresh.url)).table_game.profile == spec


def test_the_game_page_resumes_the_deal_being_played(client):
    url = start_game(client, seed="5")
    game = TableGame.objects.get()
    page = client.get(url).content.decode()
    assert "data-game-line" in page and "Deal 1 of a game to 2,000 points" in page
    sheet = client.get(f"/en/play/coinche/game/{game.token}/").content.decode()
    assert 'data-action="carry-on"' in sheet and url in sheet
    assert "data-sheet-row" not in sheet
    # Another device (a fresh client) carries on with the same game.
    other = type(client)()
    assert other.get(f"/pt/play/coinche/game/{game.token}/").status_code == 200


def test_bad_inputs_get_a_translated_4xx(client):
    assert client.get("/fr/play/coinche/game/nope/").status_code == 404
    body = client.get("/fr/play/coinche/game/nope/").content.decode()
    assert "Aucune partie" in body
    assert client.post("/es/play/coinche/game/nope/next/").status_code == 404
    url = start_game(client, seed="5")
    game = TableGame.objects.get()
    early = client.post(f"/pt/play/coinche/game/{game.token}/next/", {"after": "1"})
    assert early.status_code == 409
    assert "A distribuição 1 ainda não terminou" in early.content.decode()
    assert f'href="{url.replace("/en/", "/pt/")}" data-back' in early.content.decode()
    assert TableDeal.objects.count() == 1
    assert client.post(f"/en/play/coinche/game/{game.token}/").status_code == 405
    assert client.get(url).status_code == 200
    bad = client.post("/en/play/coinche/game/", {"seed": "x", "profile": "federation"})
    assert bad.status_code == 400 and "is not a deal number" in bad.content.decode()
    bad = client.post("/en/play/coinche/game/", {"profile": "nonsense"})
    assert bad.status_code == 400
    assert client.get("/en/play/coinche/game/").status_code == 405


def test_a_finished_game_deals_no_more_and_old_deals_are_frozen(client):
    url = start_game(client, profile='{"base": "federation", "target": 800}', seed="8")
    urls, last_page = play_game(client, url, random.Random(8))
    game = TableGame.objects.get()
    over = client.post(f"/ro/play/coinche/game/{game.token}/next/", {"after": len(urls)})
    assert over.status_code == 409 and "Partida s-a terminat" in over.content.decode()
    assert TableDeal.objects.count() == len(urls)
    # A second tap drawn before the last deal was dealt lands on it, and deals nothing.
    assert len(urls) > 1
    again = client.post(f"/en/play/coinche/game/{game.token}/next/", {"after": 1})
    assert again.status_code == 302 and again.url.endswith(token(urls[-1]) + "/")
    first = urls[0]
    frozen = client.post(first, {"action": "undo"})
    assert frozen.status_code == 409
    assert 'data-action="undo"' not in client.get(first).content.decode()
    assert "data-game-on" in client.get(first).content.decode()


def test_a_single_deal_carries_on_as_the_first_deal_of_a_game(client):
    url = client.post("/en/play/coinche/", {"seats": "one", "seed": "6"}).url
    carry = f"/en/play/coinche/{token(url)}/carry-on/"
    early = client.post(carry)
    assert early.status_code == 409 and "Deal 1 is not over yet" in early.content.decode()
    page = finish_deal(client, url, random.Random(6))
    assert 'data-action="carry-on-game"' in page and "Carry on to 2,000 points" in page
    answer = client.post(carry)
    assert answer.status_code == 302
    first, second = (
        TableDeal.objects.get(token=token(url)),
        TableDeal.objects.get(token=token(answer.url)),
    )
    assert (first.number, second.number) == (1, 2)
    assert first.table_game_id == second.table_game_id
    assert second.dealer == next_seat(first.dealer) and second.profile == first.profile
    # The first deal's page is now part of the game: its sheet, no second "carry on".
    page = client.get(url).content.decode()
    assert page.count("data-sheet-row=") == 1 and 'data-action="carry-on-game"' not in page
    # A second tap goes to the game's deal being played and deals nothing.
    again = client.post(carry)
    assert again.url == answer.url and TableDeal.objects.count() == 2
    assert client.post("/es/play/coinche/nope/carry-on/").status_code == 404
