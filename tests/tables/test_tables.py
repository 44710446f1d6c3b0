"""A table of players: making it, sitting, starting, playing by turns with each player's hand
private, refusals in the player's language, stale and forged input, the end of a deal and the
next one (issue 22)."""

import random
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.play.helpers import AT, LEGAL_CALL, LEGAL_CARD, REFUSED_CARD, cli_replay
from tutor import push
from tutor.play.models import TableDeal
from tutor.rules.cards import card_code
from tutor.tables import keys, screens, state
from tutor.tables.models import Note, Seat, Table

from .helpers import (
    Player,
    assert_private,
    hidden_cards,
    make_table,
    play_deal,
    scores_of,
    seated,
    sit,
    stream_screen,
)

pytestmark = pytest.mark.django_db


def test_a_table_has_an_invite_link_a_qr_code_and_free_seats_facing_partners():
    creator, table = make_table()
    page = creator.get(f"/fr/tables/{table.token}/").content.decode()
    assert f'/t/{table.token}" data-invite' in page
    assert "<svg" in page  # the QR code
    seats = [code for code in "NSEW" if f'data-action="sit" data-seat="{code}"' in page]
    assert seats == ["N", "S", "E", "W"]
    assert 'data-action="start"' in page  # the creator's
    visitor = Client().get(f"/fr/tables/{table.token}/").content.decode()
    assert 'data-action="start"' not in visitor
    # The short invite link opens the table.
    assert Client().get(f"/t/{table.token}")["Location"].endswith(f"/tables/{table.token}/")


@pytest.mark.parametrize("house", ["maison~x", '{"base": "nope"}', "{"])
def test_a_table_under_unknown_rules_is_refused_with_the_reason(client, house):
    response = client.post("/pt/tables/", {"game": "coinche", "house": house})
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert not Table.objects.exists()


def test_a_house_rule_code_makes_a_table_under_those_rules(client):
    code = "federation~max_bid:180"
    response = client.post("/en/tables/", {"game": "coinche", "house": code})
    assert response.status_code == 302, response.content.decode()[:1000]
    assert Table.objects.get().profile == code


def test_sitting_takes_a_nickname_and_language_and_refuses_a_taken_seat_or_name():
    creator, table = make_table()
    assert sit(creator, table, "N", "Ana", "pt").status_code == 302
    other = Client()
    taken = sit(other, table, "N", "Beto", "es")
    assert taken.status_code == 409
    assert "ya" in taken.content.decode() or "N" in taken.content.decode()
    same = sit(other, table, "S", "ana", "es")  # one spelling of a name per table
    assert same.status_code == 409
    bad = sit(other, table, "Z", "Beto", "es")
    assert bad.status_code == 400
    empty = sit(other, table, "S", "\u0007", "es")
    assert empty.status_code == 400
    assert sit(other, table, "S", "Beto", "es").status_code == 302
    assert {s.seat: s.lang for s in table.seats.all()} == {"N": "pt", "S": "es"}


def test_only_the_creator_starts_and_bots_take_the_empty_seats():
    creator, table = make_table()
    other = Client()
    sit(other, table, "E", "Eva", "ro")
    refused = other.post(f"/ro/tables/{table.token}/start/")
    assert refused.status_code == 403
    assert creator.post(f"/en/tables/{table.token}/start/").status_code == 302
    table.refresh_from_db()
    assert table.started is not None
    bots = set(Seat.objects.filter(table=table, bot=True).values_list("seat", flat=True))
    assert bots == {"N", "S", "W"}
    record = state.current_deal(table)
    assert record.seats == "E"
    # The bots have played up to Eva's turn.
    assert table.to_move == "E"


