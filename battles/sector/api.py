"""The REST API for sector battles: the battles a user may see, each as the user's side sees it
(the GM: the whole truth, or exactly what one side sees with `?side=`), the resolved rounds, the
side's orders for the open round, and the unit-card catalog.

Views stay thin: reads go through battles.sector.selectors.access_sector_battle (whose eyes the
reader sees with, and what they see), writes through battles.sector.services. A player never
receives the other side's orders, the seed, the rolls or the deck's order: those are in the
GM's full view only."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import mixins, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.response import Response

from armies.api.errors import violation_error
from battles.sector import adapters, selectors, services
from battles.sector.api_modules import BillSerializer, BoundSpellSerializer, SupplySerializer
from battles.sector.models import SECTOR_SIDE_CHOICES, SectorBattle, SideOrders, UnitCard
from battles.sector.order_schema import ClosedSerializer, SectorOrdersSerializer, validated_orders
from campaigns.api.parsers import BoundedJSONParser
from core.api_errors import NOT_FOUND, Closed, ErrorSerializer, forbidden
from core.permissions import NotPermitted
from rules.cerilia.state import state_from_data
from rules.errors import RuleViolation
from rules.sides import Side

NOT_YOUR_SIDE = OpenApiResponse(ErrorSerializer, description=_(
    "Not a side you command: only its kingdom's players and the GM read and give its orders."))
BAD_INPUT = OpenApiResponse(OpenApiTypes.OBJECT, description=_(
    "Bad input: a list of messages per field; the orders' fields under `orders`, named like "
    "`moves.<unit id>`, `placements.<unit id>` or `spells.<caster id>.sector`."))


def stored_orders_bill(battle: SectorBattle, side: Side, row: SideOrders | None
                       ) -> adapters.BillData | None:
    """What the side's stored orders (`row`; none given: {}) cost and the points left, as the
    battle's answers show it: priced against the state they were given in, so none before the
    battle begins or once the round they were for has been resolved."""
    if not battle.state or (row is not None and row.round != battle.round):
        return None
    return adapters.orders_bill(state_from_data(battle.state), battle.round, side,
                                row.orders if row is not None else {})


@extend_schema_field(SectorOrdersSerializer)
class OrdersField(serializers.Field):
    """The orders as JSON, in the shape of the battle's round (context `round`)."""

    def to_internal_value(self, data):
        return validated_orders(data, round_number=self.context.get("round"))

    def to_representation(self, value):
        return value


class OrdersQuerySerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=SECTOR_SIDE_CHOICES, required=False, help_text=_(
        "Whose view or orders: a GM may name either side; a player one of their own sides "
        "(needed only by a player of both sides, or the GM for orders)."))


class OrdersSubmitSerializer(ClosedSerializer):
    side = serializers.ChoiceField(choices=SECTOR_SIDE_CHOICES, required=False, help_text=_(
        "The side giving these orders; may be left out by a user of exactly one side."))
    orders = OrdersField(help_text=_("The whole orders for the open round: they replace the "
                                     "stored ones ({}: every unit holds)."))


class OrdersPreviewSerializer(serializers.Serializer):
    """Orders the rules accept, not given yet: what they would cost."""

    bill = BillSerializer(allow_null=True, help_text=_(
        "Module command, rounds 1 and on: the price and the points left (null in phase 0 or "
        "without the module)."))


class SideOrdersSerializer(serializers.Serializer):
    """A side's stored orders for the open round ({} when it has given none)."""

    side = serializers.ChoiceField(choices=SECTOR_SIDE_CHOICES)
    round = serializers.IntegerField()
    orders = serializers.DictField(help_text=_(
        "The orders as given (see the request body of PUT for their keys)."))
    submitted_at = serializers.DateTimeField(allow_null=True)
    takes_orders = serializers.BooleanField(help_text=_(
        "Whether the battle takes orders now (the round is open)."))
    deadline = serializers.DateTimeField(allow_null=True)
    bill = BillSerializer(allow_null=True, help_text=_(
        "Module command, rounds 1 and on: the price of these orders and the points left "
        "(null in phase 0 or without the module)."))


# --- answers -----------------------------------------------------------------------------------


