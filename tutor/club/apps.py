from django.apps import AppConfig


class ClubConfig(AppConfig):
    name = "tutor.club"
    label = "club"
