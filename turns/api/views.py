"""Kingdom turns and their reports: read-only, and marking a turn's orders ready. Every queryset
is limited to what the user may see: another kingdom's objects answer 404."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from armies.api.errors import TurnClosed, service_errors
from campaigns.api.filters import TurnFilter
from campaigns.api.parsers import BoundedJSONParser
from campaigns.api.serializers import TurnReadySerializer, TurnSerializer
from campaigns.selectors import visible_turns
from core.api_errors import NOT_FOUND
from turns.api.filters import ReportFilter
from turns.api.serializers import ReportSerializer
from turns.selectors import visible_reports
from turns.services import turn_mark_ready


class TurnViewSet(viewsets.ReadOnlyModelViewSet):
    """Kingdom turns: orders are taken while a turn is open, until its deadline."""

    serializer_class = TurnSerializer
    filterset_class = TurnFilter
    parser_classes = [BoundedJSONParser]

    def get_queryset(self):
        return visible_turns(self.request.user)

    @extend_schema(request=TurnReadySerializer,
                   responses={200: TurnSerializer, 400: OpenApiResponse(description=_("Bad input.")),
                              404: NOT_FOUND,
                              409: TurnClosed.response(_("The turn is no longer open."))},
                   description=str(_("Say the kingdom's orders are complete (or not yet).")))
    @action(detail=True, methods=["post"], filterset_class=None, pagination_class=None)
    def ready(self, request, pk=None):
        turn = self.get_object()
        body = TurnReadySerializer(data=request.data)
        body.is_valid(raise_exception=True)
        with service_errors():
            turn_mark_ready(actor=request.user, turn=turn, ready=body.validated_data["ready"])
        # Read it again: when every kingdom is ready the campaign may have locked it just now.
        turn = self.get_queryset().get(pk=turn.pk)
        return Response(TurnSerializer(turn, context=self.get_serializer_context()).data)


class ReportViewSet(viewsets.ReadOnlyModelViewSet):
    """What each resolved turn did, for the kingdom's players and the GM."""

    serializer_class = ReportSerializer
    filterset_class = ReportFilter

    def get_queryset(self):
        return visible_reports(self.request.user)
