from django.urls import path

from . import duplicate, views

urlpatterns = [
    path("", views.index, name="tables_index"),
    # Before a table's addresses: "night" is not a table's token.
    path("night/", duplicate.new, name="tables_night_new"),
    path("night/<str:token>/", duplicate.public, name="tables_night"),
    path(
        "night/<str:token>/screen/", duplicate.public, {"screen": True}, name="tables_night_screen"
    ),
    path("night/<str:token>/live/", duplicate.public, name="tables_night_live"),
    path("night/<str:token>/events/", duplicate.events, name="tables_night_events"),
    path(
        "night/<str:token>/deals/<int:table>/<int:number>/",
        duplicate.deal,
        name="tables_night_deal",
    ),
    path("night/<str:token>/host/<str:key>/", duplicate.host, name="tables_night_host"),
    path("night/<str:token>/host/<str:key>/start/", duplicate.start_all, name="tables_night_start"),
    path(
        "night/<str:token>/host/<str:key>/events/",
        duplicate.host_events,
        name="tables_night_host_events",
    ),
    path("<str:token>/", views.table_page, name="tables_table"),
    path("<str:token>/live/", views.poll, name="tables_live"),
    path("<str:token>/events/", views.events, name="tables_events"),
    path("<str:token>/seat/<str:key>/", views.private_link, name="tables_private"),
    path("<str:token>/sit/", views.sit, name="tables_sit"),
    path("<str:token>/start/", views.start, name="tables_start"),
    path("<str:token>/move/", views.move, name="tables_move"),
    path("<str:token>/next/", views.next_deal, name="tables_next"),
    path("<str:token>/redeal/", views.redeal, name="tables_redeal"),
    path("<str:token>/bot/", views.to_bot, name="tables_bot"),
    path("<str:token>/deals/<int:number>/", views.deal_page, name="tables_deal"),
    path("<str:token>/deals/<int:number>/replay.json", views.replay, name="tables_replay"),
    path("<str:token>/watch/<str:key>/", views.watch, name="tables_watch"),
    path("<str:token>/watch/<str:key>/live/", views.watch, name="tables_watch_live"),
    path("<str:token>/watch/<str:key>/events/", views.watch_events, name="tables_watch_events"),
]
