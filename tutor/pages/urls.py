from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("glossary/", views.glossary, name="glossary"),
    path("profiles/", views.profiles, name="profiles"),
    path("profiles/house/", views.house_rules, name="house_rules"),
    path("profiles/house/summary/", views.house_summary, name="house_summary"),
    path("profiles/house/use/", views.use_rules, name="use_rules"),
    path("profiles/house/save/", views.save_rules, name="save_rules"),
]
