"""A request that meets a database connection lost under it (PostgreSQL restarted while the
pool held the connection) is run again on the next one when that cannot do anything twice: a
read, or a write none of whose statements reached the database. A failure of the database
itself is not hidden (tutor.guard.middleware.RetryLostConnection)."""

from unittest import mock

import pytest
from django.contrib.sessions.models import Session
from django.db import OperationalError, connection
from django.http import HttpResponse
from django.test import override_settings
from django.urls import path
from django.views.decorators.csrf import csrf_exempt

# Outside a test transaction: a request inside one is never run again.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.urls(__name__)]
CALLS = {"failing": 0, "made": 0, "written": False}


@csrf_exempt
def page(request):
    CALLS["made"] += 1
    if request.method == "POST" and CALLS["written"]:
        Session.objects.filter(pk="none").delete()  # a statement that reached the database
    if CALLS["made"] <= CALLS["failing"]:
        raise OperationalError("server closed the connection unexpectedly")
    return HttpResponse("the page")


urlpatterns = [path("page/", page)]


def run(client, method: str, failing: int, usable: bool, written: bool = False):
    CALLS.update(failing=failing, made=0, written=written)
    client.raise_request_exception = False
    with mock.patch.object(connection, "is_usable", return_value=usable):
        return getattr(client, method)("/page/")


@override_settings(DB_RETRIES=3)
def test_a_read_is_run_again_on_the_next_connection(client):
    response = run(client, "get", failing=2, usable=False)
    assert response.status_code == 200 and CALLS["made"] == 3


@override_settings(DB_RETRIES=1)
def test_reads_stop_once_every_connection_of_the_pool_was_tried(client):
    response = run(client, "get", failing=5, usable=False)
    assert response.status_code == 500 and CALLS["made"] == 2


@override_settings(DB_RETRIES=3)
def test_a_write_that_reached_nothing_is_run_again(client):
    response = run(client, "post", failing=1, usable=False)
    assert response.status_code == 200 and CALLS["made"] == 2


@override_settings(DB_RETRIES=3)
def test_a_write_that_reached_the_database_is_not_repeated(client):
    response = run(client, "post", failing=1, usable=False, written=True)
    assert response.status_code == 500 and CALLS["made"] == 1


@override_settings(DB_RETRIES=3)
def test_a_database_that_answers_is_not_asked_again(client):
    response = run(client, "get", failing=1, usable=True)
    assert response.status_code == 500 and CALLS["made"] == 1
