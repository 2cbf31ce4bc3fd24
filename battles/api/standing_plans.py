"""An army's standing battle plan, under /api/armies/ beside armies.api's reads: the plan is a
write of battles (battles.services), and armies imports nothing of battles."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from armies.api.serializers import ArmySerializer
from armies.selectors import visible_armies
from battles.api.errors import plan_errors
from battles.api.serializers import StandingPlanSerializer
from battles.services import army_set_battle_plan
from campaigns.api.parsers import BoundedJSONParser
from core.api_errors import NOT_FOUND

PLAN_REFUSED = OpenApiResponse(OpenApiTypes.OBJECT, description=_(
    "Bad plan: a list of messages per field under `plan`."))


class ArmyPlanViewSet(viewsets.GenericViewSet):
    """The standing battle plan of an army the user sees (and so commands)."""

    serializer_class = ArmySerializer

    def get_queryset(self):
        return visible_armies(self.request.user)

    @extend_schema(request=StandingPlanSerializer,
                   responses={200: ArmySerializer, 400: PLAN_REFUSED, 404: NOT_FOUND},
                   description=str(_("Set the army's standing battle plan: the orders it fights "
                                     "with when an Offensive Gambit starts a battle ({}: its "
                                     "default plan).")))
    @action(detail=True, methods=["put"], url_path="battle-plan", pagination_class=None,
            parser_classes=[BoundedJSONParser])
    def battle_plan(self, request, pk=None):
        army = self.get_object()  # an army the user sees is one the user commands
        body = StandingPlanSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        with plan_errors():
            army_set_battle_plan(actor=request.user, army=army, plan=body.validated_data["plan"])
        return Response(self.get_serializer(self.get_queryset().get(pk=army.pk)).data)
