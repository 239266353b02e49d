from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter

from . import accounts, api, api_root, views
from .schema import CachedSchemaView

# The admin login counts failures with every other way in (see club.accounts).
admin.site.login_form = accounts.AdminLoginForm

# The one root of the API (/api/) lists every app's endpoints; the apps' routers make none.
router = DefaultRouter()
router.APIRootView = api_root.APIRootView
router.register("dimensions", api.DimensionViewSet, basename="dimension")
router.register("members", api.MemberViewSet, basename="member")
router.register("venues", api.VenueViewSet, basename="venue")
router.register("sessions", api.SessionViewSet, basename="session")
router.register("invitations", api.InvitationViewSet, basename="invitation")

# The apps' prefixes first: a deal's poll, most of an evening's requests, is found without trying
# every club page's pattern on the way (the club's pages have none of these prefixes).
urlpatterns = [
    path("games/", include("games.urls")),
    path("tournaments/", include("games.tournaments.urls")),
    path("tables/", include("games.tables.urls")),
    path("seasons/", include("games.seasons.urls")),
    path("rules/", include("rules.urls")),
    path("accounts/", include("allauth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/login/", accounts.admin_login, name="admin_login"),
    path("admin/", admin.site.urls),
    path("api/token/", accounts.TokenObtainView.as_view(), name="api_token"),
    path("api/tokens/", accounts.TokenListView.as_view(), name="api_tokens"),
    path("api/tokens/<str:token_id>/", accounts.TokenDetailView.as_view(), name="api_token_detail"),
    path("api/audit/", api.AuditView.as_view(), name="api_audit"),
    path("api/", include(router.urls)),
    path("api/", include("games.api_urls")),
    path("api/", include("games.tournaments.api_urls")),
    path("api/", include("games.tables.api_urls")),
    path("api/", include("games.seasons.api_urls")),
    path("api/", include("rules.api_urls")),
    path("api/schema/", CachedSchemaView.as_view(), name="schema"),
    # The split view serves Swagger UI's start-up script as a file of its own: the page has no
    # inline script for the Content-Security-Policy to block.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api_docs"),
    path("health/", views.health, name="health"),
    # Browsers ask for /favicon.ico whatever the page says; the icon is the static SVG.
    path("favicon.ico", views.favicon),
    # The service worker and the manifest live at the root: a worker's scope is its own folder.
    path("sw.js", views.service_worker, name="service_worker"),
    path("manifest.webmanifest", views.web_manifest, name="web_manifest"),
    path("ready/", views.ready, name="ready"),
    path("", include("club.page_urls")),
]
urlpatterns += static(settings.STATIC_URL, document_root=settings.STATIC_ROOT) if settings.DEBUG else []
