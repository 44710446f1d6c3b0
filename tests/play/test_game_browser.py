"""In Chromium, on a phone and a desktop, in two languages: a Coinche game started from the
start page, two deals played through it, the score sheet and ``[data-game-scores]`` checked
against the engine's Game fed the deals' replays, a reload and the game's own page."""

import json
import random

import pytest
from playwright.sync_api import expect

from tests.play.test_browser import SIZES, step_coinche, token_of, wait_for_table
from tutor.play.models import TableDeal
from tutor.rules.coinche.game import Game
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.coinche.replay import replay_payload

pytestmark = pytest.mark.browser


def go(page, target):
    """Clicks a button that loads a new page (a plain form, not htmx) and waits for it."""
    with page.expect_navigation():
        target.click()
    wait_for_table(page)


def play_deal(page, rng):
    for _moves in range(300):
        if not step_coinche(page, rng):
            return
    raise AssertionError("the deal did not end")


def engine_totals(page, url, tokens, profile) -> list[int]:
    rules = coinche_profile(profile)
    game = Game(rules)
    for token in tokens:
        payload = json.loads(page.request.get(f"{url}/en/play/coinche/{token}/replay.json").text())
        result = replay_payload(payload, rules)
        game.add_deal(result.summary, result.score)
    return game.totals


@pytest.mark.parametrize(("lang", "size"), [("ro", "phone"), ("fr", "desktop")])
def test_two_deals_of_a_game_and_the_sheet(site, lang, size):
    url, page = site
    page.set_viewport_size(SIZES[size])
    page.goto(f"{url}/{lang}/play/coinche/?profile=federation")
    start = page.locator("[data-action=start-game]")
    expect(start).to_contain_text("2")  # the federation's target, 2,000 in the page's digits
    # The button follows the chosen profile: the Spanish online rules play to 1,001.
    page.select_option("#profile", "online-es")
    spanish = page.locator("#profile option[value=online-es]").get_attribute("data-game-label")
    expect(start).to_have_text(spanish)
    assert "001" in spanish
    page.screenshot(path=f"test-results/play-game-lobby-{lang}-{size}.png", full_page=True)
    page.select_option("#profile", "federation")
    go(page, start)
    rng = random.Random(lang + size)
    tokens = [token_of(page)]
    expect(page.locator("[data-game-line]")).to_be_visible()
    play_deal(page, rng)
    expect(page.locator("[data-sheet-row]")).to_have_count(1)
    deal_scores = json.loads(page.locator("[data-scores]").get_attribute("data-scores"))
    game_scores = json.loads(page.locator("[data-game-scores]").get_attribute("data-game-scores"))
    assert game_scores == deal_scores  # after one deal the game is that deal
    expect(page.locator("[data-game-steps]")).to_be_visible()
    page.screenshot(path=f"test-results/play-game-deal1-{lang}-{size}.png", full_page=True)

    go(page, page.locator("[data-action=next-deal]"))
    tokens.append(token_of(page))
    first, second = (TableDeal.objects.get(token=t) for t in tokens)
    assert second.table_game_id == first.table_game_id and second.number == 2
    expect(page.locator("[data-game-line]")).to_be_visible()
    page.screenshot(path=f"test-results/play-game-deal2-start-{lang}-{size}.png")
    play_deal(page, rng)
    expect(page.locator("[data-sheet-row]")).to_have_count(2)
    totals = engine_totals(page, url, tokens, "federation")
    game_scores = json.loads(page.locator("[data-game-scores]").get_attribute("data-game-scores"))
    assert game_scores == {"NS": totals[0], "EW": totals[1]}
    # Each row's running total is the engine's after that deal; the last one is the game's.
    cells = page.locator("[data-sheet-row='2'] td.running > span:not(.visually-hidden)")
    running = [int("".join(ch for ch in text if ch.isdigit())) for text in cells.all_inner_texts()]
    assert running == totals
    expect(page.locator("[data-action=next-deal]")).to_be_visible()
    page.screenshot(path=f"test-results/play-game-deal2-{lang}-{size}.png", full_page=True)

    # A reload, and the game's own page (another device would open it), say the same.
    page.reload()
    wait_for_table(page)
    again = json.loads(page.locator("[data-game-scores]").get_attribute("data-game-scores"))
    assert again == game_scores
    page.locator("[data-game-line] a").click()
    page.wait_for_url("**/play/coinche/game/*/")
    expect(page.locator("[data-sheet-row]")).to_have_count(2)
    sheet = json.loads(page.locator("[data-game-scores]").get_attribute("data-game-scores"))
    assert sheet == game_scores
    page.screenshot(path=f"test-results/play-game-sheet-{lang}-{size}.png", full_page=True)


@pytest.mark.parametrize(("lang", "size"), [("pt", "phone"), ("es", "desktop")])
def test_a_won_game_names_the_winner_and_offers_a_new_game(site, lang, size):
    url, page = site
    page.set_viewport_size(SIZES[size])
    house = json.dumps({"base": "federation", "target": 100})
    page.goto(f"{url}/{lang}/play/coinche/?profile={house}")
    go(page, page.locator("[data-action=start-game]"))
    rng = random.Random(lang)
    tokens = [token_of(page)]
    for _deal in range(10):
        play_deal(page, rng)
        if page.locator("[data-game-over]").count():
            break
        go(page, page.locator("[data-action=next-deal]"))
        tokens.append(token_of(page))
    totals = engine_totals(page, url, tokens, {"base": "federation", "target": 100})
    scores = json.loads(page.locator("[data-game-scores]").get_attribute("data-game-scores"))
    assert scores == {"NS": totals[0], "EW": totals[1]}
    winner = page.locator("[data-game-over]").get_attribute("data-game-over")
    assert scores[winner] == max(totals) >= 100
    expect(page.locator("[data-game-won]")).to_be_visible()
    expect(page.locator("[data-action=next-deal]")).to_have_count(0)
    page.locator("[data-game-sheet]").scroll_into_view_if_needed()
    page.screenshot(path=f"test-results/play-game-won-{lang}-{size}.png")
    go(page, page.locator("[data-action=new-game]"))
    fresh = TableDeal.objects.get(token=token_of(page))
    assert fresh.number == 1 and fresh.profile == {"base": "federation", "target": 100}


def test_a_single_deal_carries_on_into_a_game(site):
    url, page = site
    page.set_viewport_size(SIZES["phone"])
    page.goto(f"{url}/es/play/coinche/")
    go(page, page.locator("[data-action=start]"))
    first = token_of(page)
    play_deal(page, random.Random(3))
    carry = page.locator("[data-action=carry-on-game]")
    expect(carry).to_be_visible()
    carry.scroll_into_view_if_needed()
    page.screenshot(path="test-results/play-game-carry-on-es-phone.png")
    go(page, carry)
    second = TableDeal.objects.get(token=token_of(page))
    assert second.number == 2 and second.table_game.deals.get(number=1).token == first
    expect(page.locator("[data-game-line]")).to_contain_text("2")
