"""Accounts: the club is private, so signup is open only with an admin's invitation (or when the
OPEN_SIGNUP setting is on).

Every way in (the login form, the API token, the admin login, password reset and invitations)
counts failures against one allauth rate limit, ``ACCOUNT_RATE_LIMITS["login_failed"]``: per
account (whichever of its names was typed) and per address. An account or an address over the
limit is locked on all of them alike until the limit's window has passed or the password is reset.
"""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter, get_adapter
from allauth.core.internal import ratelimit
from allauth.mfa import signals as mfa_signals
from allauth.mfa.adapter import get_adapter as get_mfa_adapter
from allauth.mfa.models import Authenticator
from allauth.mfa.totp.internal.auth import TOTP
from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model
from django.contrib.sites.shortcuts import get_current_site
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import permissions, serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.response import Response
from rest_framework.views import APIView

from .api_schema import refuses
from .errors import Forbidden, InvalidInput, NotFound, TooManyAttempts

INVITATION_SESSION_KEY = "club_invitation_token"
LOGIN_FAILED = "login_failed"
# How much of a token a member sees again after it was issued: enough to tell it apart.
TOKEN_PREFIX = 8


def _locked_message() -> str:
    return _("Too many failed sign-in attempts for this account or from your address. "
             "Wait a few minutes and try again, or reset your password.")


def account_key(request: HttpRequest, login: str) -> str:
    """The rate-limit key of the account a login names: the same account whether it was typed as
    its email or its username, so switching names or entry points does not reset the count."""
    login = (login or "").strip()
    if "\x00" in login:  # names no account (and PostgreSQL cannot compare it)
        return f"{get_current_site(request).domain}:{login.lower()}"
    users = list(get_user_model().objects.filter(Q(email__iexact=login) | Q(username=login))
                 .values_list("pk", flat=True)[:2])
    name = f"account:{users[0]}" if len(users) == 1 else login.lower()
    return f"{get_current_site(request).domain}:{name}"


class ClubAccountAdapter(DefaultAccountAdapter):
    def is_open_for_signup(self, request) -> bool:
        if settings.OPEN_SIGNUP:
            return True
        from .services import invitation_pending

        token = request.session.get(INVITATION_SESSION_KEY) if hasattr(request, "session") else None
        return bool(token) and invitation_pending(token=token) is not None

    def save_user(self, request, user, form, commit=True):
        user = super().save_user(request, user, form, commit=commit)
        token = request.session.pop(INVITATION_SESSION_KEY, None) if hasattr(request, "session") else None
        if commit:
            from .services import invitation_accept, member_for_open_signup

            if token:
                invitation_accept(token=token, user=user)
            elif settings.OPEN_SIGNUP:
                member_for_open_signup(user=user)
        return user

    def _get_login_attempts_cache_key(self, request, **credentials) -> str:
        # allauth keys failures by the login as typed; the club keys them by the account.
        return account_key(request, credentials.get("email", credentials.get("username", "")))


def authenticate_login(request: HttpRequest, *, login: str, password: str):
    """The user a login and password name, or None; every failure counts against the account and
    the address, and a locked one raises TooManyAttempts even for the right password."""
    try:
        return get_adapter(request).authenticate(request, username=login, password=password)
    except ValidationError as exc:
        if exc.code == "too_many_login_attempts":
            raise TooManyAttempts(_locked_message(), extra={"reason": "too_many_attempts"}) from None
        raise


def check_not_locked(request: HttpRequest, *, login: str) -> None:
    """Refuse (TooManyAttempts) when the account or the address is locked, without counting."""
    if not ratelimit.consume(request, app="allauth.account", action=LOGIN_FAILED, key=account_key(request, login),
                             dry_run=True, limit_get=True):
        raise TooManyAttempts(_locked_message(), extra={"reason": "too_many_attempts"})


