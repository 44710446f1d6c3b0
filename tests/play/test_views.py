"""The play pages through the Django test client: whole deals, refusals with the engine's
reason, stale forms, undo, replay, redeal, the bots, and the referee's answers and errors."""

import html
import json
import random
import re
from types import SimpleNamespace

import pytest
from django.utils import translation

from tests.play.helpers import (
    AT,
    LEGAL_CALL,
    LEGAL_CARD,
    REFUSED_CALL,
    REFUSED_CARD,
    SCORES,
    chouine_seed,
    cli_legal,
    cli_replay,
    coinche_pause_seed,
    unescape,
)
from tutor.play import bots
from tutor.play.coinche import CoincheTable, hands_for
from tutor.play.models import TableDeal
from tutor.quiz.labels import PROFILES as PROFILE_LABELS
from tutor.rules.cards import SEATS, parse_cards
from tutor.rules.cli import ask
from tutor.rules.coinche.auction import parse_call
from tutor.rules.coinche.state import CoincheDeal
from tutor.rules.explain import Step, bid_name, render

pytestmark = pytest.mark.django_db


def start(client, game="coinche", **data):
    response = client.post(f"/en/play/{game}/", {"seats": "one", **data})
    assert response.status_code == 302
    return response.url


def play_to_the_end(client, url, rng, lang="en"):
    page = client.get(url).content.decode()
    for _ in range(300):
        if 'data-phase="done"' in page:
            return page
        if 'data-phase="redeal"' in page:
            token = url.rstrip("/").split("/")[-1]
            client.post(f"/{lang}/play/coinche/{token}/redeal/")
        else:
            at = AT.search(page).group(1)
            if "data-out-of-turn" in page and 'value="continue"' in page:
                # The bots wait: coinche out of turn now, or let the auction go on.
                choice = rng.choice([*LEGAL_CALL.findall(page), "continue", "continue"])
                data = {"action": "continue"} if choice == "continue" else {"call": choice}
                client.post(url, {**data, "at": at})
            elif 'data-action="continue"' in page:
                trick = TableDeal.objects.get(token=url.rstrip("/").split("/")[-1]).seen + 1
                client.post(url, {"action": "continue", "trick": trick, "at": at})
            elif calls := LEGAL_CALL.findall(page):
                client.post(url, {"call": rng.choice([*calls, "pass", "pass"]), "at": at})
            else:
                client.post(url, {"card": rng.choice(LEGAL_CARD.findall(page)), "at": at})
        page = client.get(url).content.decode()
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("profile", ["federation", "official", "online-es"])
def test_a_whole_coinche_deal_scores_as_the_replay_command(client, profile):
    url = start(client, profile=profile)
    page = play_to_the_end(client, url, random.Random(profile))
    scores = json.loads(unescape(SCORES.search(page).group(1)))
    payload = client.get(url + "replay.json").json()
    answer, _ = ask("replay", payload)
    assert answer["valid"] and answer["scores"] == scores
    assert payload["profile"] == profile and len(payload["plays"]) == 32
    # Every other profile's score of the same deal, or the reason it could not be played so.
    assert page.count("data-profile=") == 5
    assert "data-hands" in page and page.count("data-hand-of=") == 4
    # Where another profile scores the deal differently, its own count says why.
    for other in ("federation", "official", "online-es", "maison", "encyclopedia"):
        if other == profile:
            continue
        under, steps = ask("replay", {**payload, "profile": other})
        differs = under.get("valid") and under["scores"] != scores
        assert (f'data-why-profile="{other}"' in page) == bool(differs)
        if differs:
            row = page[page.index(f'data-why-profile="{other}"') :]
            row = unescape(row[: row.index("</tr>")])
            assert render(steps[-1], "en") in row


@pytest.mark.parametrize("lang", ["pt", "ro"])
def test_a_played_deal_reviews_each_of_the_learners_moves_with_its_rule(client, lang):
    """After the deal, each of South's calls and cards, with what the engine allowed at that
    moment: the card forced, a free choice, or chosen among the cards the rule left."""
    url = start(client, seed="11").replace("/en/", f"/{lang}/")
    page = play_to_the_end(client, url, random.Random(5), lang)
    record = TableDeal.objects.get(token=url.rstrip("/").split("/")[-1])
    review = page[page.index("data-review") : page.index("</ol>", page.index("data-review"))]
    cards = re.findall(r'data-move="card" data-card="(\w\w)" data-choice="(\w+)"', review)
    played = [move["play"] for move in record.moves if move["seat"] == "S" and "play" in move]
    assert [card for card, _choice in cards] == played and len(played) == 8
    calls = [move for move in record.moves if move["seat"] == "S" and "call" in move]
    assert review.count('data-move="call"') == len(calls)
    # Each choice as the engine saw it, on the deal replayed: the last card is always forced.
    deal = CoincheDeal(record.profile, record.dealer, hands_for(record.seed, record.dealer))
    expected = []
    for move in record.moves:
        if "call" in move:
            deal.call(move["call"])
        elif "declare" in move:
            deal.declare(move["declare"])
        elif "play" in move:
            if move["seat"] == "S":
                allowed, held = len(deal.legal().legal), len(deal.hand("S"))
                expected.append(
                    "forced" if allowed == 1 else "free" if allowed == held else "ruled"
                )
            deal.play(parse_cards([move["play"]])[0])
    assert [choice for _card, choice in cards] == expected and expected[-1] == "forced"
    assert page.index("data-review") < page.index("data-scores")
    # Before the review, the result from South's partnership: won, lost or drawn, in words.
    scores = json.loads(html.unescape(re.search(r'data-scores="([^"]+)"', page).group(1)))
    mine, theirs = scores["NS"], scores["EW"]
    said = "won" if mine > theirs else "lost" if mine < theirs else "drawn"
    line = re.search(r'data-outcome="(\w+)"[^>]*>(.*?)</p>', page, re.S)
    assert line.group(1) == said and page.index("data-outcome") < page.index("data-review")
    assert {"pt": "distribuição", "ro": "mână"}[lang] in html.unescape(line.group(2))


