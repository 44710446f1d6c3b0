"""A duplicate club night: the same deals from the same seats at every table, and the results
compared deal by deal, shown only once every table has finished a deal (issue 22)."""

import random
import re

import pytest
from django.test import Client

from tutor.tables import keys, state
from tutor.tables.models import Night, Table

from .helpers import Player, play_deal, sit

pytestmark = pytest.mark.django_db


def make_night(client, **data):
    form = {"profile": "federation", "tables": "2", "count": "2", "seeds": "11 42", **data}
    response = client.post("/en/tables/night/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Night.objects.get(), response["Location"]


def test_a_night_deals_the_same_hands_at_every_table_and_compares_them():
    organiser = Client()
    night, host = make_night(organiser)
    assert night.deals == [[11, night.deals[0][1]], [42, night.deals[1][1]]]
    page = organiser.get(host).content.decode()
    tables = list(Table.objects.filter(night=night).order_by("number"))
    assert len(tables) == 2 and page.count("data-invite") == 2
    players = []
    for table, lang in zip(tables, ("pt", "fr"), strict=True):
        person = Client()
        assert sit(person, table, "S", f"Sul{table.number}", lang).status_code == 302
        players.append(Player(person, table, "S", lang))
    assert organiser.post(f"{host}start/").status_code == 302
    for table in tables:
        table.refresh_from_db()
        assert table.started is not None
    first = [state.current_deal(t) for t in tables]
    assert {(r.seed, r.dealer) for r in first} == {tuple(night.deals[0])}
    hands = [state.engine(r).deal.hand("S") for r in first]
    assert hands[0] == hands[1]
    # The first table finishes: the public results wait for the second.
    play_deal([players[0]], random.Random(1), check_private=False)
    public = Client().get(f"/en/tables/night/{night.token}/").content.decode()
    assert 'data-compare="0"' in public and "still being played" in public
    assert Client().get(f"/en/tables/night/{night.token}/deals/1/1/").status_code == 409
    # The organiser sees it at once.
    assert "still being played" in organiser.get(host).content.decode()
    play_deal([players[1]], random.Random(2), check_private=False)
    public = Client().get(f"/es/tables/night/{night.token}/").content.decode()
    assert 'data-compare="1"' in public
    rows = re.findall(r'data-compare-row="(\d)"', public.split('data-compare-deal="2"')[0])
    assert rows == ["1", "2"]
    assert "Sul1" in public and "Sul2" in public  # the pairs, by name
    deal = Client().get(f"/fr/tables/night/{night.token}/deals/2/1/")
    assert deal.status_code == 200 and "data-referee" in deal.content.decode()
    screen = Client().get(f"/ro/tables/night/{night.token}/screen/").content.decode()
    assert 'data-compare="1"' in screen
    # The next deal is the night's second, at each table.
    players[0].post("next/", {"after": "1"})
    assert state.current_deal(tables[0]).seed == 42


def test_a_night_refuses_bad_input_with_the_reason():
    client = Client()
    for form in ({"tables": "1"}, {"count": "0"}, {"seeds": "12 x"}, {"house": "nope~"}):
        data = {"profile": "federation", "tables": "2", "count": "2", **form}
        response = client.post("/pt/tables/night/", data)
        assert response.status_code == 400 and 'role="alert"' in response.content.decode()
    assert not Night.objects.exists()
    assert client.get("/en/tables/night/nope/").status_code == 404
    night, host = make_night(client)
    assert client.get(f"/en/tables/night/{night.token}/host/{'0' * 64}/").status_code == 404
    assert keys.is_night_key(night, host.rstrip("/").rsplit("/", 1)[1])


def test_a_night_before_its_first_deal_and_its_watch_page_say_so_in_a_sentence_of_their_own():
    organiser = Client()
    night, _host = make_night(organiser)
    public = Client().get(f"/ro/tables/night/{night.token}/").content.decode()
    assert "Niciuna dintre cele 2 mâini nu a fost comparată încă." in public
    assert "0 mâini" not in public
    table = Table.objects.filter(night=night).order_by("number").first()
    watch = organiser.get(f"/fr/tables/{table.token}/watch/{keys.host_key(table)}/")
    heading = watch.content.decode().split("<h1>", 1)[1].split("</h1>", 1)[0]
    assert heading == "Toutes les mains de la table 1 de la soirée en duplicate"
