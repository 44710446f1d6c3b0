"""Hypothesis over the URL configuration, every form and every numeric and JSON input:
whatever the request, no 5xx.

Bounded to a few seconds (``FUZZ_EXAMPLES=5000`` for a longer run); scripts/fuzz.py runs
the same strategies 10,000 times against a real server on PostgreSQL with DEBUG off.
"""

import os
from urllib.parse import urlencode

import pytest
from club.conftest import create, join
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import (
    COOKIES,
    HEADERS,
    NUMERIC_INPUTS,
    fill,
    form_fields,
    known_values,
    live_count_runs,
    numeric_requests,
    requests,
    routes,
)

from tutor.club import codes
from tutor.play.models import TableGame
from tutor.quiz.models import SheetDeal

pytestmark = pytest.mark.django_db
TOKEN = "a" * 32


@pytest.fixture
def live(client):
    """A club session with a player, a score sheet, a self-test, played deals and counting
    drills, for the placeholders."""
    session = create(client)
    phone = Client()
    join(phone, session, "Ana")
    sheet = client.post("/en/quiz/sheet/", {"profile": "maison"})["Location"].split("/")[-2]
    form = {"game": "coinche", "profile": "federation", "difficulty": 1, "length": 5}
    test = client.post("/en/quiz/test/", form)["Location"].split("/")[-2]
    deal = {"seat": "S", "bid": "100", "trump": "H", "double": "1", "points": "98"}
    client.post(f"/en/quiz/sheet/{sheet}/", {**deal, "last_trick": "takers", "nonce": "n"})
    played = client.post("/en/play/coinche/", {"seed": "3", "dealer": "W"})["Location"]
    client.post("/en/play/coinche/game/", {"seed": "4"})
    return {
        **live_count_runs(client),
        "session": client.cookies["sessionid"].value,
        "code": session.code,
        "key": codes.teacher_key(session),
        "token": sheet,
        "test": test,
        "deal": played.rstrip("/").split("/")[-1],
        "game": TableGame.objects.get().token,
        "sheetdeal": str(SheetDeal.objects.get().pk),
        "player": phone.cookies[f"club_{session.code}"].value,
    }


def send(request, live, csrf: bool):
    """The request, its placeholders filled, with a real CSRF pair when ``csrf``."""
    method, path, headers, body = request
    path = fill(path, live)
    body = fill(body.decode("latin-1"), live).encode("latin-1")
    client = Client(raise_request_exception=False, enforce_csrf_checks=True)
    headers = {name: fill(value, live) for name, value in headers.items()}
    if csrf:
        client.cookies["csrftoken"] = TOKEN
        headers["X-CSRFToken"] = TOKEN
        if "Cookie" in headers:
            headers["Cookie"] = f"csrftoken={TOKEN}; {headers['Cookie']}"
    content_type = headers.pop("Content-Type", "application/octet-stream")
    return client.generic(method, path, body, content_type=content_type, headers=headers)


FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "300")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@FUZZ
@given(data=st.data())
def test_no_request_gets_a_server_error(live, data):
    request = data.draw(requests(routes(), form_fields(), known_values()))
    # A real CSRF pair half of the time, so POSTs also get past the check.
    response = send(request, live, csrf=data.draw(st.booleans()))
    assert response.status_code < 500, request


@settings(FUZZ, max_examples=int(os.environ.get("FUZZ_EXAMPLES", "150")))
@given(data=st.data())
def test_no_numeric_or_json_input_gets_a_server_error(live, data):
    """Digits of other scripts, signs, spaces, thousands of digits, deep or huge JSON, in every
    numeric and JSON input of the site (strategies.NUMERIC_INPUTS)."""
    request = data.draw(numeric_requests())
    response = send(request, live, csrf=True)
    assert response.status_code < 500, request


# One of each kind of number and JSON that Python's readers trip on.
CLASSES = {
    "number": ["\u00b2", "\u0663", "\uff11", "+1", "-1", " 1", "1\n", "1_0", "9" * 5000, "007"],
    "json": [
        "[" * 100_000 + "]" * 100_000,
        "[" * 40 + "]" * 40,
        '{"base": "federation", "max_bid": ' + "9" * 5000 + "}",
        '{"base": "federation", "max_bid": 1e400}',
    ],
    "code": ["federation~max_bid:\u00b2", "federation~max_bid:" + "9" * 5000],
    "chouine-code": ["chouine~quinte:\u00b2", "chouine~deals_to_win_match:" + "9" * 5000],
    "etag": [
        '"p' + "9" * 5000 + '.1.-1.en"',
        '"p1.' + "9" * 5000 + '.-1.en"',
        '"p9.9.' + "9" * 5000 + '.en"',
        '"p\u0663.1.-1.en"',
        '"p1.+1.-1.en"',
    ],
}


def odd_requests():
    """Each numeric and JSON input of the site with each kind of odd value it can take, as
    ``(method, path, headers, body)``."""
    for method, path, fields in NUMERIC_INPUTS:
        odd = [kind for kind in fields.values() if kind in CLASSES] or ["number"]
        for kind in dict.fromkeys(odd):
            for value in CLASSES[kind]:
                data = {name: value if of == kind else of for name, of in fields.items()}
                if data.get("Cookie") in COOKIES:
                    data["Cookie"] = COOKIES[data["Cookie"]]
                address = path.replace("<n>", "%C2%B2" if kind == "number" else "1")
                headers = {
                    name: data.pop(name).encode().decode("latin-1")
                    for name in HEADERS
                    if name in data
                }
                if kind == "etag":
                    headers["Cookie"] = COOKIES["player"]
                if method == "GET":
                    headers["Content-Type"] = "application/octet-stream"
                    yield method, address + ("?" + urlencode(data) if data else ""), headers, b""
                else:
                    headers["Content-Type"] = "application/x-www-form-urlencoded"
                    yield method, address, headers, urlencode(data).encode()


def test_every_numeric_and_json_input_refuses_each_kind_of_odd_value(live):
    errors = []
    for request in odd_requests():
        response = send(request, live, csrf=True)
        if response.status_code >= 500:
            errors.append((response.status_code, *request[:2], request[3][:60]))
    assert not errors, errors
