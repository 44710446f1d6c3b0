"""Two middlewares: one refuses requests no page of ours could send, one keeps private pages
out of every cache.

``RefuseBadInput`` sits before ``CsrfViewMiddleware``: the CSRF check (and the error handlers,
which run it again) parse the body, and a body Django cannot parse would make them fail with a
500. Here the body is parsed once, and a request that cannot be read gets the site's 400 page.
"""

from django.conf import settings
from django.core.exceptions import BadRequest, SuspiciousOperation
from django.http import HttpRequest, HttpResponse, UnreadablePostError
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers

# C0 controls and DEL: no address of ours holds one, PostgreSQL refuses NUL in text, and CR/LF
# must never reach a response header.
CONTROL = frozenset(map(chr, [*range(32), 127]))


def _has_control(text: str) -> bool:
    return not CONTROL.isdisjoint(text)


def bad_request(request: HttpRequest) -> HttpResponse:
    """The site's own 400 page, in the visitor's language."""
    return render(request, "400.html", status=400)


class RefuseBadInput:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
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

    @staticmethod
    def _has_nul(data) -> bool:
        # Text areas may hold tabs and line breaks; NUL is never typed, and breaks PostgreSQL.
        return any(
            "\x00" in key or any("\x00" in value for value in values)
            for key, values in data.lists()
        )


class PrivatePages:
    """``Cache-Control: no-store`` (and friends) on every page named in ``PRIVATE_PAGES``.

    These pages hold answers, teacher keys or a learner's record: neither a shared proxy nor
    the browser's back-forward cache may keep them. A new private page opts in by adding its
    URL name to the setting.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        match = request.resolver_match
        private = match is not None and match.url_name in settings.PRIVATE_PAGES
        # A page that already forbids storing (the club's polled pages) keeps its own header.
        if private and "no-store" not in response.get("Cache-Control", ""):
            add_never_cache_headers(response)
        return response
