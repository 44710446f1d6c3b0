"""The report form: in place (htmx) and as a page of its own, what it stores and nothing more,
and bad input: each mistake a translated 4xx with everything typed kept, a tampered spot kept
as received and never read, a limit per address, comments stored as typed and shown escaped."""

import re

import pytest
from django.test import Client

from tests.reports.helpers import links, token
from tutor.reports import signed, spots
from tutor.reports.models import MAX_AGENT, Report
from tutor.rules.explain import Step

pytestmark = pytest.mark.django_db
PAGE = "/pt/quiz/q/trick_winner/federation/42/"


@pytest.fixture
def link(client) -> str:
    """A practice verdict's report link, in Portuguese."""
    (found,) = links(client.post(PAGE, {"choice": "N"}).content.decode())
    return found


def post(client, link, headers=None, **fields):
    data = {"s": token(link), "kind": "wording", "comment": "", "contact": "", **fields}
    return client.post("/pt/report/", data, headers=headers or {})


def test_it_opens_in_place_for_htmx_and_as_a_page_without(client, link):
    inplace = client.get(link, headers={"HX-Request": "true"}).content.decode()
    assert inplace.startswith('<details class="report is-open" data-report open>')
    assert "<html" not in inplace and 'hx-post="/pt/report/"' in inplace
    page = client.get(link, headers={"Referer": f"http://testserver{PAGE}"}).content.decode()
    assert '<html lang="pt">' in page and "hx-post" not in page.split("<main")[1]
    # The way back is the page the reader came from.
    assert f'<a href="{PAGE}" data-action="back">' in page
    # One button per kind; each sends the report.
    kinds = re.findall(r'<button type="submit" name="kind" value="(\w+)"', page)
    assert kinds == ["wording", "rule", "display", "other"]
    # The reader sees what goes with the report: the sentences the page showed.
    data = signed.read(token(link))
    for sentence in signed.sentences(data):
        assert sentence["text"] in page.replace("&#x27;", "'")


def test_it_sends_in_place_and_thanks_in_place(client, link):
    response = post(client, link, kind="rule", headers={"HX-Request": "true"})
    body = response.content.decode()
    assert response.status_code == 200 and "data-report-sent" in body
    report = Report.objects.get()
    assert f'data-report-sent="{report.pk}"' in body
    assert report.kind == "rule" and report.status == "new" and report.verified


def test_it_sends_without_javascript_and_goes_back_to_the_page(client, link):
    response = post(client, link, back=PAGE)
    assert response.status_code == 302
    thanks = client.get(response["Location"])
    assert thanks.status_code == 200
    assert f'href="{PAGE}" data-action="back"' in thanks.content.decode()


def test_it_stores_nothing_else_about_the_person(client, link):
    agent = "Mozilla/5.0 " + "x" * 400
    client.post(
        "/pt/report/",
        {"s": token(link), "kind": "other", "contact": "ana@example.org"},
        headers={"User-Agent": agent},
        REMOTE_ADDR="203.0.113.9",
    )
    report = Report.objects.get()
    assert report.user_agent == agent[:MAX_AGENT] and report.contact == "ana@example.org"
    fields = {field.name for field in Report._meta.get_fields()}
    assert not fields & {"user", "session_key", "address", "ip", "remote_addr"}
    stored = " ".join(str(getattr(report, name)) for name in fields)
    assert "203.0.113.9" not in stored


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"kind": ""}, "Escolhe o que está errado"),
        ({"kind": "everything"}, "Escolhe o que está errado"),
        ({"contact": "not an address"}, "não parece estar certo"),
        ({"comment": "é" * 2001}, "2000"),
    ],
)
def test_a_mistake_is_a_translated_400_that_keeps_what_was_typed(client, link, fields, error):
    typed = {"comment": "A frase do <b>trunfo</b> está estranha.", "contact": "ana@example.org"}
    response = post(client, link, **{**typed, **fields})
    body = response.content.decode()
    assert response.status_code == 400
    assert error in body
    comment = fields.get("comment", typed["comment"])
    assert comment.replace("<", "&lt;").replace(">", "&gt;") in body
    assert f'value="{fields.get("contact", typed["contact"])}"' in body
    assert 'name="s" value="' in body and Report.objects.count() == 0


def test_a_link_without_its_spot_says_so(client):
    response = client.get("/pt/report/")
    assert response.status_code == 400
    assert "não diz de que página" in response.content.decode()
    response = post(client, "/pt/report/?s=" + "a" * 8001)
    assert response.status_code == 400 and Report.objects.count() == 0


def test_a_tampered_spot_is_stored_as_received_and_never_read(client, link):
    data = signed.read(token(link))
    forged = token(link).replace(token(link).rsplit(":", 1)[1], "x" * 27)
    evil = '<img src=x onerror=alert(1)>{"kind": "play", "position": {"moves": []}}'
    for text in (forged, evil):
        response = post(client, "/pt/report/?s=x", s=text, comment="ok")
        assert response.status_code == 302
        report = Report.objects.latest("pk")
        assert report.spot == text and not report.verified
        assert report.position is None and report.sentences == [] and report.codes == []
        assert report.page == "other" and report.language == "pt" and report.path == ""
    assert data is not None  # the genuine one still reads


def test_a_comment_is_plain_text_stored_as_typed_and_shown_escaped(client, link, admin_client):
    comment = '<script>alert("x")</script>\r\nSegunda linha\x07 & fim'
    post(client, link, comment=comment)
    report = Report.objects.get()
    assert report.comment == '<script>alert("x")</script>\nSegunda linha & fim'
    for url in (
        f"/admin/reports/report/{report.pk}/change/",
        f"/admin/reports/report/{report.pk}/reopen/",
    ):
        page = admin_client.get(url).content.decode()
        assert "<script>alert" not in page
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page


def test_reports_are_limited_per_address(client, link, settings):
    settings.REPORTS_PER_HOUR = 3
    for _ in range(3):
        assert post(client, link).status_code == 302
    response = post(client, link, comment="Mais uma coisa")
    body = response.content.decode()
    assert response.status_code == 429
    assert "muitas comunicações" in body and "Mais uma coisa" in body
    assert Report.objects.count() == 3
    other = Client(REMOTE_ADDR="198.51.100.7")
    assert post(other, link).status_code == 302
    # In place, the refusal replaces the form with the form again (static/js/swap.js).
    response = post(client, link, comment="x", headers={"HX-Request": "true"})
    assert response.status_code == 429 and "data-report" in response.content.decode()


def test_the_way_back_never_leaves_the_site(client, link):
    page = client.get(link, headers={"Referer": "https://evil.example/pt/"}).content.decode()
    assert "evil.example" not in page
    assert f'<a href="{PAGE}" data-action="back">' in page
    thanks = client.get("/pt/report/sent/?back=//evil.example/").content.decode()
    assert 'href="//evil.example' not in thanks
    assert '<a class="button" href="/pt/" data-action="back">' in thanks


def test_the_link_is_the_same_every_time_the_page_is_drawn(client):
    first = links(client.post(PAGE, {"choice": "N"}).content.decode())
    again = links(Client().post(PAGE, {"choice": "N"}).content.decode())
    assert first == again


def test_a_parameter_json_cannot_write_does_not_break_the_page(rf):
    spot = spots.Spot("score", {"profile": "federation"}, "federation", (Step("x", {"s": {2, 1}}),))
    data = signed.read(signed.token(spot, None))
    assert data["steps"] == [["x", {"s": [1, 2]}]]
