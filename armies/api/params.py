"""The `params` each army activity takes, as DRF serializers: types, choices, required fields.

They check the shape of an order only; whether it may go ahead (the army's hex, the kingdom's RP,
its tactics...) is the rules engine's call, through armies.services. The field names and defaults
are those of armies.orders.PARAM_FIELDS (tests/api/test_api_activities.py checks they agree).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from armies.choices import TACTIC_CHOICES, ActivityKind, GearKind, Tier, WeaponKind
from armies.orders import PARAM_FIELDS
from rules.kingmaker import activities as act

MAX_ID = 2**63 - 1
MAX_COUNT = 1000


def _no_surrogates(value: str) -> None:
    # A lone surrogate cannot be stored as UTF-8 (PostgreSQL refuses it): answer 400, not 500.
    if any("\ud800" <= char <= "\udfff" for char in value):
        raise serializers.ValidationError(_("Remove the invalid characters."))


def text(max_length: int, **kwargs) -> serializers.CharField:
    return serializers.CharField(max_length=max_length, validators=[_no_surrogates], **kwargs)


def object_id(**kwargs) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=1, max_value=MAX_ID, **kwargs)


def choice(enum, **kwargs) -> serializers.ChoiceField:
    return serializers.ChoiceField(choices=[member.value for member in enum], **kwargs)


def _default(kind: act.ActivityKind, name: str) -> Any:
    return PARAM_FIELDS[kind][name]


class StrictSerializer(serializers.Serializer):
    # Refuses keys it does not know (a misspelt parameter must not pass silently).

    default_error_messages = {"unknown": _("Unknown field.")}

    def to_internal_value(self, data):
        unknown = {}
        if isinstance(data, Mapping):
            unknown = {str(key): [self.error_messages["unknown"]] for key in data
                       if key not in self.fields or self.fields[key].read_only}
        try:
            value = super().to_internal_value(data)
        except serializers.ValidationError as error:
            if unknown and isinstance(error.detail, dict):
                raise serializers.ValidationError({**unknown, **error.detail}) from None
            raise
        if unknown:
            raise serializers.ValidationError(unknown)
        return value


_K = act.ActivityKind
_TACTICS = TACTIC_CHOICES
_RECOVER_SKILLS = sorted({skill for skills in act.RECOVER_SKILLS.values() for skill in skills})


class RecruitArmyParamsSerializer(StrictSerializer):
    """Recruit Army (a leadership activity: no army)."""

    template = object_id(help_text=_("The army template's id."))
    name = text(120)
    hex = text(20, help_text=_("A hex with one of the kingdom's settlements, e.g. C4."))
    tactics = serializers.ListField(child=serializers.ChoiceField(choices=_TACTICS),
                                    max_length=20, default=list)
    faction = object_id(allow_null=True, default=_default(_K.RECRUIT_ARMY, "faction"),
                        help_text=_("The faction that offers a special army."))


class WarfareExercisesParamsSerializer(StrictSerializer):
    """Warfare Exercises (a leadership activity: no army; no parameters)."""


class TrainArmyParamsSerializer(StrictSerializer):
    """Train Army: learn a tactic."""

    tactic = serializers.ChoiceField(choices=_TACTICS)
    skill = serializers.ChoiceField(choices=list(act.TRAIN_SKILLS),
                                    default=_default(_K.TRAIN_ARMY, "skill"))
    replaces = serializers.ChoiceField(choices=_TACTICS, allow_null=True,
                                       default=_default(_K.TRAIN_ARMY, "replaces"),
                                       help_text=_("The tactic the new one replaces, when the "
                                                   "army knows its maximum already."))


class OutfitArmyParamsSerializer(StrictSerializer):
    """Outfit Army: buy gear."""

    gear = serializers.ChoiceField(choices=GearKind.values)
    tier = serializers.ChoiceField(choices=Tier.values, allow_null=True,
                                   default=_default(_K.OUTFIT_ARMY, "tier"))
    weapon = serializers.ChoiceField(choices=WeaponKind.values, allow_null=True,
                                     default=_default(_K.OUTFIT_ARMY, "weapon"))
    doses = serializers.IntegerField(min_value=0, max_value=MAX_COUNT,
                                     default=_default(_K.OUTFIT_ARMY, "doses"))
    captured = serializers.BooleanField(default=_default(_K.OUTFIT_ARMY, "captured"),
                                        help_text=_("Gear captured in battle (the GM only)."))


class DeployArmyParamsSerializer(StrictSerializer):
    """Deploy Army: move to a hex."""

    destination = text(20, help_text=_("The hex to deploy to, e.g. D7."))
    skill = serializers.ChoiceField(choices=list(act.DEPLOY_SKILLS),
                                    default=_default(_K.DEPLOY_ARMY, "skill"))
    border = choice(act.Border, default=_default(_K.DEPLOY_ARMY, "border"))
    road = serializers.BooleanField(default=_default(_K.DEPLOY_ARMY, "road"))
    forced_march = serializers.BooleanField(default=_default(_K.DEPLOY_ARMY, "forced_march"))
    difficult_hexes = serializers.IntegerField(min_value=0, max_value=MAX_COUNT,
                                               default=_default(_K.DEPLOY_ARMY, "difficult_hexes"))


class RecoverArmyParamsSerializer(StrictSerializer):
    """Recover Army from an affliction."""

    affliction = choice(act.Affliction)
    skill = serializers.ChoiceField(choices=_RECOVER_SKILLS)


class DisbandArmyParamsSerializer(StrictSerializer):
    """Disband Army, passing its gear on or losing it."""

    gear_to = object_id(allow_null=True, default=_default(_K.DISBAND_ARMY, "gear_to"),
                        help_text=_("The army of the kingdom that takes this army's gear."))


class GarrisonArmyParamsSerializer(StrictSerializer):
    """Garrison Army at a refuge, settlement or work site."""

    site = choice(act.Site)
    territory = choice(act.Territory, default=_default(_K.GARRISON_ARMY, "territory"))


class OffensiveGambitParamsSerializer(StrictSerializer):
    """Offensive Gambit against an enemy army in the same hex."""

    target = object_id(help_text=_("The enemy army's id."))
    approach = choice(act.Approach, default=_default(_K.OFFENSIVE_GAMBIT, "approach"))


PARAMS_SERIALIZERS: Mapping[str, type[StrictSerializer]] = {
    ActivityKind.RECRUIT_ARMY: RecruitArmyParamsSerializer,
    ActivityKind.WARFARE_EXERCISES: WarfareExercisesParamsSerializer,
    ActivityKind.TRAIN_ARMY: TrainArmyParamsSerializer,
    ActivityKind.OUTFIT_ARMY: OutfitArmyParamsSerializer,
    ActivityKind.DEPLOY_ARMY: DeployArmyParamsSerializer,
    ActivityKind.RECOVER_ARMY: RecoverArmyParamsSerializer,
    ActivityKind.DISBAND_ARMY: DisbandArmyParamsSerializer,
    ActivityKind.GARRISON_ARMY: GarrisonArmyParamsSerializer,
    ActivityKind.OFFENSIVE_GAMBIT: OffensiveGambitParamsSerializer,
}


def validated_params(kind: str, params: Any) -> dict[str, Any]:
    """The params for an activity of `kind`, with the defaults filled in; raises a
    ValidationError keyed by parameter."""
    serializer = PARAMS_SERIALIZERS[kind](data=params)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


# Which kind takes which params is said by `kind`; the schema lists every shape (see
# armies.api.schema, which makes it an anyOf of closed objects).
PARAMS_SCHEMA = PolymorphicProxySerializer(
    component_name="ActivityParams",
    serializers=list(PARAMS_SERIALIZERS.values()),
    resource_type_field_name=None,
)


@extend_schema_field(PARAMS_SCHEMA)
class ParamsField(serializers.JSONField):
    """An activity's parameters: a JSON object whose keys depend on the activity's kind."""

    default_error_messages = {"not_an_object": _("Give the parameters as a JSON object.")}

    def to_internal_value(self, data):
        if not isinstance(data, Mapping):
            self.fail("not_an_object")
        return super().to_internal_value(data)
