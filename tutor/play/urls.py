from django.urls import path

from . import referee, views

urlpatterns = [
    path("play/<str:game>/", views.lobby, name="play_lobby"),
    path("play/<str:game>/<str:token>/", views.deal, name="play_deal"),
    path("play/<str:game>/<str:token>/again/", views.again, name="play_again"),
    path("play/coinche/<str:token>/redeal/", views.redeal, name="play_redeal"),
    path("play/<str:game>/<str:token>/replay.json", views.replay_json, name="play_replay"),
    path("referee/", referee.page, name="referee"),
]
