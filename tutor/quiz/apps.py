from django.apps import AppConfig


class QuizConfig(AppConfig):
    name = "tutor.quiz"
    label = "quiz"
