"""Filters for the battle lists (only visible related objects are accepted)."""
from __future__ import annotations

import django_filters

from battles.models import SIDE_CHOICES, BattleParticipant, BattleScene, SceneStatus
from battles.selectors import visible_scenes
from campaigns.api.filters import visible_queryset
from campaigns.models import Campaign
from campaigns.selectors import visible_campaigns


class SceneFilter(django_filters.FilterSet):
    campaign = django_filters.ModelChoiceFilter(
        queryset=visible_queryset(visible_campaigns, Campaign))
    status = django_filters.ChoiceFilter(choices=SceneStatus.choices)

    class Meta:
        model = BattleScene
        fields = ["campaign", "status"]


class ParticipantFilter(django_filters.FilterSet):
    scene = django_filters.ModelChoiceFilter(queryset=visible_queryset(visible_scenes, BattleScene))
    side = django_filters.ChoiceFilter(choices=SIDE_CHOICES)

    class Meta:
        model = BattleParticipant
        fields = ["scene", "side"]
