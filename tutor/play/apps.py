from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "tutor.play"
    label = "play"
