"""Turn reports as the API shows them."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from armies.report_text import with_text
from campaigns.selectors import is_campaign_gm
from turns.models import TurnReport
from turns.selectors import report_outcome


class ReportSerializer(serializers.ModelSerializer):
    kingdom = serializers.IntegerField(source="turn.kingdom_id", read_only=True)
    number = serializers.IntegerField(source="turn.number", read_only=True)
    outcome = serializers.SerializerMethodField()

    class Meta:
        model = TurnReport
        fields = ["id", "turn", "kingdom", "number", "created_at", "narration", "outcome"]
        read_only_fields = fields

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_outcome(self, report: TurnReport) -> dict:
        """What the resolution did, with each event's and violation's `text` in the reader's
        language."""
        user = self.context["request"].user
        # One question per campaign, not per report of a list.
        runs = self.__dict__.setdefault("_runs_campaign", {})
        campaign_id = report.turn.kingdom.campaign_id
        if campaign_id not in runs:
            runs[campaign_id] = is_campaign_gm(user, campaign_id)
        return with_text(report_outcome(user, report, gm=runs[campaign_id]))


class MapHexSerializer(serializers.Serializer):
    """A hex of the map: its geography (everyone's), and whether the reader sees it now."""

    coord = serializers.CharField()
    terrain = serializers.CharField()
    roads = serializers.ListField(child=serializers.CharField(), help_text=_("Sides: n, ne, se, s, sw, nw."))
    rivers = serializers.ListField(child=serializers.CharField())
    bridges = serializers.ListField(child=serializers.CharField())
    settlement = serializers.CharField(allow_blank=True)
    work_site = serializers.BooleanField()
    refuge = serializers.BooleanField()
    claimed_by = serializers.CharField(allow_blank=True, help_text=_("A kingdom's name; blank: wild."))
    seen = serializers.BooleanField()


class MapConditionSerializer(serializers.Serializer):
    condition = serializers.CharField()
    value = serializers.IntegerField()


class MapArmySerializer(serializers.Serializer):
    """An army the reader may see. What only its commander knows is null for the others."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    kingdom = serializers.IntegerField(source="kingdom_id")
    kingdom_name = serializers.CharField(source="kingdom")
    hex = serializers.CharField()
    own = serializers.BooleanField()
    found = serializers.BooleanField(help_text=_("In ambush, found at the reader's last turn's end."))
    in_ambush = serializers.BooleanField(allow_null=True)
    garrisoned = serializers.BooleanField(allow_null=True)
    hp = serializers.IntegerField(allow_null=True)
    max_hp = serializers.IntegerField(allow_null=True)
    conditions = MapConditionSerializer(many=True, allow_null=True)


class CampaignMapSerializer(serializers.Serializer):
    campaign = serializers.IntegerField()
    gm = serializers.BooleanField()
    kingdoms = serializers.ListField(child=serializers.IntegerField(),
                                     help_text=_("The reader's kingdoms (none for the GM)."))
    hexes = MapHexSerializer(many=True)
    armies = MapArmySerializer(many=True)
