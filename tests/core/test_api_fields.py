"""core.api_fields: a serializer's fields worked out once per class are the fields DRF works out,
and no two serializers share one (issue 16, point 3)."""
from __future__ import annotations

import copy

from rest_framework import serializers

from armies.activity_params import PARAMS_SERIALIZERS
from armies.api.serializers import ActivitySerializer, ActivitySubmitSerializer
from core.api_fields import FieldsBuiltOnce


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


def test_a_declared_serializer_s_fields_are_copies_bound_to_it_and_its_sub_fields_too():
    recruit = PARAMS_SERIALIZERS["recruit_army"]
    first, second = recruit(), recruit()
    assert _described(first.fields) == _described(second.fields)
    assert not any(first.fields[name] is second.fields[name] for name in first.fields)
    assert all(first.fields[name].parent is first for name in first.fields)
    tactics, other = first.fields["tactics"], second.fields["tactics"]
    assert isinstance(tactics, serializers.ListField)
    assert tactics.child is not other.child and tactics.child.parent is tactics


def test_copied_fields_answer_as_drf_s_own_copies():
    plain = type("PlainSubmit", (serializers.Serializer,), {
        name: copy.deepcopy(field) for name, field in
        ActivitySubmitSerializer._declared_fields.items() if name != "params"})
    for data in ({"turn": 0, "kind": "march", "army": "x", "second": "maybe"},
                 {"turn": 7, "kind": "disband_army", "army": 3, "second": True, "params": {}}):
        for _ in range(2):  # each serializer's copies answer as the first's
            ours, drfs = ActivitySubmitSerializer(data=data), plain(data=data)
            assert ours.is_valid() is drfs.is_valid()
            ours_errors = {k: v for k, v in ours.errors.items() if k != "params"}
            assert ours_errors == drfs.errors
            if not drfs.errors:
                assert {k: v for k, v in ours.validated_data.items() if k != "params"} == \
                    drfs.validated_data


def test_a_field_whose_default_is_a_list_gets_a_list_of_its_own():
    class Listed(FieldsBuiltOnce, serializers.Serializer):
        names = serializers.CharField(default=[])

    first, second = Listed().fields["names"], Listed().fields["names"]
    assert first.default == [] and first.default is not second.default


def test_a_list_field_s_copies_answer_as_drf_s_own_copies():
    deploy = PARAMS_SERIALIZERS["deploy_army"]
    plain = type("PlainDeploy", (serializers.Serializer,), {
        name: copy.deepcopy(field) for name, field in deploy._declared_fields.items()})
    too_long = ["C4"] * 100
    for data in ({"destination": "D5", "skill": "exploration", "path": ["C4", "D5"]},
                 {"destination": "D5", "skill": "exploration", "path": ["C4", 7, "x" * 30]},
                 {"destination": "D5", "skill": "exploration", "path": too_long},
                 {"destination": "D5", "skill": "exploration", "path": "C4"}):
        for _ in range(2):
            ours, drfs = deploy(data=data), plain(data=data)
            assert ours.is_valid() is drfs.is_valid()
            assert ours.errors == drfs.errors
            if not drfs.errors:
                assert dict(ours.validated_data) == dict(drfs.validated_data)
