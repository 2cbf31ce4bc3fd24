"""Battle scenes (read-only), their participants' plans (changed until the scene locks), the
report of a fought scene and the odds of a queued one. Querysets hold only what the user may see:
another campaign's scenes answer 404."""
from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle

from battles.adapters import scene_setup
from battles.api.errors import SceneClosed, plan_errors
from battles.api.filters import ParticipantFilter, SceneFilter
from battles.api.serializers import (
    BattleReportSerializer,
    OddsQuerySerializer,
    OddsSerializer,
    ParticipantChangeSerializer,
    ParticipantSerializer,
    SceneSerializer,
)
from battles.models import BattleParticipant
from battles.odds import scene_odds
from battles.selectors import planning_kingdoms, visible_participants, visible_scenes
from battles.services import participant_set_plan
from campaigns.api.auth import TOO_MANY
from campaigns.api.parsers import BoundedJSONParser
from core.api_errors import NOT_FOUND

BAD_INPUT = OpenApiResponse(OpenApiTypes.OBJECT, description=_(
    "Bad input: a list of messages per field; the plan's fields under `plan`."))
SCENE_CLOSED = SceneClosed.response(_(
    "The scene takes no more plans: it was sent for resolution or fought."))
NOT_YOURS = OpenApiResponse(OpenApiTypes.OBJECT, description=_(
    "Another kingdom's army: only its players and the GM plan it."))


class BattleSceneViewSet(viewsets.ReadOnlyModelViewSet):
    """Battle scenes your kingdom fights in (a game master: every scene of the campaign), with
    their armies and plans."""

    serializer_class = SceneSerializer
    filterset_class = SceneFilter
    throttle_scope = "battle-odds"  # read by the odds' throttle only

    def get_queryset(self):
        return visible_scenes(self.request.user)

    @extend_schema(responses={200: BattleReportSerializer, 404: NOT_FOUND},
                   description=str(_("What the battle did: every round, action and roll, and the "
                                     "result for each army and side. 404 until it is fought.")))
    @action(detail=True, methods=["get"], filterset_class=None, pagination_class=None)
    def report(self, request, pk=None):
        scene = self.get_object()
        report = getattr(scene, "report", None)
        if report is None:
            raise Http404(_("The battle has not been fought yet."))
        return Response(BattleReportSerializer(report, context=self.get_serializer_context()).data)

    @extend_schema(parameters=[OddsQuerySerializer],
                   responses={200: OddsSerializer, 400: BAD_INPUT, 404: NOT_FOUND, 429: TOO_MANY},
                   description=str(_("Fight the scene as it stands many times and count: each "
                                     "side's chance to win, to be routed and to be defeated, and "
                                     "the HP each army can expect to lose. A player's odds use "
                                     "the enemy's default plans. The same question about an "
                                     "unchanged scene gets the same answer; each user may ask "
                                     "a limited number of times an hour.")))
    @action(detail=True, methods=["get"], filterset_class=None, pagination_class=None,
            throttle_classes=[ScopedRateThrottle])
    def odds(self, request, pk=None):
        scene = self.get_object()
        query = OddsQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        runs = query.validated_data["runs"]
        setup = scene_setup(scene, plans_of=planning_kingdoms(request.user, scene.campaign_id))
        odds = scene_odds(setup, runs=runs, seed=query.validated_data.get("seed"))
        names = {c.key: c.army.name for c in setup.combatants}
        sides = {c.key: c.side for c in setup.combatants}
        return Response(OddsSerializer({
            "runs": odds.runs, "seed": odds.seed,
            "sides": [{"side": side, "win": o.win, "routed": o.routed,
                       "defeated": o.defeated} for side, o in odds.sides.items()],
            "armies": [{"army": key, "name": names[key], "side": sides[key],
                        "expected_hp_lost": lost} for key, lost in odds.armies.items()],
        }).data)


class BattleParticipantViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                               viewsets.GenericViewSet):
    """The armies in the battle scenes you see. Your kingdom's players (and the GM) change an
    army's battle plan until the scene is sent for resolution."""

    serializer_class = ParticipantSerializer
    filterset_class = ParticipantFilter
    parser_classes = [BoundedJSONParser]
    http_method_names = ["get", "patch", "head", "options"]

    def get_queryset(self):
        return visible_participants(self.request.user)

    @extend_schema(request=ParticipantChangeSerializer,
                   responses={200: ParticipantSerializer, 400: BAD_INPUT, 403: NOT_YOURS,
                              404: NOT_FOUND, 409: SCENE_CLOSED})
    def partial_update(self, request, pk=None):
        participant: BattleParticipant = self.get_object()
        body = ParticipantChangeSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        with plan_errors():
            participant = participant_set_plan(actor=request.user, participant=participant,
                                               plan=body.validated_data["plan"])
        participant = self.get_queryset().get(pk=participant.pk)
        return Response(self.get_serializer(participant).data)