def test_four_players_in_four_languages_play_a_whole_deal_each_seeing_only_their_hand():
    creator, table, players = seated()
    creator.post(f"/pt/tables/{table.token}/start/")
    record = play_deal(players, random.Random(4))
    ends = [player.page() for player in players]
    scores = [scores_of(html) for html in ends]
    assert all(s == scores[0] for s in scores)
    replay = Client().get(f"/en/tables/{table.token}/deals/1/replay.json").json()
    assert cli_replay(replay)["scores"] == scores[0]
    # The score step by step in each player's own language.
    for player, html in zip(players, ends, strict=True):
        assert f'<html lang="{player.lang}"' in html
        assert 'class="play-steps"' in html and "data-replay" in html
        assert 'data-action="next-deal"' in html
    assert record.finished


def test_each_stream_shows_its_own_hand_from_one_read_of_the_table_per_version():
    creator, table, players = seated()
    creator.post(f"/pt/tables/{table.token}/start/")
    screens = {player.seat: stream_screen(player) for player in players}
    rng = random.Random(9)
    for _move in range(10):
        table.refresh_from_db()
        version, _wake = push._refresh(state.topic(table), True)
        with CaptureQueriesContext(connection) as queries:
            shown = {seat: screen.render(version) for seat, screen in screens.items()}
        # The topic's read left the table, its seats and its deal for every screen.
        assert not [q for q in queries if "tables_" in q["sql"] or "tabledeal" in q["sql"]]
        built = state.engine(state.current_deal(table))
        for player in players:
            (event,) = shown[player.seat]
            assert event.name == "live" and f'<html lang="{player.lang}"' not in event.data
            assert_private(event.data, hidden_cards(table, player.seat), player.lang)
            for card in built.deal.hand(player.seat):
                assert f'data-card="{card_code(card)}"' in event.data
        mover = next(p for p in players if p.seat == table.to_move)
        page = mover.page()
        at = AT.search(page).group(1)
        call = "80H" if _move == 0 else "pass"
        cards = LEGAL_CARD.findall(page)
        move = {"card": rng.choice(cards)} if cards else {"call": call}
        assert mover.post("move/", {**move, "at": at}).status_code == 302
    # A stream whose seat key is no longer that seat's is sent back to the table's page.
    screen = screens[players[1].seat]
    screen.digest = "another key"
    table.refresh_from_db()
    version, _wake = push._refresh(state.topic(table), True)
    assert [event.name for event in screen.render(version)] == ["gone", "end"]


def test_a_refusal_is_said_only_to_the_player_who_tried_and_the_creator_reads_it():
    creator, table, players = seated()
    creator.post(f"/pt/tables/{table.token}/start/")
    by_seat = {p.seat: p for p in players}
    rng = random.Random(1)
    # The auction (one bid, three passes), then cards until someone holds a refused one.
    for _ in range(60):
        table.refresh_from_db()
        player = by_seat[table.to_move]
        page = player.page()
        at = AT.search(page).group(1)
        if 'name="call"' in page:
            call = "80H" if "data-call-history" not in page and _ == 0 else "pass"
            player.post("move/", {"call": call, "at": at})
            continue
        refused = REFUSED_CARD.findall(page)
        if refused:
            break
        player.post("move/", {"card": rng.choice(LEGAL_CARD.findall(page)), "at": at})
    else:
        pytest.fail("no refused card came up")
    version = Table.objects.get(pk=table.pk).version
    answer = player.post("move/", {"card": refused[0], "at": at}, **{"HX-Request": "true"})
    assert answer.status_code == 200
    body = answer.content.decode()
    assert "data-refusal" in body and "data-report" in body
    assert Table.objects.get(pk=table.pk).version == version  # nothing moved
    for other in players:
        if other is not player:
            assert "data-refusal" not in other.page()
    note = Note.objects.get(table=table)
    assert note.seat == player.seat and note.kind == "refused"
    watch = creator.get(f"/en/tables/{table.token}/watch/{keys.host_key(table)}/")
    assert watch.status_code == 200 and 'data-note="refused"' in watch.content.decode()
    # Every hand on the creator's eye; the watch page with a wrong key is not found.
    assert Client().get(f"/en/tables/{table.token}/watch/{'0' * 64}/").status_code == 404


