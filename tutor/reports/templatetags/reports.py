"""``{% report_link spot %}``: the small "Report a problem" link beside what a page says.

Loaded as a builtin (settings.TEMPLATES), so a page places it in one line. ``spot`` is a
:class:`tutor.reports.spots.Spot` (nothing is drawn for ``None``). The link opens the report
form in place (htmx swaps it in for the link) or, without JavaScript, as a page of its own;
``new_tab=True`` opens it in a new tab instead, for a page that redraws itself under the
reader (a club phone).
"""

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from tutor.reports import signed, spots

register = template.Library()


@register.simple_tag(takes_context=True)
def report_link(context, spot: spots.Spot | None, new_tab: bool = False) -> str:
    if not isinstance(spot, spots.Spot):
        return ""  # no spot here (None, or a name the context does not hold)
    url = f"{reverse('report')}?s={signed.token(spot, context.get('request'))}"
    label = _("Report a problem")
    if new_tab:
        return format_html(
            '<p class="report" data-report><a class="report-link" href="{}" rel="nofollow" '
            'target="_blank" data-action="report">{} '
            '<span class="visually-hidden">{}</span></a></p>',
            url,
            label,
            _("(opens in a new tab)"),
        )
    # Attributes an ancestor may set (a form's hx-push-url, hx-select) are set again here.
    return format_html(
        '<p class="report" data-report><a class="report-link" href="{}" rel="nofollow" '
        'hx-boost="true" hx-target="closest [data-report]" hx-swap="outerHTML" '
        'hx-push-url="false" hx-select="unset" data-action="report">{}</a></p>',
        url,
        label,
    )