class RoundClosed(Closed):
    """The battle takes no orders now: 409, with its status and round."""

    default_detail = _("This battle takes no orders now: the round is closed, or the battle has "
                       "not begun or is over.")
    default_code = "round_closed"
    where = {"battle": serializers.IntegerField, "status": serializers.CharField,
             "round": serializers.IntegerField}

    def __init__(self, battle: SectorBattle):
        super().__init__(battle=battle.pk, status=battle.status, round=battle.round)


ROUND_CLOSED = RoundClosed.response(_(
    "The battle takes no orders now (the round closed, or the battle is not running)."))


class UnitCardSerializer(serializers.ModelSerializer):
    morale = serializers.ListField(child=serializers.CharField(), read_only=True, help_text=_(
        "One to three morale signs: sun, moon, star."))
    tags = serializers.ListField(child=serializers.CharField(), read_only=True)
    bound = BoundSpellSerializer(many=True, read_only=True, help_text=_(
        "Module magic dice: the bound spells its models carry."))

    class Meta:
        model = UnitCard
        fields = ["id", "code", "name", "melee", "charge", "missile", "missile_range",
                  "defense", "morale", "movement", "hits", "tags", "night_bonus", "wounds",
                  "champion", "standard", "musician", "bound"]
        read_only_fields = fields


@contextmanager
def _own_side_only() -> Iterator[None]:
    """A side the user may not read as (selectors.SideNotFound) is the API's 403, as it always
    was: a player of the battle knows its other side is there. A battle they may not see stays
    a 404."""
    try:
        yield
    except selectors.SideNotFound:
        raise PermissionDenied(_("You see and order only your own side of this battle.")) \
            from None


class SectorBattleSummarySerializer(serializers.ModelSerializer):
    """A sector battle in a list: where it stands, and which sides you give orders for."""

    my_sides = serializers.SerializerMethodField()
    takes_orders = serializers.BooleanField(read_only=True, help_text=_(
        "Whether the open round takes orders now."))
    winner = serializers.ChoiceField(choices=[("", ""), *SECTOR_SIDE_CHOICES], read_only=True,
                                     help_text=_("The side holding the field; blank until the "
                                                 "battle is over, or when nobody holds it."))

    class Meta:
        model = SectorBattle
        fields = ["id", "name", "campaign", "attacker_kingdom", "defender_kingdom", "status",
                  "round", "deadline", "winner", "takes_orders", "my_sides"]
        read_only_fields = fields

    @extend_schema_field(serializers.ListField(
        child=serializers.ChoiceField(choices=SECTOR_SIDE_CHOICES)))
    def get_my_sides(self, battle: SectorBattle) -> list[str]:
        """The sides you give orders for (the GM: both)."""
        access = self.context.get("access")
        sides = access.sides if access is not None else self.context["commanded_sides"](battle)
        return [side.value for side in sides]


class SectorBattleSerializer(SectorBattleSummarySerializer):
    """A sector battle as the reader may see it, with the battlefield."""

    # Read through the reader's selectors.SectorBattleAccess, given as the context's `access`.

    view = serializers.SerializerMethodField()
    bill = serializers.SerializerMethodField()
    supply = serializers.SerializerMethodField()

    class Meta(SectorBattleSummarySerializer.Meta):
        fields = [*SectorBattleSummarySerializer.Meta.fields, "view", "bill", "supply"]
        read_only_fields = fields

    @extend_schema_field(SupplySerializer(allow_null=True))
    def get_supply(self, battle: SectorBattle) -> dict[str, Any] | None:
        """What the side's orders may name of seed 001's records: the traps the scenario gives
        it to lay (`traps.<id>` in round 0) and the artifacts its characters carry
        (`artifacts.<character id>.artifact`). Never the other side's; null for the GM's
        truth (the whole state is in `view`)."""
        side = self.context["access"].side
        if side is None or not battle.state:
            return None
        return SupplySerializer(adapters.side_supply(state_from_data(battle.state), side)).data

    @extend_schema_field(BillSerializer(allow_null=True))
    def get_bill(self, battle: SectorBattle) -> dict[str, Any] | None:
        """Module command, rounds 1 and on: what the side's orders given so far cost and the
        points it has left (null for the GM's truth, in phase 0 or without the module)."""
        side = self.context["access"].side
        if side is None:
            return None
        bill = stored_orders_bill(battle, side, selectors.side_orders(battle, side))
        return BillSerializer(bill).data if bill is not None else None

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_view(self, battle: SectorBattle) -> dict[str, Any]:
        """The battlefield now, with the events witnessed so far: a player's side sees its own
        units and casters, only the enemy units in sight, illusions as real terrain and the
        deck as a count (`deck_left`); the GM (without `?side=`) the whole state, the truth
        under illusions and the hidden units included. {} before the battle begins."""
        return self.context["access"].view


