"""How a program signs in to the API: ``Authorization: Token <key>``, the key of one of the member's
API tokens (club.accounts issues them; django-rest-knox keeps only their digests).

DRF reads this module while it sets itself up, so it imports nothing of DRF's views (nor of the
club's modules that do).
"""

from __future__ import annotations

import re
from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext as _
from knox.auth import TokenAuthentication
from rest_framework import status
from rest_framework.exceptions import APIException, AuthenticationFailed

# What a key looks like: knox's hexadecimal string. Anything else names no token and is refused
# before it reaches the database (a NUL, a byte that is not UTF-8, a kilobyte of text).
KEY = re.compile(rb"[0-9A-Za-z]{1,128}")
# How often the time a token was last used is written: a program polling the API every few
# seconds writes once per step, not once per request.
LAST_USED_STEP = timedelta(minutes=5)


def refused_message() -> str:
    # The key is not repeated: a mistyped key is still most of a key.
    return _("This API token does not open the club: it was revoked, it has expired or it is mistyped. "
             "Make a new one on your profile page or at /api/token/.")


class TokenRefused(APIException):
    """A token that opens nothing: 401, naming the scheme to use. (DRF's own AuthenticationFailed
    turns into a 403 when the view's first way in is the session, as the API's is.)"""

    status_code = status.HTTP_401_UNAUTHORIZED
    default_code = "authentication_failed"


class ApiTokenAuthentication(TokenAuthentication):
    """Knox's hashed tokens under the header programs already send (``Token``, as DRF's own tokens
    were); an expired, revoked or unknown token is refused with a 401 in the member's language, and
    the token's last use is noted."""

    def authenticate(self, request):
        try:
            return super().authenticate(request)
        except AuthenticationFailed:
            refused = TokenRefused(refused_message())
            refused.auth_header = self.authenticate_header(request)
            raise refused from None

    def authenticate_credentials(self, token: bytes):
        if not KEY.fullmatch(token):
            raise AuthenticationFailed(refused_message())
        user, auth_token = super().authenticate_credentials(token)
        now = timezone.now()
        if auth_token.last_used is None or now - auth_token.last_used >= LAST_USED_STEP:
            type(auth_token).objects.filter(pk=auth_token.pk).update(last_used=now)
            auth_token.last_used = now
        return user, auth_token
