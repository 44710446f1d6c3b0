from django.urls import path

from . import calculator, count, export, progress, selftest, sheet, views

urlpatterns = [
    path("", views.index, name="quiz_index"),
    path("situations/<str:type_name>/", views.situation_options, name="quiz_situations"),
    path("q/<str:type_name>/<str:profile>/", views.random_question, name="quiz_random"),
    path("q/<str:type_name>/<str:profile>/<str:seed>/", views.question, name="quiz_question"),
    path("example/<str:slug>/", views.curated, name="quiz_curated"),
    path("review/", views.review, name="quiz_review"),
    path("goal/", views.daily_goal, name="quiz_goal"),
    path("test/", selftest.start, name="quiz_test_start"),
    path("test/<uuid:test_id>/", selftest.step, name="quiz_test"),
    path("test/<uuid:test_id>/result/", selftest.result, name="quiz_test_result"),
    path("test/<uuid:test_id>/result/<int:number>/", selftest.retry, name="quiz_test_retry"),
    path("progress/", progress.page, name="quiz_progress"),
    path("count/", count.index, name="quiz_count"),
    path("count/start/", count.start, name="quiz_count_start"),
    path("count/run/<uuid:run_id>/", count.run_page, name="quiz_count_run"),
    path("count/run/<uuid:run_id>/answer/", count.answer, name="quiz_count_answer"),
    path("count/run/<uuid:run_id>/end/", count.end, name="quiz_count_end"),
    path("calculator/", calculator.page, name="quiz_calculator"),
    path("sheet/", sheet.new_sheet, name="quiz_sheet_new"),
    path("sheet/manifest.webmanifest", sheet.manifest, name="quiz_manifest"),
    path("sheet/<str:token>/", sheet.sheet, name="quiz_sheet"),
    path("sheet/<str:token>/deal/<int:deal>/", sheet.edit, name="quiz_sheet_deal"),
    path("sheet/<str:token>/rematch/", sheet.rematch, name="quiz_sheet_rematch"),
    path("sheet/<str:token>/sheet.<str:fmt>", export.sheet_file, name="quiz_sheet_export"),
]
