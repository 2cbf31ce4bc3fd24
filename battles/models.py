"""Battle scenes: who fights where, under which sky, with which plans; their resolution (exactly
once, like kingdom turns) and the round-by-round report. An Offensive Gambit queues one right after
its kingdom turn; the GM sets up the others in the admin."""
from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from campaigns import models as campaign_models
from core.choices import enum_choices
from core.models import ClaimedModel
from core.payloads import Payload, VersionedJSONField, register, renaming
from rules.kingmaker.battle import setup as engine
from rules.sides import Side


class SceneStatus(models.TextChoices):
    QUEUED = "queued", _("queued")
    RESOLVING = "resolving", _("resolving")
    RESOLVED = "resolved", _("resolved")
    FAILED = "failed", _("failed")


# A scene's sides in its own words ("нападающие", "обороняющиеся": the Kingmaker sides are plural).
SIDE_LABELS = {Side.ATTACKER: _("attacker"), Side.DEFENDER: _("defender")}
SIDE_CHOICES = enum_choices(Side, SIDE_LABELS)


TERRAIN_LABELS = {
    engine.Terrain.OPEN: _("open ground"),
    engine.Terrain.DIFFICULT: _("difficult terrain (mountains, swamp, forest)"),
}
TERRAIN_CHOICES = enum_choices(engine.Terrain, TERRAIN_LABELS)

WIND_LABELS = {
    engine.Wind.CALM: _("calm"),
    engine.Wind.STRONG: _("strong wind"),
    engine.Wind.STORM: _("storm"),
}
WIND_CHOICES = enum_choices(engine.Wind, WIND_LABELS)

# The light's words are the campaign's (a kingdom turn has its light too).
LIGHT_LABELS, LIGHT_CHOICES = campaign_models.LIGHT_LABELS, campaign_models.LIGHT_CHOICES

FORTIFICATION_KIND_LABELS = {
    engine.FortificationKind.CASTLE: _("castle"),
    engine.FortificationKind.FORTRESS: _("fortress"),
    engine.FortificationKind.TOWER: _("tower"),
    engine.FortificationKind.TRENCH: _("trench"),
    engine.FortificationKind.STONE_WALL: _("stone wall"),
    engine.FortificationKind.WOODEN_WALL: _("wooden wall"),
}
FORTIFICATION_KIND_CHOICES = enum_choices(engine.FortificationKind, FORTIFICATION_KIND_LABELS)

PC_FIGHT_LABELS = {
    engine.PcFight.NONE: _("no fight of their own"),
    engine.PcFight.WON: _("the player characters won their fight"),
    engine.PcFight.LOST: _("the player characters lost, or the enemy escaped"),
}
PC_FIGHT_CHOICES = enum_choices(engine.PcFight, PC_FIGHT_LABELS)


