import pytest
from django.test import Client
from django.urls import reverse

from tutor import exercises
from tutor.club import codes, views
from tutor.club.models import ClubSession


def create(client, **overrides):
    data = {
        "game": "chouine",
        "profile": "chouine",
        "topics": ["chouine_play"],
        "count": "3",
        "difficulty": "1",
        "seconds": "",
        **overrides,
    }
    response = client.post(reverse("club_index"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return ClubSession.objects.latest("created_at")


@pytest.fixture
def session(client):
    return create(client)


@pytest.fixture
def host(session):
    """The teacher's URL for an action of ``session`` (``""`` is the projector page)."""

    def url(action=""):
        key = codes.teacher_key(session)
        if action == "live":
            return reverse("club_host_live", args=[session.code, key])
        if action:
            return reverse("club_host_act", args=[session.code, key, action])
        return views.host_url(session)

    return url


def signed_in(context, url, user):
    """A browser context signed in as ``user`` (the session cookie of a test client)."""
    client = Client()
    client.force_login(user)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": url}]
    )


def join(client, session, nickname, lang="en"):
    response = client.post(
        reverse("club_join"), {"code": session.code, "nickname": nickname, "lang": lang}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return response


@pytest.fixture
def phone(session):
    """A phone that has joined ``session`` as Ana."""
    phone = Client()
    join(phone, session, "Ana")
    return phone


def right_answer(question):
    """Form data carrying the engine's answer to ``question`` (a ClubQuestion)."""
    expected = exercises.solve(question.data).expected
    qtype = exercises.get_type(question.data["type"])
    kind = qtype.answer_kind
    if kind == "cards":
        return {"card": expected}
    if kind == "tap":
        return {qtype.tap_field: expected[0]}
    if kind == "scores":
        return {f"score_{side}": points for side, points in expected.items()}
    return {kind: expected}


def wrong_answer(question):
    """Form data for an answer the engine rejects."""
    expected = exercises.solve(question.data).expected
    qtype = exercises.get_type(question.data["type"])
    if qtype.answer_kind == "tap":
        return {qtype.tap_field: next(t for t in qtype.taps(question.data) if t not in expected)}
    if qtype.answer_kind == "cards":
        hand = question.data["data"]["hand"]
        return {"card": hand if expected != hand else hand[:1]}
    values = [choice["value"] for choice in question.data["choices"]]
    return {"choice": next(value for value in values if value != expected)}


@pytest.fixture(scope="session")
def asgi_server(django_db_setup):
    """The production application (tutor/asgi.py: event streams and pages) under uvicorn, in a
    thread of this process, on the test database; static files from the source folders, as
    the live server serves them. Yields its address and its event loop."""
    import socket
    import threading
    import time

    import uvicorn
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    from tutor.asgi import application

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(
        ASGIStaticFilesHandler(application),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        timeout_graceful_shutdown=2,
    )
    server = uvicorn.Server(config)
    loops = []
    thread = threading.Thread(target=lambda: server.run() or None, name="asgi-server", daemon=True)
    original = server.serve

    async def serve(*args, **kwargs):
        import asyncio

        loops.append(asyncio.get_running_loop())
        await original(*args, **kwargs)

    server.serve = serve
    thread.start()
    for _attempt in range(200):
        if server.started:
            break
        time.sleep(0.05)
    assert server.started, "uvicorn did not start"
    yield f"http://127.0.0.1:{port}", loops[0]
    server.should_exit = True
    thread.join(10)


@pytest.fixture
def push_site(asgi_server, transactional_db, page):
    """A browser page and the address of the production application (event streams on)."""
    page.set_default_timeout(10_000)
    return asgi_server[0], page
