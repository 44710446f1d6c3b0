import os

import pytest

# Playwright's sync API runs an event loop in the test thread; Django's ORM
# refuses to run under one unless told the access is deliberate.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LANGS = ["pt", "es", "ro", "fr"]


@pytest.fixture(autouse=True)
def english_by_default():
    """Each test starts in English: a request leaves its language active in the thread."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Debian's Chromium: nothing can be downloaded on these machines."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 390, "height": 844}}


@pytest.fixture
def site(live_server, page):
    """A browser page and the live server's address."""
    page.set_default_timeout(10_000)
    return live_server.url, page
