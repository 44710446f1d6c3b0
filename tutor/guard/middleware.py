"""Three middlewares: one refuses requests no page of ours could send, one keeps private pages
out of every cache, one reads a page again when the database connection was lost under it.

``RefuseBadInput`` sits before ``CsrfViewMiddleware``: the CSRF check (and the error handlers,
which run it again) parse the body, and a body Django cannot parse would make them fail with a
500. Here the body is parsed once, and a request that cannot be read gets the site's 400 page.
It also turns a value a view could not read (``tutor.guard.inputs.BadInput``) into that page,
with the reason.
"""

from inspect import iscoroutinefunction

from django.conf import settings
from django.core.exceptions import BadRequest, SuspiciousOperation
from django.db import OperationalError, connection
from django.http import HttpRequest, HttpResponse, UnreadablePostError
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers

from .inputs import BadInput

# C0 controls and DEL: no address of ours holds one, PostgreSQL refuses NUL in text, and CR/LF
# must never reach a response header.
CONTROL = frozenset(map(chr, [*range(32), 127]))


def _has_control(text: str) -> bool:
    return not CONTROL.isdisjoint(text)


def bad_request(request: HttpRequest, message: str = "") -> HttpResponse:
    """The site's own 400 page, in the visitor's language (with the reason, when known)."""
    return render(request, "400.html", {"message": message}, status=400)


def _has_control_header(request: HttpRequest) -> bool:
    """A control character in a cookie (Django unquotes "\\000" in a quoted value to NUL) or
    in a header value (a tab is allowed there). No browser sends one; the session, sign-in
    failures and club tokens would take it to the database, which refuses NUL."""
    for name, value in request.COOKIES.items():
        if _has_control(name) or _has_control(value):
            return True
    return any(
        _has_control(str(value).replace("\t", ""))
        for key, value in request.META.items()
        if key.startswith("HTTP_")
    )


class RefuseBadInput:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if _has_control_header(request):
            # Not one of them may reach the database, not even to draw the 400 page.
            request.COOKIES = {}
            if hasattr(request, "session"):
                request.session = type(request.session)()
            return bad_request(request)
        if _has_control(request.path_info) or self._has_nul(request.GET):
            return bad_request(request)
        if request.method == "POST":
            try:
                form = request.POST
            except (BadRequest, SuspiciousOperation, MultiPartParserError, UnreadablePostError):
                # Django keeps re-raising for some of these bodies: read them as empty from now.
                request._mark_post_parse_error()
                return bad_request(request)
            if self._has_nul(form):
                return bad_request(request)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        if isinstance(exception, BadInput):
            return bad_request(request, exception.message)
        return None

    @staticmethod
    def _has_nul(data) -> bool:
        # Text areas may hold tabs and line breaks; NUL is never typed, and breaks PostgreSQL.
        return any(
            "\x00" in key or any("\x00" in value for value in values)
            for key, values in data.lists()
        )


def _owner(request: HttpRequest) -> bool:
    """Whether the visitor brings rows of their own: an account, or a session."""
    session = getattr(request, "session", None)
    return request.user.is_authenticated or bool(session is not None and session.session_key)


class PrivatePages:
    """``Cache-Control: no-store`` (and friends) on every page named in ``PRIVATE_PAGES``, and
    on those of ``PRIVATE_FOR_OWNERS`` for a visitor signed in or with a session.

    These pages hold answers, teacher keys or a learner's record: neither a shared proxy nor
    the browser's back-forward cache may keep them. A new private page opts in by adding its
    URL name to the setting.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        match = request.resolver_match
        name = match.url_name if match is not None else None
        private = name in settings.PRIVATE_PAGES or (
            name in settings.PRIVATE_FOR_OWNERS and _owner(request)
        )
        # A page that already forbids storing (the club's polled pages) keeps its own header.
        if private and "no-store" not in response.get("Cache-Control", ""):
            add_never_cache_headers(response)
        return response


class RetryLostConnection:
    """A request that met a database connection lost under it is run again on the next one,
    when that cannot do anything twice: a page read (GET, HEAD), or any request none of whose
    statements reached the database before the loss.

    After a PostgreSQL restart each connection the pool kept fails the first request that uses
    it (the pool keeps them without a health check: its ``SELECT 1`` before every request cost
    a fifth of the server's time under a club's load). Each new try takes the next connection,
    the lost ones being dropped. Last in the chain, so its ``process_exception`` is asked
    first."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.db_statements = 0

        def count(execute, sql, params, many, context):
            result = execute(sql, params, many, context)
            request.db_statements += 1
            return result

        with connection.execute_wrapper(count):
            return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, OperationalError):
            return None
        match = request.resolver_match
        if match is None or iscoroutinefunction(match.func) or connection.in_atomic_block:
            return None
        for _attempt in range(settings.DB_RETRIES):
            safe = request.method in ("GET", "HEAD") or request.db_statements == 0
            if not safe or connection.is_usable():
                return None  # a write may be in, or the database answers: another failure
            connection.close()
            try:
                return match.func(request, *match.args, **match.kwargs)
            except OperationalError:
                continue
        return None
