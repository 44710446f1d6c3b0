"""Shared by the tables' tests: a table made and filled by test clients, each seat's page read
as its player receives it, and a whole deal played from those pages."""

import json
import re
from urllib.parse import unquote

from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client, RequestFactory
from django.utils import translation

from tests.play.helpers import AT, LEGAL_CALL, LEGAL_CARD, unescape
from tutor import table as card_table
from tutor.club import positions
from tutor.play.models import TableDeal
from tutor.rules.cards import card_code
from tutor.tables import state, views
from tutor.tables.models import Table

TOKEN = re.compile(r"/tables/([\w-]+)/")
# A position a page signs into a link ("Ask this at the club"): signed, not hidden.
SIGNED_POSITION = re.compile(r"position=([^&\"'\s]+)")
# A card code standing alone (never inside a token, whose letters are [A-Za-z0-9_-]).
CODE = "(?<![A-Za-z0-9_-]){}(?![A-Za-z0-9_-])"


def make_table(game="coinche", lang="en", **data) -> tuple[Client, Table]:
    creator = Client()
    response = creator.post(f"/{lang}/tables/", {"game": game, "profile": "federation", **data})
    assert response.status_code == 302, response.content.decode()[:2000]
    token = TOKEN.search(response["Location"]).group(1)
    return creator, Table.objects.get(token=token)


def sit(client: Client, table: Table, seat: str, nickname: str, lang: str, **headers):
    return client.post(
        f"/{lang}/tables/{table.token}/sit/",
        {"seat": seat, "nickname": nickname, "lang": lang},
        headers=headers,
    )


class Player:
    """One person at the table: their browser (a test client), seat and language, and every
    response they have received."""

    def __init__(self, client: Client, table: Table, seat: str, lang: str):
        self.client, self.table, self.seat, self.lang = client, table, seat, lang
        self.received: list[str] = []

    @property
    def url(self) -> str:
        return f"/{self.lang}/tables/{self.table.token}/"

    def get(self, path: str = "", **headers):
        response = self.client.get(self.url + path, headers=headers)
        self.received.append(response.content.decode())
        return response

    def post(self, path: str, data: dict, **headers):
        response = self.client.post(self.url + path, data, headers=headers)
        self.received.append(response.content.decode())
        return response

    def page(self) -> str:
        response = self.get()
        assert response.status_code == 200
        return response.content.decode()


def seated(game="coinche", langs=("pt", "es", "ro", "fr"), seats=None):
    """A table with a person at each seat (the creator at the first), not yet started."""
    creator, table = make_table(game)
    seats = seats or table.seat_codes
    players = []
    for index, (code, lang) in enumerate(zip(seats, langs, strict=False)):
        client = creator if index == 0 else Client()
        response = sit(client, table, code, f"P{code}{index}", lang)
        assert response.status_code == 302, response.content.decode()[:2000]
        players.append(Player(client, table, code, lang))
    return creator, table, players


def stream_screen(player: Player) -> views.SeatScreen:
    """``player``'s event stream as a server process holds it (tutor/push.py): the stream's
    request, with the browser's cookies and session, and the screen drawn for it."""
    request = RequestFactory().get(player.url + "events/")
    request.COOKIES = {name: morsel.value for name, morsel in player.client.cookies.items()}
    request.session = SessionStore(session_key=player.client.session.session_key)
    request.user = AnonymousUser()
    table = Table.objects.get(pk=player.table.pk)
    with translation.override(player.lang):
        return views.SeatScreen(request, table, views._seat(request, table), None)


def hidden_cards(table: Table, seat: str) -> dict[str, list[str]]:
    """The cards the other seats hold now (not yet played), by seat."""
    record = state.current_deal(Table.objects.get(pk=table.pk))
    built = state.engine(record)
    return {
        other: [card_code(c) for c in built.deal.hand(other)]
        for other in table.seat_codes
        if other != seat
    }


def assert_private(html: str, hidden: dict[str, list[str]], lang: str) -> None:
    """No card another seat holds appears in ``html``: neither its code nor its name, nor in
    a position signed into a link (a signature is readable by whoever holds it)."""
    for signed in SIGNED_POSITION.findall(html):
        html += " " + json.dumps(positions.read(unquote(signed)))
    for seat, cards in hidden.items():
        for code in cards:
            assert not re.search(CODE.format(code), html), f"{seat}'s {code} shown"
            name = card_table.card_view(code, lang)["name"]
            assert f'aria-label="{name}"' not in html, f"{seat}'s {name} shown"


def play_deal(players: list[Player], rng, check_private=True, bid="80H") -> TableDeal:
    """Each player moves on their turn from their own page (a call, or a card it offers);
    every page each player receives is checked for the others' cards."""
    by_seat = {p.seat: p for p in players}
    table = players[0].table
    for _ in range(200):
        table.refresh_from_db()
        record = state.current_deal(table)
        if record.finished:
            return record
        player = by_seat[table.to_move]
        hidden = hidden_cards(table, player.seat) if check_private else None
        page = player.page()
        at = AT.search(page).group(1)
        if "data-out-of-turn" in page and 'data-action="continue"' in page:
            response = player.post("move/", {"action": "continue", "at": at})
        elif calls := LEGAL_CALL.findall(page):
            call = bid if bid in calls else "pass"
            bid = None
            response = player.post("move/", {"call": call, "at": at})
        else:
            cards = LEGAL_CARD.findall(page)
            assert cards, page[-3000:]
            response = player.post("move/", {"card": rng.choice(cards), "at": at})
        assert response.status_code in (200, 302), response.content.decode()[-2000:]
        if not check_private:
            continue
        assert_private(page, hidden, player.lang)
        if state.current_deal(table).finished:
            continue  # every hand is shown once the deal is over
        assert_private(response.content.decode(), hidden, player.lang)
        # Another player's live region, as their poll receives it.
        other = players[(players.index(player) + 1) % len(players)]
        region = other.get("live/", **{"HX-Request": "true"}).content.decode()
        assert_private(region, hidden_cards(table, other.seat), other.lang)
    raise AssertionError("the deal never ended")


def scores_of(html: str) -> dict:
    import json

    found = re.search(r'data-scores="([^"]+)"', html)
    assert found, html[-3000:]
    return json.loads(unescape(found.group(1)))
