"""The web workers' warm-up, run in gunicorn's master before it forks them: it builds what the
first requests would (templates, URL patterns, both catalogues) and opens no connection a
forked worker could inherit. No database access is allowed in these tests: any query fails them
(on SQLite the cache is a table too)."""

from pathlib import Path

from django.db import connections

from club.warmup import _template_folders, warm

ROOT = Path(__file__).resolve().parents[2]


def test_the_warm_up_compiles_every_template_of_the_site():
    folders = _template_folders()
    assert ROOT / "templates" in folders
    assert warm() == sum(len(list(folder.rglob("*.html"))) for folder in folders) > 100


def test_the_warm_up_leaves_no_database_connection_open():
    connections.close_all()  # what an earlier test left open is not the warm-up's
    warm()
    assert all(connection.connection is None for connection in connections.all(initialized_only=True))


def test_gunicorn_warms_the_site_in_the_master_before_forking():
    source = (ROOT / "club" / "gunicorn.conf.py").read_text()
    namespace: dict = {}
    exec(compile(source, "gunicorn.conf.py", "exec"), namespace)
    assert namespace["preload_app"] is True
    assert callable(namespace["when_ready"])
