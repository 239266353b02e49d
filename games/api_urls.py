from rest_framework.routers import DefaultRouter

from . import api

router = DefaultRouter()
router.register("games", api.GameViewSet, basename="game")
router.register("deals", api.DealViewSet, basename="deal")
router.register("results", api.ResultViewSet, basename="result")
router.register("ledger", api.LedgerViewSet, basename="ledger")
router.register("stats", api.StatsViewSet, basename="stats")

urlpatterns = router.urls
