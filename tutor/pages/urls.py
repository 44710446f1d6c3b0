from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("glossary/", views.glossary, name="glossary"),
    path("profiles/", views.profiles, name="profiles"),
]