def test_stale_out_of_turn_and_forged_moves_get_a_translated_4xx_and_the_table():
    creator, table, players = seated()
    creator.post(f"/pt/tables/{table.token}/start/")
    table.refresh_from_db()
    by_seat = {p.seat: p for p in players}
    mover = by_seat[table.to_move]
    waiting = next(p for p in players if p.seat != table.to_move)
    page = mover.page()
    at = AT.search(page).group(1)
    # Out of turn: the engine's reason, in that player's language.
    out = waiting.post("move/", {"call": "pass", "at": at})
    assert out.status_code == 409 and "data-refusal" in out.content.decode()
    assert mover.post("move/", {"call": "pass", "at": at}).status_code == 302
    # The same form again (a double tap): stale, the table as it is now.
    again = mover.post("move/", {"call": "pass", "at": at}, **{"HX-Request": "true"})
    assert again.status_code == 409
    assert 'id="live"' in again.content.decode()
    assert len(state.current_deal(table).moves) == 1
    # Bad numbers, unknown actions, forged keys, unknown tables.
    assert mover.post("move/", {"call": "pass", "at": "x"}).status_code == 400
    assert mover.post("move/", {"action": "nonsense", "at": at}).status_code == 400
    forged = Client()
    forged.cookies[keys.cookie(table)] = "forged"
    assert (
        forged.post(f"/en/tables/{table.token}/move/", {"call": "pass", "at": at}).status_code
        == 403
    )
    assert Client().get("/en/tables/nope/").status_code == 404
    assert Client().post("/en/tables/nope/move/", {"call": "pass"}).status_code == 404
    assert Client().get(f"/en/tables/{table.token}/seat/nokey/").status_code == 403
    # A card not in the hand is refused without moving.
    table.refresh_from_db()
    full = Client().post(
        f"/en/tables/{table.token}/sit/", {"seat": "N", "nickname": "Z", "lang": "en"}
    )
    assert full.status_code == 409


def test_a_seat_comes_back_with_its_hand_on_another_device_from_its_private_link():
    creator, table, players = seated(langs=("fr", "pt", "es", "ro"))
    creator.post(f"/fr/tables/{table.token}/start/")
    south = next(p for p in players if p.seat == "S")
    page = south.page()
    private = south.client.cookies[keys.cookie(table)].value
    phone = Client()
    moved = phone.get(f"/en/tables/{table.token}/seat/{private}/")
    assert moved.status_code == 302 and moved["Location"].startswith(f"/{south.lang}/")
    again = phone.get(moved["Location"]).content.decode()
    mine = sorted(LEGAL_CARD.findall(page) + REFUSED_CARD.findall(page))
    assert 'data-seat="S"' in again
    assert_private(again, hidden_cards(table, "S"), south.lang)
    assert mine == sorted(LEGAL_CARD.findall(again) + REFUSED_CARD.findall(again))


def test_an_away_seat_goes_to_a_bot_which_plays_on_and_the_person_takes_it_back():
    creator, table = make_table(away_after="60")
    sit(creator, table, "N", "Ana", "pt")
    gone = Client()
    sit(gone, table, "E", "Eva", "es")
    creator.post(f"/pt/tables/{table.token}/start/")
    table.refresh_from_db()
    Seat.objects.filter(table=table, seat="E").update(
        seen_at=Seat.objects.get(table=table, seat="E").seen_at.replace(year=2000)
    )
    early = Client().post(f"/en/tables/{table.token}/bot/", {"seat": "N"})
    assert early.status_code in (403, 409)
    assert creator.post(f"/pt/tables/{table.token}/bot/", {"seat": "E"}).status_code == 302
    assert Seat.objects.get(table=table, seat="E").bot
    table.refresh_from_db()
    assert table.to_move != "E"
    assert Note.objects.filter(table=table, kind="bot").count() == 1
    # Eva comes back: her seat is hers again at once.
    back = gone.post(
        f"/es/tables/{table.token}/sit/", {"seat": "E", "nickname": "Eva", "lang": "es"}
    )
    assert back.status_code == 302
    assert not Seat.objects.get(table=table, seat="E").bot


