"""Hypothesis over the URL configuration and every form: whatever the request, no 5xx.

Bounded to a few seconds (``FUZZ_EXAMPLES=5000`` for a longer run); scripts/fuzz.py runs
the same strategies 10,000 times against a real server on PostgreSQL with DEBUG off.
"""

import os

import pytest
from club.conftest import create, join
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import fill, form_fields, known_values, requests, routes

from tutor.club import codes

pytestmark = pytest.mark.django_db
TOKEN = "a" * 32


@pytest.fixture
def live(client):
    """A club session with a player, a score sheet and a self-test, for the placeholders."""
    session = create(client)
    join(Client(), session, "Ana")
    sheet = client.post("/en/quiz/sheet/", {"profile": "maison"})["Location"].split("/")[-2]
    form = {"game": "coinche", "profile": "federation", "difficulty": 1, "length": 5}
    test = client.post("/en/quiz/test/", form)["Location"].split("/")[-2]
    return {"code": session.code, "key": codes.teacher_key(session), "token": sheet, "test": test}


@settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "300")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_no_request_gets_a_server_error(live, data):
    request = data.draw(requests(routes(), form_fields(), known_values()))
    method, path, headers, body = request
    path = fill(path, live)
    body = fill(body.decode("latin-1"), live).encode("latin-1")
    # A real CSRF pair half of the time, so POSTs also get past the check.
    client = Client(raise_request_exception=False, enforce_csrf_checks=True)
    if data.draw(st.booleans()):
        client.cookies["csrftoken"] = TOKEN
        headers = {**headers, "X-CSRFToken": TOKEN}
    content_type = headers.pop("Content-Type", "application/octet-stream")
    response = client.generic(method, path, body, content_type=content_type, headers=headers)
    assert response.status_code < 500, (method, path, body[:200])
