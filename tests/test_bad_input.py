"""Hostile requests get a translated 4xx, never a 500 (each case from the security review)."""

import logging

import pytest
from django.test import Client

from tutor.quiz.models import Attempt, ReviewItem

pytestmark = pytest.mark.django_db

HUGE = "9" * 26
TOKEN = "a" * 32


def quiet_client(**kwargs) -> Client:
    """A client that sees a 500 as a response, as a browser would, instead of raising it."""
    return Client(raise_request_exception=False, **kwargs)


def csrf_client() -> Client:
    """A client with a forged but valid CSRF pair: the CSRF check really runs and passes."""
    client = quiet_client(enforce_csrf_checks=True, headers={"X-CSRFToken": TOKEN})
    client.cookies["csrftoken"] = TOKEN
    return client


@pytest.mark.parametrize(
    "path, data",
    [
        ("/en/quiz/q/trick_points/federation/5/", {"number": HUGE}),
        ("/en/quiz/q/trick_points/federation/5/", {"number": "-" + HUGE * 4}),
        ("/en/learn/coinche-tricks/2/", {"number": HUGE}),
        ("/en/quiz/q/deal_score/federation/5/", {"score_NS": HUGE, "score_EW": HUGE}),
    ],
)
def test_a_huge_number_is_refused_in_the_readers_language_and_files_nothing(path, data):
    response = quiet_client().post(path.replace("/en/", "/fr/"), data)
    assert response.status_code == 400
    assert '<html lang="fr">' in response.content.decode()
    assert not Attempt.objects.exists()
    assert not ReviewItem.objects.exists()


@pytest.mark.parametrize("next_url", ["x", "", "fr", "?a=1", "//", "/fr"])
def test_the_language_switch_takes_any_next(next_url):
    response = csrf_client().post("/language/", {"language": "fr", "next": next_url})
    assert response.status_code == 302
    assert response["Location"].startswith("/fr/")


@pytest.mark.parametrize("item", ["abc", "1.5", "9" * 40, "-1"])
def test_the_review_refuses_an_item_that_is_not_one(item):
    response = quiet_client().post("/en/quiz/review/", {"item": item})
    assert response.status_code == 400


@pytest.mark.parametrize(
    "path",
    [
        "/en/quiz/sheet/AB%00/",
        "/en/quiz/sheet/AB%00/undo/",
        "/en/club/host/AB%00/ff/",
        "/en/club/play/AB%00/live/",
        "/en/club/play/AB%0d%0aSet-Cookie:x=1/live/",
        "/en/glossary/%01/",
        "/en/quiz/?situation=%00",
    ],
)
def test_control_characters_in_an_address_get_a_400(path):
    response = quiet_client().get(path)
    assert response.status_code == 400
    assert "Set-Cookie" not in str(response.headers.get("HX-Redirect", ""))


def test_a_nul_in_a_form_value_gets_a_400():
    response = quiet_client().post("/en/club/join/", {"code": "AB\x00", "nickname": "x"})
    assert response.status_code == 400


def test_the_join_redirect_header_carries_the_code_encoded():
    response = quiet_client().get("/en/club/play/A&B=1/live/")
    assert response.status_code == 403
    assert response["HX-Redirect"] == "/en/club/join/?code=A%26B%3D1"


@pytest.mark.parametrize("charset", ["latin-1", "utf-16"])
def test_a_form_body_in_another_charset_gets_a_400(charset):
    content_type = f"application/x-www-form-urlencoded; charset={charset}"
    response = csrf_client().post("/en/club/join/", "a=1", content_type=content_type)
    assert response.status_code == 400
    assert "This request cannot be answered" in response.content.decode()


@pytest.mark.parametrize("path", ["/en/nope/", "/en/club/join/"])
def test_a_broken_multipart_body_gets_a_400(path):
    response = csrf_client().post(path, b"x", content_type="multipart/form-data")
    assert response.status_code == 400


PAGES_WITH_A_SESSION = [
    "/en/quiz/",
    "/en/club/",
    "/en/learn/",
    "/en/play/coinche/",
    "/en/referee/",
    "/en/quiz/calculator/",
    "/en/profiles/house/",
]


@pytest.mark.parametrize("path", PAGES_WITH_A_SESSION)
@pytest.mark.parametrize("cookie", ["sessionid", "csrftoken", "django_language", "deck"])
def test_a_nul_in_a_cookie_gets_a_400_never_a_500(path, cookie):
    """Django unquotes "\\000" in a quoted cookie to a NUL, which PostgreSQL refuses (D8)."""
    client = quiet_client()
    client.cookies[cookie] = "abcdefgh\x00ijklmnop"
    response = client.get(path)
    assert response.status_code == 400


@pytest.mark.parametrize("header", ["User-Agent", "Accept", "Accept-Language", "X-Anything"])
def test_a_nul_in_a_header_gets_a_400_never_a_500(header):
    response = quiet_client().post(
        "/en/learn/account/login/",
        {"username": "nobody", "password": "wrong"},
        headers={header: "a\x00b"},
    )
    assert response.status_code == 400


def test_a_tab_in_a_header_is_no_reason_to_refuse():
    assert quiet_client().get("/en/", headers={"User-Agent": "a\tb"}).status_code == 200


def test_a_foreign_host_gets_a_400_without_a_traceback_in_the_log():
    """What reaches the site's log handlers (on the root logger): not the DisallowedHost."""
    seen = []

    class Keep(logging.Handler):
        def emit(self, record):
            seen.append(record)

    keep = Keep()
    logging.getLogger().addHandler(keep)
    try:
        response = quiet_client().get("/en/", headers={"Host": "evil.example"})
    finally:
        logging.getLogger().removeHandler(keep)
    assert response.status_code == 400
    assert not [record for record in seen if record.name.startswith("django.security")]
