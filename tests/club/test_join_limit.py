"""One phone cannot fill a club session: joins from one address are limited per session (the
teacher sets the number, on the create form or on the presenter), the teacher can close
joining and remove the latest joins at once, and the removed-player rules stay
(security review, second round, D5)."""

import threading
from html import unescape

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse

from tutor.club import codes
from tutor.club.models import ClubSession, Player

from .conftest import create

pytestmark = pytest.mark.django_db
HOME = "198.51.100.7"
ELSEWHERE = "203.0.113.9"


def try_join(session, nickname, address=HOME, client=None):
    client = client or Client()
    data = {"code": session.code, "nickname": nickname, "lang": "en"}
    return client.post(reverse("club_join"), data, REMOTE_ADDR=address)


def teacher_url(session, name):
    return reverse(name, args=[session.code, codes.teacher_key(session)])


def test_one_address_cannot_fill_a_session_and_shut_the_class_out(client):
    session = create(client, max_players="60")
    assert session.per_network == 40
    statuses = [try_join(session, f"bot{number}").status_code for number in range(60)]
    assert statuses == [302] * 40 + [429] * 20
    refused = unescape(try_join(session, "bot99").content.decode())
    assert "from your network" in refused
    # The class, from its own network, still gets in.
    assert try_join(session, "Ana", address=ELSEWHERE).status_code == 302


def test_the_teacher_sets_the_number_on_the_create_form(client):
    session = create(client, per_network="2")
    assert [try_join(session, f"p{n}").status_code for n in range(3)] == [302, 302, 429]


def test_the_teacher_raises_it_on_the_presenter_for_a_shared_network(client):
    session = create(client, per_network="2")
    try_join(session, "p0")
    try_join(session, "p1")
    url = teacher_url(session, "club_joining")
    assert client.post(url.replace(codes.teacher_key(session), "0" * 64), {"per_network": "9"})
    session.refresh_from_db()
    assert session.per_network == 2
    assert client.post(url, {"per_network": "3"}).status_code == 302
    assert try_join(session, "p2").status_code == 302
    assert try_join(session, "p3").status_code == 429
    for bad in ("\u00b2", "0", "9" * 5000, "-1", " "):
        assert client.post(url, {"per_network": bad}).status_code == 400
    session.refresh_from_db()
    assert session.per_network == 3


def test_the_teacher_closes_joining_and_opens_it_again(client):
    session = create(client)
    ana = Client()
    assert try_join(session, "Ana", client=ana).status_code == 302
    url = teacher_url(session, "club_joining")
    assert client.post(url, {"joining": "closed"}).status_code == 302
    refused = try_join(session, "Bea", address=ELSEWHERE)
    assert refused.status_code == 403
    assert "closed this session to new players" in unescape(refused.content.decode())
    # A player already in comes back as themselves.
    assert try_join(session, "Ana", client=ana).status_code == 302
    assert "closed" in unescape(client.get(teacher_url(session, "club_host")).content.decode())
    client.post(url, {"joining": "open"})
    assert try_join(session, "Bea", address=ELSEWHERE).status_code == 302


def test_the_teacher_removes_the_latest_joins_at_once(client):
    session = create(client)
    phones = [Client() for _ in range(6)]
    for number, phone in enumerate(phones):
        assert try_join(session, f"p{number}", client=phone).status_code == 302
    url = teacher_url(session, "club_remove_latest")
    assert client.post(url, {"count": "4"}).status_code == 302
    assert sorted(Player.objects.values_list("nickname", flat=True)) == ["p0", "p1"]
    session.refresh_from_db()
    assert len(session.removed) == 4
    # The removed-player rules stay: a removed phone's poll is sent away, its rejoin refused.
    poll = phones[5].get(reverse("club_play_live", args=[session.code]))
    assert poll.status_code == 403
    assert try_join(session, "p5again", client=phones[5]).status_code == 403
    assert phones[0].get(reverse("club_play", args=[session.code])).status_code == 200
    for bad in ("\u00b2", "0", "9" * 5000):
        assert client.post(url, {"count": bad}).status_code == 400
    assert Player.objects.count() == 2


@pytest.mark.django_db(transaction=True)
def test_phones_of_one_address_racing_never_pass_its_number():
    session = create(Client(), per_network="5")
    barrier = threading.Barrier(12)
    statuses = []

    def join_at_once(number):
        barrier.wait()
        try:
            statuses.append(try_join(session, f"p{number}").status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=join_at_once, args=(n,)) for n in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [302] * 5 + [429] * 7
    assert Player.objects.filter(session=session).count() == 5
    assert ClubSession.objects.get().per_network == 5
