"""Armies (read-only, with the computed stat block) and their activities: submit, list, change
and withdraw orders until the turn locks. The rules are checked by armies.services."""
from __future__ import annotations

import hashlib
import json

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from armies.activity_services import (
    ORDERS_NOT_YOURS,
    activity_change,
    activity_submit,
    activity_withdraw,
)
from armies.api.errors import KeyReusedSerializer, TurnClosed, service_errors, violation_error
from armies.api.filters import ActivityFilter, ArmyFilter
from armies.api.serializers import (
    ActivityChangeSerializer,
    ActivitySerializer,
    ActivitySubmitSerializer,
    ArmySerializer,
)
from armies.models import ArmyActivity
from armies.selectors import army_foundry_actor, visible_activities, visible_armies
from campaigns.api.parsers import BoundedJSONParser
from campaigns.model_meta import max_length
from core.api_errors import NOT_FOUND
from core.permissions import NotPermitted
from rules.errors import RuleViolation

IDEMPOTENCY_HEADER = "Idempotency-Key"
IDEMPOTENCY_META = "HTTP_" + IDEMPOTENCY_HEADER.upper().replace("-", "_")
IDEMPOTENCY_KEY_LENGTH = max_length(ArmyActivity, "idempotency_key")

BAD_INPUT = OpenApiResponse(OpenApiTypes.OBJECT, description=_(
    "Bad input: a list of messages per field; the activity's parameters under `params`."))
KEY_REUSED = OpenApiResponse(KeyReusedSerializer, description=_(
    "The Idempotency-Key was first sent with another body."))
TURN_CLOSED = TurnClosed.response(_(
    "The turn no longer takes orders: its status and deadline."))


class ArmyViewSet(viewsets.ReadOnlyModelViewSet):
    """Your kingdom's armies (a game master: every army of the campaign), each with its computed
    stat block."""

    serializer_class = ArmySerializer
    filterset_class = ArmyFilter

    def get_queryset(self):
        return visible_armies(self.request.user)

    @extend_schema(responses={
        200: OpenApiResponse(OpenApiTypes.OBJECT, description=_(
            "The army as a Foundry VTT PF2e `army` actor (import it in Foundry with Import "
            "Data): its standing numbers from the rules, its tactics and conditions as items.")),
        400: OpenApiResponse(OpenApiTypes.OBJECT, description=_(
            "The stored army breaks the rules (e.g. below its template's level): the "
            "problems.")),
        404: NOT_FOUND})
    @action(detail=True, methods=["get"], url_path="foundry", pagination_class=None,
            filterset_class=None)
    def foundry(self, request, pk=None):
        army = self.get_object()
        try:
            return Response(army_foundry_actor(army))
        except RuleViolation as error:
            raise violation_error(error, nested="army", top_level=frozenset()) from None


def _idempotency_key(request) -> str:
    # The header as WSGI gives it (request.headers would first make a copy of all of them).
    key = request.META.get(IDEMPOTENCY_META, "").strip()
    if len(key) > IDEMPOTENCY_KEY_LENGTH or not key.isprintable():
        raise ValidationError({"idempotency_key": [
            _("Send at most %(length)s printable characters.") % {"length": IDEMPOTENCY_KEY_LENGTH}]})
    return key


def _digest(data) -> str:
    """The request body's fingerprint: the same JSON in any key order or spacing is the same."""
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()


class ActivityViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Army activities: the orders of a kingdom turn. Submit, change or withdraw them while the
    turn is open."""

    serializer_class = ActivitySerializer
    filterset_class = ActivityFilter
    parser_classes = [BoundedJSONParser]
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    def get_queryset(self):
        return visible_activities(self.request.user)

    def _answer(self, activity: ArmyActivity, code: int = status.HTTP_200_OK) -> Response:
        return Response(self.get_serializer(activity).data, status=code)

    @extend_schema(
        request=ActivitySubmitSerializer,
        parameters=[OpenApiParameter(
            IDEMPOTENCY_HEADER, OpenApiTypes.STR, OpenApiParameter.HEADER,
            description=str(_("Resubmitting with the same key and body returns the first "
                              "result (200); with another body it is refused (422).")))],
        responses={201: ActivitySerializer,
                   200: OpenApiResponse(ActivitySerializer, description=_(
                       "A replay: the activity first submitted with this Idempotency-Key.")),
                   400: BAD_INPUT, 409: TURN_CLOSED, 422: KEY_REUSED})
    def create(self, request):
        key = _idempotency_key(request)
        body = ActivitySubmitSerializer(data=request.data, context=self.get_serializer_context())
        body.is_valid(raise_exception=True)
        order, digest = body.validated_data, _digest(request.data)
        with service_errors():
            try:
                activity, created = activity_submit(
                    turn=order["turn"], user=request.user, kind=order["kind"],
                    army=order["army"], params=order["params"], second=order["second"],
                    idempotency_key=key, idempotency_digest=digest)
            except NotPermitted as error:
                if error.violations[0].code != ORDERS_NOT_YOURS[0]:
                    raise
                # A user sees only the turns they give orders for: another one is not found.
                raise ValidationError({"turn": [_("Choose a turn of your kingdom.")]}) from None
        return self._answer(activity, status.HTTP_201_CREATED if created else status.HTTP_200_OK)

    @extend_schema(request=ActivityChangeSerializer,
                   responses={200: ActivitySerializer, 400: BAD_INPUT, 404: NOT_FOUND,
                              409: TURN_CLOSED})
    def partial_update(self, request, pk=None):
        activity = self.get_object()
        context = {**self.get_serializer_context(), "activity": activity}
        body = ActivityChangeSerializer(data=request.data, context=context)
        body.is_valid(raise_exception=True)
        with service_errors():
            activity = activity_change(activity=activity, user=request.user,
                                       **body.validated_data)
        return self._answer(activity)

    @extend_schema(request=None,
                   responses={200: OpenApiResponse(ActivitySerializer, description=_(
                       "Withdrawn: the activity with status `withdrawn`.")),
                       400: BAD_INPUT, 404: NOT_FOUND, 409: TURN_CLOSED})
    def destroy(self, request, pk=None):
        activity = self.get_object()
        with service_errors():
            activity = activity_withdraw(activity=activity, user=request.user)
        return self._answer(activity)
