from django.urls import path

from . import views

urlpatterns = [
    path("", views.report, name="report"),
    path("sent/", views.sent, name="report_sent"),
]
