"""/api/schema/ is generated once per process and language, then served from memory."""

from __future__ import annotations

import pytest
from drf_spectacular.generators import SchemaGenerator

from club.schema import CachedSchemaGenerator, CachedSchemaView

pytestmark = pytest.mark.django_db


def test_the_schema_is_generated_once_per_language(client, monkeypatch):
    assert CachedSchemaView.generator_class is CachedSchemaGenerator
    CachedSchemaGenerator._documents.clear()
    calls = []
    generate = SchemaGenerator.get_schema

    def counting(self, *args, **kwargs):
        calls.append(1)
        return generate(self, *args, **kwargs)

    monkeypatch.setattr(SchemaGenerator, "get_schema", counting)
    first = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    second = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi")
    assert first.status_code == second.status_code == 200 and len(calls) == 1
    assert "/api/sessions/" in first.json()["paths"] and b"/api/sessions/" in second.content
    assert first["Content-Disposition"] == 'inline; filename="Dragon Poker club API.json"'
    client.get("/api/schema/", HTTP_ACCEPT_LANGUAGE="ru")
    assert len(calls) == 2
