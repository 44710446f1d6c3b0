from django.urls import path, re_path

from . import homework, host, play, sets, views

urlpatterns = [
    path("", views.index, name="club_index"),
    path("sets/", sets.index, name="club_sets"),
    path("sets/add/", sets.add, name="club_set_add"),
    path("sets/<str:token>/", sets.detail, name="club_set"),
    path("sets/<str:token>/draw/", sets.draw, name="club_set_draw"),
    path("sets/<str:token>/copy/", sets.copy, name="club_set_copy"),
    path("sets/<str:token>/delete/", sets.delete, name="club_set_delete"),
    path("sets/<str:token>/run/", sets.run, name="club_set_run"),
    path("sets/<str:token>/assign/", sets.assign, name="club_set_assign"),
    re_path(
        r"^sets/(?P<token>[\w-]+)/q/(?P<item>[0-9]{1,18})/(?P<action>move-up|move-down|remove|time)/$",
        sets.question,
        name="club_set_question",
    ),
    path("homework/<str:token>/", homework.page, name="club_homework"),
    path("homework/<str:token>/report/", homework.report_page, name="club_homework_report"),
    re_path(
        r"^homework/(?P<token>[\w-]+)/report\.(?P<kind>csv|xlsx)$",
        homework.export,
        name="club_homework_export",
    ),
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
