"""The site's model serializers and list filters: DRF's and django-filter's, with what they work
out of the models kept per class."""

from __future__ import annotations

import copy

from django.utils import translation
from django_filters.rest_framework import DjangoFilterBackend
from rest_framework import serializers


class ModelSerializer(serializers.ModelSerializer):
    """DRF's ModelSerializer works its fields out of the model (the field mapping, the validators,
    the labels) each time one is made: on every request, and for every nested one. Here they are
    worked out once per class and language, and each serializer gets its own copy of them, as DRF
    gives each one its own copy of the fields it declares."""

    _fields_kept: dict = {}

    def get_fields(self):
        key = (type(self), translation.get_language())
        kept = ModelSerializer._fields_kept.get(key)
        if kept is None:
            kept = ModelSerializer._fields_kept[key] = super().get_fields()
        return copy.deepcopy(kept)


class FilterBackend(DjangoFilterBackend):
    """django-filter's backend, keeping the filter set it makes of a view's ``filterset_fields``.

    It made a new FilterSet class (and worked out its filters from the model) on every request
    to a list; the class depends only on the view's fields and the queryset's model."""

    _kept: dict = {}

    def get_filterset_class(self, view, queryset=None):
        fields = getattr(view, "filterset_fields", None)
        if getattr(view, "filterset_class", None) or not fields or queryset is None:
            return super().get_filterset_class(view, queryset)
        key = (type(view), queryset.model, repr(fields))
        kept = FilterBackend._kept.get(key)
        if kept is None:
            kept = FilterBackend._kept[key] = super().get_filterset_class(view, queryset)
        return kept
