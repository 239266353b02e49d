from django.urls import path
from rest_framework.routers import DefaultRouter

from . import api

router = DefaultRouter()
# /api/ is the club's root, which lists this router's endpoints with every other app's.
router.include_root_view = False
router.register("casino-hands", api.CasinoHandViewSet, basename="casino-hand")
router.register("dice-matches", api.DiceMatchViewSet, basename="dice-match")
router.register("draker-games", api.DrakerGameViewSet, basename="draker-game")

urlpatterns = [
    path("draker/score/", api.DrakerScoreView.as_view(), name="draker-score"),
    *router.urls,
]
