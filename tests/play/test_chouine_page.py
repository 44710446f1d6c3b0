"""What the Chouine page says at each moment of a deal, through the Django test client: the
rule line after an announcement, the exchange told in the news, the learner spoken to as
"you", the trick headings' grammar, one name per combination, announcements kept to their
trick, the last trick left on the felt, and the page's switch and share texts."""

import html
import re

import pytest
from django.utils import translation

from tests.play.helpers import AT, REFUSED_CARD, _learner_move, chouine_seed
from tutor.play.chouine import ChouineTable
from tutor.play.models import TableDeal
from tutor.rules.cards import card_code
from tutor.rules.chouine.announce import Kind
from tutor.rules.explain import ANNOUNCEMENT_WORDS, Step, render

pytestmark = pytest.mark.django_db


def start(client, lang="en", **data):
    response = client.post(f"/{lang}/play/chouine/", {"seats": "one", **data})
    assert response.status_code == 302
    return response.url


def text_of(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split()


def block(page: str, marker: str, end: str = "</div>") -> str:
    return page.split(marker, 1)[1].split(end, 1)[0]


def play(client, lang="en", on_page=None):
    """Plays the test seed's deal as the test's learner; ``on_page(action, page, table)`` is
    called with every page drawn after one of the learner's moves."""
    url = start(client, lang, seed=str(chouine_seed()))
    url = f"/{lang}/" + url.split("/", 2)[2] if not url.startswith(f"/{lang}/") else url
    token = url.rstrip("/").split("/")[-1]
    for _ in range(200):
        table = ChouineTable(TableDeal.objects.get(token=token))
        if table.deal.finished:
            break
        page = client.get(url).content.decode()
        at = AT.search(page).group(1)
        if table.waiting():
            data = {"action": "continue", "trick": table.record.seen + 1}
            action = "continue"
        else:
            action, value = _learner_move(table)
            if action == "announce":
                kind, suit = value
                data = {"action": "announce", "pick": f"{kind}-{suit or ''}"}
            elif action == "exchange":
                data = {"action": "exchange"}
            else:
                data = {"card": card_code(value)}
        answer = client.post(url, {**data, "at": at}, headers={"HX-Request": "true"})
        if on_page:
            on_page(
                action, answer.content.decode(), ChouineTable(TableDeal.objects.get(token=token))
            )
    return url, client.get(url).content.decode()


def test_after_an_announcement_the_rule_line_is_the_engine_s_and_agrees(client):
    seen = []

    def check(action, page, table):
        if action != "announce":
            return
        rule = html.unescape(re.search(r"data-rule>([^<]*)<", page).group(1))
        expected = render(
            Step(table.deal.play_rule().code, {**table.deal.play_rule().params, "you": True})
        )
        assert rule == expected
        assert "any card" not in rule and "announced" in rule
        # Every card the rule names is a card the hand offers, and no other.
        legal = {card_code(c) for c in table.deal.legal_cards()}
        offered = set(re.findall(r'name="card" value="(\w\w)" data-card="\w\w">', page))
        assert offered == legal
        seen.append(rule)

    play(client, on_page=check)
    assert seen


def test_the_exchange_is_offered_apart_from_continue_and_told_in_the_news(client):
    told = []

    def check(action, page, table):
        if 'data-action="continue"' in page and 'data-action="exchange"' in page:
            assert "last moment" in page  # only the last chance shares the screen
        if action == "exchange":
            news = block(page, 'id="play-news"')
            assert "exchanges the seven of" in news
            told.append(news)

    play(client, on_page=check)
    assert told


def test_the_rule_speaks_to_the_learner(client):
    url = start(client, seed=str(chouine_seed()))
    page = client.get(url).content.decode()
    if "data-rule>" in page:
        rule = re.search(r"data-rule>([^<]*)<", page).group(1)
        assert "you may play" in rule.lower() or "you " in rule.lower()
        assert "player A" not in rule


@pytest.mark.parametrize(
    ("lang", "heading", "winner"),
    [
        ("ro", "Levata", "jucătorul "),
        ("es", "Baza", "el jugador "),
        ("pt", "Vaza", "o jogador "),
        ("fr", "Pli", "le joueur "),
    ],
)
def test_a_gathered_trick_says_its_winner_once_with_the_reason(client, lang, heading, winner):
    """The panel's heading is the trick's number; the engine's reason names the winner (in
    the language's own form, mid-sentence) and the news does not repeat it."""
    seen = []

    def check(action, page, table):
        if "data-gathered" in page:
            panel = block(page, "data-gathered", "</section>")
            title = " ".join(text_of(block(panel, "<h2>", "</h2>")))
            reason = " ".join(text_of(block(panel, "</h2>", "</p>")))
            news = " ".join(text_of(block(page, "data-news", "</div>")))
            seen.append((title, reason, news))

    play(client, lang, on_page=check)
    assert seen
    for title, reason, news in seen:
        assert re.fullmatch(rf"{heading} \d+", title), title
        assert winner in reason.lower()
        assert reason not in news


@pytest.mark.parametrize("lang", ["pt", "es", "ro", "fr"])
def test_the_announce_form_names_combinations_as_the_news_does(client, lang):
    url = start(client, lang, seed=str(chouine_seed()))
    page = client.get(url).content.decode()
    options = dict(
        re.findall(r'<option value="(marriage|tierce|quateron|quinte|chouine)">([^<]*)<', page)
    )
    assert len(options) == 5
    with translation.override(lang):
        for kind in Kind:
            word = translation.pgettext(*ANNOUNCEMENT_WORDS[kind.value])
            assert html.unescape(options[kind.value]).startswith(word), (kind, options[kind.value])


@pytest.mark.parametrize(("lang", "player"), [("fr", "Joueur"), ("ro", "Jucătorul")])
def test_the_players_on_the_felt_the_dealer_label_and_the_referee_take_their_capital(
    client, lang, player
):
    """A name standing alone, as a seat on the table and as a choice of the referee, is
    written as a label: "Joueur A", never "joueur A"; the heading names the dealer in a
    sentence ("Le joueur B donne")."""
    url = start(client, lang, seed=str(chouine_seed()))
    page = client.get(url).content.decode()
    seats = re.findall(r'<span class="seat-name">([^<]*)<', page)
    assert seats and all(name.startswith(player) for name in seats), seats
    # The heading says who deals in a sentence, the player with its article.
    heading = " ".join(text_of(block(page, "<h1>", "</h1>")))
    assert re.search(rf"\b{player} [AB]\b", heading, re.I), heading
    referee = client.get(f"/{lang}/referee/?game=chouine").content.decode()
    options = re.findall(r'<option value="[AB]"[^>]*>([^<]*)<', referee)
    assert options and all(name.startswith(player) for name in options), options


def test_names_standing_alone_take_their_capital(client):
    _url, page = play(client, "ro")
    final = block(page, "data-scores=", "</p>")
    assert "Jucătorul A" in final and "jucătorul A" not in final
    points = block(page, 'class="play-points"', "</dl>")
    assert "<dt>Jucătorul A</dt>" in points


def test_an_announcement_shows_in_its_trick_and_later_only_as_a_record(client):
    checks = {"now": 0, "later": 0}

    def check(action, page, table):
        deal = table.deal
        announced_tricks = []
        done = 0
        for record in deal.history:
            if type(record).__name__ == "Announced":
                announced_tricks.append(done + 1)
            elif getattr(record, "trick", None) is not None:
                done += 1
        current = deal.tricks if table.waiting() else deal.tricks + 1
        if any(n < current for n in announced_tricks) and not deal.finished:
            assert "data-announced-earlier" in page
            earlier = page.split("data-announced-earlier", 1)[1]
            assert earlier.split(">", 1)[0].find("open") == -1  # closed, a record
            checks["later"] += 1
        if "data-announced>" in page:
            assert current in announced_tricks
            checks["now"] += 1

    play(client, on_page=check)
    assert checks["later"]


def test_the_last_trick_stays_on_the_felt_at_the_end(client):
    _url, page = play(client)
    felt = (
        block(page, 'class="trick-area"', '<div class="stock"')
        if '<div class="stock"' in page
        else block(page, 'class="trick-area"', "</figure>")
    )
    assert felt.count("data-card=") == 2 or felt.count('class="played') == 2


@pytest.mark.parametrize("auto", ["1", ""])
def test_the_switch_says_what_it_does_whatever_its_state(client, auto):
    url = start(client, seed=str(chouine_seed()))
    client.post(url, {"action": "auto", "auto": auto, "at": "0"})
    page = client.get(url).content.decode()
    switch = re.search(r'role="switch"[^>]*>', page).group(0)
    assert ("checked" in switch) == bool(auto)
    help_text = block(page, "data-auto-help>", "</small>")
    assert help_text.startswith("When this is on,") and not help_text.startswith("On:")


def test_the_home_page_offers_a_deal_of_each_game(client):
    page = client.get("/es/").content.decode()
    assert 'href="/es/play/coinche/" data-play="coinche"' in page
    assert 'href="/es/play/chouine/" data-play="chouine"' in page


@pytest.mark.parametrize(("lang", "start_of"), [("en", "You "), ("ro", "Nu ")])
def test_a_refused_announcement_speaks_to_the_learner(client, lang, start_of):
    url = start(client, lang, seed=str(chouine_seed()))
    page = client.get(url).content.decode()
    at = AT.search(page).group(1)
    answer = client.post(
        url, {"action": "announce", "kind": "chouine", "suit": "H", "at": at}
    ).content.decode()
    refusal = html.unescape(re.search(r"data-refusal>([^<]*)<", answer).group(1))
    assert refusal.startswith(start_of) and "jucătorul A" not in refusal
    assert "player A" not in refusal


def test_the_review_after_the_deal_lists_each_move_with_its_rule_and_the_refusals_met(client):
    from tutor.play.chouine import refusals

    hit = []

    def refuse_once(action, page, table):
        # Once, in the strict last tricks, the learner taps a card the rules refuse first.
        deal = table.deal
        if hit or table.waiting() or not table.learner(deal.to_move):
            return
        illegal = refusals(deal)
        if not illegal:
            return
        card = card_code(next(iter(illegal)))
        at = AT.search(page).group(1)
        url = f"/en/play/chouine/{table.record.token}/"
        client.post(url, {"card": card, "at": at}, headers={"HX-Request": "true"})
        code, params = illegal[next(iter(illegal))]
        hit.append((len(table.record.moves), render(Step(code, {**params, "you": True}))))

    _url, page = play(client, on_page=refuse_once)
    assert hit, "the seed's deal offers no refused card"
    record = TableDeal.objects.get(token=_url.rstrip("/").split("/")[-1])
    assert [r["at"] for r in record.refused] == [hit[0][0]]
    review = page.split("data-review>", 1)[1].split("</ol>", 1)[0]
    items = re.findall(r'<li data-move="(\w+)"(.*?)\n  </li>', review, re.S)
    learner_moves = [m for m in record.moves if m["player"] == "A"]
    assert [kind for kind, _ in items] == [
        next(k for k in ("play", "exchange", "announce") if k in m) for m in learner_moves
    ]
    # Each card's verdict is the engine's count of the cards it allowed at that moment.
    table = ChouineTable(
        TableDeal(
            game="chouine",
            seed=record.seed,
            dealer=record.dealer,
            profile=record.profile,
            seats=record.seats,
        )
    )
    plays = iter(html.unescape(body) for kind, body in items if kind == "play")
    for move in record.moves:
        if "play" in move and move["player"] == "A":
            body = next(plays)
            allowed = len(table.deal.legal_cards())
            held = len(table.deal.hand("A"))
            choice = "forced" if allowed == 1 else "free" if allowed == held else "ruled"
            assert f'data-card="{move["play"]}" data-choice="{choice}"' in body
            with translation.override("en"):
                assert table.say(table.deal.play_rule(), "en") in body
        table._push(move)
    # The refusal met is told under the move that followed it, in the engine's words.
    refused = [body for _kind, body in items if "data-refused" in body]
    assert len(refused) == 1 and hit[0][1] in html.unescape(refused[0])
    # Before the review, the result spoken to player A, with both totals.
    scores = table.deal.result().scores
    said = "won" if scores["A"] > scores["B"] else "lost" if scores["A"] < scores["B"] else "drawn"
    line = re.search(r'data-outcome="(\w+)"[^>]*>(.*?)</p>', page, re.S)
    assert line.group(1) == said and page.index("data-outcome") < page.index("data-review")
    opening = {"won": "You win this deal", "lost": "You lose this deal", "drawn": "A drawn deal"}
    sentence = f"{opening[said]}, {scores['A']} to {scores['B']}."
    assert " ".join(text_of(line.group(2))) == sentence


def test_undo_forgets_the_refusals_met_on_the_way_to_the_undone_move(client):
    url = start(client, seed=str(chouine_seed()))
    token = url.rstrip("/").split("/")[-1]
    record = TableDeal.objects.get(token=token)
    before = len(record.moves)
    page = client.get(url).content.decode()
    table = ChouineTable(record)
    card = card_code(table.deal.legal_cards()[0])
    client.post(url, {"card": card, "at": AT.search(page).group(1)})
    record.refresh_from_db()
    kept = {"at": before - 1, "player": "A", "code": "x", "params": {}}
    undone = {"at": before, "player": "A", "code": "x", "params": {}}
    record.refused = [kept, undone]
    record.save()
    page = client.get(url).content.decode()
    client.post(url, {"action": "undo", "at": AT.search(page).group(1)})
    record.refresh_from_db()
    assert len(record.moves) == before and record.refused == [kept]


def test_the_french_review_spaces_its_colons_and_the_last_draw_tells_the_indicator_once(client):
    """French sets a no-break space before ":" (the catalog's way), the refusals met and the
    engine's rules included. The indicator the second player takes at the last draw (the
    seven, once exchanged) is told by the engine's chouine_last_draw, never as a card drawn
    "from the stock"."""
    refused, news = [], []

    def check(action, page, table):
        cards = REFUSED_CARD.findall(page)
        if cards and not refused:
            refused.append(cards[0])
            url = f"/fr/play/chouine/{table.record.token}/"
            client.post(url, {"card": cards[0], "at": AT.search(page).group(1)})
        if table.deal.stock_count == 0 and "data-news" in page and not news:
            news.append(" ".join(text_of(block(page, "data-news", "</div>"))))

    _url, page = play(client, "fr", on_page=check)
    review = block(page, "data-review", "</ol>")
    assert refused and "data-refused" in review
    text = html.unescape(re.sub(r"<[^>]+>", " ", review))
    assert re.findall(r".{20}[^\u00a0\u202f]:", text) == []
    table = ChouineTable(TableDeal.objects.latest("pk"))
    steps = [s for _player, steps in table.events for s in steps]
    (last_draw,) = [s for s in steps if s.code == "chouine_last_draw"]
    indicator = last_draw.params["card"]
    assert indicator not in [s.params["card"] for s in steps if s.code == "play_chouine_drew"]
    assert news and " ".join(render(last_draw, "fr").split()) in news[0]
    for code in ("play_chouine_you_drew", "play_chouine_player_drew"):
        told = render(Step(code, {"card": indicator, "player": "A"}), "fr")
        assert " ".join(told.split()) not in news[0]
