"""Accounts: the club is private, so signup is open only with an admin's invitation (or when the
OPEN_SIGNUP setting is on).

Every way in (the login form and its code stage, the API token, the admin login, password reset,
invitations, re-confirming a password or a code) counts failures against the same limits
(club/login_limits.py, ``LOGIN_RATE_LIMIT``): per account (whichever of its names was typed) and
per address (club/client_address.py). An account or an address over its limit is locked on all of
them alike until the limit's window has passed; a password reset lifts the account's lock.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from allauth.account import signals as account_signals
from allauth.account.adapter import DefaultAccountAdapter, get_adapter
from allauth.core import context
from allauth.mfa.adapter import get_adapter as get_mfa_adapter
from allauth.mfa.base.forms import AuthenticateForm, ReauthenticateForm
from allauth.mfa.models import Authenticator
from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model
from django.contrib.sites.shortcuts import get_current_site
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden, HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.plumbing import build_bearer_security_scheme_object
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from . import login_limits
from .api_schema import refuses
from .client_address import client_address
from .errors import Conflict, Forbidden, InvalidInput, NotFound, TooManyAttempts
from .models import ApiToken
from .services import invitation_accept, invitation_pending, member_for_open_signup

INVITATION_SESSION_KEY = "club_invitation_token"
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


def user_key(request: HttpRequest, user) -> str:
    """The rate-limit key of an account already known: the one ``account_key`` finds by its names."""
    return f"{get_current_site(request).domain}:account:{user.pk}"


def typed_login(credentials: dict) -> str:
    """The name a sign-in was tried under, in the credentials allauth authenticates with."""
    return credentials.get("email") or credentials.get("username") or ""


class ClubAccountAdapter(DefaultAccountAdapter):
    def is_open_for_signup(self, request) -> bool:
        if settings.OPEN_SIGNUP:
            return True
        token = request.session.get(INVITATION_SESSION_KEY) if hasattr(request, "session") else None
        return bool(token) and invitation_pending(token=token) is not None

    def save_user(self, request, user, form, commit=True):
        user = super().save_user(request, user, form, commit=commit)
        token = request.session.pop(INVITATION_SESSION_KEY, None) if hasattr(request, "session") else None
        if commit:
            if token:
                invitation_accept(token=token, user=user)
            elif settings.OPEN_SIGNUP:
                member_for_open_signup(user=user)
        return user

    def get_client_ip(self, request) -> str:
        # allauth's own limits (password reset, signup) count the same client the club's do.
        return client_address(request) or super().get_client_ip(request)

    def authenticate(self, request, **credentials):
        """The user the credentials name, or None. The sign-in counts against the account and the
        address while its password is checked and a failure stays counted; a locked account or
        address is refused (``too_many_login_attempts``) even with the right password.

        allauth's own count of failed logins is off (``ACCOUNT_RATE_LIMITS["login_failed"]``): it
        would count each one twice, and it knows neither the club's address nor its other ways in."""
        attempt = login_limits.attempt(request, account=account_key(request, typed_login(credentials)))
        if attempt is None:
            raise self.validation_error("too_many_login_attempts")
        user = super().authenticate(request, **credentials)
        if user is not None:
            attempt.succeeded()
        return user


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
    if login_limits.locked(request, account=account_key(request, login)):
        raise TooManyAttempts(_locked_message(), extra={"reason": "too_many_attempts"})


def count_failure(request: HttpRequest, *, login: str) -> None:
    """Count a failed way in (a guessed invitation) against the address and the named key;
    refuse (TooManyAttempts), counting nothing more, when either was locked already."""
    if login_limits.attempt(request, account=account_key(request, login)) is None:
        raise TooManyAttempts(_locked_message(), extra={"reason": "too_many_attempts"})


