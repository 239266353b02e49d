"""One chip ledger: a ledger row comes from a deal (with its result and session), a casino hand
or a dice match. The rows of the tables' own ledger are copied in 0003."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('club', '0002_invitation_sent_at'),
        ('games', '0001_initial'),
        ('tables', '0001_initial'),
    ]

    operations = [
        migrations.AddField(
            model_name='historicalledgerentry',
            name='casino_hand',
            field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='tables.casinohand'),
        ),
        migrations.AddField(
            model_name='historicalledgerentry',
            name='dice_match',
            field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='tables.dicematch'),
        ),
        migrations.AddField(
            model_name='ledgerentry',
            name='casino_hand',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='ledger', to='tables.casinohand'),
        ),
        migrations.AddField(
            model_name='ledgerentry',
            name='dice_match',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='ledger', to='tables.dicematch'),
        ),
        migrations.AlterField(
            model_name='ledgerentry',
            name='deal',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='ledger', to='games.deal'),
        ),
        migrations.AlterField(
            model_name='ledgerentry',
            name='result',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='ledger', to='games.result'),
        ),
        migrations.AlterField(
            model_name='ledgerentry',
            name='session',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='ledger', to='club.scheduledsession'),
        ),
        migrations.AddConstraint(
            model_name='ledgerentry',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('casino_hand__isnull', True), ('deal__isnull', False), ('dice_match__isnull', True), ('result__isnull', False), ('session__isnull', False)), models.Q(('casino_hand__isnull', False), ('deal__isnull', True), ('dice_match__isnull', True), ('result__isnull', True), ('session__isnull', True)), models.Q(('casino_hand__isnull', True), ('deal__isnull', True), ('dice_match__isnull', False), ('result__isnull', True)), _connector='OR'), name='ledger_one_source'),
        ),
    ]
