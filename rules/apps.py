from django.apps import AppConfig
from django.db import connections
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def prune_search_index(sender, using="default", **kwargs) -> None:
    """A flush empties the search documents but not SQLite's FTS5 table (it is no model); after
    every migrate or flush the index keeps only rows whose document exists."""
    from . import search

    connection = connections[using]
    if connection.vendor != "sqlite" or search.FTS_TABLE not in connection.introspection.table_names():
        return
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {search.FTS_TABLE} WHERE rowid NOT IN (SELECT id FROM rules_searchdocument)")


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = _("Rules and precedents")

    def ready(self) -> None:
        post_migrate.connect(prune_search_index, sender=self)
        from . import archive_cache

        archive_cache.connect()
