"""The OpenAPI document, generated once per process and language: it depends on the code alone
(the schema is served public, whoever asks), and generating it takes hundreds of milliseconds."""

from __future__ import annotations

from django.utils import translation
from drf_spectacular.views import SpectacularAPIView
from rest_framework.response import Response


class CachedSchemaView(SpectacularAPIView):
    _documents: dict[tuple[str | None, str | None], dict] = {}

    def _get_schema_response(self, request):
        version = self.api_version or request.version or self._get_version_parameter(request)
        key = (translation.get_language(), version)
        document = self._documents.get(key)
        if document is None:
            generator = self.generator_class(urlconf=self.urlconf, api_version=version, patterns=self.patterns)
            document = self._documents[key] = generator.get_schema(request=request, public=self.serve_public)
        return Response(data=document,
                        headers={"Content-Disposition": f'inline; filename="{self._get_filename(request, version)}"'})
