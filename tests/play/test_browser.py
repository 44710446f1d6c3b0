"""In Chromium, on a phone and a desktop, in two languages: whole Coinche and Chouine deals
played through the page, their replay checked by the CLI, a refused card's reason, undo, a
reload mid-deal, the referee against the CLI, one trick played from the keyboard, a deal bid
on six cards and a coinche made out of turn."""

import json
import random
import re

import pytest
from django.utils import translation
from playwright.sync_api import expect

from tests.play.helpers import (
    _learner_move,
    chouine_seed,
    cli_legal,
    cli_replay,
    coinche_pause_seed,
)
from tutor.play import sentence
from tutor.play.chouine import ChouineTable
from tutor.play.coinche import CoincheTable
from tutor.play.models import TableDeal
from tutor.rules.cards import card_code
from tutor.rules.explain import Step, cards_text, render, seat_name

pytestmark = pytest.mark.browser

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def _(lang, message):
    with translation.override(lang):
        return translation.gettext(message)


def token_of(page) -> str:
    return page.url.rstrip("/").split("/")[-1]


def wait_for_table(page):
    page.locator("#play-area").wait_for()


def act(page, target, key: str | None = None, force: bool = False):
    """Clicks ``target`` (or presses ``key``) and waits until the table is drawn again."""
    area = page.locator("#play-area")
    old = area.element_handle() if area.count() else None
    if key:
        page.keyboard.press(key)
    else:
        # A refused card is aria-disabled yet tappable: Playwright must be told to tap it.
        target.click(force=force)
    if old is not None:
        old.wait_for_element_state("hidden")
    # A second request (a key repeat, a late auto-advance) would redraw it again: let it land.
    page.wait_for_load_state("networkidle")
    wait_for_table(page)


def step_coinche(page, rng) -> bool:
    """One learner action picked at random among what the page offers; False at the end."""
    area = page.locator("#play-area")
    phase = area.get_attribute("data-phase")
    if phase == "done":
        return False
    if phase == "redeal":
        target = page.locator("[data-action=redeal]")
    elif page.locator("[data-action=continue]").count():
        target = page.locator("[data-action=continue]")
    elif (calls := page.locator("button[data-call]:not([aria-disabled])")).count():
        target = calls.nth(rng.randrange(calls.count()))
    else:
        cards = page.locator(".play-hand button[data-card]:not([aria-disabled])")
        target = cards.nth(rng.randrange(cards.count()))
    act(page, target)
    return True


@pytest.mark.parametrize(("lang", "size"), [("pt", "phone"), ("fr", "desktop")])
def test_a_whole_coinche_deal_in_the_browser(site, lang, size):
    url, page = site
    page.set_viewport_size(SIZES[size])
    page.goto(f"{url}/{lang}/play/coinche/")
    act(page, page.locator("[data-action=start]"))
    rng = random.Random(lang)
    refusal_seen = undone = reloaded = hinted = False
    for moves in range(400):
        if not step_coinche(page, rng):
            break
        if not hinted and page.locator(".play-hand button[data-card]").count():
            # The hint is a button: pressed, it says the engine's rule for the hand now.
            hint = page.locator(".play-hint [data-rule]")
            expect(hint).to_be_hidden()
            page.locator("[data-action=hint]").click()
            deal = CoincheTable(TableDeal.objects.get(token=token_of(page))).deal
            with translation.override(lang):
                expect(hint).to_contain_text(sentence(deal.legal().steps[0], lang))
            page.screenshot(path=f"/tmp/shots-path2/play-hint-{lang}-{size}.png")
            hinted = True
        refused = page.locator(".play-hand button[data-card][aria-disabled=true]")
        if not refusal_seen and refused.count():
            act(page, refused.first, force=True)
            expect(page.locator("[data-refusal]")).to_be_visible()
            expect(page.locator("#play-news")).to_have_attribute("aria-live", "polite")
            refusal_seen = True
        if not undone and page.locator(".play-hand button[data-card]").count() and moves > 6:
            before = len(TableDeal.objects.get(token=token_of(page)).moves)
            act(page, page.locator(".play-hand button[data-card]:not([aria-disabled])").first)
            act(page, page.locator("[data-action=undo]"))
            assert len(TableDeal.objects.get(token=token_of(page)).moves) == before
            undone = True
        if not reloaded and moves == 10:
            drawn = page.locator("#play-area").get_attribute("data-moves")
            page.reload()
            wait_for_table(page)
            assert page.locator("#play-area").get_attribute("data-moves") == drawn
            reloaded = True
    assert page.locator("#play-area").get_attribute("data-phase") == "done"
    assert refusal_seen and undone and reloaded and hinted
    scores = json.loads(page.locator("[data-scores]").get_attribute("data-scores"))
    payload = json.loads(
        page.request.get(url + page.locator("[data-replay]").get_attribute("href")).text()
    )
    answer = cli_replay(payload)
    assert answer["valid"] and answer["scores"] == scores
    expect(page.locator("[data-hands] [data-hand-of]")).to_have_count(4)
    page.screenshot(path=f"test-results/play-coinche-end-{lang}-{size}.png", full_page=True)


