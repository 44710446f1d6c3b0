"""The report form: what is wrong (the button pressed), a comment, an address to answer, and
the spot the page sent (``s``), which the reader never types."""

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import MAX_COMMENT, MAX_SPOT, Report

# Line breaks and tabs are a comment's own; other control characters are never typed.
CONTROL = {code: None for code in [*range(9), 11, 12, *range(14, 32), 127]}


class ReportForm(forms.Form):
    kind = forms.ChoiceField(
        choices=Report.Kind.choices,
        error_messages={
            "required": _(
                "Choose what is wrong: the wording, the rule, the display or something else."
            ),
            "invalid_choice": _(
                "Choose what is wrong: the wording, the rule, the display or something else."
            ),
        },
    )
    comment = forms.CharField(
        label=_("Tell us more (optional)"),
        required=False,
        max_length=MAX_COMMENT,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 3, "maxlength": MAX_COMMENT}),
        error_messages={"max_length": _("Keep the comment to %(limit_value)s characters, please.")},
    )
    contact = forms.EmailField(
        label=_("Your e-mail address, if you would like an answer (optional)"),
        required=False,
        error_messages={"invalid": _("This e-mail address does not look right.")},
    )
    s = forms.CharField(
        widget=forms.HiddenInput,
        max_length=MAX_SPOT,
        error_messages={
            "required": _(
                "This report does not say which page it is about: go back to the page and use "
                "its link again."
            ),
            "max_length": _(
                "This report does not say which page it is about: go back to the page and use "
                "its link again."
            ),
        },
    )

    def clean_comment(self) -> str:
        """Plain text: stored as typed (less control characters), shown escaped everywhere."""
        text = self.cleaned_data["comment"].replace("\r\n", "\n").replace("\r", "\n")
        return text.translate(CONTROL)
