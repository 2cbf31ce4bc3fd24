"""Turn reports as the API shows them."""
from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from armies.report_text import with_text
from turns.models import TurnReport


class ReportSerializer(serializers.ModelSerializer):
    kingdom = serializers.IntegerField(source="turn.kingdom_id", read_only=True)
    number = serializers.IntegerField(source="turn.number", read_only=True)
    outcome = serializers.SerializerMethodField()

    class Meta:
        model = TurnReport
        fields = ["id", "turn", "kingdom", "number", "created_at", "outcome"]
        read_only_fields = fields

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_outcome(self, report: TurnReport) -> dict:
        """What the resolution did, with each event's and violation's `text` in the reader's
        language."""
        return with_text(report.outcome)