def _drawn(screen, version: int) -> str:
    """A stream's region at ``version``, its form's CSRF token (masked anew each time) aside."""
    (event,) = screen.render(version)
    return re.sub(r'name="csrfmiddlewaretoken" value="\w+"', "", event.data)


@pytest.mark.parametrize("game", ["coinche", "chouine"])
def test_a_move_keeps_its_own_replay_and_every_screen_draws_what_a_fresh_read_draws(game):
    # The move's answer and this process's streams are drawn from the replay the move made
    # (screens.keep), not from a second read: after every move of a whole deal, each seat's
    # region from it is the region from the table read and replayed afresh.
    langs = ("pt", "es", "ro", "fr") if game == "coinche" else ("ro", "fr")
    creator, table, players = seated(game, langs=langs)
    creator.post(f"/pt/tables/{table.token}/start/")
    by_seat = {p.seat: p for p in players}
    rng = random.Random(5)
    for _ in range(200):
        table.refresh_from_db()
        if state.current_deal(table).finished:
            break
        player = by_seat[table.to_move]
        page = player.page()
        at = AT.search(page).group(1)
        if calls := LEGAL_CALL.findall(page):
            move = {"call": "80H" if "80H" in calls else "pass"}
        elif "data-out-of-turn" in page and 'data-action="continue"' in page:
            move = {"action": "continue"}
        else:
            move = {"card": rng.choice(LEGAL_CARD.findall(page))}
        answer = player.post("move/", {**move, "at": at}, **{"HX-Request": "true"})
        assert answer.status_code == 200, answer.content.decode()[-2000:]
        table.refresh_from_db()
        kept = screens.cached(table.token, table.version)
        assert kept is not None and kept.table.version == table.version
        drawn = {p.seat: _drawn(stream_screen(p), table.version) for p in players}
        screens.SNAPSHOTS.clear()
        for p in players:
            assert _drawn(stream_screen(p), table.version) == drawn[p.seat], p.seat
    else:
        pytest.fail("the deal never ended")


def test_a_chouine_table_for_two_plays_a_deal_in_two_languages():
    creator, table, players = seated("chouine", langs=("ro", "fr"))
    creator.post(f"/ro/tables/{table.token}/start/")
    by_seat = {p.seat: p for p in players}
    rng = random.Random(2)
    for _ in range(120):
        table.refresh_from_db()
        record = state.current_deal(table)
        if record.finished:
            break
        player = by_seat[table.to_move]
        hidden = hidden_cards(table, player.seat)
        page = player.page()
        assert_private(page, hidden, player.lang)
        at = AT.search(page).group(1)
        if (
            'data-action="exchange"' in page
            and "aria-disabled" not in page.split('data-action="exchange"')[1][:40]
        ):
            player.post("move/", {"action": "exchange", "at": at})
            continue
        player.post("move/", {"card": rng.choice(LEGAL_CARD.findall(page)), "at": at})
    else:
        pytest.fail("the deal never ended")
    ends = [scores_of(p.page()) for p in players]
    assert ends[0] == ends[1]
    replay = Client().get(f"/en/tables/{table.token}/deals/1/replay.json").json()
    assert cli_replay(replay)["scores"] == ends[0]


