"""The site's model serializers work their fields out once per class and language
(club/api_serializers.py); each serializer still has fields of its own."""

import pytest
from django.utils import translation

from club.api import MemberSerializer
from club.api_serializers import ModelSerializer

pytestmark = pytest.mark.django_db


def test_each_serializer_has_its_own_fields():
    first, second = MemberSerializer(), MemberSerializer()
    assert first.fields.keys() == second.fields.keys()
    assert all(first.fields[name] is not second.fields[name] for name in first.fields)
    assert all(field.parent is first for field in first.fields.values())
    first.fields["display_name"].read_only = True
    first.fields.pop("dimension")
    assert MemberSerializer().fields["display_name"].read_only is False
    assert "dimension" in MemberSerializer().fields


def test_the_fields_are_worked_out_once_per_class(monkeypatch):
    ModelSerializer._fields_kept.clear()
    from rest_framework import serializers

    built = []
    original = serializers.ModelSerializer.get_fields
    monkeypatch.setattr(serializers.ModelSerializer, "get_fields",
                        lambda self: built.append(type(self)) or original(self))
    for _ in range(3):
        assert "display_name" in MemberSerializer().fields
    assert built == [MemberSerializer]


def test_a_field_says_its_words_in_the_asking_language():
    ModelSerializer._fields_kept.clear()
    with translation.override("ru"):
        russian = str(MemberSerializer().fields["dimension"].error_messages["does_not_exist"])
    with translation.override("en"):
        english = str(MemberSerializer().fields["dimension"].error_messages["does_not_exist"])
    assert russian != english


def test_a_lists_filter_set_is_made_once_and_still_filters(api_as, plain_member, croupier):
    from club.api_serializers import FilterBackend

    FilterBackend._kept.clear()
    api = api_as(plain_member)
    croupiers = api.get("/api/members/", {"role": "croupier"}).json()["results"]
    members = api.get("/api/members/", {"role": "member"}).json()["results"]
    assert [m["id"] for m in croupiers] == [croupier.pk]
    assert plain_member.pk in [m["id"] for m in members] and croupier.pk not in [m["id"] for m in members]
    assert api.get("/api/members/", {"role": "dragon"}).status_code == 400
    assert len([key for key in FilterBackend._kept if key[1].__name__ == "Member"]) == 1
