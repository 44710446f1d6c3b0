"""ASGI entry point, served by uvicorn (gunicorn's worker class in production, docs/club.md).

One door into the Django project: every request goes through Django's WSGI handler, as under
gunicorn's threads, on a few threads of this process (``SERVER_THREADS``): its body read first,
its response sent whole, one hop from the event loop to a thread and back. Django's ASGI
handler would run each request in a thread of its own and hop between the loop and threads for
every sync middleware, at about twice the CPU per page (measured in docs/club.md, Live channel).

A live page's event stream is answered the same way, by a view on a page thread; its response
(``tutor.push.Response``) is then sent from the event loop, event by event, for as long as the
browser listens, holding no thread.
"""

import asyncio
import gc
import io
import logging
import os
import time
from concurrent.futures import ThreadPoolExecutor

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")

import django  # noqa: E402

django.setup(set_prefix=False)

from a2wsgi.wsgi import build_environ  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.handlers.wsgi import WSGIHandler  # noqa: E402
from django.db import close_old_connections  # noqa: E402
from django.urls import get_resolver  # noqa: E402
from django.utils import translation  # noqa: E402

from tutor import push  # noqa: E402
from tutor.club import nicknames  # noqa: E402

THREADS = int(os.environ.get("SERVER_THREADS", "2"))
log = logging.getLogger(__name__)
# SERVER_TIMING=1: each page says in a Server-Timing header how long it waited for a page
# thread, how long its thread took, and that thread's CPU, so a load test can tell the
# server's own time from the queue in front of it (scripts/load_club.py). Off by default:
# the figures are for a benchmark, not for visitors.
TIMING = os.environ.get("SERVER_TIMING") == "1"
# No page takes a body this large (forms of a few fields; Django refuses more than 2.5 MB).
MAX_BODY = 10 * 1024 * 1024


class Pages:
    """Ordinary pages: Django's WSGI handler on ``THREADS`` threads of this process."""

    def __init__(self, threads: int):
        self.handler = WSGIHandler()
        self.executor = ThreadPoolExecutor(threads, thread_name_prefix="pages")

    async def __call__(self, scope, receive, send):
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > MAX_BODY:
                await send({"type": "http.response.start", "status": 413, "headers": []})
                await send({"type": "http.response.body", "body": b""})
                return
            if not message.get("more_body"):
                break
        environ = build_environ(scope, io.BytesIO(body))
        environ[push.SERVED] = True
        loop = asyncio.get_running_loop()
        queued = time.perf_counter()
        status, headers, content = await loop.run_in_executor(
            self.executor, self.run, environ, queued
        )
        await send({"type": "http.response.start", "status": status, "headers": headers})
        if isinstance(content, push.Response):
            # Nothing of the request is needed while the events go out, for hours at times.
            del body, environ
            await events(content, receive, send)
        else:
            await send({"type": "http.response.body", "body": content})

    def run(self, environ, queued: float):
        """On a page thread: the whole response (pages and static files are small)."""
        began, cpu = time.perf_counter(), time.thread_time()
        started, chunks = {}, []

        def start_response(status, headers, exc_info=None):
            started["status"] = int(status.split(" ", 1)[0])
            started["headers"] = [
                (name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in headers
            ]
            return chunks.append

        result = self.handler(environ, start_response)
        if isinstance(result, push.Response):
            # Its events come from the loop: the page thread is done with it, and gives its
            # database connection back as at the end of a request.
            close_old_connections()
            result.let_go_of_request()
        else:
            try:
                chunks.extend(result)
            finally:
                if hasattr(result, "close"):
                    result.close()
            result = b"".join(chunks)
        if TIMING:
            ms = {
                "queue": began - queued,
                "page": time.perf_counter() - began,
                "cpu": time.thread_time() - cpu,
            }
            value = ", ".join(f"{name};dur={1000 * spent:.2f}" for name, spent in ms.items())
            started["headers"].append((b"server-timing", value.encode("ascii")))
        return started["status"], started["headers"], result


async def events(response, receive, send) -> None:
    """On the loop: a stream's events as they come, until its topic ends or its browser
    leaves (the server would otherwise drop the events of a closed connection in silence)."""
    sending = asyncio.ensure_future(_send_all(response, send))
    leaving = asyncio.ensure_future(_disconnect(receive))
    try:
        await asyncio.wait({sending, leaving}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (sending, leaving):
            task.cancel()
        await asyncio.gather(sending, leaving, return_exceptions=True)
        response.close()
    if not sending.cancelled() and sending.exception() is not None:
        log.error("a stream failed", exc_info=sending.exception())


async def _send_all(response, send) -> None:
    async for chunk in response:
        await send({"type": "http.response.body", "body": chunk, "more_body": True})
    await send({"type": "http.response.body", "body": b""})


async def _disconnect(receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


def settle() -> None:
    """Builds what every process would build on its first pages (each language's catalog and
    address table, the nicknames' lookalike table), then sets all of it, and everything
    imported, outside Python's garbage collection (``gc.freeze``): none of it ever becomes
    garbage. A full collection stops every thread of the process while it walks every object:
    with these 134,000 and a room's 500 streams, 125-157 ms of CPU here, and a herd of joins,
    whose streams make the objects that set it off, met it in its midst (docs/club.md).
    Frozen, they are never walked again."""
    resolver = get_resolver()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            resolver.reverse_dict  # noqa: B018 (built per language on first use)
    nicknames.skeleton("")
    gc.collect()
    gc.freeze()


pages = Pages(THREADS)
settle()


async def application(scope, receive, send):
    if scope["type"] == "lifespan":
        return await push.lifespan(receive, send)
    return await pages(scope, receive, send)
