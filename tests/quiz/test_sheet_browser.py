"""In Chromium at 390 px: a whole game to 2000 kept on the score sheet, tap by tap."""

import pytest
from playwright.sync_api import expect

from tutor.rules.coinche.game import Game
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.coinche.scoring import score_deal
from tutor.rules.coinche.summary import parse_summary, table_payload

pytestmark = pytest.mark.browser

# Ten deals as a table would call them: taker, bid, trump, the takers' card points, and the
# extra toggles of the uncommon ones (a belote, a coinche, the last trick to the defence).
GAME = [
    ("S", 100, "H", 110, {}),
    ("E", 90, "S", 95, {"belote": "takers"}),
    ("N", 120, "D", 130, {}),
    ("W", 80, "C", 60, {}),
    ("S", 80, "H", 90, {"double": "2"}),
    ("E", 100, "C", 100, {}),
    ("N", 130, "S", 135, {"belote": "takers"}),
    ("W", 100, "H", 110, {"last_trick": "defence"}),
    ("S", 140, "D", 140, {}),
    ("N", 150, "C", 145, {}),
]


def engine_totals(deals):
    """What the engine makes of the same deals, deal by deal (the page must show these)."""
    rules = coinche_profile("federation")
    game, out = Game(rules), []
    for seat, bid, trump, points, extra in deals:
        entry = {
            "contract": {
                "seat": seat,
                "bid": bid,
                "trump": trump,
                "double": int(extra.get("double", 1)),
            },
            "points": points,
            "last_trick": extra.get("last_trick", "takers"),
            "belote": extra.get("belote"),
        }
        summary = parse_summary(table_payload(entry, rules), rules)
        game.add_deal(summary, score_deal(rules, summary))
        out.append((tuple(game.totals), game.winner))
    return out


