"""Problem reports in the Django admin (/admin/): filtered by language, kind, page type and
status; each one reopened (its position and sentences rebuilt in its language, beside what
it stored); the open wording reports of a language exported as CSV for a translator.

Reports are written by readers only: staff change their status, nothing else.
"""

from django.conf import settings
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import path, reverse
from django.utils import translation
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tutor.pages import rules as page_rules

from . import catalog, reopen, version
from .models import Report


def _set_status(status: str, label):
    def action(modeladmin, request, queryset):
        changed = queryset.update(status=status)
        message = ngettext("%(count)s report changed.", "%(count)s reports changed.", changed)
        modeladmin.message_user(request, message % {"count": changed})

    action.__name__ = f"mark_{status}"
    action.short_description = label
    return action


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ("number", "created", "language", "page", "kind", "status", "excerpt", "reopen")
    list_display_links = ("number", "created")
    list_filter = ("language", "kind", "page", "status", "verified")
    search_fields = ("comment", "path", "rules")
    list_per_page = 50
    date_hierarchy = "created"
    actions = [
        _set_status(Report.Status.SEEN, gettext_lazy("Mark as seen")),
        _set_status(Report.Status.FIXED, gettext_lazy("Mark as fixed")),
        _set_status(Report.Status.NOT_A_FAULT, gettext_lazy("Mark as not a fault")),
    ]
    fields = (
        "status",
        "reopen",
        "kind",
        "comment",
        "contact",
        "created",
        "language",
        "page",
        "path",
        "step",
        "rules_title",
        "version_text",
        "sentences_table",
        "position_text",
        "verified",
        "spot_text",
        "user_agent",
    )
    readonly_fields = tuple(name for name in fields if name != "status")

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description="#", ordering="pk")
    def number(self, report: Report) -> int:
        return report.pk

    @admin.display(description=gettext_lazy("What the reader saw"))
    def excerpt(self, report: Report) -> str:
        first = (report.sentences or [{}])[0].get("text") or report.comment
        return first[:90] + ("…" if len(first) > 90 else "")

    @admin.display(description=gettext_lazy("Reopen"))
    def reopen(self, report: Report) -> str:
        url = reverse("admin:reports_report_reopen", args=[report.pk])
        return format_html('<a href="{}" data-reopen="{}">{}</a>', url, report.pk, _("Reopen"))

    @admin.display(description=gettext_lazy("rules"))
    def rules_title(self, report: Report) -> str:
        if not report.rules:
            return "-"
        return f"{page_rules.title(report.rules)} ({report.rules})"

    @admin.display(description=gettext_lazy("app version"))
    def version_text(self, report: Report) -> str:
        if report.version == version.VERSION:
            return _("%(version)s (the version running now)") % {"version": report.version}
        return _("%(version)s (the site now runs %(now)s)") % {
            "version": report.version or "-",
            "now": version.VERSION,
        }

    @admin.display(description=gettext_lazy("sentences as shown"))
    def sentences_table(self, report: Report) -> str:
        if not report.sentences:
            return "-"
        rows = format_html_join(
            "",
            "<li><code>{}</code> {}<br><small>{}</small></li>",
            (
                (
                    sentence.get("code", ""),
                    sentence.get("text", ""),
                    catalog.label((sentence.get("msgids") or [{"msgid": ""}])[0]),
                )
                for sentence in report.sentences
            ),
        )
        return format_html("<ol>{}</ol>", rows)

    @admin.display(description=gettext_lazy("position"))
    def position_text(self, report: Report) -> str:
        if report.position is None:
            return "-"
        return format_html("<pre>{}</pre>", reopen.json_text(report.position))

    @admin.display(description=gettext_lazy("spot as received"))
    def spot_text(self, report: Report) -> str:
        return format_html('<pre class="report-raw">{}</pre>', report.spot)

    def changelist_view(self, request, extra_context=None):
        languages = [code for code, _name in settings.LANGUAGES]
        return super().changelist_view(request, {**(extra_context or {}), "languages": languages})

    def get_urls(self):
        own = [
            path(
                "<int:pk>/reopen/",
                self.admin_site.admin_view(self.reopen_view),
                name="reports_report_reopen",
            ),
            path(
                "wording.csv",
                self.admin_site.admin_view(self.wording_csv),
                name="reports_report_wording",
            ),
        ]
        return own + super().get_urls()

    def reopen_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """The report's position and sentences rebuilt in its language, beside what it
        stored; for a played deal, a POST opens a deal of the staff member's own at the
        reported move."""
        report = get_object_or_404(Report, pk=pk)
        if not self.has_view_permission(request, report):
            raise PermissionDenied
        if request.method == "POST":
            return self._open_deal(request, report)
        with translation.override(report.language):
            shown = reopen.rebuild(report, report.language)
            position_html = render_to_string(
                "reports/_position.html", {"shown": shown, "report": report}, request
            )
            rows = reopen.sentences(report)
        context = {
            "report": report,
            "rows": rows,
            "shown": shown,
            "position_html": position_html,
            "rules_title": self.rules_title(report),
            "version_text": self.version_text(report),
            "change_url": reverse("admin:reports_report_change", args=[report.pk]),
        }
        return render(request, "reports/reopen.html", context)

    def _open_deal(self, request: HttpRequest, report: Report) -> HttpResponse:
        from tutor.quiz.owner import owner

        if not report.verified or report.spot_kind != "play":
            return HttpResponseBadRequest(_("Only a played deal can be opened on the site."))
        record = reopen.play_record(report.position, **owner(request))
        record.save()
        with translation.override(report.language):
            url = reverse("play_deal", args=[record.game, record.token])
        return redirect(url)

    def wording_csv(self, request: HttpRequest) -> HttpResponse:
        """The open wording reports of one language, a row per sentence (catalog.py)."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        lang = request.GET.get("language", "")
        if lang not in {code for code, _name in settings.LANGUAGES}:
            return HttpResponseBadRequest(_("Choose a language of the site."))
        reports = catalog.open_reports(lang, Report.Kind.WORDING)

        def reopen_url(report: Report) -> str:
            url = reverse("admin:reports_report_reopen", args=[report.pk])
            return request.build_absolute_uri(url)

        return HttpResponse(
            catalog.csv_text(reports, reopen_url),
            content_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="atout-wording-{lang}.csv"'},
        )