@pytest.mark.parametrize(("lang", "size"), [("es", "phone"), ("ro", "desktop")])
def test_a_whole_chouine_deal_with_the_seven_and_an_announcement(site, lang, size):
    url, page = site
    page.set_viewport_size(SIZES[size])
    seed = chouine_seed()
    page.goto(f"{url}/{lang}/play/chouine/?seed={seed}")
    act(page, page.locator("[data-action=start]"))
    done = set()
    for _moves in range(200):
        record = TableDeal.objects.get(token=token_of(page))
        table = ChouineTable(record)
        if table.deal.finished:
            break
        action = "continue"
        if table.waiting():
            target = page.locator("[data-action=continue]")
        else:
            action, value = _learner_move(table)
            done.add(action)
            if action == "exchange":
                target = page.locator("[data-action=exchange]")
            elif action == "announce":
                kind, suit = value
                target = page.locator(f"[data-announce='{kind}{'-' + suit if suit else ''}']")
            else:
                target = page.locator(f".play-hand button[data-card='{card_code(value)}']")
                if "hint" not in done:
                    done.add("hint")
                    page.locator("[data-action=hint]").click()
                    with translation.override(lang):
                        rule = table.say(table.deal.play_rule(), lang)
                    expect(page.locator(".play-hint [data-rule]")).to_have_text(rule)
        act(page, target)
        if action == "announce" and "announce-shot" not in done:
            done.add("announce-shot")
            # The news tells the announcement just made; the block under it does not repeat it.
            expect(page.locator("#play-news p").first).to_be_visible()
            expect(page.locator("[data-announced]")).to_have_count(0)
            page.screenshot(
                path=f"test-results/play-chouine-announce-{lang}-{size}.png", full_page=True
            )
    assert {"exchange", "announce", "play", "hint"} <= done
    expect(page.locator("#play-area")).to_have_attribute("data-phase", "done")
    scores = json.loads(page.locator("[data-scores]").get_attribute("data-scores"))
    payload = json.loads(
        page.request.get(url + page.locator("[data-replay]").get_attribute("href")).text()
    )
    answer = cli_replay(payload)
    assert answer["valid"] and answer["complete"] and answer["scores"] == scores
    # The result is said first, the next deal under it has the focus, both on screen.
    expect(page.locator("[data-outcome]")).to_be_in_viewport()
    expect(page.locator("[data-action=new]")).to_be_focused()
    expect(page.locator("[data-action=new]")).to_be_in_viewport()
    # The review lists each of the learner's cards, before the score.
    moves = TableDeal.objects.get(token=token_of(page)).moves
    cards = [m["play"] for m in moves if "play" in m and m["player"] == "A"]
    review = page.locator("[data-review] > li[data-move=play]")
    expect(review).to_have_count(len(cards))
    assert [review.nth(i).get_attribute("data-card") for i in range(len(cards))] == cards
    page.locator("[data-review]").scroll_into_view_if_needed()
    page.screenshot(path=f"/tmp/shots-path2/chouine-review-{lang}-{size}.png")
    page.screenshot(path=f"test-results/play-chouine-end-{lang}-{size}.png", full_page=True)


