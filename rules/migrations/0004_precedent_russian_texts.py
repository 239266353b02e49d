from django.db import migrations, models


def founding_in_both_languages(apps, schema_editor):
    """The founding precedents told in words in both languages (they named the point's id and its
    readings' codes in English only)."""
    from rules.point_words import founding_texts

    Precedent = apps.get_model("rules", "Precedent")
    for precedent in Precedent.objects.filter(founding=True).prefetch_related("fixes__point__rules"):
        fix = next(iter(precedent.fixes.all()), None)
        if fix is None:
            continue
        en, ru = founding_texts(fix.point, "en"), founding_texts(fix.point, "ru")
        for name in ("title", "situation", "question", "ruling"):
            setattr(precedent, name, en[name])
            setattr(precedent, f"{name}_ru", ru[name])
        precedent.save(update_fields=["title", "situation", "question", "ruling",
                                      "title_ru", "situation_ru", "question_ru", "ruling_ru"])


class Migration(migrations.Migration):

    dependencies = [
        ("rules", "0003_saved_searches_and_precedent_updates"),
    ]

    operations = [
        migrations.AddField(model_name="precedent", name="title_ru",
                            field=models.CharField(blank=True, max_length=200, verbose_name="Russian title")),
        migrations.AddField(model_name="precedent", name="situation_ru",
                            field=models.TextField(blank=True, verbose_name="Russian situation")),
        migrations.AddField(model_name="precedent", name="question_ru",
                            field=models.TextField(blank=True, verbose_name="Russian question")),
        migrations.AddField(model_name="precedent", name="ruling_ru",
                            field=models.TextField(blank=True, verbose_name="Russian ruling")),
        migrations.RunPython(founding_in_both_languages, migrations.RunPython.noop),
    ]
