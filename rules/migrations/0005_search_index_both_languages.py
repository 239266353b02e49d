from django.db import migrations
from django.db.models import Prefetch


def index_again(apps, schema_editor):
    """Index every precedent and rulebook entry again: the index now holds the Russian of the
    founding precedents and of the points, and both titles of a precedent."""
    from rules import search

    Precedent = apps.get_model("rules", "Precedent")
    ReadingFix = apps.get_model("rules", "ReadingFix")
    RulebookEntry = apps.get_model("rules", "RulebookEntry")
    SearchDocument = apps.get_model("rules", "SearchDocument")
    precedents = Precedent.objects.prefetch_related(
        "cited_entries", "cited_points", Prefetch("fixes", queryset=ReadingFix.objects.select_related("point")))
    search.index_precedents(list(precedents), documents=SearchDocument)
    search.index_entries(list(RulebookEntry.objects.all()), documents=SearchDocument)


class Migration(migrations.Migration):

    dependencies = [
        ("rules", "0004_precedent_russian_texts"),
    ]

    operations = [
        migrations.RunPython(index_again, migrations.RunPython.noop),
    ]