@pytest.mark.parametrize(("lang", "size"), [("fr", "phone"), ("pt", "desktop")])
def test_the_referee_answers_as_the_cli(site, lang, size):
    url, page = site
    page.set_viewport_size(SIZES[size])
    page.goto(f"{url}/{lang}/referee/")
    page.select_option("[data-field=trump]", "H")
    page.select_option("[data-field=leader]", "S")
    # The trick's cards are chosen on a grid, in order: each says its seat, and the form
    # says who is to play; a card chosen again is taken back and the later ones move up.
    grid = page.locator("[data-trick-grid]")
    to_play = page.locator("[data-to-play] strong")
    names = {seat: seat_name(seat, lang) for seat in "SENW"}
    expect(to_play).to_have_text(names["S"])
    for code in ("7S", "AS", "JH"):
        grid.locator(f"button[data-card='{code}']").click()
    grid.locator("button[data-card='7S']").click()
    expect(grid.locator("button[data-card='JH']")).to_have_attribute("aria-pressed", "true")
    expect(grid.locator("button[data-card='7S']")).to_have_attribute("aria-pressed", "false")
    expect(grid.locator("button[data-card='JH'] [data-order]")).to_have_text(f"2 · {names['E']}")
    expect(page.locator("[data-field=t1]")).to_have_value("AS")
    expect(page.locator("[data-field=t2]")).to_have_value("JH")
    expect(to_play).to_have_text(names["N"])
    # From the keyboard too: a card of the grid is a button.
    grid.locator("button[data-card='KS']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-field=t3]")).to_have_value("KS")
    page.keyboard.press("Space")
    expect(page.locator("[data-field=t3]")).to_have_value("")
    page.screenshot(path=f"/tmp/shots-path2/referee-form-{lang}-{size}.png", full_page=True)
    for code in ("7H", "KH", "KD", "8S"):
        page.locator(f".referee-deck label[data-card='{code}']").click()
    page.locator("[data-action=referee]").click()
    page.locator("[data-answer]").wait_for()
    profiles = ["federation", "maison", "official", "online-es", "encyclopedia"]
    questions = [
        {
            "profile": p,
            "trump": "H",
            "hand": ["KH", "7H", "8S", "KD"],
            "seat": "N",
            "trick": [{"seat": "S", "card": "AS"}, {"seat": "E", "card": "JH"}],
        }
        for p in profiles
    ]
    answers = cli_legal(questions)
    for question, answer in zip(questions, answers, strict=True):
        column = page.locator(f"[data-profile='{question['profile']}']")
        assert sorted(column.get_attribute("data-legal").split()) == sorted(answer["legal"])
    # Profiles that answer alike are one column, and the first line says who allows what.
    alike = {tuple(sorted(a["legal"])) for a in answers}
    summary = page.locator("[data-summary]").inner_text()
    assert page.locator("article.referee-column").count() <= len(alike) + 1
    for legal in alike:
        assert cards_text(list(legal), lang, "the") in summary or len(legal) == 4
    page.screenshot(path=f"/tmp/shots-path2/referee-answer-{lang}-{size}.png", full_page=True)
    # The address is the position: opened again, the same answer.
    page.goto(page.url)
    assert page.locator("[data-profile='official']").get_attribute("data-legal")


# The answer's column that holds Federation (alone, or folded with the profiles that agree).
FEDERATION_RULE = "article:has([data-profile=federation]) [data-rule]"
FEDERATION_HAND = "article:has([data-profile=federation]) [data-hand]"


def in_view(page, selector: str) -> bool:
    """Whether the element's top lies inside the viewport (so the player sees it)."""
    box = page.locator(selector).first.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and -1 <= box["y"] < height - 40


@pytest.mark.parametrize(
    ("lang", "size"), [("fr", "phone"), ("fr", "desktop"), ("es", "phone"), ("es", "desktop")]
)
def test_the_referee_answer_comes_into_view_and_takes_the_focus(site, lang, size):
    url, page = site
    page.set_viewport_size(SIZES[size])
    page.goto(f"{url}/{lang}/referee/")
    page.select_option("[data-field=leader]", "N")
    page.select_option("[data-field=t1]", "TS")
    page.select_option("[data-field=t2]", "JH")
    for code in ("QH", "8H", "AD", "TD", "KC", "7C"):
        page.locator(f".referee-deck label[data-card='{code}']").click()
    page.locator("[data-action=referee]").click()
    page.locator("[data-answer]").wait_for()
    # The answer, not the top of the form, is on the screen, its heading has the focus
    # (a screen reader reads it), and the first column's rule and cards are in sight.
    assert page.url.endswith("#answer")
    expect(page.locator("#answer")).to_be_focused()
    assert in_view(page, "#answer")
    assert in_view(page, FEDERATION_RULE)
    assert in_view(page, FEDERATION_HAND)
    page.screenshot(path=f"test-results/referee-answer-{lang}-{size}.png")
    page.screenshot(path=f"test-results/referee-answer-{lang}-{size}-full.png", full_page=True)
    # The shared address opens straight on the same answer.
    share = page.locator("[data-share]").get_attribute("href")
    other = page.context.new_page()
    other.set_viewport_size(SIZES[size])
    other.goto(url + share)
    other.locator("[data-answer]").wait_for()
    assert in_view(other, "#answer") and in_view(other, FEDERATION_RULE)
    assert other.locator("[data-profile=maison]").get_attribute("data-legal") == "QH 8H"
    other.close()
    # "Change the position" goes back to the form, which still holds it.
    page.locator("a[href='#position']").click()
    assert in_view(page, "#position")
    expect(page.locator("[data-field=t2]")).to_have_value("JH")