class Taps:
    """Clicks on the page, counted."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def radio(self, field, value):
        self.count += 1
        self.page.locator(f'[data-field="{field}"] input[value="{value}"]').locator("..").click()

    def click(self, locator):
        self.count += 1
        locator.click()


def enter(page, taps, seat, bid, trump, points, extra):
    taps.radio("seat", seat)
    taps.radio("bid", bid)
    taps.radio("trump", trump)
    # The trump tapped, the keyboard opens on the points: no tap to reach them.
    number = page.locator("#id_points")
    if page.evaluate("document.activeElement.id") != "id_points":
        taps.click(number)
    page.keyboard.type(str(points))
    for field, value in extra.items():
        taps.radio(field, value)
    taps.click(page.locator("#deal-submit"))


def test_a_ten_deal_game_to_2000_with_few_taps_per_deal_and_an_edit(site):
    url, page = site
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{url}/en/quiz/sheet/")
    page.get_by_label("Rule profile").select_option("federation")
    page.get_by_role("button", name="Start the sheet").click()
    page.wait_for_load_state("load")
    sheet_url = page.url
    expected = engine_totals(GAME)
    for number, deal in enumerate(GAME, 1):
        expect(page.locator("#deal-form h2")).to_have_text(f"Deal {number}")
        taps = Taps(page)
        enter(page, taps, *deal)
        (ns, ew), winner = expected[number - 1]
        expect(page.locator(".sheet-totals")).to_have_attribute("data-scores", f"{ns}-{ew}")
        assert page.url == sheet_url  # no page load: htmx swapped the sheet
        # The common deal: taker, contract, trump, the number, record; each toggle adds one.
        assert taps.count <= 4 + len(deal[4])
        assert taps.count <= 5 or deal[4]
        # The form is back in view, its top just under the totals, ready for the next deal.
        page.wait_for_function(
            "() => { const y = document.getElementById('deal-form').getBoundingClientRect().y;"
            " return y >= 0 && y < 844 / 3; }",
            timeout=3000,
        )
        assert (winner is not None) == (number == len(GAME))
    over = page.locator("[data-phase=over]")
    expect(over).to_contain_text("North-South win the game")
    expect(page.locator("#deals tbody tr")).to_have_count(10)
    expect(page.locator('[data-action="rematch"]')).to_be_visible()

    # Deal 3 was bid 110, not 120: every total from deal 3 on is worked out again.
    page.locator('tr[data-deal="3"] [data-action="edit"]').click()
    expect(page.locator("#deal-form h2")).to_have_text("Edit deal 3")
    expect(page.locator('[data-field="bid"] input[value="120"]')).to_be_checked()
    expect(page.locator("#id_points")).to_have_value("130")
    page.locator('[data-field="bid"] input[value="110"]').locator("..").click()
    page.locator("#deal-submit").click()
    fixed = engine_totals([*GAME[:2], ("N", 110, *GAME[2][2:]), *GAME[3:]])
    (ns, ew), _winner = fixed[-1]
    assert (ns, ew) != expected[-1][0]
    expect(page.locator(".sheet-totals")).to_have_attribute("data-scores", f"{ns}-{ew}")
    expect(page.locator('tr[data-deal="3"]')).to_contain_text("110 ♦")
    page.reload()
    expect(page.locator(".sheet-totals")).to_have_attribute("data-scores", f"{ns}-{ew}")


def test_a_double_tap_on_record_keeps_one_deal(site):
    url, page = site
    page.goto(f"{url}/en/quiz/sheet/")
    page.get_by_role("button", name="Start the sheet").click()
    page.wait_for_load_state("load")
    for field, value in (("seat", "S"), ("bid", "80"), ("trump", "H")):
        page.locator(f'[data-field="{field}"] input[value="{value}"]').locator("..").click()
    page.locator("#id_points").fill("90")
    # Two quick taps: the first request is still out when the second arrives.
    page.locator("#deal-submit").dblclick()
    expect(page.locator("#deals tbody tr")).to_have_count(1)
    page.reload()
    expect(page.locator("#deals tbody tr")).to_have_count(1)


def test_bad_points_keep_the_entry_with_a_message_beside_the_field(site):
    url, page = site
    page.goto(f"{url}/fr/quiz/sheet/")
    page.locator("form.panel button[type=submit]").click()
    page.wait_for_load_state("load")
    for field, value in (("seat", "E"), ("bid", "90"), ("trump", "S")):
        page.locator(f'[data-field="{field}"] input[value="{value}"]').locator("..").click()
    page.keyboard.type("170")
    page.keyboard.press("Enter")
    expect(page.locator("#points-error")).to_contain_text("170")
    expect(page.locator("#id_points")).to_have_value("170")
    expect(page.locator('[data-field="trump"] input[value="S"]')).to_be_checked()
    expect(page.locator("#deals")).to_have_count(0)


def test_an_edit_from_a_stale_tab_is_refused_in_place_and_keeps_what_was_typed(site):
    url, page = site
    page.goto(f"{url}/en/quiz/sheet/")
    page.get_by_role("button", name="Start the sheet").click()
    page.wait_for_load_state("load")
    enter(page, Taps(page), "S", 80, "H", 90, {})
    expect(page.locator("#deals tbody tr")).to_have_count(1)
    other = page.context.new_page()
    other.goto(page.url)
    for tab in (page, other):
        tab.locator('tr[data-deal="1"] [data-action="edit"]').click()
        expect(tab.locator("#deal-form h2")).to_have_text("Edit deal 1")
    page.locator("#id_points").fill("100")
    page.locator("#deal-submit").click()
    expect(page.locator('tr[data-deal="1"]')).not_to_have_class("editing")
    # The other tab still shows 90: its save is refused in place (a 409 swapped by htmx), the
    # deal as the first tab left it in the table, its own typing kept in the form.
    other.locator("#id_points").fill("110")
    other.locator("#deal-submit").click()
    expect(other.locator("[data-conflict]")).to_contain_text("changed in another tab")
    expect(other.locator("#id_points")).to_have_value("110")
    expect(other.locator("#deal-form h2")).to_have_text("Edit deal 1")
    totals = other.locator(".sheet-totals").get_attribute("data-scores")
    other.locator("#deal-submit").click()
    expect(other.locator("[data-conflict]")).to_have_count(0)
    expect(other.locator(".sheet-totals")).not_to_have_attribute("data-scores", totals)
    other.close()
