"""Filters for the turn reports' list (campaigns.api.filters: only what the user may see)."""
from __future__ import annotations

import django_filters

from campaigns.api.filters import kingdom_filter, turn_filter
from turns.models import TurnReport


class ReportFilter(django_filters.FilterSet):
    kingdom = kingdom_filter("turn__kingdom")
    turn = turn_filter()

    class Meta:
        model = TurnReport
        fields = ["kingdom", "turn"]