def test_the_next_deal_is_dealt_by_the_next_dealer_and_a_second_tap_changes_nothing():
    creator, table, players = seated()
    creator.post(f"/pt/tables/{table.token}/start/")
    first = play_deal(players, random.Random(3), check_private=False)
    north = players[0]
    assert north.post("next/", {"after": "1"}).status_code == 302
    assert north.post("next/", {"after": "1"}).status_code == 302  # the same tap again
    table.refresh_from_db()
    deals = list(state.deals(table))
    assert [d.number for d in deals] == [1, 2]
    from tutor.rules.cards import next_seat

    assert deals[1].dealer == next_seat(first.dealer)
    assert north.post("next/", {"after": "x"}).status_code == 400
    # The deal page of a deal still being played is refused: its cards are private.
    assert Client().get(f"/en/tables/{table.token}/deals/2/").status_code == 409
    assert Client().get(f"/en/tables/{table.token}/deals/2/replay.json").status_code == 409
    deal = Client().get(f"/es/tables/{table.token}/deals/1/").content.decode()
    assert "data-referee" in deal and "data-scores" in deal


def test_the_clock_plays_for_a_player_whose_time_ran_out():
    creator, table = make_table(clock="30")
    sit(creator, table, "S", "Ana", "pt")
    creator.post(f"/pt/tables/{table.token}/start/")
    table.refresh_from_db()
    assert table.to_move == "S"
    moves = len(state.current_deal(table).moves)
    Table.objects.filter(pk=table.pk).update(turn_since=table.turn_since.replace(year=2000))
    page = creator.get(f"/pt/tables/{table.token}/").content.decode()
    assert "data-turn" in page
    assert len(state.current_deal(table).moves) > moves
    assert Note.objects.filter(table=table, kind="clock").exists()


def test_a_newcomer_takes_a_bot_seat_between_deals_only_and_finds_the_table_in_their_history():
    creator, table = make_table()
    sit(creator, table, "N", "Ana", "pt")
    creator.post(f"/pt/tables/{table.token}/start/")
    newcomer = Client()
    during = sit(newcomer, table, "E", "Eva", "es")
    assert during.status_code == 409 and "data-refusal" in during.content.decode()
    play_deal([Player(creator, table, "N", "pt")], random.Random(5), check_private=False)
    page = newcomer.get(f"/es/tables/{table.token}/").content.decode()
    assert 'data-action="sit" data-seat="E"' in page
    assert sit(newcomer, table, "E", "Eva", "es").status_code == 302
    seat = Seat.objects.get(table=table, seat="E")
    assert not seat.bot and seat.nickname == "Eva"
    creator.post(f"/pt/tables/{table.token}/next/", {"after": "1"})
    assert state.current_deal(table).seats == "NE"
    history = newcomer.get("/es/tables/").content.decode()
    assert "data-history" in history and f"/tables/{table.token}/" in history


def test_the_creators_eye_on_a_table_not_started_lists_no_deal_of_anyone_elses():
    """A table not yet started has no match: its deals are none, never the solo deals of
    other visitors (which have no match either)."""
    TableDeal.objects.create(game="coinche", seed=1, dealer="N", finished=True)
    creator, table = make_table()
    watch = creator.get(f"/en/tables/{table.token}/watch/{keys.host_key(table)}/")
    assert watch.status_code == 200
    assert "data-finished" not in watch.content.decode()


def test_a_chouine_table_names_its_players_in_their_own_forms_mid_sentence():
    """The turn line and the table's refusals say "jucătorul B", "al jugador A"…, never the
    felt's capitalised label ("Joacă Jucătorul B") nor a bare seat letter ("La place A")."""
    creator, table, players = seated("chouine", langs=("ro", "es"))
    creator.post(f"/ro/tables/{table.token}/start/")
    table.refresh_from_db()
    waiting = next(p for p in players if p.seat != table.to_move)
    mover = next(p for p in players if p.seat == table.to_move)
    forms = {"ro": f"jucătorul {mover.seat} (", "es": f"al jugador {mover.seat} ("}
    turn = waiting.page().split("data-turn=", 1)[1].split("</p>", 1)[0]
    assert forms[waiting.lang] in turn and "Jucătorul" not in turn and "Jugador" not in turn
    # A newcomer asking for a held seat is told who plays it, as the player.
    refused = sit(Client(), table, "A", "Ion", "fr").content.decode()
    assert "est déjà le joueur A" in refused and "place A" not in refused
