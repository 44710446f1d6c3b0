"""Rows written in one plain statement (tutor/plain.py) and the owner's rows read in one
(tutor/quiz/owner.py): each the same row as the ORM writes or reads, in one statement."""

import uuid

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tutor import plain
from tutor.play.models import TableDeal
from tutor.quiz.models import Attempt, CountRun
from tutor.quiz.owner import owned_row, owned_rows

pytestmark = pytest.mark.django_db

ATTEMPT = {
    "session_key": "k" * 32,
    "type": "trick_points",
    "topic": "tricks",
    "game": "coinche",
    "profile": '{"base": "federation", "belote": "kept"}',
    "rule": "trick_points",
    "situation": "trick_points",
    "correct": True,
}


def _values(row) -> dict:
    return {f.attname: getattr(row, f.attname) for f in row._meta.concrete_fields}


def test_an_inserted_row_reads_back_as_the_orm_writes_it():
    when = timezone.now()
    by_orm = Attempt.objects.create(**ATTEMPT, created=when)
    row = Attempt(**ATTEMPT, created=when)
    with CaptureQueriesContext(connection) as sent:
        plain.insert(row)
    assert len(sent) == 1 and sent[0]["sql"].startswith("INSERT")
    assert row.pk is not None and row.pk != by_orm.pk and not row._state.adding
    mine, theirs = _values(Attempt.objects.get(pk=row.pk)), _values(by_orm)
    mine.pop("id"), theirs.pop("id")
    assert mine == theirs


def test_an_updated_row_reads_back_as_save_writes_it():
    deal = TableDeal.objects.create(game="coinche", seed=7, dealer="N")
    twin = TableDeal.objects.create(game="coinche", seed=7, dealer="N")
    moves = [{"seat": "E", "call": "80H"}, {"seat": "S", "call": "pass"}]
    refused = [{"at": 1, "player": "S", "code": "bid_too_low", "params": {"bid": 70}}]
    when = timezone.now()
    for row in (deal, twin):
        row.moves, row.refused, row.seen, row.finished, row.updated = moves, refused, 2, True, when
    twin.save()
    with CaptureQueriesContext(connection) as sent:
        plain.update(deal, ["moves", "refused", "seen", "finished", "updated"])
    assert len(sent) == 1 and sent[0]["sql"].startswith("UPDATE")
    mine = _values(TableDeal.objects.get(pk=deal.pk))
    theirs = _values(TableDeal.objects.get(pk=twin.pk))
    for key in ("id", "token", "created"):
        mine.pop(key), theirs.pop(key)
    assert mine == theirs and mine["moves"] == moves


def _visitor(key: str):
    request = RequestFactory().get("/")
    request.user = AnonymousUser()
    request.session = type("Session", (), {"session_key": key})()
    return request


def test_the_owner_reads_their_own_row_and_no_one_else_s():
    user = User.objects.create_user("ana", password="x" * 12)
    common = {"drill": "trick_points", "profile": "federation", "level": 1, "mode": "practice"}
    visitor = CountRun.objects.create(**common, session_key="v" * 32, seed=1)
    # A member's row may keep the session key it was answered under before signing in.
    member = CountRun.objects.create(**common, user=user, session_key="v" * 32, seed=2)
    signed_in = RequestFactory().get("/")
    signed_in.user = user
    with CaptureQueriesContext(connection) as sent:
        found = owned_row(CountRun, _visitor("v" * 32), visitor.pk)
    assert len(sent) == 1 and _values(found) == _values(CountRun.objects.get(pk=visitor.pk))
    assert owned_row(CountRun, _visitor("v" * 32), str(visitor.pk)).pk == visitor.pk
    assert owned_row(CountRun, signed_in, member.pk).pk == member.pk
    # Someone else's run, a run that does not exist, a visitor without a session: none.
    assert owned_row(CountRun, _visitor("w" * 32), visitor.pk) is None
    assert owned_row(CountRun, signed_in, visitor.pk) is None
    assert owned_row(CountRun, _visitor("v" * 32), member.pk) is None
    assert owned_row(CountRun, _visitor(None), visitor.pk) is None
    assert owned_row(CountRun, _visitor("v" * 32), uuid.uuid4()) is None
    assert [r.pk for r in owned_rows(CountRun, signed_in)] == [member.pk]