@receiver(account_signals.password_reset)
def _lift_the_lock(sender, request=None, user=None, **kwargs) -> None:
    """A new password set through the link mailed to the account lifts the account's lock on every
    way in (the address keeps its count: whoever guessed from it may still be there)."""
    if request is not None and user is not None:
        login_limits.forget_account(user_key(request, user))


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
    # The code counts while it is checked, so codes sent at once cannot all slip under the limit.
    attempt = login_limits.attempt(request, account=account_key(request, login))
    if attempt is None:
        raise TooManyAttempts(_locked_message(), extra={"reason": "too_many_attempts"})
    authenticator = Authenticator.objects.filter(user=user, type=Authenticator.Type.TOTP).first()
    # wrap(): allauth's own check of an authenticator's code (its secret decrypted by the MFA
    # adapter, a code taken once), as its sign-in page does it.
    if authenticator is None or not authenticator.wrap().validate_code(code):
        # The code is a credential: the answer does not repeat it.
        raise Forbidden(_("This code from the authenticator app is wrong or already used: send the code "
                          "the app shows now."), extra={"field": "otp"})
    attempt.succeeded()


class LimitedCodeMixin:
    """The code pages of allauth.mfa (``MFA_FORMS``) under the club's limits, as a password is: the
    code counts against the account and the address while it is checked and a wrong one stays
    counted, so guessing codes locks the password, the API token and the admin login as well; a
    locked account or address is refused before its code is checked. (allauth's own count of
    codes is off with its ``login_failed``.)"""

    def clean_code(self) -> str:
        request = context.request
        attempt = login_limits.attempt(request, account=user_key(request, self.user))
        if attempt is None:
            raise get_adapter(request).validation_error("too_many_login_attempts")
        code = super().clean_code()
        attempt.succeeded()
        return code


class SignInCodeForm(LimitedCodeMixin, AuthenticateForm):
    """The code asked for after the password on the sign-in page."""


class ReauthenticateCodeForm(LimitedCodeMixin, ReauthenticateForm):
    """The code a signed-in member confirms himself with before changing his two factors."""


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


# --- API tokens: several per member, named, kept as digests, shown in full only when issued ---------

# The most tokens one member holds at once: every request of his reads them all (knox drops the
# expired ones as it goes), and a program that asks for a new token on each start is told to keep one.
TOKEN_LIMIT = 20
TOKEN_NAME_MAX = 100


@dataclass(frozen=True)
class IssuedToken:
    """A token just issued and its key: the one time the key is known to the site."""

    token: ApiToken
    key: str


def token_lifetime() -> timedelta | None:
    """How long a new token works (``API_TOKEN_TTL_DAYS``; None: until it is revoked)."""
    days = settings.API_TOKEN_TTL_DAYS
    return timedelta(days=days) if days > 0 else None


def _live_tokens(*, user):
    return ApiToken.objects.filter(Q(expiry__isnull=True) | Q(expiry__gt=timezone.now()), user=user)


def check_token_owner(user) -> None:
    """Only an active account holds API tokens (an anonymised or blocked one has none to make)."""
    if not (user and user.is_authenticated and user.is_active):
        raise Forbidden(_("Only an active member's account can have API tokens."))


def access_api_token(*, user, token_id: str | int) -> ApiToken:
    """The user's own live token numbered ``token_id``, in one query; anyone else's, an expired or a
    revoked one names nothing (404). What was sent is not repeated: it may be a key sent by mistake."""
    check_token_owner(user)
    number = str(token_id)
    token = None
    if number.isdigit() and len(number) < 19:
        token = _live_tokens(user=user).filter(pk=int(number)).first()
    if token is None:
        raise NotFound(_("You have no such API token: it may be revoked or expired already. Your tokens are "
                         "listed on your profile page and at /api/tokens/."), extra={"field": "token_id"})
    return token


