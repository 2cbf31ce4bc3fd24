"""Armies and their orders as the API shows and takes them. Reads only: the stat block comes from
armies.selectors, and orders are checked by armies.services (the rules engine)."""
from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from armies.activity_params import StrictSerializer, validated_params
from armies.adapters import render_violation
from armies.api.params import ParamsField
from armies.choices import ACTIVITY_KIND_CHOICES
from armies.models import MAX_ID, Army, ArmyActivity, ArmyCondition, ArmyGear
from armies.selectors import army_stat_block, army_violations
from campaigns.api.serializers import blank_choice
from core.api_fields import FieldsBuiltOnce

MAX_POSITION = 2**31 - 1


class GearSerializer(serializers.ModelSerializer):
    tier = blank_choice(ArmyGear, "tier")
    weapon = blank_choice(ArmyGear, "weapon")

    class Meta:
        model = ArmyGear
        fields = ["kind", "tier", "weapon", "doses"]


class ConditionSerializer(serializers.ModelSerializer):
    class Meta:
        model = ArmyCondition
        fields = ["condition", "value"]


class ArmySerializer(serializers.ModelSerializer):
    """An army with its computed stat block (null, with `problems`, when the stored army breaks
    the rules, e.g. after the GM lowered the kingdom's level)."""

    template_name = serializers.CharField(source="template.name", read_only=True)
    level = serializers.IntegerField(read_only=True)
    garrisoned = blank_choice(Army, "garrisoned")
    tactics = serializers.SerializerMethodField()
    gear = GearSerializer(many=True, read_only=True)
    conditions = ConditionSerializer(many=True, read_only=True)
    stat_block = serializers.SerializerMethodField()
    problems = serializers.SerializerMethodField()

    class Meta:
        model = Army
        fields = ["id", "kingdom", "name", "template", "template_name", "faction", "level", "hp",
                  "hex", "status", "garrisoned", "tactics", "gear", "conditions", "recruited_at",
                  "battle_plan", "stat_block", "problems"]
        read_only_fields = fields

    def get_tactics(self, army: Army) -> list[str]:
        return [t.tactic for t in army.tactics.all()]

    def _problems(self, army: Army) -> list[str]:
        cache = self.context.setdefault("_army_problems", {})
        if army.pk not in cache:
            cache[army.pk] = [render_violation(v) for v in army_violations(army)]
        return cache[army.pk]

    @extend_schema_field({"type": "object", "nullable": True, "additionalProperties": True})
    def get_stat_block(self, army: Army) -> dict | None:
        if self._problems(army):
            return None
        return army_stat_block(army).as_dict()

    def get_problems(self, army: Army) -> list[str]:
        return self._problems(army)


class ActivitySerializer(FieldsBuiltOnce, serializers.ModelSerializer):
    kingdom = serializers.IntegerField(source="turn.kingdom_id", read_only=True)
    params = ParamsField(read_only=True)
    submitted_by: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="username", read_only=True,
                                                allow_null=True)
    result = serializers.JSONField(read_only=True)

    class Meta:
        model = ArmyActivity
        fields = ["id", "turn", "kingdom", "army", "kind", "params", "second", "position",
                  "status", "submitted_by", "submitted_at", "result"]
        read_only_fields = fields


def _user(serializer) -> object:
    return serializer.context["request"].user


class ActivitySubmitSerializer(StrictSerializer):
    """An order for a turn of your kingdom: `params` as its `kind` takes them."""

    # Ids only: the service reads the turn under its lock and refuses one the user gives no
    # orders for (the view says "Choose a turn of your kingdom."), and the rules refuse an army
    # that is not the kingdom's; nothing is read twice.
    turn = serializers.IntegerField(min_value=1, max_value=MAX_ID,
                                    help_text=_("A turn of your kingdom."))
    kind = serializers.ChoiceField(choices=ACTIVITY_KIND_CHOICES)
    army = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, allow_null=True, default=None,
        help_text=_("The army that takes the activity; null for a leadership activity."))
    second = serializers.BooleanField(default=False,
                                      help_text=_("An efficient army's second activity."))
    params = ParamsField(default=dict)

    def validate_params(self, params):
        kind = self.initial_data.get("kind") if isinstance(self.initial_data, dict) else None
        if kind not in [value for value, _label in ACTIVITY_KIND_CHOICES]:
            return params  # `kind` carries the error
        return validated_params(kind, params)


class ActivityChangeSerializer(StrictSerializer):
    """What may change in a queued order: its params (all of them), `second` and `position`."""

    params = ParamsField(required=False)
    second = serializers.BooleanField(required=False)
    position = serializers.IntegerField(required=False, min_value=0, max_value=MAX_POSITION)

    def validate_params(self, params):
        return validated_params(self.context["activity"].kind, params)
