"""One score sheet open in two tabs (or on two phones): an edit or a delete names the deal the
tab showed and the version it saw, so nothing the other tab did is lost or overwritten, and
two deletes at once give one delete and a refusal, never an error (security review, D3)."""

import html
import re
import threading

import pytest
from django.db import connections
from django.test import Client

from tutor.quiz.models import SheetDeal

from .test_sheet import DEAL, add, new_sheet

pytestmark = pytest.mark.django_db

FORM = re.compile(r'<form id="deal-form"[^>]*\saction="([^"]+)"')
HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)"')
EDIT = re.compile(r'href="(\?edit=[^"]+)"')


def points() -> list[int]:
    """The takers' (North-South's) card points of each deal, in order."""
    return [deal.entry["card_points"]["NS"] for deal in SheetDeal.objects.order_by("number")]


def open_edit(client, url, number):
    """What a tab holds once it has opened deal ``number`` to edit it: the form's address and
    hidden fields, as the page drew them."""
    page = client.get(url).content.decode()
    link = html.unescape(EDIT.findall(page)[number - 1])
    page = client.get(url + link).content.decode()
    action = html.unescape(FORM.search(page).group(1))
    hidden = {name: html.unescape(value) for name, value in HIDDEN.findall(page)}
    hidden.pop("csrfmiddlewaretoken", None)
    return action, hidden


def sheet_with(client, *takers_points):
    url = new_sheet(client)
    for number, value in enumerate(takers_points):
        assert add(client, url, f"n{number}", points=str(value)).status_code == 302
    return url


@pytest.fixture
def sheet(client):
    return sheet_with(client, 90, 100, 110, 120)


def test_a_stale_delete_deletes_nothing_else(client, sheet):
    first_tab = open_edit(client, sheet, 2)
    second_tab = open_edit(Client(), sheet, 2)
    before = points()
    action, hidden = first_tab
    assert client.post(action, {**hidden, "delete": "1"}).status_code == 302
    action, hidden = second_tab
    response = client.post(action, {**hidden, "delete": "1"})
    assert response.status_code == 409
    assert "was deleted" in response.content.decode()
    assert points() == [before[0], before[2], before[3]]


def test_a_stale_edit_is_never_applied_to_another_deal(client):
    sheet = sheet_with(client, 90, 100, 110)
    before = points()
    tab = open_edit(client, sheet, 2)
    action, hidden = open_edit(client, sheet, 1)
    assert client.post(action, {**hidden, "delete": "1"}).status_code == 302
    action, hidden = tab
    client.post(action, {**DEAL, **hidden, "points": "105"})
    # The deal the tab showed got the edit (it is deal 1 now); the one after it is untouched.
    assert points()[1] == before[2]
    assert points()[0] != before[1]


def test_an_edit_of_a_deal_changed_meanwhile_is_refused_and_keeps_what_was_typed(client):
    sheet = sheet_with(client, 90, 100, 110)
    first_tab = open_edit(client, sheet, 2)
    second_tab = open_edit(client, sheet, 2)
    action, hidden = first_tab
    assert client.post(action, {**DEAL, **hidden, "points": "70"}).status_code == 302
    changed = points()
    action, hidden = second_tab
    response = client.post(action, {**DEAL, **hidden, "points": "77"})
    assert response.status_code == 409
    page = response.content.decode()
    assert "changed in another tab" in page
    assert 'value="77"' in page
    assert points() == changed
    # Saved again from the refusal's form, the edit goes through: it was seen.
    action = html.unescape(FORM.search(page).group(1))
    hidden = {name: html.unescape(value) for name, value in HIDDEN.findall(page)}
    hidden.pop("csrfmiddlewaretoken", None)
    assert client.post(action, {**DEAL, **hidden, "points": "77"}).status_code == 302
    assert points() != changed


def test_an_edit_of_a_deleted_deal_is_refused_and_keeps_what_was_typed(client):
    sheet = sheet_with(client, 90, 100, 110)
    tab = open_edit(client, sheet, 2)
    action, hidden = open_edit(client, sheet, 2)
    client.post(action, {**hidden, "delete": "1"})
    before = points()
    action, hidden = tab
    response = client.post(action, {**DEAL, **hidden, "points": "77"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    page = response.content.decode()
    assert "was deleted" in page and 'value="77"' in page
    assert points() == before


def run_together(targets):
    barrier = threading.Barrier(len(targets))
    results = [None] * len(targets)

    def run(index, target):
        barrier.wait()
        try:
            results[index] = target()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(targets)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("round_", range(3))
def test_two_deletes_at_once_delete_one_deal_and_refuse_the_other(round_):
    client = Client(raise_request_exception=False)
    sheet = sheet_with(client, 90, 100, 110, 120)
    before = points()
    tabs = [open_edit(Client(), sheet, 2) for _tab in range(2)]
    statuses = run_together(
        [
            lambda tab=tab: (
                Client(raise_request_exception=False)
                .post(tab[0], {**tab[1], "delete": "1"})
                .status_code
            )
            for tab in tabs
        ]
    )
    assert sorted(statuses) == [302, 409]
    assert points() == [before[0], before[2], before[3]]
    assert list(SheetDeal.objects.values_list("number", flat=True)) == [1, 2, 3]


@pytest.mark.django_db(transaction=True)
def test_two_edits_at_once_save_one_and_refuse_the_other():
    client = Client(raise_request_exception=False)
    sheet = sheet_with(client, 90, 100, 110)
    tabs = [open_edit(Client(), sheet, 2) for _tab in range(2)]
    statuses = run_together(
        [
            lambda tab=tab, value=value: (
                Client(raise_request_exception=False)
                .post(tab[0], {**DEAL, **tab[1], "points": value})
                .status_code
            )
            for tab, value in zip(tabs, ("70", "77"), strict=True)
        ]
    )
    assert sorted(statuses) == [302, 409]
