from django.urls import path, re_path

from . import host, play, views

urlpatterns = [
    path("", views.index, name="club_index"),
    path("join/", views.join, name="club_join"),
    path("play/<str:code>/", play.page, name="club_play"),
    path("play/<str:code>/live/", play.poll, name="club_play_live"),
    path("play/<str:code>/answer/", play.answer, name="club_answer"),
    path("play/<str:code>/events/", play.events, name="club_play_events"),
    path("host/<str:code>/<str:key>/", host.page, name="club_host"),
    path("host/<str:code>/<str:key>/live/", host.poll, name="club_host_live"),
    path("host/<str:code>/<str:key>/events/", host.events, name="club_host_events"),
    path("host/<str:code>/<str:key>/results.csv", host.export, name="club_export"),
    path("host/<str:code>/<str:key>/handout/", host.handout, name="club_handout"),
    path("host/<str:code>/<str:key>/results/", host.full_results, name="club_results"),
    path("host/<str:code>/<str:key>/remove/<int:player>/", host.remove, name="club_remove"),
    path("host/<str:code>/<str:key>/remove-latest/", host.remove_latest, name="club_remove_latest"),
    path("host/<str:code>/<str:key>/joining/", host.joining, name="club_joining"),
    path("screen/<str:code>/<str:key>/", host.screen, name="club_screen"),
    path("screen/<str:code>/<str:key>/live/", host.screen_poll, name="club_screen_live"),
    path("screen/<str:code>/<str:key>/events/", host.screen_events, name="club_screen_events"),
    re_path(
        r"^host/(?P<code>\w+)/(?P<key>\w+)/(?P<action>start|reveal|next)/$",
        host.act,
        name="club_host_act",
    ),
]