def test_a_refused_card_is_answered_with_the_engine_reason(client):
    url = start(client, seed="7")
    rng = random.Random(2)
    page = client.get(url).content.decode()
    for _ in range(200):
        refused = REFUSED_CARD.findall(page)
        if refused:
            break
        at = AT.search(page).group(1)
        if 'data-action="continue"' in page:
            trick = TableDeal.objects.get(token=url.rstrip("/").split("/")[-1]).seen + 1
            client.post(url, {"action": "continue", "trick": trick, "at": at})
        elif calls := LEGAL_CALL.findall(page):
            client.post(url, {"call": "80H" if "80H" in calls else "pass", "at": at})
        elif 'data-phase="redeal"' in page:
            pytest.skip("the seed ended in a redeal")
        else:
            client.post(url, {"card": rng.choice(LEGAL_CARD.findall(page)), "at": at})
        page = client.get(url).content.decode()
    assert refused, "no refused card met"
    moves = len(TableDeal.objects.get(token=url.rstrip("/").split("/")[-1]).moves)
    at = AT.search(page).group(1)
    answer = client.post(url, {"card": refused[0], "at": at}, headers={"HX-Request": "true"})
    body = answer.content.decode()
    assert answer.status_code == 200 and "data-refusal" in body
    assert "You may not play" in body  # the engine's illegal_* sentence
    record = TableDeal.objects.get(token=url.rstrip("/").split("/")[-1])
    assert len(record.moves) == moves
    # The refusal is kept for the review after the deal, where it comes before the card
    # played instead, in the engine's words.
    assert [r["at"] for r in record.refused] == [moves]
    reason = unescape(re.search(r"data-refusal[^>]*>(.*?)</", body, re.S)[1]).strip()
    page = play_to_the_end(client, url, rng)
    review = page[page.index("data-review") : page.index("</ol>", page.index("data-review"))]
    met = re.findall(r"data-refused><li>(.*?)</li>", unescape(review), re.S)
    assert len(met) == 1 and reason in met[0]


def test_refused_calls_say_why_and_legal_calls_are_offered(client):
    url = start(client, seed="3", dealer="W")  # South speaks first
    page = client.get(url).content.decode()
    assert 'data-call="pass"' in page and "80H" in LEGAL_CALL.findall(page)
    assert "coinche" in REFUSED_CALL.findall(page)
    at = AT.search(page).group(1)
    body = client.post(url, {"call": "coinche", "at": at}).content.decode()
    assert "There is no bid to coinche yet." in body


def test_stale_form_and_bad_input_lose_nothing(client):
    url = start(client, seed="3", dealer="W")
    assert client.post(url, {"call": "pass", "at": "99"}).status_code == 409
    assert TableDeal.objects.get().moves == []
    body = client.post(url, {"call": "81H", "at": "0"}).content.decode()
    assert "81 is not a bid" in body
    assert client.post(url, {"action": "nonsense"}).status_code == 400
    assert client.post(url, {"action": "continue", "trick": "x"}).status_code == 400
    assert client.get("/en/play/coinche/?seed=abc").status_code == 400
    assert (
        client.get('/en/play/coinche/?profile={"base": "federation", "max_bid": "x"}').status_code
        == 400
    )
    assert client.get("/en/play/coinche/?profile=nonsense").status_code == 400
    assert client.get("/en/play/bridge/").status_code == 404
    assert client.get("/en/play/coinche/nope/").status_code == 404


def test_undo_takes_back_the_learner_move_and_what_followed(client):
    url = start(client, seed="3", dealer="W")
    client.post(url, {"call": "pass", "at": "0"})
    record = TableDeal.objects.get()
    assert record.moves[0] == {"seat": "S", "call": "pass"} and len(record.moves) >= 4
    client.post(url, {"action": "undo", "at": str(len(record.moves))})
    record.refresh_from_db()
    assert record.moves == []


