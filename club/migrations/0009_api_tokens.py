"""API tokens kept as digests (django-rest-knox), several per member, each with a name.

The tokens of DRF's ``rest_framework.authtoken`` were kept in plain text: they are revoked, not
carried over (their keys may live on in old backups), and their table goes with the app. Each of
their owners is mailed, in his language, that his token no longer works and how to make a new one.
"""

import logging
from functools import partial

import django.db.models.deletion
from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import migrations, models, transaction
from django.db.migrations.recorder import MigrationRecorder
from django.utils import translation
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

PLAIN_TOKENS = "authtoken_token"


def revoked_token_mail(*, email: str, name: str, language: str) -> EmailMessage:
    site = settings.SITE_URL.rstrip("/")
    with translation.override(language):
        subject = _("%(club)s: your API token was revoked") % {"club": settings.CLUB_NAME}
        body = _(
            "Hello %(name)s,\n\n"
            "%(club)s now keeps API tokens only in a form that cannot be read back, so the token you "
            "had was revoked: programs that used it are no longer signed in.\n\n"
            "To make a new one, open your profile (%(profile)s) and press \"New token\", or sign in at "
            "%(api)s with your email and password. Each token has a name, works for a while or until "
            "you revoke it, and its key is shown only once: copy it into your program straight away.\n"
        ) % {"name": name, "club": settings.CLUB_NAME, "profile": f"{site}/profile/#api-tokens",
             "api": f"{site}/api/token/"}
    return EmailMessage(subject=subject, body=body, to=[email])


def send_notices(mails: list[EmailMessage]) -> None:
    # After the commit, and a mail server that is down fails no release: the tokens are revoked
    # all the same, and a program using one is told why on its next request.
    sent = get_connection().send_messages(mails)
    logger.info("API tokens revoked: %s owners mailed", sent)


def revoke_plain_tokens(apps, schema_editor):
    connection = schema_editor.connection
    if PLAIN_TOKENS not in connection.introspection.table_names():
        return
    table = schema_editor.quote_name(PLAIN_TOKENS)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT DISTINCT user_id FROM {table}")  # noqa: S608 (a constant name)
        owners = [row[0] for row in cursor.fetchall()]
    schema_editor.execute(f"DROP TABLE {table}")
    # What Django would have undone with `migrate authtoken zero`: the app's migrations on record,
    # its content type and with it its permissions.
    MigrationRecorder(connection).migration_qs.filter(app="authtoken").delete()
    apps.get_model("contenttypes", "ContentType").objects.filter(app_label="authtoken").delete()

    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    Member = apps.get_model("club", "Member")
    members = {member.user_id: member for member in Member.objects.filter(user_id__in=owners)}
    mails = []
    for user in User.objects.filter(pk__in=owners, is_active=True).exclude(email=""):
        member = members.get(user.pk)
        mails.append(revoked_token_mail(
            email=user.email, name=member.display_name if member else user.username,
            language=(member.language if member else "") or settings.LANGUAGE_CODE))
    if mails:
        transaction.on_commit(partial(send_notices, mails), using=connection.alias, robust=True)


class Migration(migrations.Migration):

    dependencies = [
        ("club", "0008_outbox_dead_letters"),
        ("contenttypes", "0002_remove_content_type_name"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="ApiToken",
            fields=[
                ("token_key", models.CharField(db_index=True, max_length=25)),
                ("created", models.DateTimeField(auto_now_add=True)),
                ("expiry", models.DateTimeField(blank=True, null=True)),
                ("id", models.BigAutoField(primary_key=True, serialize=False)),
                ("digest", models.CharField(max_length=128, unique=True)),
                ("name", models.CharField(max_length=100, verbose_name="name")),
                ("last_used", models.DateTimeField(blank=True, null=True, verbose_name="last used")),
                ("user", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                           related_name="auth_token_set", to=settings.AUTH_USER_MODEL)),
            ],
            options={
                "verbose_name": "API token",
                "verbose_name_plural": "API tokens",
                "ordering": ["-created", "-id"],
            },
        ),
        migrations.RunPython(revoke_plain_tokens, migrations.RunPython.noop, elidable=True),
    ]
