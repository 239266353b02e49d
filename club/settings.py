"""The one settings module, read from the environment.

With nothing set: DEBUG off unless ``DEBUG`` is set, SQLite (WAL) in ``db/``, the database cache,
Celery tasks run in-process. ``DATABASE_URL`` switches to PostgreSQL, ``CELERY_BROKER_URL`` to a
real broker and worker, ``CACHE_URL`` to Redis. ``SECRET_KEY`` is required when DEBUG is off.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import environ
from celery.schedules import crontab
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
if (BASE_DIR / ".env").exists():
    environ.Env.read_env(BASE_DIR / ".env")

DEBUG = env.bool("DEBUG", default=False)
SECRET_KEY = env.str("SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "insecure-development-key-only-used-with-debug-on"  # noqa: S105

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "csp",
    "rest_framework",
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_filters",
    "django_htmx",
    "simple_history",
    "allauth",
    "allauth.account",
    "allauth.mfa",
    "club",
    "games",
    "games.tournaments",
    "games.tables",
    "games.seasons",
    "rules",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # Django's, but a session begun under Django's or allauth's backend is read by ours below.
    "club.auth_backends.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # After the language and the user are known: its 400 page is in the member's language.
    "club.middleware.ControlCharacterMiddleware",
    # The API version on every answer; a page too old to send its offline taps is told to reload.
    "club.middleware.ApiVersionMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # django-csp's, but an empty answer (a poll's 204) goes without the policy.
    "club.middleware.ContentSecurityPolicyMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # After allauth's: a croupier or admin without two-factor is sent to set it up (when required).
    "club.accounts.StaffTwoFactorMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
]

ROOT_URLCONF = "club.urls"
WSGI_APPLICATION = "club.wsgi.application"

# A field's refusal is drawn under its input, with the value typed (club/form_renderer.py).
FORM_RENDERER = "club.form_renderer.ClubFormRenderer"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "club.context_processors.club",
            ],
        },
    },
]

# Database: SQLite (WAL) unless DATABASE_URL is set.
SQLITE_PATH = env.str("SQLITE_PATH", default=str(BASE_DIR / "db" / "club.sqlite3"))
if env.str("DATABASE_URL", default=""):
    DATABASES = {"default": env.db_url("DATABASE_URL")}
    # A connection kept per worker thread: opening one per request costs more than most pages.
    DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
    DATABASES["default"].setdefault("CONN_HEALTH_CHECKS", True)
    # A form's choice of members or sessions reads its rows with .iterator(), which on PostgreSQL
    # would open a server-side cursor (DECLARE, FETCH, CLOSE: three more round trips per list).
    # Nothing here streams a table too big to read at once.
    DATABASES["default"].setdefault("DISABLE_SERVER_SIDE_CURSORS", True)
else:
    Path(SQLITE_PATH).parent.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": SQLITE_PATH,
            "OPTIONS": {
                "init_command": "PRAGMA journal_mode=wal; PRAGMA synchronous=normal;",
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
            },
        }
    }
    if env.bool("TESTING", default=False):
        # The browser tests' server threads share the test database with the test itself. An
        # in-memory database in shared-cache mode answers a write that meets another thread's read
        # with "database table is locked" at once; a file in WAL mode waits its turn (the timeout
        # above). In memory all the same where the machine has a RAM disk.
        _shm = Path("/dev/shm")
        DATABASES["default"]["TEST"] = {"NAME": env.str(
            "SQLITE_TEST_PATH",
            default=str((_shm if _shm.is_dir() else Path(tempfile.gettempdir())) / f"club-test-{os.getpid()}.sqlite3"))}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Cache (login rate limits live here): the database cache unless CACHE_URL names Redis.
if env.str("CACHE_URL", default=""):
    CACHES = {"default": env.cache_url("CACHE_URL")}
    # Sessions read from Redis, written through to the database: a request no longer costs a
    # session query, and a flushed cache logs nobody out.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "club_cache",
        }
    }

# How often a page's live parts (a deal, a dice match, a tournament's standings) ask for news.
LIVE_POLL_SECONDS = env.float("LIVE_POLL_SECONDS", default=3.0)

# What depends on the code alone (the base layout's links and words, by language and role) is
# kept in each process: nothing to ask the shared cache for, and a new release starts it afresh.
CACHES["fragments"] = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "club-fragments"}

# A deal's recording panel, drawn once per change and kind of viewer for the phones at its table
# (games/panels.py): shared by the processes in Redis; kept in each process with the database
# cache, where a drawing would cost more queries to keep than to make.
CACHES["panels"] = (dict(CACHES["default"]) if env.str("CACHE_URL", default="") else
                    {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "club-panels"})

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
if env.bool("TESTING", default=False):
    # Tests create many accounts; a slow hash buys nothing there.
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Django's and allauth's backends, reading the account with its member in one query.
AUTHENTICATION_BACKENDS = [
    "club.auth_backends.MemberModelBackend",
    "club.auth_backends.MemberAllauthBackend",
]

# Accounts (django-allauth): email login; the club is private, signup only by invitation
# unless OPEN_SIGNUP is set.
OPEN_SIGNUP = env.bool("OPEN_SIGNUP", default=False)
ACCOUNT_ADAPTER = "club.accounts.ClubAccountAdapter"
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_USER_MODEL_USERNAME_FIELD = "username"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_EMAIL_VERIFICATION = env.str("ACCOUNT_EMAIL_VERIFICATION", default="none")
ACCOUNT_LOGOUT_ON_GET = False
# Failed sign-ins, counted by the club for every way in (club/login_limits.py: the login form and
# its code page, /api/token/, /admin/login/, invitation links; a password reset lifts an account's
# lock), per address ("ip") and per account ("key", whichever name was typed). Successes count
# nowhere: sixty members signing in from the club's one Wi-Fi address in a minute all get in, each
# with a typo or two, while a flood from one address is stopped at a failure a second and one
# account's password after five guesses.
LOGIN_RATE_LIMIT = env.str("LOGIN_RATE_LIMIT", default="60/m/ip,5/5m/key")
# The proxies whose X-Forwarded-For names the client (club/client_address.py): addresses or
# networks, comma-separated, or * for any. gunicorn reads the same variable (club/gunicorn.conf.py)
# for X-Forwarded-Proto; the default is the proxy on the same machine (deploy/nginx). allauth's
# ALLAUTH_TRUSTED_PROXY_COUNT stays unset: its adapter asks club/client_address.py instead.
FORWARDED_ALLOW_IPS = env.list("FORWARDED_ALLOW_IPS", default=["127.0.0.1"])
# A wrong value stops the site at start, not at a member's sign-in.
from club.client_address import trusted_proxies  # noqa: E402 (kept in this block)
from club.login_limits import parse_rates  # noqa: E402 (kept in this block)

trusted_proxies(FORWARDED_ALLOW_IPS)
parse_rates(LOGIN_RATE_LIMIT)
ACCOUNT_RATE_LIMITS = {
    # Counted by the club's limits above, which would otherwise count each failure twice.
    "login_failed": None,
    # allauth counts every sign-in here, right or wrong, per address (30 a minute): the 31st member
    # on the club's Wi-Fi would be refused. Failures are limited above; successes need no limit.
    "login": None,
    "reset_password": "20/m/ip,5/m/key",
}
# Two-factor sign-in (allauth.mfa): an authenticator app, with recovery codes for a lost phone.
MFA_SUPPORTED_TYPES = ["totp", "recovery_codes"]
# A code of the 30-second step before or after is accepted too: a phone's clock drifts, and a code
# typed at the end of its step arrives in the next one (RFC 6238, section 5.2).
MFA_TOTP_TOLERANCE = 1
# The code pages count wrong codes against the sign-in limits and refuse a locked account or
# address (club.accounts), as the password's pages do.
MFA_FORMS = {
    "authenticate": "club.accounts.SignInCodeForm",
    "reauthenticate": "club.accounts.ReauthenticateCodeForm",
}
# When on, croupiers and admins without two-factor are sent to set it up before anything else.
CLUB_REQUIRE_MFA_FOR_STAFF = env.bool("CLUB_REQUIRE_MFA_FOR_STAFF", default=False)
LOGIN_REDIRECT_URL = "club:dashboard"
LOGIN_URL = "account_login"
# Mail: EMAIL_URL names the club's mail server (smtp+tls://user:password@host:587,
# smtp+ssl://...:465, consolemail://; club/mail_config.py); without it mails are printed on the
# console. EMAIL_BACKEND, when set, still names the backend. SERVER_EMAIL sends the error mails.
from club.mail_config import admins, mail_server  # noqa: E402 (kept in this block)

_mail = mail_server(env.str("EMAIL_URL", default=""), backend=env.str("EMAIL_BACKEND", default=""))
EMAIL_BACKEND = _mail.backend
EMAIL_HOST = _mail.host
EMAIL_PORT = _mail.port
EMAIL_HOST_USER = _mail.user
EMAIL_HOST_PASSWORD = _mail.password
EMAIL_USE_TLS = _mail.use_tls
EMAIL_USE_SSL = _mail.use_ssl
EMAIL_TIMEOUT = _mail.timeout
if _mail.file_path:
    EMAIL_FILE_PATH = _mail.file_path
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="croupier@yellow-crescent.club")
SERVER_EMAIL = env.str("SERVER_EMAIL", default=DEFAULT_FROM_EMAIL)
# Who is mailed a report of each server error (DEBUG off): "Name <address>, address, ...". The
# report leaves out secrets (passwords, tokens, cookies, the ones in addresses): club/error_reports.py.
ADMINS = admins(env.str("ADMINS", default=""))
DEFAULT_EXCEPTION_REPORTER = "club.error_reports.ClubExceptionReporter"
DEFAULT_EXCEPTION_REPORTER_FILTER = "club.error_reports.ClubExceptionReporterFilter"

# Languages: English and Russian.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("ru", _("Russian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env.str("TIME_ZONE", default="Europe/Moscow")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or env.bool("TESTING", default=False)
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = DEBUG

# API
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "club.api_auth.ApiTokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "club.api_schema.ClubAutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["club.api_serializers.FilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "club.api_pagination.ClubPagination",
    "DEFAULT_PARSER_CLASSES": [
        "club.api_parsers.ClubJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "club.api_errors.api_exception_handler",
    "DEFAULT_THROTTLE_RATES": {"submissions": env.str("SUBMISSION_RATE", default="120/min")},
}
# API tokens (django-rest-knox, hashed): a token stops working this many days after it was issued
# (0: never).
API_TOKEN_TTL_DAYS = env.int("API_TOKEN_TTL_DAYS", default=90)
KNOX_TOKEN_MODEL = "club.ApiToken"
# Knox's own token model is swapped out for the club's: its migrations would still make its table
# (with a key to the users that keeps `flush` from emptying them), so knox has none here.
MIGRATION_MODULES = {"knox": None}
# The largest page a list answers with, whatever ?limit= asks.
API_MAX_PAGE_SIZE = env.int("API_MAX_PAGE_SIZE", default=100)
SPECTACULAR_SETTINGS = {
    "TITLE": "Dragon Poker club API",
    "DESCRIPTION": "Members, sessions, seating, recorded play, results and the precedent archive.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "SessionStatusEnum": "club.models.ScheduledSession.Status",
        "SessionKindEnum": "club.models.ScheduledSession.Kind",
        "RSVPAnswerEnum": "club.models.RSVP.Answer",
        "MemberRoleEnum": "club.models.Member.Role",
        "SeatEnum": "club.seats.Seat",
        "GameKindEnum": "club.models.GameKind",
        "PrecedentStatusEnum": "rules.models.Precedent.Status",
        "PrecedentInitialStatusEnum": [("draft", "draft"), ("binding", "binding"), ("advisory", "advisory")],
        "DisputeStatusEnum": "rules.models.Dispute.Status",
        "RulebookEntryKindEnum": "rules.models.RulebookEntry.Kind",
        "SearchDocumentKindEnum": "rules.models.SearchDocument.Kind",
        "PrecedentTreatmentEnum": "rules.models.PrecedentCitation.Treatment",
    },
}

# Celery: in-process unless a broker is configured.
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
# A full rescore is a chord, which needs a result backend every worker can read: Redis (by default
# the broker itself). With RabbitMQ as the broker, name one.
CELERY_RESULT_BACKEND = env.str("CELERY_RESULT_BACKEND", default=(
    CELERY_BROKER_URL if CELERY_BROKER_URL.startswith(("redis://", "rediss://")) else "") or None)
if CELERY_BROKER_URL and not CELERY_RESULT_BACKEND:
    raise ImproperlyConfigured("CELERY_RESULT_BACKEND must be set (e.g. redis://127.0.0.1:6379/0) "
                               "when the broker is not Redis")
# A task is acknowledged when it has finished, and a task whose worker process died is put back:
# nothing is lost when a worker is killed. Every task is idempotent, so running one twice is safe.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# A worker that loses the broker cancels what it runs (it could not acknowledge it any more; the
# broker hands the message out again) rather than finishing a second copy alongside the redelivery.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
# Redis has no consumer connection to watch: a message taken by a worker that died is handed out
# again only once the visibility timeout has passed since it was taken. The trade-off: too short,
# and a task still running (or still waiting in a worker's prefetch) past it is handed to a second
# worker and runs twice (harmless, the tasks being idempotent, but wasted); too long, and the work
# of a killed worker waits that long. The longest task is a tournament's table rescore or standings
# (seconds; a 1,000-player full rescore runs in under 30 s as a chord of per-table tasks) and
# retries wait at most 30 s, so ten minutes is ample. Workers look for such messages every
# CELERY_UNACKED_RESTORE_INTERVAL seconds (kombu's default scans only every tenth time, about
# every 100 s); the scan's lock expires in a minute (CELERY_UNACKED_MUTEX_EXPIRE), not five,
# should a worker die holding it.
# RabbitMQ hands a dead worker's messages out again as soon as its connection closes and ignores
# these settings: it is the broker for production (the README), Redis staying its result backend.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=600),
    "unacked_restore_interval": env.int("CELERY_UNACKED_RESTORE_INTERVAL", default=10),
    "unacked_restore_throttle": 1,
    "unacked_mutex_expire": env.int("CELERY_UNACKED_MUTEX_EXPIRE", default=60),
}
CELERY_TASK_DEFAULT_QUEUE = env.str("CELERY_TASK_DEFAULT_QUEUE", default="celery")
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# The outbox relay (club.outbox) publishes what a commit's own attempt could not: run beat beside
# the workers (``celery -A club beat``, or ``worker -B`` on one of them), or ``manage.py
# outbox_relay``. A relay run that waited in the queue longer than a few intervals is dropped: the
# next one does the same work.
OUTBOX_RELAY_INTERVAL = env.float("OUTBOX_RELAY_INTERVAL", default=5.0)
OUTBOX_PUBLISH_TIMEOUT = env.float("OUTBOX_PUBLISH_TIMEOUT", default=2.0)
# A message that failed this many times (refused by the broker, or its task failing in-process) is
# given up: the relay goes on without it, /ready/ counts it, and the admin can send it again. A
# broker that cannot be reached costs no attempt, so an outage never gives a message up.
OUTBOX_MAX_ATTEMPTS = env.int("OUTBOX_MAX_ATTEMPTS", default=10)
# Sent messages are kept this many days (to look a task up by its id), then pruned by beat.
OUTBOX_RETENTION_DAYS = env.int("OUTBOX_RETENTION_DAYS", default=7)
# Reminders (club.reminders): every REMINDER_INTERVAL seconds beat looks for the sessions and
# invitations whose reminder is due; each mail goes out once however often it runs.
REMINDER_INTERVAL = env.float("REMINDER_INTERVAL", default=600.0)
CELERY_BEAT_SCHEDULE = {
    "outbox-relay": {"task": "club.outbox_relay", "schedule": OUTBOX_RELAY_INTERVAL,
                     "options": {"expires": OUTBOX_RELAY_INTERVAL * 6}},
    "outbox-prune": {"task": "club.outbox_prune", "schedule": crontab(hour=4, minute=45),
                     "options": {"expires": 3600}},
    "reminders-due": {"task": "club.reminders_due", "schedule": REMINDER_INTERVAL,
                      "options": {"expires": REMINDER_INTERVAL}},
    # The daily mail of followed precedent searches (rules.following), at FOLLOWED_DIGEST_HOUR
    # in the club's time zone; each member's goes out at most once a day.
    "followed-digests": {"task": "rules.followed_digests",
                         "schedule": crontab(hour=env.int("FOLLOWED_DIGEST_HOUR", default=8), minute=0),
                         "options": {"expires": 3600}},
    # The answers kept for offline taps sent again (games.services.offline), forgotten after
    # ACTION_RECEIPT_DAYS days.
    "receipts-prune": {"task": "games.receipts_prune", "schedule": crontab(hour=4, minute=30),
                       "options": {"expires": 3600}},
}
ACTION_RECEIPT_DAYS = env.int("ACTION_RECEIPT_DAYS", default=30)
# Each worker writes a heartbeat in the cache while it is connected to the broker; /ready/ reports
# the newest one and fails when it is older than WORKER_HEARTBEAT_MAX_AGE.
WORKER_HEARTBEAT_INTERVAL = env.float("WORKER_HEARTBEAT_INTERVAL", default=10.0)
WORKER_HEARTBEAT_MAX_AGE = env.float("WORKER_HEARTBEAT_MAX_AGE", default=60.0)

# Production hardening: on whenever DEBUG is off.
if not DEBUG:
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 30)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_CONTENT_TYPE_NOSNIFF = True
    X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp): scripts and styles only from the site's own files, so
# an injected <script>, on*= handler or style cannot run. Pages pass data to scripts through
# data-* attributes or json_script blocks; htmx runs with allowEval off (see base.html).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
        "base-uri": [SELF],
        "object-src": [NONE],
    },
}

# Logging: one JSON object per line with DEBUG off (LOG_FORMAT=json|text), one line per request
# (method, path, status, duration) from club.logging.RequestLogMiddleware, outermost so the
# duration covers every other middleware.
LOG_FORMAT = env.str("LOG_FORMAT", default="text" if DEBUG else "json")
if LOG_FORMAT not in ("json", "text"):
    raise ImproperlyConfigured(f"LOG_FORMAT must be json or text, not {LOG_FORMAT[:40]!r}")
from club.logging import PATH_LOGGERS  # noqa: E402 (kept in this block)
from club.logging import formatters as log_formatters  # noqa: E402 (kept in this block)

MIDDLEWARE = ["club.logging.RequestLogMiddleware", *MIDDLEWARE]
# No line names a secret: the secret in an address (an invitation's, a calendar feed's token) is
# written as [secret] on the loggers that name paths, and on the console for every other logger.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": log_formatters(),
    "filters": {"secrets": {"()": "club.logging.SecretsFilter"},
                "require_debug_false": {"()": "django.utils.log.RequireDebugFalse"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT, "filters": ["secrets"]},
        # A server error's report, mailed to ADMINS (none set: nothing is sent).
        "mail_admins": {"class": "django.utils.log.AdminEmailHandler", "level": "ERROR",
                        "filters": ["require_debug_false", "secrets"]},
    },
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="WARNING")},
    "loggers": {
        **{name: {"filters": ["secrets"]} for name in PATH_LOGGERS},
        # Django's own configuration mails every django.* error through its handler: only the
        # requests' errors are mailed, once, through the one above.
        "django": {"handlers": []},
        "django.request": {"filters": ["secrets"], "handlers": ["mail_admins"]},
        # The test suite makes thousands of requests: their lines would only bury a failure.
        "club.request": {"level": env.str("REQUEST_LOG_LEVEL", default=(
            "WARNING" if env.bool("TESTING", default=False) else "INFO"))},
    },
}

# An error tracker (Sentry, or a server speaking its protocol) when SENTRY_DSN is set: errors of
# requests and tasks, with no personal data and no secret (club.error_reports.scrub_event).
if env.str("SENTRY_DSN", default=""):
    from club.error_reports import sentry_init  # noqa: E402 (only with a tracker)

    sentry_init(dsn=env.str("SENTRY_DSN"), environment=env.str("SENTRY_ENVIRONMENT", default="") or None)

# The club's own settings.
CLUB_NAME = env.str("CLUB_NAME", default="The Yellow Crescent")
# The version of the API the pages speak (the X-Club-API-Version header, and the version a page
# sends with the taps it recorded offline); a page older than CLUB_API_OLDEST_CLIENT must reload
# before its taps are taken. Raise both when the shape of a recorded tap changes.
CLUB_API_VERSION = 2
CLUB_API_OLDEST_CLIENT = 2
# The name an authenticator app shows beside the code.
MFA_TOTP_ISSUER = CLUB_NAME
# The site's address as members reach it: links in mails sent by beat (no request to ask) and the
# host part of the calendar events' UIDs.
SITE_URL = env.str("SITE_URL", default="http://localhost:8000")
# An invitation opens the way in for this many days; its invitee is reminded this many hours
# before it expires.
INVITATION_VALID_DAYS = env.int("INVITATION_VALID_DAYS", default=14)
INVITATION_REMIND_HOURS = env.int("INVITATION_REMIND_HOURS", default=48)
# The casino table's limit: the house takes no larger stake (chips).
CASINO_MAX_STAKE = env.int("CASINO_MAX_STAKE", default=100)
# How far below zero a member's chips may go at the tables: the club's line of credit. A stake
# or raise the member's chips plus this credit cannot cover is refused (0: no play on credit).
CLUB_CREDIT_LIMIT = env.int("CLUB_CREDIT_LIMIT", default=100)
# A member's balance and net chips are his, his croupiers' and admins'; a club may open them to
# every member.
CLUB_OPEN_BALANCES = env.bool("OPEN_BALANCES", default=False)
