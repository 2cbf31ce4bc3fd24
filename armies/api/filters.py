"""Filters for the armies and activities lists (only visible related objects are accepted)."""
from __future__ import annotations

import django_filters

from armies.choices import ACTIVITY_KIND_CHOICES, ActivityStatus, ArmyStatus
from armies.models import Army, ArmyActivity
from armies.selectors import visible_armies
from campaigns.api.filters import kingdom_filter, turn_filter, visible_queryset


class ArmyFilter(django_filters.FilterSet):
    kingdom = kingdom_filter()
    status = django_filters.ChoiceFilter(choices=ArmyStatus.choices)

    class Meta:
        model = Army
        fields = ["kingdom", "status"]


class ActivityFilter(django_filters.FilterSet):
    turn = turn_filter()
    army = django_filters.ModelChoiceFilter(queryset=visible_queryset(visible_armies, Army))
    kind = django_filters.ChoiceFilter(choices=ACTIVITY_KIND_CHOICES)
    status = django_filters.ChoiceFilter(choices=ActivityStatus.choices)

    class Meta:
        model = ArmyActivity
        fields = ["turn", "army", "kind", "status"]