def test_house_rules_and_the_shared_address_give_the_same_deal(client):
    spec = json.dumps({"base": "federation", "max_bid": 180})
    lobby = client.get("/en/play/coinche/", {"seed": "42", "dealer": "N", "profile": spec})
    assert lobby.status_code == 200 and "42" in lobby.content.decode()
    first = start(client, seed="42", dealer="N", profile=spec)
    second = start(client, seed="42", dealer="N", profile=spec)
    a, b = (client.get(u + "replay.json").json() for u in (first, second))
    assert a["hands"] == b["hands"] and a["profile"] == {"base": "federation", "max_bid": 180}
    assert "180" in client.get(first).content.decode() or a["calls"]


def test_four_passes_redeal(client):
    """Seed 000: four opening passes, the cards are dealt again (by the next player)."""
    for seed in range(1, 300):
        url = start(client, seed=str(seed), dealer="N")  # W, S, E, N speak
        record = TableDeal.objects.get(token=url.rstrip("/").split("/")[-1])
        if record.moves != [{"seat": "W", "call": "pass"}]:
            continue
        client.post(url, {"call": "pass", "at": "1"})
        record.refresh_from_db()
        if [move["call"] for move in record.moves] == ["pass"] * 4:
            break
    else:
        raise AssertionError("no deal where everyone passes")
    page = client.get(url).content.decode()
    assert 'data-phase="redeal"' in page
    assert "Four passes and no bid" in page
    client.post(f"/en/play/coinche/{record.token}/redeal/")
    record.refresh_from_db()
    assert record.dealer == "W" and not record.finished


def test_a_whole_chouine_deal_with_exchange_and_announcement(client):
    from tests.play.helpers import _learner_move
    from tutor.play.chouine import ChouineTable

    seed = chouine_seed()
    url = start(client, "chouine", seed=str(seed))
    token = url.rstrip("/").split("/")[-1]
    actions = set()
    for _ in range(200):
        record = TableDeal.objects.get(token=token)
        table = ChouineTable(record)
        if table.deal.finished:
            break
        page = client.get(url).content.decode()
        at = AT.search(page).group(1)
        if table.waiting():
            client.post(url, {"action": "continue", "trick": record.seen + 1, "at": at})
            continue
        action, value = _learner_move(table)
        actions.add(action)
        if action == "exchange":
            assert 'data-action="exchange"' in page
            client.post(url, {"action": "exchange", "at": at})
        elif action == "announce":
            kind, suit = value
            assert f'data-announce="{kind}' in page
            client.post(url, {"action": "announce", "pick": f"{kind}-{suit or ''}", "at": at})
        else:
            from tutor.rules.cards import card_code

            client.post(url, {"card": card_code(value), "at": at})
    assert actions == {"exchange", "announce", "play"}
    page = client.get(url).content.decode()
    scores = json.loads(unescape(SCORES.search(page).group(1)))
    answer, _ = ask("replay", client.get(url + "replay.json").json())
    assert answer["valid"] and answer["complete"] and answer["scores"] == scores
    assert answer["exchanges"] and answer["announcements"]["A"]


def test_the_beginner_bots_bid_on_a_clear_hand_and_pass_otherwise():
    strong = parse_cards(["JH", "9H", "AH", "TH", "7S", "8S", "7C", "8D"])
    weak = parse_cards(["7H", "8H", "9S", "TS", "7C", "8C", "7D", "9D"])
    rest = [c for c in range(32) if c not in strong and c not in weak]
    hands = {"S": strong, "W": weak, "N": rest[:8], "E": rest[8:]}
    deal = CoincheDeal("federation", "E", hands)  # N first: weak or not, then W, then S
    deal.call("pass")
    assert bots.coinche_call(deal) == "pass"  # West, weak
    deal.call("pass")
    assert bots.coinche_call(deal) in ("80H", "90H")  # South, jack + nine + ace + ten
    assert deal.can_call(bots.coinche_call(deal))


def test_bots_only_ever_make_legal_moves_over_many_deals():
    for seed in range(40):
        record = SimpleNamespace(
            seed=seed, dealer=SEATS[seed % 4], profile="encyclopedia", seats="", moves=[], seen=0
        )
        table = CoincheTable(record)
        while not table.deal.finished:
            record.seen = len(table.deal.tricks)
            table.advance()  # every bot move goes through the engine's verify_*
        if table.deal.phase == "done":
            assert table.deal.result().valid


# -- the referee ------------------------------------------------------------------------


