"""Sector battles as rows: the unit-card catalog and which card a campaign army fights as; a
battle's scenario (terrain cards, units, casters), its state between rounds, each side's orders
per round, and every resolved round (inputs, seed and log, for replays)."""
from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from battles.sector.validators import validate_bound
from core.choices import enum_choices
from core.models import ClaimedModel
from core.payloads import Payload, VersionedJSONField, register
from rules.cerilia.cards import SIGNS, Tag
from rules.cerilia.field import SECTORS
from rules.cerilia.modules import DEFAULT_WOUNDS, Role
from rules.cerilia.state import TERRAIN_LABELS, School, TerrainKind
from rules.sides import Side

CARD_TAG_LABELS = {
    Tag.MOUNTED: _("mounted"),
    Tag.INFANTRY: _("infantry"),
    Tag.IRREGULAR: _("irregular"),
    Tag.ARTILLERY: _("artillery"),
    Tag.SCOUT: _("scout"),
    Tag.ELVEN: _("elven"),
    Tag.DWARVEN: _("dwarven"),
    Tag.UNDEAD: _("undead"),
    Tag.FREE_MOVEMENT: _("free movement through all terrain"),
    Tag.INDEPENDENT: _("independent"),
}
CARD_TAG_CHOICES = enum_choices(Tag, CARD_TAG_LABELS)

# The engine's signs are plain codes (no enum): the labels follow its order.
MORALE_SIGN_LABELS = {"sun": _("sun"), "moon": _("moon"), "star": _("star")}
assert tuple(MORALE_SIGN_LABELS) == SIGNS, "every morale sign needs a label, in the engine's order"
MORALE_SIGN_CHOICES = list(MORALE_SIGN_LABELS.items())


class UnitCard(models.Model):
    """A war card: the shipped catalog (rules.cerilia.cards.CATALOG) and the GM's own."""

    code = models.SlugField(_("code"), max_length=40, unique=True)
    name = models.CharField(_("name"), max_length=80)
    melee = models.SmallIntegerField(_("melee"))
    charge = models.SmallIntegerField(_("charge"), null=True, blank=True,
                                      help_text=_("Blank: no charge."))
    missile = models.SmallIntegerField(_("missile"), null=True, blank=True,
                                       help_text=_("Blank: no missile attack."))
    missile_range = models.PositiveSmallIntegerField(
        _("missile range"), default=0, help_text=_("In sectors; 0 without a missile attack."))
    defense = models.SmallIntegerField(_("defense"))
    morale = models.JSONField(_("morale signs"), default=list,
                              help_text=_("One to three distinct signs: sun, moon, star."))
    movement = models.PositiveSmallIntegerField(_("movement points"), default=1)
    hits = models.PositiveSmallIntegerField(_("hits"), default=1,
                                            validators=[MinValueValidator(1)])
    tags = models.JSONField(_("tags"), default=list, blank=True)
    night_bonus = models.SmallIntegerField(_("bonus to attacks at night"), default=0)
    # Module "magic dice" (seed 002, rules.cerilia.ranks): the hits are the unit's models, each
    # with `wounds`; a command group among them; the bound spells its models carry.
    wounds = models.PositiveSmallIntegerField(
        _("wounds per model"), default=1, validators=[MinValueValidator(1)],
        help_text=_("Module magic dice: each hit is a model with this many wounds."))
    champion = models.BooleanField(_("champion"), default=False)
    standard = models.BooleanField(_("standard bearer"), default=False)
    musician = models.BooleanField(_("musician"), default=False)
    bound = models.JSONField(
        _("bound spells"), default=list, blank=True,
        validators=[validate_bound],
        help_text=_("Module magic dice: [{\"spell\": \"fog\", \"power\": \"5/9\"}, …]."))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("unit card")
        verbose_name_plural = _("unit cards")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class TemplateCard(models.Model):
    """Which card an army of this type or special army fights as in a sector battle."""

    template = models.OneToOneField("armies.ArmyTemplate", on_delete=models.CASCADE,
                                    related_name="sector_card",
                                    verbose_name=_("army type or special army"))
    card = models.ForeignKey(UnitCard, on_delete=models.PROTECT, related_name="templates",
                             verbose_name=_("unit card"))

    class Meta:
        verbose_name = _("card of an army type")
        verbose_name_plural = _("cards of army types")

    def __str__(self) -> str:
        return f"{self.template} → {self.card}"


class BattleStatus(models.TextChoices):
    SETUP = "setup", _("being set up")
    OPEN = "open", _("taking orders")
    RESOLVING = "resolving", _("resolving")
    FINISHED = "finished", _("finished")
    FAILED = "failed", _("failed")


