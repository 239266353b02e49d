"""The OpenAPI document, generated once per process and language: it depends on the code alone
(the schema is served public, whoever asks), and generating it takes hundreds of milliseconds."""

from __future__ import annotations

from django.utils import translation
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.views import SpectacularAPIView


class CachedSchemaGenerator(SchemaGenerator):
    """drf-spectacular's generator, keeping each document it made by language and API version."""

    _documents: dict[tuple[str | None, str | None, bool], dict] = {}

    def get_schema(self, request=None, public=False):
        version = self.api_version or getattr(request, "version", None)
        key = (translation.get_language(), version, bool(public))
        document = self._documents.get(key)
        if document is None:
            document = self._documents[key] = super().get_schema(request=request, public=public)
        return document


class CachedSchemaView(SpectacularAPIView):
    generator_class = CachedSchemaGenerator
