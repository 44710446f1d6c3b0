from django.conf.urls.i18n import i18n_patterns
from django.urls import include, path
from django.views.i18n import set_language

from tutor.pages import views as pages

urlpatterns = [
    path("i18n/setlang/", set_language, name="set_language"),
    path("deck/", pages.toggle_deck, name="toggle_deck"),
]
urlpatterns += i18n_patterns(
    path("", include("tutor.pages.urls")),
    path("quiz/", include("tutor.quiz.urls")),
    path("learn/", include("tutor.lessons.urls")),
)
