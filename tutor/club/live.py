"""Cheap polling: a poll whose ETag still matches is answered 304 before any rendering.

htmx sends the ETag it was given in ``If-None-Match`` (see templates/club/*:
``hx-headers`` on the polling element). Responses are ``no-store``, so the
browser never answers a poll from its own cache and a plain reverse proxy
passes every request through.
"""

from django.http import HttpResponseNotModified
from django.shortcuts import render


def not_modified(request, etag: str):
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
        response["ETag"] = etag
        response["Cache-Control"] = "no-store"
        return response
    return None


def fragment(request, template: str, context: dict, etag: str = "", status: int = 200):
    """The page, or only its live region when htmx asks."""
    name = f"{template}#live" if request.htmx else template
    response = render(request, name, {**context, "etag": etag}, status=status)
    if etag:
        response["ETag"] = etag
    response["Cache-Control"] = "no-store"
    return response
