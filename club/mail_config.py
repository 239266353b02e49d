"""The mail settings read from the environment: the club's mail server from one ``EMAIL_URL``, and
the admins who hear of server errors from ``ADMINS``.

Read by club/settings.py before Django is set up: nothing here needs the settings. A value that
cannot be used stops the site at start with a message that says what is wrong with it, and never
repeats the value (an ``EMAIL_URL`` carries the mail server's password).
"""

from __future__ import annotations

from dataclasses import dataclass
from email.utils import getaddresses
from urllib.parse import parse_qsl, unquote, urlsplit

import environ
from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.core.validators import validate_email

CONSOLE_BACKEND = "django.core.mail.backends.console.EmailBackend"
SMTP_SCHEMES = ("smtp", "smtps", "smtp+tls", "smtp+ssl")
# The mail server's port when EMAIL_URL names none: STARTTLS on the submission port, TLS from the
# first byte on 465, plain SMTP on 25.
DEFAULT_PORTS = {"smtp": 25, "smtps": 587, "smtp+tls": 587, "smtp+ssl": 465}
# Seconds an SMTP connection may hang before the sending task gives up and is retried later.
DEFAULT_TIMEOUT = 30
EXAMPLE = "smtp+tls://user:password@mail.example.org:587"


@dataclass(frozen=True)
class MailServer:
    backend: str = CONSOLE_BACKEND
    host: str = "localhost"
    port: int = 25
    user: str = ""
    password: str = ""
    use_tls: bool = False
    use_ssl: bool = False
    timeout: int | None = DEFAULT_TIMEOUT
    file_path: str | None = None


def _refused(reason: str) -> ImproperlyConfigured:
    return ImproperlyConfigured(
        f"EMAIL_URL is not a mail server address: {reason}. Expected for example {EXAMPLE} "
        "(STARTTLS; smtp+ssl:// for TLS from the first byte, consolemail:// to print mails), "
        "with any / ? # @ : in the user or password written %-encoded (%2F %3F %23 %40 %3A).")


def _flag(value: str | None, *, default: bool) -> bool:
    if value is None:
        return default
    if value.lower() in ("1", "true", "yes", "on"):
        return True
    if value.lower() in ("0", "false", "no", "off", ""):
        return False
    raise _refused("its use_tls or use_ssl option is neither true nor false")


def mail_server(url: str, *, backend: str = "") -> MailServer:
    """The mail server an ``EMAIL_URL`` names (django-environ's forms); none: the console, as in
    development. ``backend`` (the ``EMAIL_BACKEND`` variable) replaces the URL's backend."""
    if not url:
        return MailServer(backend=backend or CONSOLE_BACKEND)
    try:
        parts = urlsplit(url)
        if parts.scheme not in environ.Env.EMAIL_SCHEMES:
            raise _refused("its scheme is not one of " + ", ".join(sorted(environ.Env.EMAIL_SCHEMES)))
        port = parts.port
        config = environ.Env.email_url_config(url, backend=backend or None)
    except ValueError:
        # The message would repeat what stood where the port should be: part of a password that
        # held a "/" or a "#".
        raise _refused("its port is not a number (or the password holds a character to %-encode)") from None
    options = {name.lower(): value for name, value in parse_qsl(parts.query, keep_blank_values=True)}
    unknown = sorted(set(options) - {"timeout", "use_tls", "use_ssl"})
    if unknown:
        raise _refused(f"it has an option this site does not know ({unknown[0][:30]!r}; "
                       "known: timeout, use_tls, use_ssl)")
    smtp = parts.scheme in SMTP_SCHEMES
    if smtp and not parts.hostname:
        raise _refused("it names no host")
    use_tls = _flag(options.get("use_tls"), default=bool(config.get("EMAIL_USE_TLS")))
    use_ssl = _flag(options.get("use_ssl"), default=bool(config.get("EMAIL_USE_SSL")))
    if use_tls and use_ssl:
        raise _refused("it asks for both STARTTLS and TLS from the first byte; choose one")
    timeout = options.get("timeout", "")
    if timeout and not timeout.isdigit():
        raise _refused("its timeout is not a whole number of seconds")
    return MailServer(
        backend=config["EMAIL_BACKEND"],
        host=parts.hostname or "localhost",
        port=port or DEFAULT_PORTS.get(parts.scheme, 25),
        user=config.get("EMAIL_HOST_USER") or "",
        password=config.get("EMAIL_HOST_PASSWORD") or "",
        use_tls=use_tls,
        use_ssl=use_ssl,
        timeout=int(timeout) if timeout else DEFAULT_TIMEOUT,
        # filemail:///var/mail/club is the folder /var/mail/club (django-environ would drop its "/").
        file_path=unquote(parts.path) if parts.scheme == "filemail" and parts.path else None,
    )


def admins(value: str) -> list[tuple[str, str]]:
    """The people told of server errors: ``ADMINS`` as addresses separated by commas, each alone or
    as ``Name <address>``; as Django's ADMINS setting wants them, (name, address) pairs."""
    found = []
    for name, address in getaddresses([value]):
        if not name and not address:
            continue
        try:
            validate_email(address)
        except ValidationError:
            shown = f"{name} <{address}>" if name else address
            raise ImproperlyConfigured(
                f"ADMINS: {shown[:80]!r} is not a mail address; write addresses separated by commas, "
                "each alone or as Name <address>") from None
        found.append((name or address, address))
    return found
