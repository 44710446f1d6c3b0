"""Polling: an unchanged state costs a 304; every change shows up at the next poll."""

import pytest
from django.db import connection
from django.forms.models import model_to_dict
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tutor.club import codes, live, play, state
from tutor.club.models import Player

from .conftest import join, right_answer

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def poll(client, url, etag=None):
    headers = {**HTMX, **({"If-None-Match": etag} if etag else {})}
    return client.get(url, headers=headers)


def test_it_answers_an_unchanged_player_poll_with_304(client, session, host, phone):
    url = reverse("club_play_live", args=[session.code])
    first = poll(phone, url)
    assert first.status_code == 200
    assert first.headers["Cache-Control"] == "no-store"
    assert poll(phone, url, first.headers["ETag"]).status_code == 304
    client.post(host("start"))
    changed = poll(phone, url, first.headers["ETag"])
    assert changed.status_code == 200
    assert 'data-phase="question"' in changed.content.decode()


def test_a_player_poll_ignores_other_players_answers(client, session, host, phone):
    client.post(host("start"))
    url = reverse("club_play_live", args=[session.code])
    etag = poll(phone, url).headers["ETag"]
    other = Client()
    join(other, session, "Bea")
    other.post(reverse("club_answer", args=[session.code]), right_answer(session.questions.first()))
    assert poll(phone, url, etag).status_code == 304


def test_the_projector_poll_changes_with_each_answer(client, session, host, phone):
    client.post(host("start"))
    etag = poll(client, host("live")).headers["ETag"]
    assert poll(client, host("live"), etag).status_code == 304
    phone.post(reverse("club_answer", args=[session.code]), right_answer(session.questions.first()))
    changed = poll(client, host("live"), etag)
    assert changed.status_code == 200
    assert 'data-answers="1"' in changed.content.decode()


def test_it_sends_only_the_live_region_to_htmx(client, host):
    body = poll(client, host("live")).content.decode()
    assert body.lstrip().startswith('<div id="live"')
    assert "<html" not in body


def test_the_etag_depends_on_the_language(client, session, host):
    en = client.get(host("live"), headers=HTMX).headers["ETag"]
    fr_url = host("live").replace("/en/", "/fr/", 1)
    assert client.get(fr_url, headers={**HTMX, "If-None-Match": en}).status_code == 200


def test_the_players_row_read_for_a_poll_is_the_one_the_orm_reads(session):
    phone = Client()
    join(phone, session, "Ana", lang="ro")
    request = RequestFactory().get("/")
    request.COOKIES = {name: morsel.value for name, morsel in phone.cookies.items()}
    read = play.current_player(request, session.code)
    stored = Player.objects.select_related("session").get(nickname="Ana")
    fields = [field.attname for field in Player._meta.concrete_fields]
    assert [getattr(read, name) for name in fields] == [getattr(stored, name) for name in fields]
    assert model_to_dict(read.session) == model_to_dict(stored.session)
    assert read.session.topics == ["chouine_play"] and read.session.created_at.tzinfo
    assert play.current_player(request, "ZZZZZZZZ") is None


def test_a_known_phones_poll_renders_the_new_phase_without_a_query(
    client, session, host, phone, django_assert_num_queries
):
    url = reverse("club_play_live", args=[session.code])
    etag = poll(phone, url).headers["ETag"]
    other = Client()
    join(other, session, "Bea")
    other_etag = poll(other, url).headers["ETag"]
    client.post(host("start"))
    assert poll(other, url, other_etag).status_code == 200
    # The pulse is fresh and the phase's parts are cached: who polls is all that is left.
    with django_assert_num_queries(0):
        changed = poll(phone, url, etag)
    assert changed.status_code == 200
    assert 'data-phase="question"' in changed.content.decode()
    assert changed.headers["ETag"] != etag


def test_a_removed_phone_is_sent_away_at_its_next_poll(client, session, host, phone):
    url = reverse("club_play_live", args=[session.code])
    etag = poll(phone, url).headers["ETag"]
    assert poll(phone, url, etag).status_code == 304
    player = Player.objects.get()
    client.post(reverse("club_remove", args=[session.code, codes.teacher_key(session), player.pk]))
    refused = poll(phone, url, etag)
    assert refused.status_code == 403
    assert refused.headers["HX-Redirect"].startswith(reverse("club_join"))


def test_a_phone_never_goes_back_to_a_phase_this_process_saw_last(session, phone):
    """The phone saw the question through another server process, whose move this process's
    pulse has not caught up with yet: it must not be shown the lobby again."""
    url = reverse("club_play_live", args=[session.code])
    lobby = poll(phone, url)
    live.pulse(session.code)
    state.advance(session.pk)  # as another process would: this one's pulse is not told
    session.refresh_from_db()
    newer = live.phone_etag(session.pk, session.phase_version, -1, "en")
    response = poll(phone, url, newer)
    assert response.status_code == 304
    assert lobby.headers["ETag"] != newer


def test_an_answer_with_the_live_regions_etag_needs_no_player_query(client, session, host, phone):
    url = reverse("club_play_live", args=[session.code])
    client.post(host("start"))
    etag = poll(phone, url).headers["ETag"]
    answer = right_answer(session.questions.first())
    with CaptureQueriesContext(connection) as queries:
        response = phone.post(
            reverse("club_answer", args=[session.code]),
            answer,
            headers={**HTMX, "If-None-Match": etag},
        )
    assert response.status_code == 200
    assert "data-answered" in response.content.decode()
    assert Player.objects.get().answered_position == 0
    assert not [query for query in queries if "token_digest" in query["sql"]]


# Real commits: the database checks the answer's player (a deferred foreign key) at commit.
@pytest.mark.django_db(transaction=True)
def test_an_answer_from_a_phone_removed_meanwhile_is_refused_cleanly(session, host, phone):
    url = reverse("club_play_live", args=[session.code])
    state.advance(session.pk)
    live.forget(session.code)
    etag = poll(phone, url).headers["ETag"]
    # Removed through another process: this one's pulse still lists the phone.
    state.remove_player(session.pk, Player.objects.get().pk)
    response = phone.post(
        reverse("club_answer", args=[session.code]),
        right_answer(session.questions.first()),
        headers={**HTMX, "If-None-Match": etag},
    )
    assert response.status_code == 403
    assert not Player.objects.exists()


def test_the_phones_page_names_the_player(session, phone):
    page = phone.get(reverse("club_play", args=[session.code])).content.decode()
    assert "Playing as Ana" in page
    # Template comments stay out of the page (a {# #} comment is one line only).
    assert "{#" not in page and "#}" not in page
