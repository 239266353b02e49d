from django.urls import path
from rest_framework.routers import DefaultRouter

from . import api

router = DefaultRouter()
router.register("casino-hands", api.CasinoHandViewSet, basename="casino-hand")
router.register("dice-matches", api.DiceMatchViewSet, basename="dice-match")
router.register("draker-games", api.DrakerGameViewSet, basename="draker-game")

urlpatterns = [
    path("draker/score/", api.DrakerScoreView.as_view(), name="draker-score"),
    *router.urls,
]
