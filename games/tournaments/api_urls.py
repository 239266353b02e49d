from rest_framework.routers import DefaultRouter

from . import api

router = DefaultRouter()
# /api/ is the club's root, which lists this router's endpoints with every other app's.
router.include_root_view = False
router.register("tournaments", api.TournamentViewSet, basename="tournament")
router.register("tournament-tables", api.TableViewSet, basename="tournament-table")
router.register("tournament-rounds", api.RoundViewSet, basename="tournament-round")
router.register("ratings", api.RatingViewSet, basename="rating")

urlpatterns = router.urls