def test_referee_matches_the_cli_under_every_profile(client):
    query = {
        "game": "coinche",
        "trump": "H",
        "leader": "S",
        "t1": "AS",
        "t2": "TS",
        "t3": "7S",
        "hand": ["JH", "KD", "7H", "8S"],
    }
    body = client.get("/en/referee/", query).content.decode()
    questions = [
        {
            "profile": name,
            "trump": "H",
            "hand": ["JH", "KD", "7H", "8S"],
            "seat": "N",
            "trick": [
                {"seat": "S", "card": "AS"},
                {"seat": "E", "card": "TS"},
                {"seat": "N", "card": "7S"},
            ],
        }
        for name in ["federation", "maison", "official", "online-es", "encyclopedia"]
    ]
    # The seat to play follows the trick's rotation: S led, E and N played, W plays.
    for question in questions:
        question["seat"] = "W"
    for question, answer in zip(questions, cli_legal(questions), strict=True):
        assert (
            f'data-profile="{question["profile"]}" data-legal="{" ".join(answer["legal"])}"' in body
        )


def test_referee_chouine_position_and_impossible_positions(client):
    body = client.get(
        "/fr/referee/",
        {
            "game": "chouine",
            "trump": "S",
            "leader": "A",
            "t1": "AH",
            "stock": "0",
            "hand": ["KH", "7S", "QD"],
        },
    ).content.decode()
    assert 'data-profile="chouine" data-legal="KH"' in body
    twice = client.get("/en/referee/", {"trump": "H", "t1": "AS", "hand": ["AS", "KD"]})
    assert twice.status_code == 400 and "appears twice" in twice.content.decode()
    many = client.get(
        "/en/referee/", {"trump": "H", "hand": [c + "S" for c in "789TJQKA"] + ["7H"]}
    )
    assert many.status_code == 400 and "at most 8 cards" in many.content.decode()
    bad = client.get("/en/referee/", {"trump": "XX", "hand": ["AS"]})
    assert bad.status_code == 400
    house = client.get("/en/referee/", {"trump": "H", "hand": ["AS"], "house": "[1]"})
    assert house.status_code == 400
    ok = client.get(
        "/en/referee/", {"trump": "SA", "hand": ["AS", "KD"], "house": '{"base": "official"}'}
    )
    # Federation plays no no-trump contracts; the other columns still answer.
    assert ok.status_code == 200 and "does not play" in ok.content.decode()


# A position where the profiles differ: no spade, the opponent's jack of hearts too high.
UNDERTRUMP = {
    "game": "coinche",
    "trump": "H",
    "leader": "N",
    "t1": "TS",
    "t2": "JH",
    "hand": ["QH", "8H", "AD", "TD", "KC", "7C"],
}


def _column(body: str, key: str) -> str:
    start = body.index(f'data-profile="{key}"')
    end = body.find("<article", start)
    return body[start : end if end > 0 else None]


def test_referee_house_rules_chosen_the_site_way_answer_as_the_cli(client):
    code = "federation~undertrump:1"
    question = {
        "profile": code,
        "trump": "H",
        "hand": UNDERTRUMP["hand"],
        "seat": "S",
        "trick": [{"seat": "N", "card": "TS"}, {"seat": "E", "card": "JH"}],
    }
    answers = cli_legal([question, {**question, "profile": "federation"}])
    expected, federation = (" ".join(a["legal"]) for a in answers)
    assert expected != federation  # the house rule changes this very answer
    # 1. A code in the address (the builder's "Open under these rules: Referee" link).
    builder = client.get("/en/profiles/house/", {"profile": code}).content.decode()
    link = html.unescape(re.search(r'href="([^"]+)" data-action="open-referee"', builder)[1])
    assert link == "/en/referee/?profile=federation~undertrump%3A1"
    opened = client.get(link).content.decode()
    assert f'<option value="{code}" selected>' in opened and "data-answer" not in opened
    body = client.get("/en/referee/", {**UNDERTRUMP, "profile": code}).content.decode()
    column = _column(body, code)
    assert f'data-legal="{expected}"' in column
    assert "House rules (based on Federation)" in column
    assert "you must still play a lower trump." in column
    assert "See or change these house rules" in column
    assert 'href="/en/profiles/house/"' in body  # the builder, to make new ones
    # 2. The rules remembered by "Use these rules on every page".
    client.post("/en/profiles/house/use/", {"profile": code, "next": "/"})
    body = client.get("/en/referee/", UNDERTRUMP).content.decode()
    assert f'data-legal="{expected}"' in _column(body, code)
    assert f'<option value="{code}" selected>' in body
    # 3. The form's "none" turns them off, whatever is remembered.
    body = client.get("/en/referee/", {**UNDERTRUMP, "profile": ""}).content.decode()
    assert f'data-profile="{code}"' not in body and "data-answer" in body
    # A code the engine refuses: its reason, a 400, the position kept.
    bad = client.get("/fr/referee/", {**UNDERTRUMP, "profile": "federation~max_bid:9999"})
    page = html.unescape(bad.content.decode())
    assert bad.status_code == 400 and "data-error" in page and "data-answer" not in page
    assert 'value="AD" checked' in page and '<option value="JH" selected>' in page


