from django.urls import path

from . import views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", views.tournament_new, name="new"),
    path("ratings/", views.ratings, name="ratings"),
    path("ratings/<int:member_id>/", views.member_rating, name="member_rating"),
    path("tables/<int:pk>/", views.sheet, name="sheet"),
    path("tables/<int:pk>/record/", views.sheet_record, name="sheet_record"),
    path("tables/<int:pk>/export/", views.sheet_export, name="sheet_export"),
    path("tables/<int:pk>/totals/", views.sheet_totals, name="sheet_totals"),
    path("rounds/<int:pk>/", views.round_detail, name="round"),
    path("rounds/<int:pk>/correct/", views.round_correct, name="round_correct"),
    path("rounds/<int:pk>/void/", views.round_void, name="round_void"),
    path("sessions/<int:pk>/start/", views.tournament_from_session, name="from_session"),
    path("<slug:slug>/", views.tournament_detail, name="detail"),
    path("<slug:slug>/live/", views.tournament_live, name="live"),
    path("<slug:slug>/standings/", views.standings, name="standings"),
    path("<slug:slug>/standings/export/", views.standings_export, name="standings_export"),
    path("<slug:slug>/report/", views.report, name="report"),
    path("<slug:slug>/sheets/", views.print_sheets, name="print_sheets"),
    path("<slug:slug>/cards/", views.table_cards, name="table_cards"),
    path("<slug:slug>/report.csv", views.report_csv, name="report_csv"),
    path("<slug:slug>/manage/", views.tournament_manage, name="manage"),
    path("<slug:slug>/work/", views.work, name="work"),
]
