"""Battle scenes, participants, plans, reports and odds as the API shows and takes them."""
from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from armies.activity_params import MAX_COUNT, StrictSerializer, choice, object_id
from armies.adapters import army_state
from armies.choices import WAR_ACTION_CHOICES
from armies.report_text import with_text
from battles.models import (
    KINGMAKER_SIDE_WORDS,
    SIDE_CHOICES,
    SIDE_KEYS,
    BattleParticipant,
    BattleReport,
    BattleScene,
)
from battles.selectors import may_plan, plan_shown, planning_kingdoms
from campaigns.api.serializers import blank_choice
from core.payloads import renaming
from rules.kingmaker.battle import setup as engine
from rules.kingmaker.battle.plans import tactical_actions

MAX_SEED = 2**62 - 1


class PlanSerializer(StrictSerializer):
    """A battle plan: an army's standing orders. Keys left out follow the army's default plan
    (advance on the weakest enemy; hold and shoot for an army without a melee Strike)."""

    stance = choice(engine.Stance, required=False, help_text=_(
        "advance: close in and strike; hold: stay and shoot, strike back if engaged; guard: "
        "stay, guard, hold the fortification."))
    targeting = choice(engine.Targeting, required=False, help_text=_(
        "weakest or strongest enemy (HP left), or army: the one named in target_army."))
    target_army = object_id(required=False, allow_null=True, help_text=_(
        "The enemy army's id, with targeting \"army\"."))
    retreat_below = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=MAX_COUNT,
        help_text=_("Retreat once the army's HP are at or below this."))
    tactical_action = serializers.ChoiceField(
        choices=WAR_ACTION_CHOICES, required=False, allow_null=True,
        help_text=_("A tactical war action the army's tactics grant, used whenever it can."))
    use_potions = serializers.BooleanField(required=False,
                                           help_text=_("Drink healing potions when hurt."))


class StandingPlanSerializer(StrictSerializer):
    plan = PlanSerializer(help_text=_("The army's standing battle plan ({}: its default plan)."))


class ParticipantChangeSerializer(StrictSerializer):
    plan = PlanSerializer(help_text=_("The whole plan: it replaces the stored one ({}: the "
                                      "army's default plan)."))


def _planning(serializer, scene: BattleScene):
    cache = serializer.context.setdefault("_planning", {})
    if scene.campaign_id not in cache:
        cache[scene.campaign_id] = planning_kingdoms(serializer.context["request"].user,
                                                     scene.campaign_id)
    return cache[scene.campaign_id]


class ParticipantSerializer(serializers.ModelSerializer):
    """An army in a battle scene. `plan` is null for another kingdom's army until the battle is
    fought (plans are secret)."""

    army_name = serializers.CharField(source="army.name", read_only=True)
    kingdom = serializers.IntegerField(source="army.kingdom_id", read_only=True)
    plan = serializers.SerializerMethodField()
    may_change_plan = serializers.SerializerMethodField()
    tactical_actions = serializers.SerializerMethodField()
    snapshot = serializers.JSONField(read_only=True, help_text=_(
        "The army as the battle began (empty until it is fought)."))

    class Meta:
        model = BattleParticipant
        fields = ["id", "scene", "army", "army_name", "kingdom", "side", "garrisoned",
                  "starts_shaken", "plan", "may_change_plan", "tactical_actions", "snapshot"]
        read_only_fields = fields

    @extend_schema_field(PlanSerializer(allow_null=True))
    def get_plan(self, participant: BattleParticipant) -> dict | None:
        if not plan_shown(participant, _planning(self, participant.scene)):
            return None
        return participant.plan

    def get_may_change_plan(self, participant: BattleParticipant) -> bool:
        return participant.scene.takes_plans and may_plan(participant,
                                                          _planning(self, participant.scene))

    @extend_schema_field(serializers.ListField(child=serializers.ChoiceField(
        choices=WAR_ACTION_CHOICES)))
    def get_tactical_actions(self, participant: BattleParticipant) -> list[str]:
        """The war actions a plan may name for this army."""
        if not may_plan(participant, _planning(self, participant.scene)):
            return []
        codes = dict(WAR_ACTION_CHOICES)
        return [code for code in tactical_actions(army_state(participant.army)) if code in codes]


class SceneSerializer(serializers.ModelSerializer):
    fortification = blank_choice(BattleScene, "fortification")
    fortification_side = blank_choice(BattleScene, "fortification_side")
    takes_plans = serializers.BooleanField(read_only=True, help_text=_(
        "Whether plans may still change (the scene is not yet sent for resolution)."))
    has_report = serializers.SerializerMethodField()
    participants = ParticipantSerializer(many=True, read_only=True)

    class Meta:
        model = BattleScene
        fields = ["id", "campaign", "hex", "status", "takes_plans", "attacker_kingdom",
                  "defender_kingdom", "terrain", "water", "wind", "light", "fortification",
                  "fortification_side", "fortification_hp", "attacker_pcs_present",
                  "defender_pcs_present", "attacker_pc_fight", "defender_pc_fight",
                  "attacker_initiative", "defender_initiative", "max_rounds", "created_at",
                  "locked_at", "resolved_at", "has_report", "participants"]
        read_only_fields = fields

    def get_has_report(self, scene: BattleScene) -> bool:
        return hasattr(scene, "report")


# The API answered a scene report's sides in the Kingmaker engine's own words before the engines
# shared one Side (stored reports were upgraded); its answers keep them.
_API_SIDE_WORDS = renaming(SIDE_KEYS, {side: word for word, side in KINGMAKER_SIDE_WORDS.items()})


class BattleReportSerializer(serializers.ModelSerializer):
    outcome = serializers.SerializerMethodField()

    class Meta:
        model = BattleReport
        fields = ["id", "scene", "created_at", "narration", "outcome"]
        read_only_fields = fields

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_outcome(self, report: BattleReport) -> dict:
        """Every round (positions, HP, conditions), action and roll, each side's result and each
        army's, with each event's `text` in the reader's language."""
        return with_text(_API_SIDE_WORDS(report.outcome))


class OddsQuerySerializer(serializers.Serializer):
    runs = serializers.IntegerField(
        min_value=1, max_value=settings.MUSTER_BATTLE_ODDS_MAX_RUNS, default=200,
        help_text=_("How many times to fight the battle."))
    seed = serializers.IntegerField(
        min_value=0, max_value=MAX_SEED, required=False,
        help_text=_("The same seed gives the same odds; blank: a random one."))


class SideOddsSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=SIDE_CHOICES)
    win = serializers.FloatField(help_text=_("The share of battles this side won."))
    routed = serializers.FloatField(help_text=_(
        "The share of battles in which its armies were routed (none left fighting)."))
    defeated = serializers.FloatField(help_text=_(
        "The share of battles in which every one of its armies was defeated."))


class ArmyOddsSerializer(serializers.Serializer):
    army = serializers.IntegerField()
    name = serializers.CharField()
    side = serializers.ChoiceField(choices=SIDE_CHOICES)
    expected_hp_lost = serializers.FloatField()


class OddsSerializer(serializers.Serializer):
    """The battle fought `runs` times with the plans you may read (the enemy's armies follow
    their default plans unless you are the GM)."""

    runs = serializers.IntegerField()
    seed = serializers.IntegerField()
    sides = SideOddsSerializer(many=True)
    armies = ArmyOddsSerializer(many=True)
