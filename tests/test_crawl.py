"""Every page reachable from the home page answers, in every language, without a server error."""

import re
from collections import deque

import pytest

pytestmark = pytest.mark.django_db

LINK = re.compile(r'href="(/[^"#]*)')
LIMIT = 120


@pytest.mark.parametrize("lang", ["pt", "es", "ro", "fr", "en"])
def test_it_answers_every_link_reachable_from_home(client, lang):
    start = f"/{lang}/"
    seen, queue, failures = {start}, deque([start]), []
    while queue and len(seen) < LIMIT:
        url = queue.popleft()
        response = client.get(url, follow=True)
        if response.status_code != 200:
            failures.append((url, response.status_code))
            continue
        if "text/html" not in response.headers.get("Content-Type", ""):
            continue
        page = response.content.decode()
        assert f'<html lang="{lang}">' in page, url
        for link in LINK.findall(page):
            link = link.replace("&amp;", "&")
            if link.startswith(f"/{lang}/") and link not in seen:
                seen.add(link)
                queue.append(link)
    assert failures == []
    assert len(seen) > 20