class BattleScene(ClaimedModel):
    campaign = models.ForeignKey("campaigns.Campaign", on_delete=models.CASCADE,
                                 related_name="battle_scenes", verbose_name=_("campaign"))
    hex = models.CharField(_("hex"), max_length=20)
    attacker_kingdom = models.ForeignKey(
        "campaigns.Kingdom", on_delete=models.SET_NULL, null=True, blank=True,
        related_name="battles_attacking", verbose_name=_("attacking kingdom"),
        help_text=_("Blank: the attackers are no kingdom's (monsters): no unrest, fame or XP."))
    defender_kingdom = models.ForeignKey(
        "campaigns.Kingdom", on_delete=models.SET_NULL, null=True, blank=True,
        related_name="battles_defending", verbose_name=_("defending kingdom"),
        help_text=_("Blank: the defenders are no kingdom's (monsters): no unrest, fame or XP."))
    # The battlefield. A default is the engine's value itself, so a migration never imports the
    # engine.
    terrain = models.CharField(_("terrain"), max_length=12, choices=TERRAIN_CHOICES,
                               default=engine.Terrain.OPEN.value)
    water = models.BooleanField(_("swamp or water on the battlefield"), default=False)
    wind = models.CharField(_("wind"), max_length=12, choices=WIND_CHOICES,
                            default=engine.Wind.CALM.value)
    light = models.CharField(_("light"), max_length=12, choices=LIGHT_CHOICES,
                             default=engine.Light.BRIGHT.value)
    fortification = models.CharField(_("fortification"), max_length=20,
                                     choices=FORTIFICATION_KIND_CHOICES, blank=True, default="")
    fortification_side = models.CharField(_("fortification held by"), max_length=10,
                                          choices=SIDE_CHOICES, blank=True, default="")
    fortification_hp = models.PositiveSmallIntegerField(
        _("fortification HP"), null=True, blank=True,
        help_text=_("Blank: undamaged (its full HP)."))
    # The player characters: "+1 to all Morale checks" when present; their own fight shifts the
    # battle's result one step.
    attacker_pcs_present = models.BooleanField(_("player characters with the attackers"),
                                               default=False)
    defender_pcs_present = models.BooleanField(_("player characters with the defenders"),
                                               default=False)
    attacker_pc_fight = models.CharField(_("attackers' player characters' fight"), max_length=10,
                                         choices=PC_FIGHT_CHOICES,
                                         default=engine.PcFight.NONE.value)
    defender_pc_fight = models.CharField(_("defenders' player characters' fight"), max_length=10,
                                         choices=PC_FIGHT_CHOICES,
                                         default=engine.PcFight.NONE.value)
    max_rounds = models.PositiveSmallIntegerField(
        _("round limit"), default=20, validators=[MinValueValidator(1), MaxValueValidator(100)])
    # Offensive Gambit: "+2 circumstance to initiative" for the attackers on a success, "+4" for
    # the defenders on a critical failure.
    attacker_initiative = models.SmallIntegerField(_("attackers' initiative bonus"), default=0)
    defender_initiative = models.SmallIntegerField(_("defenders' initiative bonus"), default=0)
    gambit = models.OneToOneField("armies.ArmyActivity", on_delete=models.SET_NULL, null=True,
                                  blank=True, related_name="battle_scene",
                                  verbose_name=_("Offensive Gambit"))
    # Resolution (docs/concurrency.md): queued → (locked) → resolving → resolved or failed.
    status = models.CharField(_("status"), max_length=10, choices=SceneStatus.choices,
                              default=SceneStatus.QUEUED, db_index=True)
    # The scene's lock also closes its plans, which the GM reads here.
    locked_at = models.DateTimeField(
        _("locked"), null=True, blank=True,
        help_text=_("Sent for resolution: the plans can no longer change."))
    resolved_at = models.DateTimeField(_("resolved"), null=True, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("battle scene")
        verbose_name_plural = _("battle scenes")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(fortification="") | ~models.Q(fortification_side=""),
                name="scene_fortification_has_a_holder"),
        ]

    def __str__(self) -> str:
        return str(_("Battle in %(hex)s") % {"hex": self.hex})

    @property
    def takes_plans(self) -> bool:
        """Plans change until the scene is sent for resolution."""
        return self.status == SceneStatus.QUEUED and self.locked_at is None

    def kingdom_of(self, side: str):
        return self.attacker_kingdom if side == Side.ATTACKER else self.defender_kingdom


# battles.reports.BattleReportData and ArmySummary; the engine's BattleSetup as data
# (rules.data.to_data).
# Version 2: the sides are the engines' one Side; version 1 held the Kingmaker engine's own
# "attackers" / "defenders" (the setup's `attackers` and `defenders` keys name its fields).
# The keys under which a report or setup names a side, and version 1's words for the sides.
SIDE_KEYS = frozenset({"side", "winner"})
KINGMAKER_SIDE_WORDS = {"attackers": Side.ATTACKER.value, "defenders": Side.DEFENDER.value}
_ONE_SIDE = renaming(SIDE_KEYS, KINGMAKER_SIDE_WORDS)
BATTLE_REPORT = register(Payload("battle_report", 2, {1: _ONE_SIDE}))
BATTLE_SETUP = register(Payload("battle_setup", 2, {1: _ONE_SIDE}))
PARTICIPANT_SNAPSHOT = register(Payload("participant_snapshot"))