@pytest.mark.parametrize(("lang", "size"), [("pt", "phone"), ("ro", "desktop")])
def test_the_referee_uses_the_house_rules_chosen_on_the_site(site, lang, size):
    url, page = site
    page.set_viewport_size(SIZES[size])
    code = "federation~undertrump:1"
    # The rules come from the builder's shared link and "Use these rules on every page".
    page.goto(f"{url}/{lang}/profiles/house/?profile={code}")
    page.locator("[data-action=use-rules]").click()
    page.locator("[data-action=open-referee]").click()
    expect(page.locator("[data-field=rules]")).to_have_value(code)
    page.select_option("[data-field=leader]", "N")
    page.select_option("[data-field=t1]", "TS")
    page.select_option("[data-field=t2]", "JH")
    hand = ["QH", "8H", "AD", "TD", "KC", "7C"]
    for card in hand:
        page.locator(f".referee-deck label[data-card='{card}']").click()
    page.screenshot(path=f"test-results/referee-house-form-{lang}-{size}.png", full_page=True)
    page.locator("[data-action=referee]").click()
    page.locator("[data-answer]").wait_for()
    question = {
        "profile": code,
        "trump": "H",
        "hand": hand,
        "seat": "S",
        "trick": [{"seat": "N", "card": "TS"}, {"seat": "E", "card": "JH"}],
    }
    column = page.locator(f"[data-profile='{code}']")
    assert column.get_attribute("data-legal").split() == cli_legal([question])[0]["legal"]
    # Its column: alone, or folded with the profiles that answer alike.
    article = page.locator(f"article:has([data-profile='{code}'])")
    article.scroll_into_view_if_needed()
    article.screenshot(path=f"/tmp/shots-path2/referee-house-column-{lang}-{size}.png")
    # "None" in the form drops the column, even with the rules remembered.
    page.select_option("[data-field=rules]", "")
    page.locator("[data-action=referee]").click()
    page.locator("[data-answer]").wait_for()
    assert page.locator(f"[data-profile='{code}']").count() == 0


def tab_to(page, selector: str, presses: int = 80) -> None:
    """Presses Tab until the element matching ``selector`` has the focus."""
    for _press in range(presses):
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_one_trick_from_the_keyboard(site):
    url, page = site
    page.goto(f"{url}/en/play/coinche/?seed=3&dealer=W")
    tab_to(page, "[data-action=start]")
    page.keyboard.press("Enter")
    page.wait_for_url("**/play/coinche/*/")
    wait_for_table(page)
    tab_to(page, "button[data-call='pass']")  # South speaks first
    for _step in range(12):
        phase = page.locator("#play-area").get_attribute("data-phase")
        if phase == "redeal":
            pytest.skip("everyone passed")
        if phase == "auction":
            # After each redraw the keyboard is on the first call the engine allows: pass.
            expect(page.locator("button[data-call='pass']")).to_be_focused()
            act(page, None, "Enter")
        elif page.locator("[data-action=continue]").count():
            expect(page.locator("[data-action=continue]")).to_be_focused()
            act(page, None, "Enter")
            assert TableDeal.objects.get(token=token_of(page)).seen == 1
            return
        else:
            # The keyboard is on the first card the engine allows; play it.
            expect(
                page.locator(".play-hand button[data-card]:not([aria-disabled])").first
            ).to_be_focused()
            act(page, None, "Enter")
    raise AssertionError("no trick was played")


def play_out_and_check_the_replay(page, url, rng) -> dict:
    """Random offered moves to the end; the replay through the CLI scores as the page does."""
    for _ in range(400):
        if not step_coinche(page, rng):
            break
    assert page.locator("#play-area").get_attribute("data-phase") == "done"
    scores = json.loads(page.locator("[data-scores]").get_attribute("data-scores"))
    payload = json.loads(
        page.request.get(url + page.locator("[data-replay]").get_attribute("href")).text()
    )
    answer = cli_replay(payload)
    assert answer["valid"] and answer["scores"] == scores
    return payload