def token_issue(*, user, name: str = "") -> IssuedToken:
    """A new API token of the user's, named ``name`` (or after the day it is issued) and working
    for ``API_TOKEN_TTL_DAYS`` days. The key is in the answer only: the database keeps its digest."""
    check_token_owner(user)
    name = " ".join((name or "").split())
    if len(name) > TOKEN_NAME_MAX:
        raise InvalidInput(_("A token's name is at most %(max)d characters long.") % {"max": TOKEN_NAME_MAX},
                           extra={"field": "name", "value": name})
    if not name:
        name = _("API token of %(date)s") % {"date": date_format(timezone.localdate(), "j E Y")}
    with transaction.atomic():
        # One issue at a time per account, so two at once cannot both pass the limit.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        ApiToken.objects.filter(user=user, expiry__lte=timezone.now()).delete()
        if ApiToken.objects.filter(user=user).count() >= TOKEN_LIMIT:
            raise Conflict(_("You already have as many API tokens as one member may hold (%(count)d): revoke "
                             "one you no longer use (on your profile page, or DELETE /api/tokens/<id>/), and "
                             "keep a token in your program rather than asking for a new one each time.")
                           % {"count": TOKEN_LIMIT}, extra={"limit": TOKEN_LIMIT})
        token, key = ApiToken.objects.create(user=user, expiry=token_lifetime(), name=name)
    return IssuedToken(token=token, key=key)


def token_row(token: ApiToken) -> dict:
    """A token as it may be shown again: its number, name, first characters and dates, never the key."""
    return {"id": token.pk, "name": token.name, "prefix": token.token_key[:TOKEN_PREFIX], "created": token.created,
            "last_used": token.last_used, "expires": token.expiry}


def tokens_of(*, user) -> list[dict]:
    """The user's live tokens, newest first, as they may be shown again."""
    return [token_row(token) for token in _live_tokens(user=user)]


def token_revoke(*, user, token_id: str | int) -> None:
    """Revoke the user's own token numbered ``token_id``: programs using it are signed out at once."""
    access_api_token(user=user, token_id=token_id).delete()


class TokenLoginSerializer(serializers.Serializer):
    username = serializers.CharField(label=_("Email or username"), max_length=254)
    password = serializers.CharField(label=_("Password"), style={"input_type": "password"}, trim_whitespace=False,
                                     max_length=4096, write_only=True)
    otp = serializers.CharField(label=_("Authenticator code"), max_length=64, required=False, allow_blank=True,
                                write_only=True,
                                help_text="The code of the member's authenticator app; required when two-factor "
                                          "sign-in is on for the account.")
    name = serializers.CharField(label=_("Token name"), max_length=TOKEN_NAME_MAX, required=False, allow_blank=True,
                                 help_text="What the token is for, to tell it apart later (default: the day it "
                                           "is issued).")


class TokenRowSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The token's number: DELETE /api/tokens/<id>/ revokes it.")
    name = serializers.CharField()
    prefix = serializers.CharField(help_text="The key's first characters; the key itself is shown only once.")
    created = serializers.DateTimeField()
    last_used = serializers.DateTimeField(allow_null=True, help_text="To within a few minutes; null: never used.")
    expires = serializers.DateTimeField(allow_null=True, help_text="Null: works until revoked.")


class IssuedTokenSerializer(TokenRowSerializer):
    token = serializers.CharField(help_text="The key, shown this once: send it as `Authorization: Token <key>`.")


class ApiTokenScheme(OpenApiAuthenticationExtension):
    """The schema's name for the API token: ``Authorization: Token <key>``."""

    target_class = "club.api_auth.ApiTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return build_bearer_security_scheme_object(header_name="Authorization", token_prefix="Token")


class TokenObtainView(APIView):
    """Exchange an email (or username) and password for a new API token, named as asked."""

    authentication_classes: list = []
    permission_classes = [permissions.AllowAny]
    throttle_classes: list = []

    # No throttle: a locked account (the shared login limit) is refused with a 429 all the same.
    @refuses(409, 429)
    @extend_schema(request=TokenLoginSerializer, responses={200: IssuedTokenSerializer})
    def post(self, request):
        data = TokenLoginSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        # DRF's request answers for the Django request it wraps (its address, host and method).
        user = authenticate_login(request, login=data.validated_data["username"],
                                  password=data.validated_data["password"])
        if user is None:
            raise InvalidInput(_("The email or the password is wrong."), extra={"field": "password"})
        check_second_factor(request, user=user, login=data.validated_data["username"],
                            code=data.validated_data.get("otp", ""))
        issued = token_issue(user=user, name=data.validated_data.get("name", ""))
        response = Response(IssuedTokenSerializer({**token_row(issued.token), "token": issued.key}).data)
        response["Cache-Control"] = "no-store"
        return response


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
