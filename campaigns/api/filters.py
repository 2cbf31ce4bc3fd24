"""Filters for the API's lists. A filter by a related object offers only the objects the user may
see: another kingdom's id is refused (400) just like one that does not exist."""
from __future__ import annotations

import django_filters

from campaigns.models import Campaign, Kingdom, KingdomTurn, Settlement, TurnStatus
from campaigns.selectors import visible_campaigns, visible_kingdoms, visible_turns


def visible_queryset(selector, model):
    def queryset(request):
        return selector(request.user) if request is not None else model.objects.none()
    return queryset


def kingdom_filter(field_name: str = "kingdom") -> django_filters.ModelChoiceFilter:
    return django_filters.ModelChoiceFilter(field_name=field_name,
                                            queryset=visible_queryset(visible_kingdoms, Kingdom))


def turn_filter(field_name: str = "turn") -> django_filters.ModelChoiceFilter:
    return django_filters.ModelChoiceFilter(field_name=field_name,
                                            queryset=visible_queryset(visible_turns, KingdomTurn))


class KingdomFilter(django_filters.FilterSet):
    campaign = django_filters.ModelChoiceFilter(queryset=visible_queryset(visible_campaigns, Campaign))

    class Meta:
        model = Kingdom
        fields = ["campaign"]


class SettlementFilter(django_filters.FilterSet):
    kingdom = kingdom_filter()

    class Meta:
        model = Settlement
        fields = ["kingdom"]


class TurnFilter(django_filters.FilterSet):
    kingdom = kingdom_filter()
    status = django_filters.ChoiceFilter(choices=TurnStatus.choices)

    class Meta:
        model = KingdomTurn
        fields = ["kingdom", "status"]
