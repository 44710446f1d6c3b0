from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from tutor.club import homework
from tutor.club import views as club
from tutor.pages import views as pages
from tutor.tables import views as tables

urlpatterns = [
    path("language/", pages.switch_language, name="set_language"),
    path("deck/", pages.toggle_deck, name="toggle_deck"),
    path("j/<str:code>", club.short_join, name="club_short"),
    # The address the projector shows before the code: the join form, code still to type.
    path("j", club.short_join, {"code": ""}),
    path("j/", club.short_join, {"code": ""}),
    # A homework's QR code: into the homework, in the phone's language.
    path("h/<str:token>", homework.short, name="club_homework_short"),
    # A table's invite link (and QR code): the table in the visitor's own language.
    path("t/<str:token>", tables.short, name="tables_short"),
    # Staff only: problem reports (tutor/reports/admin.py), in the staff's own language.
    path("admin/", admin.site.urls),
]
urlpatterns += i18n_patterns(
    path("", include("tutor.pages.urls")),
    path("quiz/", include("tutor.quiz.urls")),
    path("learn/", include("tutor.lessons.urls")),
    path("club/", include("tutor.club.urls")),
    path("tables/", include("tutor.tables.urls")),
    path("", include("tutor.play.urls")),
    path("report/", include("tutor.reports.urls")),
)
