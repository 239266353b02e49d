from django.urls import path
from rest_framework.routers import SimpleRouter

from . import api

router = SimpleRouter()
router.register("rulebook", api.RulebookViewSet, basename="rulebook-entry")
router.register("interpretation-points", api.InterpretationPointViewSet, basename="interpretation-point")
router.register("precedents", api.PrecedentViewSet, basename="precedent")
router.register("disputes", api.DisputeViewSet, basename="dispute")
router.register("saved-searches", api.SavedSearchViewSet, basename="saved-search")

urlpatterns = [
    path("readings-in-force/", api.ReadingsInForceView.as_view(), name="readings-in-force"),
    path("rules-search/", api.SearchView.as_view(), name="rules-search"),
    *router.urls,
]