def test_referee_answer_opens_with_where_the_rule_sets_differ(client):
    question = {"trump": "H", "hand": UNDERTRUMP["hand"], "seat": "S"}
    question["trick"] = [{"seat": "N", "card": "TS"}, {"seat": "E", "card": "JH"}]
    names = ["federation", "maison", "official", "online-es", "encyclopedia"]
    answers = cli_legal([{**question, "profile": name} for name in names])
    allowing: dict[tuple, list[str]] = {}
    for name, answer in zip(names, answers, strict=True):
        allowing.setdefault(tuple(answer["legal"]), []).append(name)
    assert len(allowing) == 2  # Federation lets the player discard, the others do not
    for lang in ("en", "ro"):
        body = html.unescape(client.get(f"/{lang}/referee/", UNDERTRUMP).content.decode())
        line = re.search(r"data-summary>(.*?)</p>", body)[1]
        for legal, group in allowing.items():
            labels = [str(PROFILE_LABELS[name]) for name in group]
            code = "referee_group_any" if len(legal) == 6 else "referee_group_some"
            params = {"count": len(group), "profiles": labels, "card": list(legal)}
            with translation.override(lang):
                assert render(Step(code, params), lang) in line
        # One column per answer: the four that agree are folded into one.
        assert body.count('class="panel referee-column"') == 2
    # When every profile agrees, the line says so and one column holds them all.
    same = {**UNDERTRUMP, "hand": ["QS", "8H", "AD"]}
    body = html.unescape(client.get("/en/referee/", same).content.decode())
    assert "All 5 rule sets agree: only the queen of spades may be played." in body
    assert body.count('class="panel referee-column"') == 1


def test_referee_json_house_rules_stay_behind_a_fold(client):
    body = client.get("/en/referee/").content.decode()
    fold = body[body.index("<details") : body.index("</details>")]
    assert 'name="house"' in fold and "<details open" not in body
    bad = client.get("/fr/referee/", {**UNDERTRUMP, "house": "{base"})
    page = bad.content.decode()
    assert bad.status_code == 400 and "<details open" in page and "{base" in page
    assert render(Step("bad_json", {"line": 1, "column": 2}), "fr") in html.unescape(page)


def test_referee_refuses_a_gap_in_the_trick_and_keeps_the_form(client):
    gap = {**UNDERTRUMP, "t1": "", "t2": "JH"}
    for lang in ("en", "fr", "pt", "es", "ro"):
        response = client.get(f"/{lang}/referee/", gap)
        page = html.unescape(response.content.decode())
        message = render(Step("referee_trick_gap", {"empty": 1, "later": 2}), lang)
        assert response.status_code == 400 and message in page, lang
        assert "data-answer" not in page
        fields = page[page.index('data-field="t1"') :]
        t1, t2 = fields.split('data-field="t2"')[0], fields.split('data-field="t2"')[1]
        assert " selected" not in t1.split("</select>")[0] and 'aria-invalid="true"' in t1[:80]
        assert '<option value="JH" selected>' in t2.split("</select>")[0]
        assert all(f'value="{c}" checked' in page for c in gap["hand"])
    # Card 3 without card 2 is refused the same way.
    response = client.get("/en/referee/", {**UNDERTRUMP, "t2": "", "t3": "7S"})
    assert response.status_code == 400
    assert render(Step("referee_trick_gap", {"empty": 2, "later": 3}), "en") in html.unescape(
        response.content.decode()
    )


def test_referee_words_say_allowed_and_refused_and_draw_every_card_named(client):
    body = html.unescape(client.get("/fr/referee/", UNDERTRUMP).content.decode())
    assert "choisissez ses cartes" in body and "touchez" not in body
    assert "choisie" not in body and "non choisie" not in body
    maison = _column(body, "maison")
    # The two trumps are allowed, the four others refused, each said in plain words.
    assert maison.count('data-verdict="allowed"') == 2
    assert maison.count('data-verdict="refused"') == 4
    assert maison.count('<span class="visually-hidden verdict-said">permise</span>') == 2
    assert maison.count('<span class="visually-hidden verdict-said">refusée</span>') == 4
    # The reason names four cards: all four are drawn beside it, in the sentence's order.
    reasons = re.findall(
        r'<li class="verdict-refused" data-cards="([^"]*)">(.*?)</li>', maison, re.S
    )
    assert [cards for cards, _text in reasons] == ["AD TD KC 7C"]
    assert reasons[0][1].count('class="card ') == 4
    # Federation lets the player discard: nothing refused, no reason drawn.
    assert 'class="verdict-refused"' not in _column(body, "federation")
    en = client.get("/en/referee/").content.decode()
    assert "choose its cards" in en and "tap" not in en.lower().split("<main")[1]


def test_referee_columns_say_what_each_profile_is(client):
    body = html.unescape(client.get("/en/referee/", UNDERTRUMP).content.decode())
    assert "whole set of rules, for the play as well" in body
    for key, play in [
        ("federation", "you may discard instead of playing a lower trump."),
        ("maison", "you must still play a lower trump."),
        ("official", "you must still play a lower trump."),
    ]:
        about = _column(body, key).split("data-about>")[1].split("</div>")[0]
        assert f'href="/en/profiles/#{key}"' in about
        assert f"Unable to overtrump an opponent, {play}" in about
    assert "named after its way of counting" in _column(body, "maison")
    assert "named after its way of counting" in _column(body, "official")


