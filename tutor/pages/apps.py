from django.apps import AppConfig


class PagesConfig(AppConfig):
    name = "tutor.pages"
    label = "pages"
