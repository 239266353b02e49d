"""The site's addresses, and one whose view fails: a server error to report."""

from django.urls import path
from django.views.decorators.csrf import csrf_exempt

from club.urls import urlpatterns as site


@csrf_exempt  # posted to from outside the test client, with no form to take a token from
def fail(request, token):
    password = request.POST.get("password")  # noqa: F841 (a local the report must not show)
    reader = request.user.email if request.user.is_authenticated else ""  # noqa: F841 (idem)
    raise RuntimeError("the dealer dropped the deck")


urlpatterns = [path("failing/<str:token>/", fail, name="failing"), *site]