def test_referee_answer_is_the_target_of_the_form_and_of_the_shared_address(client):
    blank = client.get("/en/referee/").content.decode()
    assert 'action="/en/referee/#answer"' in blank
    body = client.get("/en/referee/", UNDERTRUMP).content.decode()
    assert '<h2 id="answer" tabindex="-1">' in body
    assert "js/referee.js" in body  # which focuses that heading
    share = html.unescape(re.search(r'href="([^"]+)" data-share', body)[1])
    assert share.endswith("#answer") and "t2=JH" in share


def test_a_house_rule_code_plays_and_replays(client):
    """Issue 15's codes are taken wherever a profile is: the deal replays under the same code."""
    url = start(client, seed="5", profile="federation~max_bid:180")
    page = play_to_the_end(client, url, random.Random(5))
    payload = client.get(url + "replay.json").json()
    assert payload["profile"] == "federation~max_bid:180"
    answer, _ = ask("replay", payload)
    if 'data-phase="done"' in page:
        assert answer["scores"] == json.loads(unescape(SCORES.search(page).group(1)))
    assert "House rules (based on Federation)" in page


# -- what a newcomer meets at the table ---------------------------------------------------


def test_the_calls_are_only_the_profile_own_and_name_what_it_lacks(client):
    """Federation plays no SA/TA and has no générale: no such button, one line saying so."""
    page = client.get(start(client, seed="3", dealer="W", profile="federation")).content.decode()
    calls = LEGAL_CALL.findall(page) + REFUSED_CALL.findall(page)
    assert "80H" in calls and "capotH" in calls
    assert not [c for c in calls if c.endswith(("SA", "TA")) or c.startswith("generale")]
    # One sentence names them all, not one refusal each side by side.
    lacks = re.search(r"data-lacks><small>([^<]*)<", page).group(1)
    assert (
        html.unescape(lacks) == "Under these rules, nobody bids no trump, all trumps, or générale."
    )
    assert 'data-lesson="coinche-auction"' in page and "How does the auction work?" in page
    # The capot button says the engine's word for the bid.
    assert re.search(r'value="capotH"[^>]*>([^<]+)<', page).group(1) == bid_name("capot", "en")
    # Under a profile that plays them, SA and TA are calls and the line is gone.
    page = client.get(start(client, seed="3", dealer="W", profile="encyclopedia")).content.decode()
    assert "80SA" in LEGAL_CALL.findall(page) + REFUSED_CALL.findall(page)
    lacks = re.search(r"data-lacks><small>([^<]*)<", page)
    assert lacks is None or "no trump" not in lacks.group(1)


def test_the_deal_is_titled_by_its_dealer_and_the_seed_stays_in_the_share_link(client):
    page = client.get(start(client, seed="1234567", dealer="W")).content.decode()
    title = page[page.index("<h1") : page.index("</h1>")]
    assert "West deals" in title and "1234567" not in title
    assert "seed=1234567" in page  # the share link


def test_carrying_on_is_a_switch_off_for_the_first_deal_then_on(client):
    url = start(client, seed="3", dealer="W")
    page = client.get(url).content.decode()
    switch = re.search(r'<input type="checkbox" role="switch" name="auto"[^>]*>', page).group(0)
    assert 'data-action="auto"' in switch and "checked" not in switch
    play_to_the_end(client, url, random.Random(1))
    page = client.get(start(client, seed="5", dealer="N")).content.decode()
    assert re.search(r'role="switch" name="auto" value="1" data-action="auto" checked', page)
    # The learner's own choice wins for the rest of the session.
    client.post(url, {"action": "auto", "at": "0"})
    page = client.get(start(client, seed="6", dealer="N")).content.decode()
    assert not re.search(r'data-action="auto" checked', page)


def test_the_news_leaves_out_what_the_table_shows(client):
    url = start(client, seed="3", dealer="W")
    page = client.post(url, {"call": "80H", "at": "0"}, headers={"HX-Request": "true"})
    news = page.content.decode().split('id="play-news"')[1].split("</div>")[0]
    assert "bids" not in news and "passes" not in news
    assert 'class="call' in page.content.decode()  # the calls are at the seats


def test_the_announce_panel_shows_only_when_the_engine_offers_one(client):
    from tutor.play.chouine import ChouineTable

    seed = chouine_seed()
    url = start(client, "chouine", seed=str(seed))
    token = url.rstrip("/").split("/")[-1]
    table = ChouineTable(TableDeal.objects.get(token=token))
    page = client.get(url).content.decode()
    offered = table.deal.announcements_available() and not table.waiting()
    assert ("You can announce" in page) == bool(offered)
    if not offered:
        assert "data-announce=" not in page and "Try an announcement" in page