# Its own words: the Kingmaker scenes' "attacker" is a plural side ("нападающие").
SECTOR_SIDE_LABELS = {Side.ATTACKER: pgettext_lazy("sector battle side", "attacker"),
                      Side.DEFENDER: pgettext_lazy("sector battle side", "defender")}
SECTOR_SIDE_CHOICES = enum_choices(Side, SECTOR_SIDE_LABELS)


SECTOR_CHOICES = [(s, s) for s in SECTORS]


# The engine's BattleState (rules.cerilia.state.state_data) and BattleResult as data; a side's
# orders as submitted (battles.sector.order_schema.SideOrdersData); a round's orders as the
# engine read them (battles.sector.adapters.RoundOrdersData). A round's events and rolls are
# lists, which cannot carry the version key: a new shape of them needs a versioned home first.
SECTOR_STATE = register(Payload("sector_state"))
SECTOR_RESULT = register(Payload("sector_result"))
SIDE_ORDERS = register(Payload("sector_side_orders"))
ROUND_ORDERS = register(Payload("sector_round_orders"))


class SectorBattle(ClaimedModel):
    campaign = models.ForeignKey("campaigns.Campaign", on_delete=models.CASCADE,
                                 related_name="sector_battles", verbose_name=_("campaign"))
    name = models.CharField(_("name"), max_length=120)
    hex = models.CharField(_("hex"), max_length=20, blank=True)
    gambit = models.OneToOneField("armies.ArmyActivity", on_delete=models.SET_NULL, null=True,
                                  blank=True, related_name="sector_battle",
                                  verbose_name=_("Offensive Gambit"))
    attacker_kingdom = models.ForeignKey(
        "campaigns.Kingdom", on_delete=models.SET_NULL, null=True, blank=True,
        related_name="sector_battles_attacking", verbose_name=_("attacking kingdom"),
        help_text=_("Blank: the GM gives the attacker's orders."))
    defender_kingdom = models.ForeignKey(
        "campaigns.Kingdom", on_delete=models.SET_NULL, null=True, blank=True,
        related_name="sector_battles_defending", verbose_name=_("defending kingdom"),
        help_text=_("Blank: the GM gives the defender's orders."))
    cells_per_sector = models.PositiveSmallIntegerField(
        _("cells per sector"), default=1, validators=[MinValueValidator(1), MaxValueValidator(6)],
        help_text=_("How many units of one side stand abreast in a sector's front line."))
    fortification_level = models.PositiveSmallIntegerField(
        _("fortification level"), default=0, validators=[MaxValueValidator(10)],
        help_text=_("0: no fortification. Otherwise the defender places it in phase 0."))
    max_rounds = models.PositiveSmallIntegerField(
        _("round limit"), default=12, validators=[MinValueValidator(1), MaxValueValidator(50)])
    retreat_into_reserve = models.BooleanField(
        _("units fall back into their reserve"), default=True,
        help_text=_("Off: a unit falling back from its own line leaves the field and is "
                    "destroyed."))
    night = models.BooleanField(_("fought at night"), default=False)
    # Seed 001's modules, the GM's choice per battle (reference/sector-modules.md: "a new
    # scenario starts with all of them on"); battles stored before them have them off
    # (migration 0008), so they replay unchanged.
    module_command = models.BooleanField(
        _("module: command"), default=True,
        help_text=_("Orders cost the general's command points or a hero's will points; "
                    "independent warriors follow two standing orders."))
    module_ambush = models.BooleanField(
        _("module: ambushes and traps"), default=True,
        help_text=_("Units may hide in forests and ravines; sides lay the scenario's traps."))
    module_scouting = models.BooleanField(
        _("module: scouting"), default=True,
        help_text=_("Units in a forest or ravine may scout it for ambushes."))
    module_artifacts = models.BooleanField(
        _("module: artifacts"), default=True,
        help_text=_("Characters use the artifacts they carry."))
    # Seed 002's module, on for a new battle, off for those stored before it (migration 0012).
    module_magic_dice = models.BooleanField(
        _("module: magic dice"), default=True,
        help_text=_("The magic phase with a dice pool: spells cast on power dice against their "
                    "casting values, dispels, bound spells, magical moves, units of models."))
    power_dice = models.PositiveSmallIntegerField(
        _("power dice"), null=True, blank=True, validators=[MaxValueValidator(12)],
        help_text=_("Module magic dice: a fixed pool of power dice each magic phase. Blank: "
                    "rolled (2d6)."))
    dispel_dice = models.PositiveSmallIntegerField(
        _("dispel dice"), null=True, blank=True, validators=[MaxValueValidator(12)],
        help_text=_("Module magic dice: a fixed pool of dispel dice each magic phase. Blank: "
                    "rolled (the higher die of the 2d6)."))
    # Module "magic dice": this battle's own casting values (spell → value), over the spell
    # catalog's; set through services.battle_casting_values_set, read as the battle starts.
    casting_values = models.JSONField(
        _("casting values"), default=dict, blank=True,
        help_text=_("Module magic dice: this battle's own casting values. Blank: the spell "
                    "catalog's."))
    round_hours = models.PositiveSmallIntegerField(
        _("hours per round"), default=24, validators=[MinValueValidator(1)],
        help_text=_("Each round's deadline for orders, from when it opens."))
    # The game between rounds: rules.cerilia.state.state_data of the current state.
    state = VersionedJSONField(_("state"), default=dict, blank=True, editable=False,
                               payload=SECTOR_STATE)
    round = models.PositiveSmallIntegerField(_("round"), default=0,
                                             help_text=_("0: deployment (phase 0)."))
    deadline = models.DateTimeField(_("deadline for orders"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=BattleStatus.choices,
                              default=BattleStatus.SETUP, db_index=True)
    winner = models.CharField(_("field held by"), max_length=10, choices=SECTOR_SIDE_CHOICES,
                              blank=True, default="")
    result = VersionedJSONField(_("aftermath"), default=dict, blank=True, editable=False,
                                payload=SECTOR_RESULT)
    # Resolution, round by round (docs/concurrency.md): open → (locked) → resolving → open | ...
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    history = HistoricalRecords(excluded_fields=["state"])

    class Meta:
        verbose_name = _("sector battle")
        verbose_name_plural = _("sector battles")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name

    @property
    def takes_orders(self) -> bool:
        return self.status == BattleStatus.OPEN and self.locked_at is None

    def kingdom_of(self, side: str):
        return self.attacker_kingdom if side == Side.ATTACKER else self.defender_kingdom


# The engine names its terrain (msgids); the fortification is no card a scenario places: the
# defender places it in phase 0.
TERRAIN_KIND_LABELS = {kind: gettext_lazy(label) for kind, label in TERRAIN_LABELS.items()}
TERRAIN_KIND_CHOICES = enum_choices(TerrainKind, TERRAIN_KIND_LABELS,
                                    omit=(TerrainKind.FORTIFICATION,))


class TerrainCard(models.Model):
    """A terrain card the scenario places (the fortification is the defender's, in phase 0)."""

    battle = models.ForeignKey(SectorBattle, on_delete=models.CASCADE, related_name="terrain",
                               verbose_name=_("sector battle"))
    kind = models.CharField(_("terrain"), max_length=12, choices=TERRAIN_KIND_CHOICES)
    sector = models.CharField(_("sector"), max_length=2, choices=SECTOR_CHOICES)
    toward = models.CharField(
        _("cuts off the way to"), max_length=2, choices=SECTOR_CHOICES, blank=True, default="",
        help_text=_("Cliffs and river: the neighbouring sector they cut off. Blank: the "
                    "defender names it in phase 0."))

    class Meta:
        verbose_name = _("terrain card")
        verbose_name_plural = _("terrain cards")
        constraints = [models.UniqueConstraint(fields=["battle", "sector"],
                                               name="one_terrain_card_per_sector")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.sector}"


class SectorUnit(models.Model):
    battle = models.ForeignKey(SectorBattle, on_delete=models.CASCADE, related_name="units",
                               verbose_name=_("sector battle"))
    side = models.CharField(_("side"), max_length=10, choices=SECTOR_SIDE_CHOICES)
    card = models.ForeignKey(UnitCard, on_delete=models.PROTECT, related_name="units",
                             verbose_name=_("unit card"))
    name = models.CharField(_("name"), max_length=120)
    army = models.ForeignKey("armies.Army", on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="sector_units", verbose_name=_("army"),
                             help_text=_("The campaign army it stands for, if any."))

    class Meta:
        verbose_name = _("unit")
        verbose_name_plural = _("units")
        ordering = ["battle", "side", "id"]

    def __str__(self) -> str:
        return self.name


SCHOOL_LABELS = {School.WIZARD: _("wizard"), School.PRIEST: _("priest")}
SCHOOL_CHOICES = enum_choices(School, SCHOOL_LABELS)


# A character's roles beyond its school's (a wizard or priest is one by its school).
ROLE_LABELS = {Role.GENERAL: _("general"), Role.HERO: _("hero")}
ROLE_CHOICES = enum_choices(Role, ROLE_LABELS, omit=(Role.WIZARD, Role.PRIEST))


class SectorCaster(models.Model):
    """A character of one side (reference/sector-modules.md, "Characters"): a wizard or priest
    by its school, a general or hero by its roles, standing with a unit or in the reserve."""

    battle = models.ForeignKey(SectorBattle, on_delete=models.CASCADE, related_name="casters",
                               verbose_name=_("sector battle"))
    side = models.CharField(_("side"), max_length=10, choices=SECTOR_SIDE_CHOICES)
    name = models.CharField(_("name"), max_length=120)
    school = models.CharField(_("school"), max_length=10, choices=SCHOOL_CHOICES, blank=True,
                              default="", help_text=_("Blank: no spells (a general or hero)."))
    unit = models.ForeignKey(SectorUnit, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="casters", verbose_name=_("stands with"),
                             help_text=_("Blank: in the side's reserve."))
    spells = models.JSONField(_("spells"), default=list, blank=True,
                              help_text=_("Empty: every spell of the school."))
    roles = models.JSONField(_("roles"), default=list, blank=True,
                             help_text=_("General, hero, or both."))
    wounds = models.PositiveSmallIntegerField(_("wounds"), default=DEFAULT_WOUNDS,
                                              validators=[MinValueValidator(1)])
    # Seed 002: healing «не может поднять значение ран выше его стартового показателя»; a
    # character may come into the battle already wounded (wounds 1 of 3).
    full_wounds = models.PositiveSmallIntegerField(
        _("full wounds"), null=True, blank=True, validators=[MinValueValidator(1)],
        help_text=_("Its wounds unhurt, which healing never exceeds; its wounds above are what "
                    "it has left as the battle starts. Blank: the same (it starts unhurt)."))
    command = models.PositiveSmallIntegerField(
        _("command points"), null=True, blank=True,
        help_text=_("A general's command points per round. Blank: the default (3)."))
    will = models.PositiveSmallIntegerField(
        _("will points"), null=True, blank=True,
        help_text=_("A hero's will points for the battle. Blank: the default (2)."))
    carries = models.ManyToManyField("battles.ArtifactCard", blank=True, related_name="bearers",
                                     verbose_name=_("carries"),
                                     help_text=_("Artifacts of the army book."))
    bound = models.JSONField(
        _("bound spells"), default=list, blank=True,
        validators=[validate_bound],
        help_text=_("Module magic dice: [{\"spell\": \"fog\", \"power\": \"5/9\"}, …]."))

    class Meta:
        verbose_name = _("character")
        verbose_name_plural = _("characters")
        ordering = ["battle", "side", "id"]

    def __str__(self) -> str:
        return self.name


class SideOrders(models.Model):
    """One side's orders for one round (its deployment in round 0); never shown to the other."""

    battle = models.ForeignKey(SectorBattle, on_delete=models.CASCADE, related_name="orders",
                               verbose_name=_("sector battle"))
    round = models.PositiveSmallIntegerField(_("round"))
    side = models.CharField(_("side"), max_length=10, choices=SECTOR_SIDE_CHOICES)
    orders = VersionedJSONField(_("orders"), default=dict, payload=SIDE_ORDERS)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                     null=True, blank=True, related_name="+",
                                     verbose_name=_("submitted by"))
    submitted_at = models.DateTimeField(_("submitted"), auto_now=True)

    class Meta:
        verbose_name = _("side's orders")
        verbose_name_plural = _("sides' orders")
        constraints = [models.UniqueConstraint(fields=["battle", "round", "side"],
                                               name="one_orders_per_side_and_round")]

    def __str__(self) -> str:
        return f"{self.battle}: {self.get_side_display()}, {self.round}"


class SectorRound(models.Model):
    """A resolved round: what it was resolved from and what it did, for reports and replays."""

    battle = models.ForeignKey(SectorBattle, on_delete=models.CASCADE, related_name="rounds",
                               verbose_name=_("sector battle"))
    number = models.PositiveSmallIntegerField(_("round"))
    seed = models.BigIntegerField(_("seed"))
    state_before = VersionedJSONField(_("state before"), payload=SECTOR_STATE)
    orders = VersionedJSONField(_("orders"), payload=ROUND_ORDERS)
    state_after = VersionedJSONField(_("state after"), payload=SECTOR_STATE)
    initiative = models.CharField(_("initiative"), max_length=10, blank=True)
    events = models.JSONField(_("events"), default=list)
    rolls = models.JSONField(_("rolls"), default=list)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("resolved round")
        verbose_name_plural = _("resolved rounds")
        ordering = ["battle", "number"]
        constraints = [models.UniqueConstraint(fields=["battle", "number"],
                                               name="one_record_per_round")]

    def __str__(self) -> str:
        return f"{self.battle}: {self.number}"
