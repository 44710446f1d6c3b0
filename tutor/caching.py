"""What is the same for everyone, kept once per server process (docs/speed.md).

The caches are :class:`tutor.memo.LRU`, bounded in entries and size. Here:

- :data:`CATALOGS`, the identity of the compiled catalogs (each ``.mo`` file's size and
  modification time) read when the process starts, as Django reads the catalogs themselves:
  it is part of every key, so a page never outlives the words it was written in.
- :class:`SharedPages`, the middleware that serves the pages named in ``SHARED_PAGES`` to a
  visitor who brings nothing of their own (no session, not signed in) from a rendering made
  for the same address, language, deck and htmx request. Such a visitor's page depends on
  nothing else. A visitor with a session (a learner's marks and stars, remembered rules,
  their deals, an account) gets a kept page only when it was rendered without reading any
  session: the page then cannot depend on one. Every other page of theirs is rendered
  afresh, from the cached engine content, table fragments and ``{% kept %}`` regions.
- :func:`restart`, what a new process starts with (for the tests).
"""

from __future__ import annotations

import gettext
import re
import secrets
import sys
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import _unmask_cipher_token, get_token
from django.utils.translation import get_language

from tutor.memo import CACHES, LRU


def catalog_version() -> tuple:
    """(name, size, modification time) of every compiled catalog the site translates with."""
    found = []
    for folder in settings.LOCALE_PATHS:
        for path in sorted(Path(folder).glob("*/LC_MESSAGES/*.mo")):
            stat = path.stat()
            found.append((str(path), stat.st_size, stat.st_mtime_ns))
    return tuple(found)


CATALOGS = catalog_version()


def restart() -> None:
    """What a new process starts with: empty caches and the catalogs read again."""
    global CATALOGS
    from django.utils.translation import trans_real

    from tutor.rules import explain

    for cache in CACHES:
        cache.clear()
    gettext._translations.clear()  # Python's own catalogs, kept by file name
    trans_real._translations.clear()
    trans_real._default = None
    # The engine's own readers of the catalogs, and the card names they wrote.
    explain._catalog.cache_clear()
    explain.card_name.cache_clear()
    explain.format_number.cache_clear()
    CATALOGS = catalog_version()


# -- whole pages for visitors who bring nothing of their own ---------------------------------

# The cookies such a visitor may carry: none of them changes a page but the deck, in the key.
NEUTRAL_COOKIES = frozenset({settings.CSRF_COOKIE_NAME, settings.LANGUAGE_COOKIE_NAME, "deck"})
# Where the CSRF token was in a stored page; random per process, so no address can forge it.
TOKEN_MARK = f"csrf-{secrets.token_hex(12)}"
TOKEN = re.compile(r"\b[A-Za-z0-9]{64}\b")
# Bytes of text kept (the keys are small): a few hundred pages of every kind.
PAGES = LRU(items=2000, size=24 * 1024 * 1024)


# A visitor may also bring a session: served only pages rendered without reading one.
SESSION_COOKIES = NEUTRAL_COOKIES | {settings.SESSION_COOKIE_NAME}


def _plain(request: HttpRequest) -> bool:
    """A GET from a visitor with no cookie that could change the page but their session's."""
    return request.method == "GET" and SESSION_COOKIES.issuperset(request.COOKIES)


def _key(request: HttpRequest) -> tuple:
    htmx = tuple(sorted((k, v) for k, v in request.META.items() if k.startswith("HTTP_HX_")))
    return (
        request.resolver_match.url_name,
        request.scheme,
        request.get_host(),
        request.get_full_path(),
        get_language(),
        request.COOKIES.get("deck", ""),
        htmx,
        CATALOGS,
    )


def _storable(request: HttpRequest, response: HttpResponse) -> bool:
    session = getattr(request, "session", None)
    return (
        response.status_code == 200
        and not response.streaming
        and not response.cookies
        and "no-store" not in response.get("Cache-Control", "")
        # Nothing written; and a visitor's own session, if they have one, never read (the
        # user is read from it too): their page is then anyone's.
        and not (session is not None and session.modified)
        and not (session is not None and session.session_key and session.accessed)
        and not getattr(getattr(request, "_messages", None), "_queued_messages", None)
    )


def _without_tokens(request: HttpRequest, text: str) -> str:
    secret = request.META.get("CSRF_COOKIE")
    if not secret:
        return text

    def mark(match: re.Match) -> str:
        token = match.group(0)
        return TOKEN_MARK if _unmask_cipher_token(token) == secret else token

    return TOKEN.sub(mark, text)


class SharedPages:
    """Serves the pages of ``SHARED_PAGES`` to visitors who bring nothing of their own from a
    rendering kept per :func:`_key`; the CSRF token is the visitor's own, written in at each
    request. A kept page that read the (empty) session of a visitor without one is served to
    such visitors only. The views still run for everyone else, and for any request they
    answer with something a page kept for others must not carry (a cookie, a session written
    or, for a visitor with one, read, a message)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        key = getattr(request, "_shared_page_key", None)
        if key is not None and _storable(request, response):
            text = _without_tokens(request, response.content.decode(response.charset))
            headers = {k: v for k, v in response.items() if k.lower() != "content-length"}
            session = getattr(request, "session", None)
            # Not ``bool(session)``: an empty session is false, read or not.
            accessed = session is not None and session.accessed
            PAGES.put(key, (text, headers, accessed), sys.getsizeof(text))
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        match = request.resolver_match
        if match is None or match.url_name not in settings.SHARED_PAGES:
            return None
        if not _plain(request):
            return None
        key = _key(request)
        found = PAGES.get(key)
        if found is None:
            request._shared_page_key = key
            return None
        text, headers, accessed = found
        if accessed and settings.SESSION_COOKIE_NAME in request.COOKIES:
            # Rendered for a visitor without a session, after reading it (empty): a visitor
            # with one may see something else. Rendered for them, and not kept.
            return None
        if TOKEN_MARK in text:
            text = text.replace(TOKEN_MARK, get_token(request))
        if accessed:
            request.session.accessed = True  # the same Vary: Cookie as the page rendered
        return HttpResponse(text, headers=headers)
