"""The API's shapes of seed 001's and 002's modules: what a side's orders cost and the points
left (module "command"), and the side's own supply — traps to lay, artifacts to use, bound
spells to cast (modules "ambush", "artifacts", "magic dice")."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers


class BillSerializer(serializers.Serializer):
    """Module "command": what the side's orders cost this round and the points left (seed
    001: orders cost the general's КН or a hero's ЗС; replacing a standing order costs 2)."""

    prices = serializers.DictField(child=serializers.IntegerField(), help_text=_(
        "The field of each order that costs points (e.g. `moves.<unit id>`) → its price."))
    total = serializers.IntegerField(help_text=_("The price of all the orders."))
    command = serializers.IntegerField(help_text=_("Command points the general spends."))
    command_left = serializers.IntegerField(help_text=_("Command points left this round."))
    will = serializers.DictField(child=serializers.IntegerField(), help_text=_(
        "Hero id → the will points it spends."))
    will_left = serializers.DictField(child=serializers.IntegerField(), help_text=_(
        "Hero id → the will points it has left for the battle after these orders."))
    unpaid = serializers.ListField(child=serializers.CharField(), help_text=_(
        "The orders no one can pay for: the rules refuse them."))


class TrapSupplySerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    attack = serializers.IntegerField()


class CarriedArtifactSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    effect = serializers.CharField()
    uses = serializers.IntegerField(help_text=_("Uses left in this battle."))
    spell = serializers.CharField(allow_null=True)
    power = serializers.CharField(allow_null=True)
    bearer = serializers.CharField(help_text=_("The id of the character carrying it."))


class BoundSpellSupplySerializer(serializers.Serializer):
    holder = serializers.CharField(help_text=_("The id of the unit or character carrying it."))
    index = serializers.IntegerField(help_text=_("Its index among the holder's bound spells "
                                                 "(what `bound.<i>.index` names)."))
    spell = serializers.CharField()
    power = serializers.CharField(help_text=_("Its power level \"x/y\": the dispel target on "
                                              "2 dice, then on 3."))


class SupplySerializer(serializers.Serializer):
    """The side's own traps to lay and artifacts to use (seed 001), and the bound spells its
    units and characters carry (seed 002, module magic dice)."""

    traps = TrapSupplySerializer(many=True)
    artifacts = CarriedArtifactSerializer(many=True)
    bound = BoundSpellSupplySerializer(many=True)


class BoundSpellSerializer(serializers.Serializer):
    spell = serializers.CharField()
    power = serializers.CharField(help_text=_("Its power level \"x/y\"."))
