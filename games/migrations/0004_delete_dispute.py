"""Disputes are the precedent archive's (rules.Dispute); the games app's own are copied there in
0003 and removed here."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0003_copy_table_ledger_and_disputes'),
    ]

    operations = [
        migrations.RemoveField(
            model_name='dispute',
            name='raised_by',
        ),
        migrations.RemoveField(
            model_name='dispute',
            name='resolved_by',
        ),
        migrations.RemoveField(
            model_name='dispute',
            name='result',
        ),
        migrations.RemoveField(
            model_name='historicaldispute',
            name='history_user',
        ),
        migrations.RemoveField(
            model_name='historicaldispute',
            name='raised_by',
        ),
        migrations.RemoveField(
            model_name='historicaldispute',
            name='resolved_by',
        ),
        migrations.RemoveField(
            model_name='historicaldispute',
            name='result',
        ),
        migrations.DeleteModel(
            name='Dispute',
        ),
        migrations.DeleteModel(
            name='HistoricalDispute',
        ),
    ]
