"""Shared by the report tests: the report links of a page, the spot each carries, a report
sent from one, and the check that a report holds what its page showed."""

import html
import re
from urllib.parse import parse_qs, urlsplit

from tutor.reports import signed, version
from tutor.reports.models import Report
from tutor.rules.explain import MESSAGES, english_texts

LINK = re.compile(r'<a class="report-link" href="([^"]+)"')
TAG = re.compile(r"<[^>]+>")


def links(body: str) -> list[str]:
    return [html.unescape(url) for url in LINK.findall(body)]


def token(link: str) -> str:
    return parse_qs(urlsplit(link).query)["s"][0]


def spot(link: str) -> dict:
    data = signed.read(token(link))
    assert data is not None, link
    return data


def refusal(body: str) -> str:
    """The report link of a refused move (a page that refuses a card also draws its Why
    list, with a link of its own)."""
    (link,) = [link for link in links(body) if "move" in spot(link)["position"]]
    return link


def text(body: str) -> str:
    """What a reader sees of a page: its text, entities read, spaces collapsed."""
    return " ".join(html.unescape(TAG.sub(" ", body)).split())


def send(client, link: str, kind: str = "wording", **fields) -> Report:
    """Sends a report from ``link`` as its form does (htmx or not); returns it."""
    before = set(Report.objects.values_list("pk", flat=True))
    data = {"s": token(link), "kind": kind, "comment": "", "contact": "", **fields}
    response = client.post(urlsplit(link).path, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    (report,) = Report.objects.exclude(pk__in=before)
    return report


def assert_shown(report: Report, body: str, *, page: str, lang: str, rules: str, codes, step):
    """The report carries the page's position, rules, codes and language, and each of its
    sentences is one the page showed, with its own catalog entry first."""
    assert report.verified
    assert (report.page, report.language, report.rules) == (page, lang, rules)
    assert report.codes == list(codes)
    assert report.step == step
    assert report.version == version.VERSION
    shown = text(body)
    for sentence in report.sentences:
        assert sentence["text"], sentence
        assert " ".join(sentence["text"].split()) in shown, sentence["text"]
        own = sentence["msgids"][0]
        assert own["msgid"] in english_texts(MESSAGES[sentence["code"]]), own


def same_text(one: str, other: str) -> bool:
    return " ".join(one.split()) == " ".join(other.split())


def learner_step(client, url, record):
    """One move of the learner's at a Coinche deal's page: carry on after a trick, pass in
    the auction, deal again after four passes, else the first card the engine allows."""
    from django.urls import reverse

    from tutor.play.coinche import CoincheTable
    from tutor.rules.cards import card_code

    table = CoincheTable(record)
    deal = table.deal
    at = str(len(record.moves))
    if table.waiting():
        client.post(url, {"action": "continue", "trick": len(deal.tricks), "at": at})
    elif deal.phase == "auction":
        client.post(url, {"call": "pass", "at": at})
    elif deal.phase == "redeal":
        client.post(reverse("play_redeal", args=[record.token]))
    else:
        client.post(url, {"card": card_code(deal.legal().legal[0]), "at": at})
    record.refresh_from_db()
