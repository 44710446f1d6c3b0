"""The server's door for ordinary pages (tutor/asgi.py): its Server-Timing header, which the
load scripts read to tell the server's own time from the queue in front of it."""

import re
import time

import pytest
from django.test import RequestFactory

from tutor import asgi

pytestmark = pytest.mark.django_db

TIMING = re.compile(r"(\w+);dur=(\d+\.\d\d)")


def _page(path: str):
    environ = RequestFactory().get(path).environ
    status, headers, content = asgi.pages.run(environ, time.perf_counter())
    return status, dict(headers), content


def test_with_server_timing_a_page_says_its_wait_its_time_and_its_cpu(monkeypatch):
    monkeypatch.setattr(asgi, "TIMING", True)
    status, headers, content = _page("/en/glossary/")
    assert status == 200 and b"<html" in content
    figures = dict(TIMING.findall(headers[b"server-timing"].decode("ascii")))
    assert list(figures) == ["queue", "page", "cpu"]
    assert float(figures["page"]) > 0 and float(figures["cpu"]) > 0


def test_without_it_no_page_tells_its_timings():
    status, headers, _content = _page("/en/glossary/")
    assert status == 200 and b"server-timing" not in headers
