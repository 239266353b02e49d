from rest_framework.routers import DefaultRouter

from . import api

router = DefaultRouter()
router.register("seasons", api.SeasonViewSet, basename="season")

urlpatterns = router.urls
