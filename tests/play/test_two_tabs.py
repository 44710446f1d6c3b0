"""A played deal open in two tabs: two moves sent on the same position at once make one move;
the other tab is told the table has moved on, never told its move was made and then lose it
(security review, D4). Real concurrent requests, on SQLite and on PostgreSQL."""

import html
import threading

import pytest
from django.db import connections
from django.test import Client

from tutor.play.models import TableDeal
from tutor.rules.explain import Step, render

pytestmark = pytest.mark.django_db(transaction=True)


def run_together(targets):
    barrier = threading.Barrier(len(targets))
    results = [None] * len(targets)

    def run(index, target):
        barrier.wait()
        try:
            results[index] = target()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(targets)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def fresh_deal(client) -> tuple[str, int]:
    """A deal where South (the learner) speaks first: West deals."""
    response = client.post("/en/play/coinche/", {"seats": "one", "seed": "3", "dealer": "W"})
    assert response.status_code == 302
    record = TableDeal.objects.get(token=response.url.rstrip("/").split("/")[-1])
    return response.url, len(record.moves)


@pytest.mark.parametrize("round_", range(4))
def test_two_moves_on_one_position_make_one_move_and_one_refusal(round_):
    url, at = fresh_deal(Client())

    def send(call):
        response = Client(raise_request_exception=False).post(url, {"call": call, "at": at})
        return response.status_code, html.unescape(response.content.decode())

    (first, first_page), (second, second_page) = run_together(
        [lambda: send("80H"), lambda: send("90S")]
    )
    assert sorted([first, second]) == [302, 409]
    refused = first_page if first == 409 else second_page
    assert render(Step("play_stale"), "en") in refused
    record = TableDeal.objects.get(token=url.rstrip("/").split("/")[-1])
    made = record.moves[at]
    assert made["call"] == ("80H" if first == 302 else "90S")


def test_the_same_move_sent_twice_at_once_is_made_once():
    url, at = fresh_deal(Client())
    statuses = run_together(
        [
            lambda: (
                Client(raise_request_exception=False)
                .post(url, {"call": "80H", "at": at})
                .status_code
            )
            for _tab in range(4)
        ]
    )
    assert sorted(statuses) == [302] + [409] * 3
    record = TableDeal.objects.get(token=url.rstrip("/").split("/")[-1])
    assert [move for move in record.moves if move.get("seat") == "S"][:1] == [
        {"seat": "S", "call": "80H"}
    ]


def test_a_stale_undo_takes_nothing_back(client):
    url, at = fresh_deal(client)
    assert client.post(url, {"call": "pass", "at": at}).status_code == 302
    record = TableDeal.objects.get(token=url.rstrip("/").split("/")[-1])
    moves = list(record.moves)
    # A tab drawn before that call offers "undo" with the old count.
    assert client.post(url, {"action": "undo", "at": at}).status_code == 409
    record.refresh_from_db()
    assert record.moves == moves