class SectorRoundSerializer(serializers.Serializer):
    """A resolved round as the side saw it once it was over (the GM: the truth), with its
    events. The GM's full view adds `seed`, both sides' `orders` and the `rolls`."""

    number = serializers.IntegerField()
    initiative = serializers.CharField(help_text=_("Who had the initiative (blank in phase 0)."))
    events = serializers.ListField(child=serializers.DictField())
    units = serializers.ListField(child=serializers.DictField())
    seed = serializers.IntegerField(required=False, help_text=_("The GM's full view only."))
    orders = serializers.DictField(required=False, help_text=_(
        "The GM's full view only: each side's orders as resolved."))
    rolls = serializers.ListField(child=serializers.DictField(), required=False,
                                  help_text=_("The GM's full view only."))


# --- views -------------------------------------------------------------------------------------


class UnitCardViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """The unit cards sector battles are fought with (the shipped catalog and the GM's own)."""

    serializer_class = UnitCardSerializer
    queryset = UnitCard.objects.order_by("name", "id")
    filterset_class = None


class SectorBattleViewSet(viewsets.ReadOnlyModelViewSet):
    """Sector battles your kingdom fights (a game master: every battle of the campaign), each
    as your side sees it."""

    serializer_class = SectorBattleSerializer
    filterset_class = None
    parser_classes = [BoundedJSONParser]

    def get_serializer_class(self):
        # A list names the battles; each battle's view (every round's events) is its own read.
        return SectorBattleSummarySerializer if self.action == "list" else SectorBattleSerializer

    def get_queryset(self):
        return selectors.visible_sector_battles(self.request.user)

    def get_serializer_context(self):
        # The list asks each battle for the reader's sides: their memberships are read once.
        return {**super().get_serializer_context(),
                "commanded_sides": selectors.commanded_sides(self.request.user)}

    @extend_schema(parameters=[OrdersQuerySerializer],
                   responses={200: SectorBattleSerializer, 400: BAD_INPUT, 403: NOT_YOUR_SIDE,
                              404: NOT_FOUND})
    def retrieve(self, request, *args, **kwargs):
        access = self._access(request.query_params.get("side"))
        context = {**self.get_serializer_context(), "access": access}
        return Response(SectorBattleSerializer(access.battle, context=context).data)

    @extend_schema(parameters=[OrdersQuerySerializer],
                   responses={200: SectorRoundSerializer(many=True), 400: BAD_INPUT,
                              403: NOT_YOUR_SIDE, 404: NOT_FOUND},
                   description=str(_("The resolved rounds (0: deployment) as your side saw each "
                                     "once it was over. The GM without `?side=` gets the truth "
                                     "and each round's seed, both sides' orders and the "
                                     "rolls.")))
    @action(detail=True, methods=["get"], pagination_class=None)
    def rounds(self, request, pk=None):
        return Response(self._access(request.query_params.get("side")).rounds)

    def _access(self, side: str | None = None) -> selectors.SectorBattleAccess:
        with _own_side_only():
            return selectors.access_sector_battle(self.request.user, self.kwargs["pk"],
                                                  side=side)

    @staticmethod
    def _ordering_side(access: selectors.SectorBattleAccess, asked: str | None) -> Side:
        """The side whose orders are read or given: `asked`, or the one side the user has."""
        with _own_side_only():
            access = access.as_side(asked)
        side = access.side
        if side is None or (asked is None and len(access.sides) > 1):
            raise ValidationError({"side": [_("Name the side: you command both.")]})
        return side

    def _orders_answer(self, battle: SectorBattle, side: Side, row: SideOrders | None):
        return Response(SideOrdersSerializer({
            "side": side.value,
            "round": row.round if row is not None else battle.round,
            "orders": row.orders if row is not None else {},
            "submitted_at": row.submitted_at if row is not None else None,
            "takes_orders": battle.takes_orders,
            "deadline": battle.deadline,
            "bill": stored_orders_bill(battle, side, row),
        }).data)

    @extend_schema(methods=["GET"], parameters=[OrdersQuerySerializer],
                   responses={200: SideOrdersSerializer, 400: BAD_INPUT, 403: NOT_YOUR_SIDE,
                              404: NOT_FOUND},
                   description=str(_("Your side's stored orders for the open round ({} when "
                                     "none are given yet). Never the other side's.")))
    @extend_schema(methods=["PUT"], request=OrdersSubmitSerializer,
                   responses={200: SideOrdersSerializer, 400: BAD_INPUT, 403: NOT_YOUR_SIDE,
                              404: NOT_FOUND, 409: ROUND_CLOSED},
                   description=str(_("Give your side's orders for the open round (they replace "
                                     "earlier ones). Round 0: {\"placements\": {\"<unit id>\": "
                                     "\"C3\"|\"reserve\"}, \"fortification\": \"C3\", "
                                     "\"directions\": {\"B2\": \"B3\"}}. Later rounds: "
                                     "{\"moves\": {\"<unit id>\": [\"C2\", \"C3\"]}, "
                                     "\"targets\": {\"<unit id>\": \"<enemy unit id>\"}, "
                                     "\"spells\": {\"<caster id>\": {\"spell\": \"fog\", "
                                     "\"sector\": \"C2\"}}, \"withdraw\": false}. Seed "
                                     "001's modules add `standing`, `ambushes` and `traps` "
                                     "(round 0), `standing`, `markers`, `scouts`, `artifacts`, "
                                     "`strike_scouts` and `reveal_first` (later rounds); "
                                     "under module command the answer's `bill` prices the orders. When both "
                                     "sides are in, the round closes and is resolved.")))
    @action(detail=True, methods=["get", "put"], pagination_class=None)
    def orders(self, request, pk=None):
        access = self._access()
        battle = access.battle
        if request.method == "GET":
            side = self._ordering_side(access, request.query_params.get("side"))
            return self._orders_answer(battle, side, selectors.side_orders(battle, side))
        body = OrdersSubmitSerializer(data=request.data, context={"round": battle.round})
        body.is_valid(raise_exception=True)
        side = self._ordering_side(access, body.validated_data.get("side"))
        try:
            row = services.orders_submit(battle=battle, side=side.value, user=request.user,
                                         data=body.validated_data["orders"])
        except NotPermitted as error:
            raise forbidden(error) from None
        except RuleViolation as error:
            raise violation_error(error, nested="orders", top_level=frozenset()) from None
        except services.RoundClosed:
            battle.refresh_from_db()
            raise RoundClosed(battle) from None
        battle.refresh_from_db()
        return self._orders_answer(battle, side, row)

    @extend_schema(request=OrdersSubmitSerializer,
                   responses={200: OrdersPreviewSerializer, 400: BAD_INPUT, 403: NOT_YOUR_SIDE,
                              404: NOT_FOUND, 409: ROUND_CLOSED},
                   description=str(_("Check orders for the open round without giving them: "
                                     "the rules' refusals as PUT would answer them (400), or "
                                     "what they would cost under module command and the "
                                     "points left.")))
    @action(detail=True, methods=["post"], url_path="orders/preview", pagination_class=None)
    def orders_preview(self, request, pk=None):
        access = self._access()
        battle = access.battle
        if not battle.takes_orders:
            raise RoundClosed(battle)
        body = OrdersSubmitSerializer(data=request.data, context={"round": battle.round})
        body.is_valid(raise_exception=True)
        side = self._ordering_side(access, body.validated_data.get("side"))
        data = body.validated_data["orders"]
        current = state_from_data(battle.state)
        try:
            adapters.side_orders(current, battle.round, side, data)
        except RuleViolation as error:
            raise violation_error(error, nested="orders", top_level=frozenset()) from None
        bill = adapters.orders_bill(current, battle.round, side, data)
        return Response(OrdersPreviewSerializer({"bill": bill}).data)