def count_failure(request: HttpRequest, *, login: str) -> None:
    """Count a failed way in (a guessed invitation) against the address and the named key."""
    if not ratelimit.consume(request, app="allauth.account", action=LOGIN_FAILED, key=account_key(request, login),
                             limit_get=True):
        raise TooManyAttempts(_locked_message(), extra={"reason": "too_many_attempts"})


# --- two-factor sign-in ------------------------------------------------------------------------------

def two_factor_on(user) -> bool:
    """Whether the user signs in with a second factor (allauth.mfa's authenticator app)."""
    return bool(user and user.is_authenticated) and get_mfa_adapter().is_mfa_enabled(user)


def is_staff_member(user) -> bool:
    """Croupiers and admins (and the site's superusers): the accounts two-factor matters most for."""
    if not (user and user.is_authenticated):
        return False
    member = getattr(user, "member", None)
    return user.is_superuser or bool(member is not None and member.active and member.is_croupier)


def check_second_factor(request: HttpRequest, *, user, login: str, code: str) -> None:
    """Refuse (Forbidden) a user with two-factor on unless ``code`` is a fresh code of his
    authenticator app; a wrong code counts against the sign-in limit like a wrong password."""
    if not two_factor_on(user):
        return
    code = (code or "").strip()
    if not code:
        raise Forbidden(_("Two-factor sign-in is on for this account: send the code from your "
                          "authenticator app in the field otp."), extra={"field": "otp"})
    authenticator = Authenticator.objects.filter(user=user, type=Authenticator.Type.TOTP).first()
    if authenticator is None or not TOTP(authenticator).validate_code(code):
        count_failure(request, login=login)
        # The code is a credential: the answer does not repeat it.
        raise Forbidden(_("This code from the authenticator app is wrong or already used: send the code "
                          "the app shows now."), extra={"field": "otp"})


@receiver(mfa_signals.authentication_failed)
def _count_wrong_code(sender, request=None, user=None, reauthentication=False, **kwargs) -> None:
    """A wrong code on the sign-in page counts against the account's limit as a wrong password does:
    guessing codes then locks the password, the API token and the admin login as well."""
    if request is None or user is None or reauthentication:
        return
    ratelimit.consume(request, app="allauth.account", action=LOGIN_FAILED, key=account_key(request, user.email),
                      limit_get=True)


class StaffTwoFactorMiddleware:
    """With ``CLUB_REQUIRE_MFA_FOR_STAFF`` on, a croupier or admin without two-factor is sent to
    set up his authenticator app before any other page; the sign-in and two-factor pages, the
    language switch, static files and the API stay reachable."""

    # The service worker's script and the web app's manifest carry no club data: a phone keeps
    # them whether or not its member has set two factors up yet.
    OPEN_PREFIXES = ("/accounts/", "/i18n/", "/static/", "/api/", "/health/", "/ready/", "/favicon",
                     "/sw.js", "/manifest.webmanifest")

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if (settings.CLUB_REQUIRE_MFA_FOR_STAFF and not request.path.startswith(self.OPEN_PREFIXES)
                and is_staff_member(request.user) and not two_factor_on(request.user)):
            why = _("Croupiers and admins sign in with two factors here: set up an authenticator app to go on.")
            # A fetch in the background (the service worker keeping a page, a tap sent by a
            # script) is refused where it stands: sent along to the set-up pages, it would draw
            # them, and spend on a page nobody sees the word left for the page the member opens.
            if request.headers.get("Sec-Fetch-Mode", "navigate") != "navigate":
                return HttpResponseForbidden(why, content_type="text/plain; charset=utf-8")
            messages.warning(request, why)
            return HttpResponseRedirect(reverse("mfa_activate_totp"))
        return self.get_response(request)


# --- the admin login --------------------------------------------------------------------------------

