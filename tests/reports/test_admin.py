"""Reports in the Django admin: staff only, filtered by language, kind, page type and status;
the reopen link rebuilds the position and says each sentence again in the report's language;
the open wording reports of a language as CSV for a translator."""

import csv
import io
import re

import pytest
from django.test import Client

from tests.play.helpers import REFUSED_CARD
from tests.reports.helpers import learner_step, links, refusal, same_text, send, text
from tutor.play.models import TableDeal
from tutor.reports.models import Report

pytestmark = pytest.mark.django_db
ADMIN = "/admin/reports/report/"


def practice(client, lang="ro", seed=42, kind="wording", comment=""):
    """A report from a practice answer missed twice: the second miss shows the solution, so
    the report carries the engine's whole explanation."""
    url = f"/{lang}/quiz/q/trick_winner/federation/{seed}/"
    client.post(url, {"choice": "N"})
    body = client.post(url, {"choice": "N"})
    (link,) = links(body.content.decode())
    return send(client, link, kind=kind, comment=comment)


def calculator(client, lang="fr", kind="rule"):
    query = "profile=maison&seat=S&bid=100&trump=H&double=1&points=98&last_trick=takers"
    (link,) = links(client.get(f"/{lang}/quiz/calculator/?{query}").content.decode())
    return send(client, link, kind=kind)


def refused_card(client, lang="pt"):
    """A report of the engine's refusal of a card, from a Coinche deal at the table."""
    url = client.post(f"/{lang}/play/coinche/", {"seed": "11", "dealer": "W"})["Location"]
    record = TableDeal.objects.latest("pk")
    for _ in range(80):
        body = client.get(url).content.decode()
        if REFUSED_CARD.findall(body):
            break
        learner_step(client, url, record)
    card = REFUSED_CARD.findall(body)[0]
    body = client.post(url, {"card": card, "at": str(len(record.moves))}).content.decode()
    return send(client, refusal(body))


def listed(page: str) -> set[int]:
    return {int(pk) for pk in re.findall(r'data-reopen="(\d+)"', page)}


def test_only_staff_see_reports(client, django_user_model):
    report = practice(client)
    for url in (ADMIN, f"{ADMIN}{report.pk}/reopen/", f"{ADMIN}wording.csv?language=ro"):
        assert client.get(url)["Location"].startswith("/admin/login/")
    member = Client()
    member.force_login(django_user_model.objects.create_user("ana", password="a long pass 1"))
    assert member.get(f"{ADMIN}{report.pk}/reopen/")["Location"].startswith("/admin/login/")


def test_staff_filter_by_language_kind_page_and_status(client, admin_client):
    ro = practice(client, "ro")
    fr = calculator(client, "fr")
    es = practice(client, "es", seed=7, kind="display")
    Report.objects.filter(pk=fr.pk).update(status="fixed")
    everything = admin_client.get(ADMIN).content.decode()
    assert listed(everything) == {ro.pk, fr.pk, es.pk}
    assert listed(admin_client.get(f"{ADMIN}?language=ro").content.decode()) == {ro.pk}
    assert listed(admin_client.get(f"{ADMIN}?kind__exact=display").content.decode()) == {es.pk}
    assert listed(admin_client.get(f"{ADMIN}?page__exact=calculator").content.decode()) == {fr.pk}
    assert listed(admin_client.get(f"{ADMIN}?status__exact=new").content.decode()) == {ro.pk, es.pk}
    # Each status can be set for many at once.
    admin_client.post(
        ADMIN, {"action": "mark_not_a_fault", "_selected_action": [ro.pk, es.pk]}, follow=True
    )
    assert set(Report.objects.values_list("status", flat=True)) == {"fixed", "not_a_fault"}


def test_the_reopen_link_says_each_sentence_again_in_the_report_language(client, admin_client):
    report = practice(client, "ro")
    page = admin_client.get(f"{ADMIN}{report.pk}/reopen/").content.decode()
    shown = re.findall(r'<td lang="ro" data-shown>(.*?)</td>', page, re.S)
    now = re.findall(r'<td lang="ro" data-now>(.*?)</td>', page, re.S)
    assert shown == now and len(shown) == len(report.sentences) >= 2
    for cell, sentence in zip(now, report.sentences, strict=True):
        assert same_text(text(cell), sentence["text"])
    assert "(changed)" not in page
    # The position is drawn again, under its rules, with the reader's answer marked.
    reopened = page.split("data-reopened>")[1]
    assert 'class="card-table' in reopened or "data-card" in reopened
    assert 'data-result="wrong"' in page or "is-wrong" in reopened or "is-right" in reopened
    # And the same question opens on the site, in the report's language.
    assert 'href="/ro/quiz/q/trick_winner/federation/42/" data-action="open-on-site"' in page


