from django.urls import path

from . import views

app_name = "tables"

urlpatterns = [
    path("", views.index, name="index"),
    path("casino/", views.casino, name="casino"),
    path("casino/history/", views.casino_history, name="casino_history"),
    path("casino/<int:pk>/", views.casino_hand, name="casino_hand"),
    path("casino/<int:pk>/act/", views.casino_act, name="casino_act"),
    path("casino/<int:pk>/draw/", views.casino_draw, name="casino_draw"),
    path("casino/<int:pk>/reveal/", views.casino_reveal, name="casino_reveal"),
    path("dice/", views.dice_list, name="dice_list"),
    path("dice/<int:pk>/", views.dice_match, name="dice_match"),
    path("dice/<int:pk>/live/", views.dice_match_live, name="dice_match_live"),
    path("dice/<int:pk>/accept/", views.dice_accept, name="dice_accept"),
    path("dice/<int:pk>/decline/", views.dice_decline, name="dice_decline"),
    path("dice/<int:pk>/withdraw/", views.dice_withdraw, name="dice_withdraw"),
    path("draker/", views.draker, name="draker"),
    path("draker/games/", views.draker_games, name="draker_games"),
    path("draker/games/<int:pk>/", views.draker_game, name="draker_game"),
    path("draker/games/<int:pk>/confirm/", views.draker_game_confirm, name="draker_game_confirm"),
    path("draker/games/<int:pk>/discard/", views.draker_game_discard, name="draker_game_discard"),
    path("draker/games/<int:pk>/turns/", views.draker_game_turn, name="draker_game_turn"),
]
