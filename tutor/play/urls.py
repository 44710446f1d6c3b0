from django.urls import path

from tutor.quiz import export

from . import games, referee, views

urlpatterns = [
    # Before the deal addresses: "game" is not a deal's token.
    path("play/coinche/game/", games.start, name="play_game_start"),
    path("play/coinche/game/<str:token>/", games.sheet, name="play_game"),
    path("play/coinche/game/<str:token>/next/", games.next_deal, name="play_game_next"),
    path(
        "play/coinche/game/<str:token>/sheet.<str:fmt>", export.game_file, name="play_game_export"
    ),
    path("play/coinche/<str:token>/carry-on/", games.carry_on, name="play_game_carry_on"),
    path("play/<str:game>/", views.lobby, name="play_lobby"),
    path("play/<str:game>/<str:token>/", views.deal, name="play_deal"),
    path("play/<str:game>/<str:token>/again/", views.again, name="play_again"),
    path("play/coinche/<str:token>/redeal/", views.redeal, name="play_redeal"),
    path("play/<str:game>/<str:token>/replay.json", views.replay_json, name="play_replay"),
    path("referee/", referee.page, name="referee"),
]
