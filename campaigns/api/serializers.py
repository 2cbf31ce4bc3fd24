"""Campaigns, kingdoms, settlements and turns as the API shows them."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from campaigns.models import (
    Campaign,
    Kingdom,
    KingdomTurn,
    PlayerPreferences,
    Settlement,
)


@extend_schema_field({"type": "string", "pattern": r"^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$",
                      "example": "03:00:00"})
class LocalTimeField(serializers.TimeField):
    """A wall-clock time in the campaign's time zone (OpenAPI's `time` format wants an offset)."""


def blank_choice(model, name: str) -> serializers.ChoiceField:
    """A read-only model choice that may be blank (so "" is in the schema's enum: a read-only
    ModelSerializer field loses `allow_blank`)."""
    return serializers.ChoiceField(choices=model._meta.get_field(name).choices, allow_blank=True,
                                   read_only=True)


class CampaignSerializer(serializers.ModelSerializer):
    nightly_resolution_time = LocalTimeField(read_only=True, help_text=_(
        "When turns lock and resolve, in the campaign's time zone."))

    class Meta:
        model = Campaign
        fields = ["id", "name", "ruleset", "timezone", "nightly_resolution_time",
                  "turn_length_days", "resolve_when_all_ready", "warfare_exercises_unlocked",
                  "created_at"]
        read_only_fields = fields


class KingdomSerializer(serializers.ModelSerializer):
    control_dc = serializers.IntegerField(read_only=True)

    class Meta:
        model = Kingdom
        fields = ["id", "campaign", "name", "level", "size", "control_dc", *Kingdom.SKILLS,
                  "resource_points", *Kingdom.COMMODITIES, "unrest", *Kingdom.RUIN, "fame",
                  "infamy", "xp"]
        read_only_fields = fields


class SettlementSerializer(serializers.ModelSerializer):
    class Meta:
        model = Settlement
        fields = ["id", "kingdom", "name", "hex"]
        read_only_fields = fields


class TurnSerializer(serializers.ModelSerializer):
    ruin_choice = blank_choice(KingdomTurn, "ruin_choice")

    class Meta:
        model = KingdomTurn
        fields = ["id", "kingdom", "number", "deadline", "status", "ready", "ruin_choice",
                  "resolved_at"]
        read_only_fields = fields


class TurnReadySerializer(serializers.Serializer):
    ready = serializers.BooleanField(default=True,
                                     help_text=_("Whether the kingdom's orders are complete."))


class PreferencesSerializer(serializers.ModelSerializer):
    class Meta:
        model = PlayerPreferences
        fields = ["email_notifications", "language"]
