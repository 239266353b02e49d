import secrets

import club.models
import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models

# Frozen here: the model's alphabet may change, this migration's codes do not.
ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"


def fill_checkin_codes(apps, schema_editor):
    Member = apps.get_model("club", "Member")
    taken = set()
    for member in Member.objects.filter(checkin_code__isnull=True).only("pk"):
        code = None
        while code is None or code in taken:
            code = "".join(secrets.choice(ALPHABET) for _ in range(7))
        taken.add(code)
        Member.objects.filter(pk=member.pk).update(checkin_code=code)


class Migration(migrations.Migration):

    dependencies = [
        ('club', '0005_session_kind'),
    ]

    operations = [
        migrations.AddField(
            model_name='member',
            name='checkin_code',
            field=models.CharField(editable=False, max_length=8, null=True, verbose_name='check-in code'),
        ),
        migrations.RunPython(fill_checkin_codes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='member',
            name='checkin_code',
            field=models.CharField(default=club.models.new_checkin_code, editable=False, max_length=8, unique=True, verbose_name='check-in code'),
        ),
        migrations.CreateModel(
            name='CheckIn',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='checked in at')),
                ('by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='club.member', verbose_name='checked in by')),
                ('member', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='checkins', to='club.member')),
                ('session', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='checkins', to='club.scheduledsession')),
            ],
            options={
                'verbose_name': 'check-in',
                'verbose_name_plural': 'check-ins',
                'ordering': ['at', 'pk'],
                'constraints': [models.UniqueConstraint(fields=('session', 'member'), name='checkin_one_per_member')],
            },
        ),
    ]
