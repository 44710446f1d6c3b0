from django.contrib.auth import views as auth_views
from django.urls import path

from . import views

urlpatterns = [
    path("", views.index, name="lessons_index"),
    path("resume/<slug:game>/", views.resume, name="lessons_resume"),
    path("account/signup/", views.signup, name="signup"),
    path("account/login/", views.SignIn.as_view(), name="login"),
    path("account/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("<slug:slug>/", views.lesson, name="lesson"),
    path("<slug:slug>/<int:number>/", views.answer, name="lesson_answer"),
]
