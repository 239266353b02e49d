from rest_framework.routers import DefaultRouter

from . import api

router = DefaultRouter()
# /api/ is the club's root, which lists this router's endpoints with every other app's.
router.include_root_view = False
router.register("seasons", api.SeasonViewSet, basename="season")

urlpatterns = router.urls
