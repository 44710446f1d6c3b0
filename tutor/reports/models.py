"""A reader's report of a problem, with the spot it was made from (see spots.py).

What the reader typed (the kind, a comment, an optional address to answer) and what the page
sent without them typing it: the spot exactly as received, and, when the site signed it, what
it says (page, language, position, rules, codes, the sentences with their catalog entries,
step, version). Besides their browser's user agent, nothing else about the person: no
account, no session, no address (the rate limit keeps a hash of it, elsewhere, for an hour).
"""

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

# Bounds on what a request may make us store.
MAX_COMMENT = 2000
MAX_SPOT = 8000
MAX_AGENT = 300


class Report(models.Model):
    class Kind(models.TextChoices):
        WORDING = "wording", _("The wording")
        RULE = "rule", _("The rule")
        DISPLAY = "display", _("The display")
        OTHER = "other", _("Something else")

    class Status(models.TextChoices):
        NEW = "new", pgettext_lazy("report status", "New")
        SEEN = "seen", pgettext_lazy("report status", "Seen")
        FIXED = "fixed", pgettext_lazy("report status", "Fixed")
        NOT_A_FAULT = "not_a_fault", pgettext_lazy("report status", "Not a fault")

    class Page(models.TextChoices):
        LESSON = "lesson", _("Lesson")
        PRACTICE = "practice", _("Practice")
        REVIEW = "review", _("Review")
        SELFTEST = "selftest", _("Self-test")
        PLAY = "play", pgettext_lazy("report page type", "Played deal")
        REFEREE = "referee", _("Referee")
        CALCULATOR = "calculator", _("Score calculator")
        SHEET = "sheet", _("Score sheet")
        CLUB = "club", _("Club phone")
        SET = "set", _("Question set")
        HOMEWORK = "homework", _("Homework")
        OTHER = "other", pgettext_lazy("report page type", "Other")

    OPEN = (Status.NEW, Status.SEEN)

    created = models.DateTimeField(_("received"), auto_now_add=True, db_index=True)
    kind = models.CharField(_("what is wrong"), max_length=10, choices=Kind.choices)
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.NEW, db_index=True
    )
    comment = models.TextField(_("comment"), blank=True, max_length=MAX_COMMENT)
    contact = models.EmailField(_("contact address"), blank=True)

    # As received, signed or not: never given to the engine unless ``verified``.
    spot = models.TextField(_("spot as received"), max_length=MAX_SPOT)
    verified = models.BooleanField(_("signed by the site"), default=False)

    # Read from a verified spot (the form's language and "other" otherwise).
    page = models.CharField(_("page type"), max_length=12, choices=Page.choices, default=Page.OTHER)
    path = models.CharField(_("page address"), max_length=500, blank=True)
    language = models.CharField(_("language"), max_length=5, db_index=True)
    spot_kind = models.CharField(_("what the page showed"), max_length=10, blank=True)
    position = models.JSONField(_("position"), null=True, blank=True)
    rules = models.CharField(_("rules"), max_length=700, blank=True)
    codes = models.JSONField(_("reason codes"), default=list, blank=True)
    # [{"code", "params", "text", "msgids": [{"msgid", "msgctxt"?, "msgid_plural"?}]}]
    sentences = models.JSONField(_("sentences as shown"), default=list, blank=True)
    step = models.PositiveIntegerField(_("step"), null=True, blank=True)
    version = models.CharField(_("app version"), max_length=64, blank=True)
    user_agent = models.CharField(_("browser"), max_length=MAX_AGENT, blank=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = _("problem report")
        verbose_name_plural = _("problem reports")
        indexes = [models.Index(fields=["kind", "language", "status"], name="report_open")]

    def __str__(self):
        return f"#{self.pk} {self.kind} ({self.language}, {self.page})"
