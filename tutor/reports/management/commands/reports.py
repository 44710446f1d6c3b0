"""``manage.py reports --lang ro --kind wording``: the open reports, ready for a catalog pass.

Prints a PO fragment: each report's facts and comment as comments, then each sentence the
reader saw with its catalog entry and the translation the catalog holds now.
"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tutor.reports.catalog import open_reports, po_text
from tutor.reports.models import Report


class Command(BaseCommand):
    help = "Prints the open problem reports (new or seen) with their catalog entries."

    def add_arguments(self, parser):
        parser.add_argument("--lang", help="only reports in this language (pt, es, ro, fr, en)")
        parser.add_argument("--kind", help="only this kind: " + ", ".join(Report.Kind.values))
        parser.add_argument(
            "--status",
            action="append",
            help="these statuses instead of the open ones (repeat for several): "
            + ", ".join(Report.Status.values),
        )

    def handle(self, *args, lang=None, kind=None, status=None, **options):
        languages = [code for code, _name in settings.LANGUAGES]
        if lang is not None and lang not in languages:
            raise CommandError(f"--lang must be one of {', '.join(languages)}, not {lang!r}.")
        if kind is not None and kind not in Report.Kind.values:
            raise CommandError(f"--kind must be one of {', '.join(Report.Kind.values)}.")
        for value in status or ():
            if value not in Report.Status.values:
                raise CommandError(f"--status must be one of {', '.join(Report.Status.values)}.")
        reports = list(open_reports(lang, kind, status))
        if not reports:
            self.stderr.write("No report matches.")
            return
        self.stdout.write(po_text(reports), ending="")
