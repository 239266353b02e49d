"""The chips of the tables are rows of the club's ledger (games.LedgerEntry) now."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0001_initial'),
        # Its rows are copied into the club's ledger first.
        ('games', '0003_copy_table_ledger_and_disputes'),
    ]

    operations = [
        migrations.DeleteModel(
            name='TableLedgerEntry',
        ),
    ]
