"""The campaign map, under /api/campaigns/ beside campaigns.api's reads: what a reader sees of it
is turns.map_views.map_view (the GM everything; a player the map's geography and only the armies
their kingdom sees), which campaigns cannot import."""
from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from campaigns.api.serializers import CampaignSerializer
from campaigns.selectors import visible_campaigns
from core.api_errors import NOT_FOUND
from rules.kingmaker.campaign_map import Edge
from rules.kingmaker.hexes import parse_hex
from turns.api.serializers import CampaignMapSerializer
from turns.map_views import ArmyOnMap, MapView, map_view


def _army(army: ArmyOnMap) -> dict[str, Any]:
    mine = army.own
    return {"id": army.id, "name": army.name, "kingdom_id": army.kingdom_id,
            "kingdom": army.kingdom, "hex": army.hex, "own": mine, "found": army.found,
            "in_ambush": army.in_ambush if mine else None,
            "garrisoned": army.garrisoned if mine else None,
            "hp": army.hp if mine else None, "max_hp": army.max_hp if mine else None,
            "conditions": [{"condition": c, "value": v} for c, v, _label in army.conditions]
            if mine else None}


def map_data(view: MapView) -> dict[str, Any]:
    hexes = sorted(view.campaign_map.hexes.values(), key=lambda h: parse_hex(h.coord))
    return {
        "campaign": view.campaign.pk,
        "gm": view.gm,
        "kingdoms": [k.pk for k in view.kingdoms],
        "hexes": [{"coord": h.coord, "terrain": str(h.terrain),
                   "roads": [str(e) for e in Edge if e in h.roads],
                   "rivers": [str(e) for e in Edge if e in h.rivers],
                   "bridges": [str(e) for e in Edge if e in h.bridges],
                   "settlement": h.settlement, "work_site": h.work_site, "refuge": h.refuge,
                   "claimed_by": h.claimed_by, "seen": view.sees(h.coord)} for h in hexes],
        "armies": [_army(a) for a in view.armies],
    }


class CampaignMapViewSet(viewsets.GenericViewSet):
    """The map of a campaign the user plays in or runs."""

    serializer_class = CampaignSerializer

    def get_queryset(self):
        return visible_campaigns(self.request.user)

    @extend_schema(responses={200: CampaignMapSerializer, 404: NOT_FOUND},
                   description=str(_("The campaign's map as you may see it: every hex's terrain, "
                                     "roads, rivers, settlements and claimant; the armies your "
                                     "kingdom sees (the game master: every army).")))
    @action(detail=True, methods=["get"], url_path="map", pagination_class=None)
    def map(self, request, pk=None):
        view = map_view(request.user, self.get_object())
        if view is None:
            raise Http404
        return Response(CampaignMapSerializer(map_data(view)).data)
