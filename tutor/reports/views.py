"""The report form: opened from a spot's link, sent, thanked.

The link is a plain address (``report/?s=<spot>``): htmx swaps the form in beside the spot,
and without JavaScript it opens as a page of its own. The form keeps whatever was typed on
any error (400 for a mistake, 429 past the limit, each with its translated sentence), and a
report sent goes back to the page it came from. Each address may send ``REPORTS_PER_HOUR``
reports in a sliding hour (``tutor.guard.throttle``).
"""

import hashlib
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from tutor.guard import throttle
from tutor.pages import rules as page_rules

from . import signed, version
from .forms import ReportForm
from .models import MAX_AGENT, MAX_SPOT, Report

SCOPE = "report"
HOUR = 3600


def _local(candidate: str | None, request: HttpRequest) -> str:
    """``candidate``'s path and query when it is an address of this site, else ""."""
    if not candidate or not url_has_allowed_host_and_scheme(
        candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return ""
    parts = urlsplit(candidate)
    path = f"{parts.path}?{parts.query}" if parts.query else parts.path
    ok = path.startswith("/") and not path.startswith("//") and len(path) <= signed.MAX_ADDRESS
    return path if ok else ""


def _back(request: HttpRequest, data: dict | None) -> str:
    """Where "Back to the page" leads: the page the reader came from when it is ours (the
    ``back`` field, else the referring page), else the spot's public address, else home."""
    for candidate in (request.POST.get("back"), request.headers.get("Referer")):
        path = _local(candidate, request)
        if path and not path.startswith(reverse("report")):
            return path
    path = (data or {}).get("path") or ""
    if isinstance(path, str) and _local(path, request) and "…" not in path:
        return path
    return reverse("home")


def _ids(text: str) -> str:
    """Field ids of their own for each spot's form: several may be open on one page."""
    return "report-" + hashlib.sha256(text.encode(errors="replace")).hexdigest()[:8] + "-%s"


def _summary(data: dict | None) -> dict | None:
    """What the form lists as sent along: the page, the rules and the sentences."""
    if data is None:
        return None
    page = data["page"] if data["page"] in Report.Page.values else Report.Page.OTHER
    return {
        "page": Report.Page(page).label,
        "rules": page_rules.title(data["rules"]) if data["rules"] else "",
        "sentences": [sentence["text"] for sentence in signed.sentences(data)],
        "step": data.get("step"),
    }


def _form(request, form: ReportForm, status: int = 200, message: str = "") -> HttpResponse:
    text = form["s"].value() or ""
    data = signed.read(text) if len(text) <= MAX_SPOT else None
    context = {
        "form": form,
        "summary": _summary(data),
        "back": _back(request, data),
        "message": message,
        "kinds": Report.Kind.choices,
    }
    if not request.htmx:
        return render(request, "reports/report.html", context, status=status)
    return _in_place(render(request, "reports/report.html#open", context, status=status))


def _in_place(response: HttpResponse) -> HttpResponse:
    """A fragment swapped in beside the spot: the page's address stays the page's (the link
    is boosted, and htmx would otherwise push the form's address)."""
    response["HX-Push-Url"] = "false"
    return response


@require_http_methods(["GET", "POST"])
def report(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":
        text = request.GET.get("s", "")
        form = ReportForm(initial={"s": text}, auto_id=_ids(text))
        if not 0 < len(text) <= MAX_SPOT:
            # A link that lost its spot: say so, with the way back.
            return _form(request, form, 400, ReportForm.base_fields["s"].error_messages["required"])
        return _form(request, form)
    form = ReportForm(request.POST, auto_id=_ids(request.POST.get("s", "")))
    if not form.is_valid():
        return _form(request, form, 400)
    if throttle.count(SCOPE, request, HOUR) >= settings.REPORTS_PER_HOUR:
        message = _(
            "Thank you, but many reports have come from this network in the last hour: please "
            "send this one a little later. What you wrote is still here."
        )
        return _form(request, form, 429, message)
    throttle.record(SCOPE, request)
    saved = store(form, request)
    if request.htmx:
        return _in_place(render(request, "reports/report.html#sent", {"report": saved}))
    back = _back(request, None)
    return redirect(f"{reverse('report_sent')}?{urlencode({'back': back})}")


def store(form: ReportForm, request: HttpRequest) -> Report:
    """The report, with what its spot says when the site signed it."""
    text = form.cleaned_data["s"]
    data = signed.read(text)
    agent = "".join(ch for ch in request.headers.get("User-Agent", "") if ch.isprintable())
    saved = Report(
        kind=form.cleaned_data["kind"],
        comment=form.cleaned_data["comment"],
        contact=form.cleaned_data["contact"],
        spot=text,
        verified=data is not None,
        language=get_language(),
        version=version.VERSION,
        user_agent=agent[:MAX_AGENT],
    )
    if data is not None:
        languages = {code for code, _name in settings.LANGUAGES}
        saved.page = data["page"] if data["page"] in Report.Page.values else Report.Page.OTHER
        saved.path = str(data["path"])[: signed.MAX_ADDRESS]
        saved.language = data["lang"] if data["lang"] in languages else saved.language
        saved.spot_kind = data["kind"]
        saved.position = data["position"]
        saved.rules = str(data["rules"])[:700]
        saved.sentences = signed.sentences(data)
        saved.codes = [sentence["code"] for sentence in saved.sentences]
        step = data.get("step")
        saved.step = step if isinstance(step, int) and 0 <= step < 2**31 else None
        saved.version = str(data["version"])[:64]
    saved.save()
    return saved


@require_GET
def sent(request: HttpRequest) -> HttpResponse:
    """The thanks after a report sent without JavaScript, and the way back to the page."""
    back = _local(request.GET.get("back"), request) or reverse("home")
    return render(request, "reports/sent.html", {"back": back})
