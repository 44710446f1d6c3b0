"""Joining fairly: a live code always joins, failures slide out of a window, the proxy's hop
alone is believed, look-alike nicknames are one name, a phone rejoins as itself, old
sessions expire (security review, D2, D8 and D9)."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tutor.club import codes
from tutor.club.models import ClubSession, Player
from tutor.guard import throttle

from .conftest import join

pytestmark = pytest.mark.django_db


def post(client, code, nickname="Bo", **headers):
    data = {"code": code, "nickname": nickname, "lang": "en"}
    return client.post(reverse("club_join"), data, **headers)


def fail(times, **headers):
    for _attempt in range(times):
        assert post(Client(), "ZZZZ2222", **headers).status_code in (404, 429)


def test_a_live_code_joins_after_the_network_mistyped_many(session):
    fail(codes.FAILURES_ALLOWED + 5)
    assert post(Client(), "ZZZZ3333").status_code == 429
    assert post(Client(), session.code, "Ana").status_code == 302
    assert Player.objects.filter(nickname="Ana").exists()


def test_failures_slide_out_of_the_window(session, monkeypatch):
    now = [1_000_000.0]
    monkeypatch.setattr(throttle.time, "time", lambda: now[0])
    fail(codes.FAILURES_ALLOWED)
    assert post(Client(), "ZZZZ3333").status_code == 429
    # Half a window later the failures still count: no fixed slot resets them at once.
    now[0] += codes.WINDOW_SECONDS / 2
    assert post(Client(), "ZZZZ3333").status_code == 429
    now[0] += codes.WINDOW_SECONDS / 2 + throttle.SLOT_SECONDS
    assert post(Client(), "ZZZZ3333").status_code == 404


def test_only_the_proxys_hop_is_believed(session, settings):
    settings.CLIENT_IP_HEADER = "HTTP_X_FORWARDED_FOR"
    # Straight to the app server, not through the proxy: the header is the client's own.
    for attempt in range(codes.FAILURES_ALLOWED):
        forged = {"REMOTE_ADDR": "192.0.2.50", "HTTP_X_FORWARDED_FOR": f"10.0.0.{attempt}"}
        post(Client(), "ZZZZ2222", **forged)
    forged = {"REMOTE_ADDR": "192.0.2.50", "HTTP_X_FORWARDED_FOR": "10.0.0.99"}
    assert post(Client(), "ZZZZ2222", **forged).status_code == 429
    # Through the proxy, a client's own entries before the proxy's hop are ignored.
    for attempt in range(codes.FAILURES_ALLOWED):
        hops = {"HTTP_X_FORWARDED_FOR": f"10.9.9.{attempt}, 203.0.113.7"}
        post(Client(), "ZZZZ2222", **hops)
    assert post(Client(), "ZZZZ2222", HTTP_X_FORWARDED_FOR="203.0.113.7").status_code == 429
    assert post(Client(), "ZZZZ2222", HTTP_X_FORWARDED_FOR="203.0.113.8").status_code == 404


def test_an_ipv6_client_counts_as_its_network():
    for attempt in range(codes.FAILURES_ALLOWED):
        post(Client(), "ZZZZ2222", REMOTE_ADDR=f"2001:db8:0:1::{attempt + 1:x}")
    assert post(Client(), "ZZZZ2222", REMOTE_ADDR="2001:db8:0:1::ffff").status_code == 429
    assert post(Client(), "ZZZZ2222", REMOTE_ADDR="2001:db8:0:2::1").status_code == 404


@pytest.mark.parametrize("lookalike", ["ａｌｉｃｅ", "\u0430lice", "ALICE", "a1ice", " alice "])
def test_look_alike_nicknames_are_one_name(session, lookalike):
    join(Client(), session, "alice")
    assert post(Client(), session.code, lookalike).status_code == 409
    assert Player.objects.count() == 1


def test_a_full_width_nickname_is_shown_plainly(session):
    join(Client(), session, "ａｌｉｃｅ")
    assert Player.objects.get().nickname == "alice"


def test_a_pile_of_combining_marks_is_refused(session):
    response = post(Client(), session.code, "a" + "\u0301" * 19)
    assert response.status_code == 400
    assert not Player.objects.exists()


def test_a_phone_that_joins_again_is_the_same_player(session, phone):
    first = Player.objects.get()
    assert post(phone, session.code, "Ana").status_code == 302
    assert post(phone, session.code, "Another").status_code == 302
    assert list(Player.objects.all()) == [first]
    assert phone.get(reverse("club_play", args=[session.code])).status_code == 200


def test_an_old_unfinished_session_cannot_be_joined(session):
    ClubSession.objects.filter(pk=session.pk).update(
        created_at=timezone.now() - codes.JOINABLE_FOR - timedelta(minutes=1)
    )
    assert post(Client(), session.code).status_code == 404


def test_a_full_session_refuses_one_more(session, monkeypatch):
    monkeypatch.setattr(codes, "MAX_PLAYERS", 2)
    join(Client(), session, "One")
    join(Client(), session, "Two")
    response = post(Client(), session.code, "Three")
    assert response.status_code == 409
    assert "full" in response.content.decode()
