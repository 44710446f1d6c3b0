"""Sessions (tutor/sessions.py): Django's database rows, read and changed with one plain
statement each, with Django's meaning for an unknown, expired or vanished session."""

from datetime import timedelta

import pytest
from django.contrib.sessions.backends.base import UpdateError
from django.contrib.sessions.models import Session
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tutor.sessions import SessionStore

pytestmark = pytest.mark.django_db


def test_a_session_is_written_and_read_back_in_one_statement_each():
    store = SessionStore()
    store["deck"] = "four"
    store.save(must_create=True)
    key = store.session_key
    with CaptureQueriesContext(connection) as reads:
        again = SessionStore(key)
        assert again["deck"] == "four"
    assert len(reads) == 1
    again["deck"] = "two"
    with CaptureQueriesContext(connection) as writes:
        again.save()
    assert [q["sql"].split()[0] for q in writes] == ["UPDATE"]
    assert SessionStore(key)["deck"] == "two"
    assert Session.objects.get(session_key=key).expire_date > timezone.now()


def test_an_unknown_or_expired_session_reads_empty_and_gets_a_new_key():
    unknown = SessionStore("x" * 32)
    assert dict(unknown.items()) == {} and unknown.session_key is None
    store = SessionStore()
    store["deck"] = "four"
    store.save(must_create=True)
    Session.objects.filter(session_key=store.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    expired = SessionStore(store.session_key)
    assert "deck" not in expired and expired.session_key is None


def test_a_session_deleted_meanwhile_is_not_written_back():
    store = SessionStore()
    store["deck"] = "four"
    store.save(must_create=True)
    stale = SessionStore(store.session_key)
    assert stale["deck"] == "four"  # read before another tab deletes it
    Session.objects.filter(session_key=store.session_key).delete()
    stale["deck"] = "two"
    with pytest.raises(UpdateError):
        stale.save()
    assert not Session.objects.filter(session_key=store.session_key).exists()