def test_the_referee_draws_one_game_at_a_time(client):
    coinche = client.get("/en/referee/").content.decode()
    assert 'name="house"' in coinche and 'name="t3"' in coinche and 'name="stock"' not in coinche
    chouine = client.get("/en/referee/", {"game": "chouine"})
    body = chouine.content.decode()
    assert chouine.status_code == 200 and "data-answer" not in body and "data-error" not in body
    assert 'name="stock"' in body and 'name="t2"' not in body and 'name="house"' not in body
    assert 'aria-current="page"' in body.split('data-game="chouine"')[1][:40]


# -- the auction on six cards (002 lines 11 and 149) -----------------------------------


def _first_bid_then_pass(page: str, state: dict) -> str:
    calls = LEGAL_CALL.findall(page)
    if not state.get("bid"):
        state["bid"] = True
        return next((c for c in calls if c[0].isdigit()), "pass")
    return "pass"


@pytest.mark.parametrize(
    "profile", ["federation~deal:6-2", '{"base": "encyclopedia", "deal": "3-3-2"}']
)
def test_a_six_card_auction_deal_played_to_the_end(client, profile):
    url = start(client, profile=profile, seed="3", dealer="E")  # South speaks first
    page = client.get(url).content.decode()
    payload = client.get(url + "replay.json").json()
    # The learner bids on the first six cards dealt, with two face-down places to come.
    assert 'data-auction-hand="6"' in page and page.count("data-to-come ") == 2
    shown = re.findall(r'<span class="pick" data-card="(\w\w)">', page)
    assert sorted(shown) == sorted(payload["hands"]["S"][:6])
    assert render(Step("deal_auction_cards"), "en") in page
    state: dict = {}
    while 'data-phase="auction"' in page:
        at = AT.search(page).group(1)
        client.post(url, {"call": _first_bid_then_pass(page, state), "at": at})
        page = client.get(url).content.decode()
    assert 'data-phase="play"' in page, "the learner's bid gives a contract"
    payload = client.get(url + "replay.json").json()
    news = html.unescape(re.search(r"data-news>(.*?)</div>", page, re.S).group(1))
    assert render(Step("deal_completed", {"seat": "E"}), "en") in news
    received = render(Step("play_cards_received", {"cards": payload["hands"]["S"][6:]}), "en")
    assert received in news
    assert "data-auction-hand" not in page and "data-to-come " not in page
    page = play_to_the_end(client, url, random.Random(profile))
    scores = json.loads(unescape(SCORES.search(page).group(1)))
    payload = client.get(url + "replay.json").json()
    answer = cli_replay(payload)
    assert answer["valid"] and answer["scores"] == scores and len(payload["plays"]) == 32
    # The hands as dealt at the end: all eight cards, in the order dealt.
    assert page.count("data-hand-of=") == 4


def test_the_bots_bid_on_the_six_cards_they_hold():
    """002 line 11: one bids without knowing the two cards to come."""
    strong = parse_cards(["AH", "TH", "7S", "8S", "7C", "8D", "JH", "9H"])  # J and 9 last
    weak = parse_cards(["7H", "8H", "9S", "TS", "7C", "8C", "7D", "9D"])
    rest = [c for c in range(32) if c not in strong and c not in weak]
    hands = {"S": strong, "W": weak, "N": rest[:8], "E": rest[8:]}
    for spec, bids in (("federation", True), ("federation~deal:6-2", False)):
        deal = CoincheDeal(spec, "E", hands)
        for _ in range(2):
            deal.call("pass")
        assert (bots.coinche_call(deal) != "pass") == bids, spec


# -- the coinche at any moment (002 line 31, the encyclopedia profile) ---------------------


def _paused_page(client, profile="encyclopedia"):
    """The deal of :func:`coinche_pause_seed`, the learner passing until East's bid."""
    url = start(client, profile=profile, seed=str(coinche_pause_seed()), dealer="N")
    page = client.get(url).content.decode()
    while "data-out-of-turn" not in page:
        assert 'data-phase="auction"' in page
        client.post(url, {"call": "pass", "at": AT.search(page).group(1)})
        page = client.get(url).content.decode()
    return url, page


