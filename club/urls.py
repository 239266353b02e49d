from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.authtoken.views import obtain_auth_token
from rest_framework.routers import DefaultRouter

from . import api, views

router = DefaultRouter()
router.register("dimensions", api.DimensionViewSet, basename="dimension")
router.register("members", api.MemberViewSet, basename="member")
router.register("venues", api.VenueViewSet, basename="venue")
router.register("sessions", api.SessionViewSet, basename="session")
router.register("invitations", api.InvitationViewSet, basename="invitation")

urlpatterns = [
    path("", include("club.page_urls")),
    path("games/", include("games.urls")),
    path("tournaments/", include("games.tournaments.urls")),
    path("tables/", include("games.tables.urls")),
    path("rules/", include("rules.urls")),
    path("accounts/", include("allauth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/", include(router.urls)),
    path("api/", include("games.api_urls")),
    path("api/", include("games.tournaments.api_urls")),
    path("api/", include("games.tables.api_urls")),
    path("api/", include("rules.api_urls")),
    path("api/token/", obtain_auth_token, name="api_token"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api_docs"),
    path("health/", views.health, name="health"),
]
urlpatterns += static(settings.STATIC_URL, document_root=settings.STATIC_ROOT) if settings.DEBUG else []
