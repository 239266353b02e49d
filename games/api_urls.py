from rest_framework.routers import DefaultRouter

from . import api

router = DefaultRouter()
# /api/ is the club's root, which lists this router's endpoints with every other app's.
router.include_root_view = False
router.register("games", api.GameViewSet, basename="game")
router.register("deals", api.DealViewSet, basename="deal")
router.register("results", api.ResultViewSet, basename="result")
router.register("claims", api.ClaimViewSet, basename="claim")
router.register("bets", api.BetViewSet, basename="bet")
router.register("ledger", api.LedgerViewSet, basename="ledger")
router.register("stats", api.StatsViewSet, basename="stats")
router.register("game-ratings", api.RatingsViewSet, basename="game-rating")

urlpatterns = router.urls
