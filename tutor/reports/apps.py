from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReportsConfig(AppConfig):
    name = "tutor.reports"
    verbose_name = _("Problem reports")

    def ready(self):
        # The version is read here, once per process, never while a request waits.
        from . import version  # noqa: F401
