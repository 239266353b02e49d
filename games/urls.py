from django.urls import path

from . import views

app_name = "games"

urlpatterns = [
    # The phones' polls first: most of an evening's requests, found at the first patterns tried.
    path("deals/<int:pk>/live/", views.deal_live, name="deal_live"),
    path("deals/<int:pk>/result/live/", views.deal_result_live, name="deal_result_live"),
    path("", views.member_dashboard, name="member_dashboard"),
    path("croupier/", views.croupier_dashboard, name="croupier_dashboard"),
    path("leaderboard/", views.leaderboard, name="leaderboard"),
    path("ratings/", views.ratings, name="ratings"),
    path("stats/<int:pk>/", views.member_stats, name="member_stats"),
    path("statement/", views.statement, name="statement"),
    path("statement.csv", views.statement_csv, name="statement_csv"),
    path("statement/export/", views.statement_csv, name="statement_export"),
    path("ledger/", views.ledger, name="ledger"),
    path("ledger.csv", views.ledger_csv, name="ledger_csv"),
    path("ledger/export/", views.ledger_csv, name="ledger_export"),
    path("sessions/<int:session_pk>/results/export/", views.session_results_export, name="session_results_export"),
    path("sessions/<int:session_pk>/start/", views.game_start_of_its_kind, name="game_start"),
    path("<int:pk>/", views.game_detail, name="game_detail"),
    path("<int:pk>/deal/", views.deal_new, name="deal_new"),
    path("<int:pk>/results/export/", views.game_results_export, name="game_results_export"),
    path("<int:pk>/end/", views.game_end, name="game_end"),
    path("<int:pk>/reseat/", views.game_reseat, name="game_reseat"),
    path("deals/<int:pk>/", views.deal_detail, name="deal_detail"),
    path("deals/<int:pk>/rejudge/", views.deal_rejudge, name="deal_rejudge"),
    path("<int:pk>/deals/<int:position>/", views.deal_in_sitting, name="deal_in_sitting"),
    path("deals/<int:pk>/card/", views.deal_card, name="deal_card"),
    path("deals/<int:pk>/bet/", views.deal_bet, name="deal_bet"),
    path("deals/<int:pk>/claim/", views.deal_claim, name="deal_claim"),
    path("deals/<int:pk>/submit/", views.deal_submit, name="deal_submit"),
    path("deals/<int:pk>/void/", views.deal_void, name="deal_void"),
    path("deals/<int:pk>/replay/", views.deal_replay, name="deal_replay"),
    path("claims/<int:pk>/withdraw/", views.claim_withdraw, name="claim_withdraw"),
    path("bets/<int:pk>/withdraw/", views.bet_withdraw, name="bet_withdraw"),
    path("deals/<int:pk>/correct/", views.deal_correct, name="deal_correct"),
    path("results/<int:pk>/confirm/", views.result_confirm, name="result_confirm"),
    path("results/<int:pk>/discard/", views.result_discard, name="result_discard"),
    path("deals/<int:pk>/dispute/", views.deal_dispute, name="deal_dispute"),
]
