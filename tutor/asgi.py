"""ASGI entry point, served by uvicorn (gunicorn's worker class in production, docs/club.md).

Two doors into one Django project. A live page's event stream (a path ending in ``/events/``)
is an async view that holds its connection without holding a thread, so it goes through
Django's ASGI handler. Every other request is an ordinary page, a plain function: it goes
through Django's WSGI handler, as under gunicorn's threads, on a few threads of this process
(``SERVER_THREADS``). Django's ASGI handler would run each of those in a thread of its own,
hopping between the event loop and threads for every sync middleware, at twice the CPU per
page (measured in docs/club.md, Live channel).
"""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")

import django  # noqa: E402

django.setup(set_prefix=False)

from a2wsgi import WSGIMiddleware  # noqa: E402
from django.core.handlers.asgi import ASGIHandler  # noqa: E402
from django.core.handlers.wsgi import WSGIHandler  # noqa: E402

from tutor import push  # noqa: E402

THREADS = int(os.environ.get("SERVER_THREADS", "2"))

streams = ASGIHandler()
pages = WSGIMiddleware(WSGIHandler(), workers=THREADS)


async def application(scope, receive, send):
    if scope["type"] == "http" and push.is_stream(scope["path"]):
        return await streams(scope, receive, send)
    if scope["type"] == "lifespan":
        return await push.lifespan(receive, send)
    return await pages(scope, receive, send)
