"""core.api_fields: a serializer's fields worked out once per class are the fields DRF works out,
and no two serializers share one (issue 16, point 3)."""
from __future__ import annotations

from rest_framework import serializers

from armies.api.serializers import ActivitySerializer


class _PlainActivitySerializer(serializers.ModelSerializer):
    kingdom = serializers.IntegerField(source="turn.kingdom_id", read_only=True)

    class Meta:
        model = ActivitySerializer.Meta.model
        fields = ActivitySerializer.Meta.fields
        read_only_fields = fields


def _described(fields) -> dict:
    return {name: (type(field), field.read_only, field.source, repr(field))
            for name, field in fields.items()}


def test_the_fields_are_drfs_and_each_serializer_has_its_own():
    first, second = ActivitySerializer(), ActivitySerializer()
    assert list(first.fields) == list(second.fields) == ActivitySerializer.Meta.fields
    assert _described(first.fields) == _described(second.fields)
    assert not any(first.fields[name] is second.fields[name] for name in first.fields)
    assert all(first.fields[name].parent is first for name in first.fields)
    plain = _PlainActivitySerializer().fields
    built = {name: field for name, field in first.fields.items()
             if name not in ("params", "submitted_by", "result")}  # declared on the class
    assert {n: type(f) for n, f in built.items()} == {n: type(plain[n]) for n in built}
    assert {n: repr(f) for n, f in built.items()} == {n: repr(plain[n]) for n in built}
