"""Read-only endpoints for campaigns, kingdoms and settlements (turns and their reports:
turns.api), and the user's preferences. Every queryset is limited to what the user may see:
another kingdom's objects answer 404."""
from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from campaigns.api.filters import KingdomFilter, SettlementFilter
from campaigns.api.serializers import (
    CampaignSerializer,
    KingdomSerializer,
    PreferencesSerializer,
    SettlementSerializer,
    TurnSerializer,
)
from campaigns.models import PlayerPreferences
from campaigns.selectors import (
    current_turn,
    visible_campaigns,
    visible_kingdoms,
    visible_settlements,
)
from campaigns.services import preferences_save
from core.api_errors import NOT_FOUND


class CampaignViewSet(viewsets.ReadOnlyModelViewSet):
    """The campaigns you play in or run."""

    serializer_class = CampaignSerializer

    def get_queryset(self):
        return visible_campaigns(self.request.user)


class KingdomViewSet(viewsets.ReadOnlyModelViewSet):
    """Your kingdom (a game master: every kingdom of the campaign)."""

    serializer_class = KingdomSerializer
    filterset_class = KingdomFilter

    def get_queryset(self):
        return visible_kingdoms(self.request.user)

    @extend_schema(responses={200: TurnSerializer, 404: NOT_FOUND},
                   description=str(_("The kingdom's open turn, or its latest one: its number, "
                                     "deadline, status and whether its orders are ready.")))
    @action(detail=True, methods=["get"], url_path="current-turn", filterset_class=None,
            pagination_class=None)
    def current_turn(self, request, pk=None):
        turn = current_turn(self.get_object())
        if turn is None:
            raise Http404(_("The kingdom has no turn yet."))
        return Response(TurnSerializer(turn, context=self.get_serializer_context()).data)


class SettlementViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = SettlementSerializer
    filterset_class = SettlementFilter

    def get_queryset(self):
        return visible_settlements(self.request.user)


class PreferencesView(generics.RetrieveUpdateAPIView):
    """Your notification preferences: e-mail on or off, and the language of the mails."""

    serializer_class = PreferencesSerializer

    def get_object(self):
        return PlayerPreferences.of(self.request.user)  # the defaults need no row

    def perform_update(self, serializer):
        values = {"email_notifications": serializer.instance.email_notifications,
                  "language": serializer.instance.language, **serializer.validated_data}
        serializer.instance = preferences_save(user=self.request.user, **values)
