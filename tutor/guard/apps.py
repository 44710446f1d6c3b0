from django.apps import AppConfig


class GuardConfig(AppConfig):
    name = "tutor.guard"
    label = "guard"
