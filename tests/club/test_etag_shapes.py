"""A phone's ETag is read with bounded ASCII digits: one of another shape (5,000 digits, digits
of another script, a sign) is ignored and the request answered as without one, by the 304
shortcut, the poll and the answer alike (security review, D2)."""

import pytest
from django.test import Client
from django.urls import reverse

from tutor.club import live
from tutor.club.models import Answer

from .conftest import join, right_answer

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
LONG = "9" * 5000


def forged(session, version=None, answered="-1", session_id=None, lang="en"):
    return live.phone_etag(
        session.pk if session_id is None else session_id,
        session.phase_version if version is None else version,
        answered,
        lang,
    )


def shapes(session):
    return [
        forged(session, session_id=LONG),
        forged(session, version=LONG),
        forged(session, answered=LONG),
        forged(session, answered="-" + LONG),
        forged(session, session_id="٣"),
        forged(session, version="\u00b2"),
        forged(session, answered="+1"),
        forged(session, version="0" + str(session.phase_version)),
    ]


@pytest.fixture
def phone_of(session):
    phone = Client(raise_request_exception=False)
    join(phone, session, "Ana")
    return phone


def test_a_poll_with_an_etag_of_another_shape_is_answered_as_without_one(session, phone_of):
    url = reverse("club_play_live", args=[session.code])
    for etag in shapes(session):
        response = phone_of.get(url, headers={**HTMX, "If-None-Match": etag})
        assert response.status_code == 200, etag[:40]
        assert response.headers["ETag"] != etag


def test_an_answer_with_an_etag_of_another_shape_is_recorded(session, phone_of, host, client):
    client.post(host("start"))
    session.refresh_from_db()
    url = reverse("club_answer", args=[session.code])
    data = right_answer(session.questions.first())
    statuses = [
        phone_of.post(url, data, headers={**HTMX, "If-None-Match": etag}).status_code
        for etag in shapes(session)
    ]
    assert statuses[0] == 200 and set(statuses[1:]) == {409}
    assert Answer.objects.filter(player__session=session).count() == 1


def test_a_phone_without_a_token_and_a_forged_etag_is_sent_to_the_join_form(session):
    url = reverse("club_play_live", args=[session.code])
    phone = Client(raise_request_exception=False)
    phone.cookies[f"club_{session.code}"] = "x"
    response = phone.get(url, headers={**HTMX, "If-None-Match": forged(session, version=LONG)})
    assert response.status_code == 403
