from django.apps import AppConfig


class LessonsConfig(AppConfig):
    name = "tutor.lessons"
    label = "lessons"

    def ready(self) -> None:
        # Connects the login signal that keeps a visitor's progress.
        from . import progress  # noqa: F401