def test_a_coinche_out_of_turn_is_offered_made_replayed_and_undone(client):
    url, page = _paused_page(client)
    token = url.rstrip("/").split("/")[-1]
    record = TableDeal.objects.get(token=token)
    assert record.moves[-1]["seat"] == "E" and record.moves[-1]["call"][0].isdigit()
    # The bots wait for South: a Coinche button, "let it go on", the engine's sentence.
    assert 'value="S:coinche" data-call="coinche"' in page
    assert 'name="action" value="continue"' in page and "data-your-turn" not in page
    line = render(Step("call_any_moment", {"seat": "S", "kind": "coinche"}), "en")
    assert line in html.unescape(page)
    moves = len(record.moves)
    response = client.post(url, {"call": "S:coinche", "at": moves})
    assert response.status_code == 302  # a plain form, without JavaScript
    record.refresh_from_db()
    assert record.moves[moves] == {"seat": "S", "call": "S:coinche"}
    page = client.get(url).content.decode()
    said = render(Step("call_coinche", {"seat": "S"}), "en")
    assert said in html.unescape(page) and "data-out-of-turn" not in page
    # Undo takes the coinche back, with what the bots did after it: the pause again.
    client.post(url, {"action": "undo", "at": len(record.moves)})
    record.refresh_from_db()
    assert len(record.moves) == moves
    assert "data-out-of-turn" in client.get(url).content.decode()
    # Coinche again and play to the end: the replay checks "S:coinche" and scores the same.
    client.post(url, {"call": "S:coinche", "at": moves})
    page = play_to_the_end(client, url, random.Random(4))
    payload = client.get(url + "replay.json").json()
    assert "S:coinche" in payload["calls"]
    answer = cli_replay(payload)
    scores = json.loads(unescape(SCORES.search(page).group(1)))
    assert answer["valid"] and answer["scores"] == scores
    assert answer["contract"]["double"] == 2


def test_letting_the_auction_go_on_and_undoing_it(client):
    url, page = _paused_page(client)
    record = TableDeal.objects.get(token=url.rstrip("/").split("/")[-1])
    moves = len(record.moves)
    # A stale "let it go on" (drawn before another move) changes nothing.
    page = client.post(url, {"action": "continue", "at": moves - 1}).content.decode()
    assert render(Step("play_stale"), "en") in html.unescape(page)
    record.refresh_from_db()
    assert len(record.moves) == moves
    client.post(url, {"action": "continue", "at": moves})
    record.refresh_from_db()
    assert record.moves[moves] == {"seat": "S", "let_go": True}
    assert len(record.moves) > moves + 1  # the bots carried on
    client.post(url, {"action": "undo", "at": len(record.moves)})
    record.refresh_from_db()
    assert len(record.moves) == moves
    page = client.get(url).content.decode()
    assert "data-out-of-turn" in page and 'value="S:coinche"' in page
    # Nothing to let go of any more once the learner has coinched: a clear refusal.
    client.post(url, {"call": "S:coinche", "at": moves})
    record.refresh_from_db()
    response = client.post(url, {"action": "continue", "at": len(record.moves)})
    assert response.status_code == 200
    assert "data-refusal" in response.content.decode()
    payload = client.get(url + "replay.json").json()
    assert "let_go" not in json.dumps(payload) and ask("auction", payload)[0]["valid"]


@pytest.mark.parametrize("profile", ["encyclopedia", "federation~coinche_out_of_turn:1"])
def test_the_bots_pause_only_when_the_engine_lets_south_coinche(client, profile):
    """Over many deals: the out-of-turn panel is there exactly when the last call was an
    engine seat's bid and the engine accepts "S:coinche" out of turn."""
    paused = 0
    for seed in range(12):
        record = SimpleNamespace(
            seed=seed, dealer=SEATS[seed % 4], profile=profile, seats="S", moves=[], seen=0
        )
        table = CoincheTable(record)
        table.advance()
        rng = random.Random(seed)
        while table.deal.phase == "auction":
            deal = table.deal
            last = record.moves[-1] if record.moves else {}
            may = deal.to_move != "S" and deal.auction.check(parse_call("S:coinche")) is None
            bot_bid = last.get("seat") not in (None, "S") and last.get("call", "pass")[0].isdigit()
            assert table.paused() == (may and bot_bid)
            assert bool(table.context("en").get("out_of_turn")) == may
            if table.paused():
                paused += 1
                table.let_go() if rng.random() < 0.7 else table.move("call", "S:coinche")
            else:
                table.move("call", rng.choice([*deal.legal_calls()[:3], "pass", "pass"]))
            table.advance()
    assert paused


def test_every_seat_that_may_coinche_out_of_turn_gets_its_button(client):
    url = start(client, profile="encyclopedia", seed="5", dealer="N", seats="all")
    page = client.get(url).content.decode()
    assert "data-out-of-turn" not in page  # no bid yet
    client.post(url, {"call": "90H", "at": 0})  # West bids; South speaks in turn
    page = client.get(url).content.decode()
    assert 'value="N:coinche" data-call="coinche"' in page
    assert 'name="action" value="continue"' not in page  # nobody waits: South is to speak
    client.post(url, {"call": "N:coinche", "at": 1})
    record = TableDeal.objects.get(token=url.rstrip("/").split("/")[-1])
    assert record.moves[-1] == {"seat": "N", "call": "N:coinche"}
    page = client.get(url).content.decode()
    assert 'value="E:surcoinche" data-call="surcoinche"' in page
    for at in (2, 3, 4):
        client.post(url, {"call": "pass", "at": at})
    payload = client.get(url + "replay.json").json()
    assert payload["calls"] == ["90H", "N:coinche", "pass", "pass", "pass"]
    assert ask("auction", payload)[0]["contract"]["double"] == 2