@pytest.mark.parametrize(("lang", "size"), [("es", "phone"), ("ro", "desktop")])
def test_a_six_card_auction_deal_in_the_browser(site, lang, size):
    """002 line 11 (the beloinche, 6-2): six cards and two places face down while bidding."""
    url, page = site
    page.set_viewport_size(SIZES[size])
    page.goto(f"{url}/{lang}/play/coinche/?seed=3&dealer=E&profile=federation~deal:6-2")
    act(page, page.locator("[data-action=start]"))
    held = page.locator("[data-auction-hand] [data-hand] [data-card].pick")
    expect(held).to_have_count(6)
    expect(page.locator("[data-auction-hand] [data-to-come]")).to_have_count(2)
    expect(page.locator("[data-to-come-note]")).to_have_text(
        render(Step("deal_auction_cards"), lang)
    )
    page.screenshot(path=f"test-results/play-six-cards-auction-{lang}-{size}.png", full_page=True)
    shown = sorted(held.nth(i).get_attribute("data-card") for i in range(6))
    # The lowest bid still open: the bots may have opened before South speaks.
    bid = (
        page.locator("button[data-call]:not([aria-disabled])")
        .filter(has_text=re.compile(r"^\s*\d"))
        .first
    )
    act(page, bid)
    while page.locator("#play-area").get_attribute("data-phase") == "auction":
        act(page, page.locator("button[data-call=pass]"))
    payload = json.loads(
        page.request.get(f"{url}/{lang}/play/coinche/{token_of(page)}/replay.json").text()
    )
    assert sorted(payload["hands"]["S"][:6]) == shown
    news = page.locator("[data-news]")
    expect(news).to_contain_text(render(Step("deal_completed", {"seat": "E"}), lang))
    received = {"cards": payload["hands"]["S"][6:]}
    expect(news).to_contain_text(render(Step("play_cards_received", received), lang))
    expect(page.locator("[data-to-come]")).to_have_count(0)
    page.screenshot(path=f"test-results/play-six-cards-dealt-{lang}-{size}.png", full_page=True)
    play_out_and_check_the_replay(page, url, random.Random(lang))
    page.screenshot(path=f"test-results/play-six-cards-end-{lang}-{size}.png", full_page=True)


@pytest.mark.parametrize(("lang", "size"), [("fr", "phone"), ("pt", "desktop")])
def test_a_coinche_out_of_turn_in_the_browser(site, lang, size):
    """002 line 31 (encyclopedia): East bids, North is to speak, South coinches at once."""
    url, page = site
    page.set_viewport_size(SIZES[size])
    seed = coinche_pause_seed()
    page.goto(f"{url}/{lang}/play/coinche/?seed={seed}&dealer=N&profile=encyclopedia")
    act(page, page.locator("[data-action=start]"))
    while not page.locator("[data-out-of-turn]").count():
        act(page, page.locator("button[data-call=pass]"))
    panel = page.locator("[data-out-of-turn]")
    expect(panel.locator("button[data-call=coinche]")).to_be_visible()
    expect(panel.locator("[data-action=continue]")).to_be_visible()
    line = render(Step("call_any_moment", {"seat": "S", "kind": "coinche"}), lang)
    expect(panel).to_contain_text(line)
    expect(page.locator("[data-auction-hand] [data-card].pick")).to_have_count(8)
    page.screenshot(path=f"test-results/play-out-of-turn-offer-{lang}-{size}.png", full_page=True)
    act(page, panel.locator("button[data-call=coinche]"))
    said = render(Step("call_coinche", {"seat": "S"}), lang)
    expect(page.locator(".play-auction")).to_contain_text(said)
    page.screenshot(path=f"test-results/play-out-of-turn-made-{lang}-{size}.png", full_page=True)
    # Undo brings the offer back; the learner coinches again.
    act(page, page.locator("[data-action=undo]"))
    expect(page.locator("[data-out-of-turn] button[data-call=coinche]")).to_be_visible()
    act(page, page.locator("[data-out-of-turn] button[data-call=coinche]"))
    payload = play_out_and_check_the_replay(page, url, random.Random(lang))
    assert "S:coinche" in payload["calls"]
    expect(page.locator("[data-end]")).to_be_visible()
