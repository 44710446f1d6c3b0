from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tutor.tables"
    label = "tables"

    def ready(self):
        # The live channel's "table:" and "night:" topics (tutor/push.py).
        from . import live  # noqa: F401
