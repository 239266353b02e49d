"""The OpenAPI document /api/schema/ serves, built once per test process for every test module
that reads or fuzzes it (drf-spectacular takes seconds to walk the whole API)."""

from __future__ import annotations

import functools
import json


@functools.cache
def _rendered() -> str:
    from drf_spectacular.generators import SchemaGenerator
    from drf_spectacular.renderers import OpenApiJsonRenderer

    return OpenApiJsonRenderer().render(SchemaGenerator().get_schema(request=None, public=True)).decode()


def served_schema() -> dict:
    """The served document, a copy of its own for each caller (schemathesis keeps and changes it)."""
    return json.loads(_rendered())
