"""``manage.py reports``: the open reports of a language and kind, as a PO fragment with the
translation each sentence's catalog entry holds now."""

import io

import pytest
from babel.messages.pofile import read_po
from django.core.management import CommandError, call_command

from tests.reports.test_admin import calculator, practice
from tutor.reports.models import Report

pytestmark = pytest.mark.django_db


def run(**options) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("reports", stdout=out, stderr=err, **options)
    return out.getvalue(), err.getvalue()


def test_it_prints_the_open_wording_reports_ready_for_a_catalog_pass(client):
    wanted = practice(client, "ro", comment="Sună ciudat.\nA doua linie.")
    practice(client, "ro", seed=7, kind="rule")
    practice(client, "fr")
    fixed = practice(client, "ro", seed=9)
    Report.objects.filter(pk=fixed.pk).update(status="fixed")
    out, _err = run(lang="ro", kind="wording")
    assert f"# Report {wanted.pk} " in out and "· ro · practice" in out
    assert "# Comment: Sună ciudat.\n# Comment: A doua linie." in out
    assert out.count("# Report ") == 1
    catalog = read_po(io.BytesIO(out.encode()), locale="ro")
    entries = {message.id: message.string for message in catalog if message.id}
    for sentence in wanted.sentences:
        own = sentence["msgids"][0]
        # The Romanian catalog's translation now, ready to correct.
        assert entries[own["msgid"]]
        assert f"#. Shown ({sentence['code']}): {sentence['text']}" in out
    # Fixed reports come back when asked for.
    out, _err = run(lang="ro", kind="wording", status=["fixed"])
    assert f"# Report {fixed.pk} " in out and f"# Report {wanted.pk} " not in out


def test_it_says_when_nothing_matches_and_refuses_unknown_options(client):
    calculator(client, "fr")
    out, err = run(lang="pt")
    assert out == "" and "No report" in err
    for options in ({"lang": "xx"}, {"kind": "typo"}, {"status": ["gone"]}):
        with pytest.raises(CommandError):
            run(**options)
