"""The site's model serializers: DRF's, with their fields worked out once per class."""

from __future__ import annotations

import copy

from django.utils import translation
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