class AdminLoginForm(AdminAuthenticationForm):
    """The admin login, limited like every other way in; it takes the username or the email."""

    rate_limited = False

    def clean(self):
        login = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if login is not None and password:
            try:
                self.user_cache = authenticate_login(self.request, login=login, password=password)
            except TooManyAttempts as exc:
                self.rate_limited = True
                raise forms.ValidationError(exc.message, code="too_many_attempts") from None
            if self.user_cache is None:
                raise self.get_invalid_login_error()
            self.confirm_login_allowed(self.user_cache)
            if two_factor_on(self.user_cache):
                # This form asks for no code: such an account signs in on the site's page.
                raise forms.ValidationError(
                    _("Two-factor sign-in is on for this account: sign in on the site's sign-in page "
                      "(%(url)s) with your code, then open the admin.") % {"url": reverse("account_login")},
                    code="two_factor")
        return self.cleaned_data


def admin_login(request: HttpRequest, **kwargs) -> HttpResponse:
    """The admin site's login with the shared limit; a locked account gets the form back with the
    reason, as a 429."""
    response = admin.site.login(request, **kwargs)
    form = (getattr(response, "context_data", None) or {}).get("form")
    if getattr(form, "rate_limited", False):
        response.status_code = status.HTTP_429_TOO_MANY_REQUESTS
    return response


# --- API tokens: one per member, shown in full only when issued --------------------------------------

def token_issue(*, user) -> Token:
    token, _created = Token.objects.get_or_create(user=user)
    return token


def tokens_of(*, user) -> list[dict]:
    """The member's own tokens as they may be shown again: a prefix and the date, never the key."""
    return [{"id": token.key[:TOKEN_PREFIX], "created": token.created}
            for token in Token.objects.filter(user=user)]


def token_revoke(*, user, token_id: str) -> None:
    """Delete the member's token that ``token_id`` names; anyone else's names nothing."""
    token = Token.objects.filter(user=user).first()
    if token is None or len(token_id) != TOKEN_PREFIX or token.key[:TOKEN_PREFIX] != token_id:
        raise NotFound(_("You have no API token %(id)s.") % {"id": token_id[:TOKEN_PREFIX * 2]})
    token.delete()


class TokenLoginSerializer(serializers.Serializer):
    username = serializers.CharField(label=_("Email or username"), max_length=254)
    password = serializers.CharField(label=_("Password"), style={"input_type": "password"}, trim_whitespace=False,
                                     max_length=4096, write_only=True)
    otp = serializers.CharField(label=_("Authenticator code"), max_length=64, required=False, allow_blank=True,
                                write_only=True,
                                help_text="The code of the member's authenticator app; required when two-factor "
                                          "sign-in is on for the account.")


class TokenRowSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="The token's first characters; the key itself is shown only once.")
    created = serializers.DateTimeField()


class TokenObtainView(APIView):
    """Exchange an email (or username) and password for the member's API token."""

    authentication_classes: list = []
    permission_classes = [permissions.AllowAny]
    throttle_classes: list = []

    # No throttle: a locked account (the shared login limit) is refused with a 429 all the same.
    @refuses(429)
    @extend_schema(request=TokenLoginSerializer,
                   responses={200: inline_serializer("AuthToken", {"token": serializers.CharField()})})
    def post(self, request):
        data = TokenLoginSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = authenticate_login(request._request, login=data.validated_data["username"],
                                  password=data.validated_data["password"])
        if user is None:
            raise InvalidInput(_("The email or the password is wrong."), extra={"field": "password"})
        check_second_factor(request._request, user=user, login=data.validated_data["username"],
                            code=data.validated_data.get("otp", ""))
        return Response({"token": token_issue(user=user).key})


class TokenListView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=TokenRowSerializer(many=True))
    def get(self, request):
        return Response(TokenRowSerializer(tokens_of(user=request.user), many=True).data)


class TokenDetailView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={204: None})
    def delete(self, request, token_id: str):
        token_revoke(user=request.user, token_id=token_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