class BattleParticipant(models.Model):
    scene = models.ForeignKey(BattleScene, on_delete=models.CASCADE, related_name="participants",
                              verbose_name=_("battle scene"))
    army = models.ForeignKey("armies.Army", on_delete=models.CASCADE,
                             related_name="battle_participations", verbose_name=_("army"))
    side = models.CharField(_("side"), max_length=10, choices=SIDE_CHOICES)
    garrisoned = models.BooleanField(
        _("garrisoned"), default=False,
        help_text=_("In the fortification: fortified while it holds."))
    # Offensive Gambit critical success: the target "becomes shaken 1" as the battle begins.
    starts_shaken = models.PositiveSmallIntegerField(_("starts shaken"), default=0)
    plan = models.JSONField(
        _("battle plan"), default=dict, blank=True,
        help_text=_("Empty: the army's default plan. Keys: stance, targeting, target_army, "
                    "retreat_below, tactical_action, use_potions."))
    snapshot = VersionedJSONField(_("army at the start"), default=dict, blank=True,
                                  editable=False, payload=PARTICIPANT_SNAPSHOT)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("participant")
        verbose_name_plural = _("participants")
        ordering = ["scene", "side", "id"]
        constraints = [
            models.UniqueConstraint(fields=["scene", "army"], name="participant_once"),
        ]

    def __str__(self) -> str:
        return f"{self.army} ({self.get_side_display()})"


class BattleReport(models.Model):
    """What the battle did, round by round, with every roll. `outcome` holds it as data (see
    battles.reports); `inputs` the setup it was fought from (replays)."""

    scene = models.OneToOneField(BattleScene, on_delete=models.CASCADE, related_name="report",
                                 verbose_name=_("battle scene"))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    inputs = VersionedJSONField(_("inputs"), default=dict, payload=BATTLE_SETUP)
    outcome = VersionedJSONField(_("outcome"), default=dict, payload=BATTLE_REPORT)
    narration = models.TextField(_("narration"), blank=True, default="", db_default="", help_text=_(
        "The GM's words to the report's readers, shown above it (Markdown)."))

    class Meta:
        verbose_name = _("battle report")
        verbose_name_plural = _("battle reports")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return str(self.scene)


class Exploration(models.Model):
    """PCs exploring a hex with one of their kingdom's armies, as the GM records it (seed 003,
    "Исследование гексов"; rules.kingmaker.fog.exploration_encounter): the enemy armies met there
    and every Scouting check rolled (the failed ones too: this is the GM's record). A battle scene
    started from it is `scene`."""

    campaign = models.ForeignKey("campaigns.Campaign", on_delete=models.CASCADE,
                                 related_name="explorations", verbose_name=_("campaign"))
    army = models.ForeignKey("armies.Army", on_delete=models.SET_NULL, null=True,
                             related_name="explorations", verbose_name=_("army"),
                             help_text=_("The army the player characters travel with."))
    hex = models.CharField(_("hex"), max_length=20)
    light = models.CharField(_("light"), max_length=12, choices=LIGHT_CHOICES,
                             default=engine.Light.BRIGHT.value)
    seed = models.BigIntegerField(_("seed"), editable=False)
    # Ids of the enemy armies met, and the checks (rules.kingmaker.fog.ScoutingCheck as data).
    met = models.JSONField(_("armies met"), default=list, editable=False)
    checks = models.JSONField(_("Scouting checks"), default=list, editable=False)
    scene = models.ForeignKey(BattleScene, on_delete=models.SET_NULL, null=True, blank=True,
                              editable=False, related_name="explorations",
                              verbose_name=_("battle scene"))
    explored_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                    null=True, editable=False, related_name="+",
                                    verbose_name=_("recorded by"))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("exploration")
        verbose_name_plural = _("explorations")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return str(_("Exploration of %(hex)s") % {"hex": self.hex})


# Sector battles live in their own module; importing them here registers them with the app.
from battles.sector.models import (  # noqa: E402, F401
    SectorBattle,
    SectorCaster,
    SectorRound,
    SectorUnit,
    SideOrders,
    TemplateCard,
    TerrainCard,
    UnitCard,
)
from battles.sector.module_models import ArtifactCard, SectorTrap, SpellCard, TrapCard  # noqa: E402, F401