def test_a_sentence_that_no_longer_reads_the_same_is_marked(client, admin_client):
    report = practice(client, "es", seed=7)
    sentences = report.sentences
    sentences[-1]["text"] = "Una frase de antes."
    Report.objects.filter(pk=report.pk).update(sentences=sentences)
    page = admin_client.get(f"{ADMIN}{report.pk}/reopen/").content.decode()
    assert page.count('class="differs"') == 1 and "(changed)" in page


def test_a_refused_card_reopens_at_its_move_with_the_refusal(client, admin_client):
    report = refused_card(client)
    page = admin_client.get(f"{ADMIN}{report.pk}/reopen/").content.decode()
    refusal = report.sentences[0]["text"]
    reopened = page.split("data-reopened>")[1]
    assert " ".join(refusal.split()) in text(reopened)
    assert "python -m tutor.rules replay --lang pt" in page
    # Staff can carry on from that very move, as a deal of their own.
    response = admin_client.post(f"{ADMIN}{report.pk}/reopen/")
    deal = TableDeal.objects.latest("pk")
    assert response["Location"] == f"/pt/play/coinche/{deal.token}/"
    assert deal.moves == report.position["moves"] and deal.user is not None
    assert admin_client.get(response["Location"]).status_code == 200


def test_the_calculator_reopens_with_the_engine_score(client, admin_client):
    report = calculator(client)
    page = admin_client.get(f"{ADMIN}{report.pk}/reopen/").content.decode()
    now = re.findall(r"data-now>(.*?)</td>", page, re.S)
    assert len(now) == len(report.sentences)
    for cell, sentence in zip(now, report.sentences, strict=True):
        assert same_text(text(cell), sentence["text"])
    assert "python -m tutor.rules score --lang fr" in page


def test_a_tampered_report_is_shown_as_text_and_never_rebuilt(client, admin_client):
    client.post(
        "/ro/report/",
        {"s": '<b>{"kind": "play"}</b>', "kind": "other", "comment": "", "contact": ""},
    )
    report = Report.objects.get()
    page = admin_client.get(f"{ADMIN}{report.pk}/reopen/").content.decode()
    assert "data-unverified" in page and "data-reopened" not in page
    assert "&lt;b&gt;{&quot;kind&quot;: &quot;play&quot;}&lt;/b&gt;" in page
    change = admin_client.get(f"{ADMIN}{report.pk}/change/").content.decode()
    assert "<b>{" not in change


def test_the_csv_holds_the_open_wording_reports_of_one_language(client, admin_client):
    wanted = practice(client, "ro", comment='=HYPERLINK("http://x")')
    practice(client, "ro", seed=7, kind="rule")
    fixed = practice(client, "ro", seed=9)
    Report.objects.filter(pk=fixed.pk).update(status="fixed")
    practice(client, "fr")
    listing = admin_client.get(ADMIN).content.decode()
    assert f'href="{ADMIN}wording.csv?language=ro"' in listing
    response = admin_client.get(f"{ADMIN}wording.csv?language=ro")
    assert response["Content-Type"].startswith("text/csv")
    assert "atout-wording-ro.csv" in response["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert {row["report"] for row in rows} == {str(wanted.pk)}
    assert len(rows) == len(wanted.sentences)
    for row, sentence in zip(rows, wanted.sentences, strict=True):
        assert row["shown"] == sentence["text"]
        assert row["msgid"] == sentence["msgids"][0]["msgid"]
        assert row["translation now"]  # the Romanian catalog's msgstr
        assert row["reopen"].endswith(f"{ADMIN}{wanted.pk}/reopen/")
    # A comment that a spreadsheet would run is written as text.
    assert rows[0]["comment"] == '\'=HYPERLINK("http://x")'
    assert admin_client.get(f"{ADMIN}wording.csv?language=xx").status_code == 400


def test_admin_pages_run_under_the_content_security_policy(client, admin_client):
    report = practice(client)
    for url in (ADMIN, f"{ADMIN}{report.pk}/change/", f"{ADMIN}{report.pk}/reopen/"):
        response = admin_client.get(url)
        assert "script-src 'self'" in response["Content-Security-Policy"]
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", response.content.decode())
