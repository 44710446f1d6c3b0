"""Many phones answering at the same instant, against PostgreSQL (CI also runs SQLite,
where this is skipped: SQLite has one writer at a time)."""

import threading

import pytest
from django.db import connection, connections
from django.test import Client
from django.urls import reverse

from tutor.club import state
from tutor.club.models import Answer, Player

from .conftest import create, join, right_answer

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL"),
]
PLAYERS = 24


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


def test_it_records_simultaneous_answers_each_exactly_once():
    teacher = Client()
    session = create(teacher)
    phones = [Client() for _ in range(PLAYERS)]
    for number, phone in enumerate(phones):
        join(phone, session, f"p{number}")
    state.advance(session.pk)
    data = right_answer(session.questions.first())
    url = reverse("club_answer", args=[session.code])
    # Each phone sends its answer twice at once: one must be recorded, one refused.
    statuses = run_together([lambda p=p: p.post(url, data).status_code for p in phones * 2])
    assert sorted(statuses) == [200] * PLAYERS + [409] * PLAYERS
    assert Answer.objects.count() == PLAYERS
    assert set(Player.objects.values_list("answered_position", flat=True)) == {0}


def test_no_answer_slips_in_after_a_simultaneous_reveal():
    teacher = Client()
    session = create(teacher)
    phones = [Client() for _ in range(PLAYERS)]
    for number, phone in enumerate(phones):
        join(phone, session, f"p{number}")
    state.advance(session.pk)
    question = session.questions.first()
    data = right_answer(question)
    url = reverse("club_answer", args=[session.code])

    def reveal_then_count():
        state.reveal(session.pk)
        return Answer.objects.count()

    *statuses, counted_at_reveal = run_together(
        [lambda p=p: p.post(url, data).status_code for p in phones] + [reveal_then_count]
    )
    assert set(statuses) <= {200, 409}
    assert Answer.objects.count() == counted_at_reveal == statuses.count(200)


def test_phones_racing_for_the_last_places_never_pass_the_cap():
    session = create(Client(), max_players="5")
    url = reverse("club_join")

    def joins(number):
        data = {"code": session.code, "nickname": f"p{number}", "lang": "en"}
        return lambda: Client().post(url, data).status_code

    statuses = run_together([joins(number) for number in range(PLAYERS)])
    assert sorted(statuses) == [302] * 5 + [409] * (PLAYERS - 5)
    assert Player.objects.count() == 5
