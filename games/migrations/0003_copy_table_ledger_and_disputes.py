"""Copy the rows of the tables' own ledger (tables.TableLedgerEntry) into the club's ledger and the
games app's disputes into the precedent archive, before both old models are removed.

A separate migration from the schema changes of 0002, so that on PostgreSQL no table is altered
in the transaction that inserts into it.
"""

from django.db import migrations

BATCH = 500


def copy_table_ledger(apps, schema_editor):
    Old = apps.get_model("tables", "TableLedgerEntry")
    LedgerEntry = apps.get_model("games", "LedgerEntry")
    rows = []
    for old in Old.objects.select_related("dice_match").order_by("pk").iterator():
        rows.append(LedgerEntry(posting=old.posting, account=old.account, member_id=old.member_id, kind=old.kind,
                                amount=old.amount, casino_hand_id=old.casino_hand_id, dice_match_id=old.dice_match_id,
                                session_id=old.dice_match.session_id if old.dice_match_id else None,
                                created_at=old.created_at))
    LedgerEntry.objects.bulk_create(rows, batch_size=BATCH)


def copy_disputes(apps, schema_editor):
    """An unresolved dispute stays open in the archive; the archive holds one open dispute per
    deal, so the open objections to one deal become a single dispute with all their text. A
    resolved one is copied as ruled by the croupier who resolved it."""
    Old = apps.get_model("games", "Dispute")
    Archive = apps.get_model("rules", "Dispute")
    open_by_deal = {}
    for old in Old.objects.select_related("result").order_by("raised_at", "pk").iterator():
        ref = f"deal-{old.result.deal_id}"
        snapshot = {"ref": ref, "result_version": old.result.version}
        if old.resolved_at is None:
            found = open_by_deal.get(ref)
            if found is None:
                found = Archive.objects.filter(deal_ref=ref, status="open").first()
            if found is not None:
                found.question = f"{found.question}\n\n{old.text}"
                found.save(update_fields=["question"])
            else:
                found = Archive.objects.create(deal_ref=ref, deal_snapshot=snapshot, raised_by_id=old.raised_by_id,
                                               raised_at=old.raised_at, question=old.text, status="open")
            open_by_deal[ref] = found
        else:
            Archive.objects.create(deal_ref=ref, deal_snapshot=snapshot, raised_by_id=old.raised_by_id,
                                   raised_at=old.raised_at, question=old.text, status="ruled",
                                   ruling="Resolved by the croupier.", ruled_by_id=old.resolved_by_id,
                                   ruled_at=old.resolved_at)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0002_ledger_sources'),
        ('rules', '0001_initial'),
        ('tables', '0001_initial'),
    ]

    operations = [
        migrations.RunPython(copy_table_ledger, migrations.RunPython.noop),
        migrations.RunPython(copy_disputes, migrations.RunPython.noop),
    ]
