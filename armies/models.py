"""Armies, the templates they are raised from, and their tactics, gear and conditions."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from armies.acting import history_user
from armies.choices import (
    ACTIVITY_KIND_CHOICES,
    ARMY_TYPE_CHOICES,
    CONDITION_CHOICES,
    GARRISONED_CHOICES,
    GEAR_KIND_CHOICES,
    SAVE_CHOICES,
    TACTIC_CHOICES,
    TIER_CHOICES,
    WEAPON_KIND_CHOICES,
    ActivityStatus,
    ArmyStatus,
)
from core.payloads import Payload, VersionedJSONField, register
from rules.kingmaker.gear import GearKind, Tier
from rules.kingmaker.levels import MAX_LEVEL, MIN_LEVEL
from rules.kingmaker.tactics import TACTICS

_LEVEL = [MinValueValidator(MIN_LEVEL), MaxValueValidator(MAX_LEVEL)]


def validate_tactic_codes(value) -> None:
    if not isinstance(value, list) or any(code not in TACTICS for code in value):
        raise ValidationError(_("List tactic codes from the catalog, e.g. [\"darkvision\"]."))


# The largest id a row of these apps can have (their ids are BigAutoFields): the bound of an id
# an order or a request gives.
MAX_ID = 2**63 - 1


class ArmyTemplate(models.Model):
    """A stat block at its minimum level: a regular army type or a special army the GM enters
    (values as printed; the adjustments in parentheses follow from them)."""

    name = models.CharField(_("name"), max_length=120, unique=True)
    army_type = models.CharField(_("army type"), max_length=20, choices=ARMY_TYPE_CHOICES)
    level = models.PositiveSmallIntegerField(_("minimum level"), validators=_LEVEL)
    special = models.BooleanField(_("special army"), default=True)
    high_save = models.CharField(_("high save"), max_length=10, choices=SAVE_CHOICES, blank=True,
                                 help_text=_("Blank: the army type's usual high save."))
    scouting = models.IntegerField(_("Scouting"))
    recruitment_dc = models.PositiveSmallIntegerField(
        _("recruitment DC"), null=True, blank=True,
        help_text=_("Blank: the army cannot be recruited (an enemy army)."))
    consumption = models.SmallIntegerField(_("consumption"), null=True, blank=True)
    ac = models.PositiveSmallIntegerField(_("AC"))
    maneuver = models.IntegerField(_("Maneuver"))
    morale = models.IntegerField(_("Morale"))
    hp = models.PositiveSmallIntegerField(_("HP"), validators=[MinValueValidator(1)])
    routing_threshold = models.PositiveSmallIntegerField(
        _("routing threshold"), null=True, blank=True,
        help_text=_("Blank: the army never routs from damage."))
    melee_name = models.CharField(_("melee strike"), max_length=80, blank=True)
    melee_attack = models.SmallIntegerField(_("melee attack"), null=True, blank=True)
    ranged_name = models.CharField(_("ranged strike"), max_length=80, blank=True)
    ranged_attack = models.SmallIntegerField(_("ranged attack"), null=True, blank=True)
    tactics = models.JSONField(_("tactics"), default=list, blank=True,
                               validators=[validate_tactic_codes])
    free_tactics = models.JSONField(
        _("free tactics"), default=list, blank=True, validators=[validate_tactic_codes],
        help_text=_("Tactics that do not count against the maximum (e.g. darkvision)."))
    rarity = models.CharField(_("rarity"), max_length=20, default="common")
    alignment = models.CharField(_("alignment"), max_length=20, default="any")
    description = models.TextField(_("description"), blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("army template")
        verbose_name_plural = _("army templates")
        ordering = ["special", "level", "name"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        errors = {}
        for kind in ("melee", "ranged"):
            if bool(getattr(self, f"{kind}_name")) != (getattr(self, f"{kind}_attack") is not None):
                errors[f"{kind}_attack"] = _("Give both the strike's name and its attack, or neither.")
        if not self.melee_name and not self.ranged_name:
            errors["melee_name"] = _("An army has a melee strike, a ranged strike or both.")
        if self.routing_threshold is not None and self.hp and self.routing_threshold >= self.hp:
            errors["routing_threshold"] = _("The routing threshold must be below the army's HP.")
        if isinstance(self.free_tactics, list) and isinstance(self.tactics, list) and \
                not set(self.free_tactics) <= set(self.tactics):
            errors["free_tactics"] = _("Free tactics must be among the army's tactics.")
        if errors:
            raise ValidationError(errors)


# armies.history.Snapshot; turns.reports.ActivityResultData.
ARMY_CHILDREN = register(Payload("army_children"))
ACTIVITY_RESULT = register(Payload("activity_result"))


class ArmyHistory(models.Model):
    """The extra column of the army's history rows (armies.history explains the choice)."""

    children = VersionedJSONField(_("tactics, gear and conditions"), null=True, blank=True,
                                  payload=ARMY_CHILDREN)

    class Meta:
        abstract = True


class Army(models.Model):
    kingdom = models.ForeignKey("campaigns.Kingdom", on_delete=models.CASCADE,
                                related_name="armies", verbose_name=_("kingdom"))
    template = models.ForeignKey(ArmyTemplate, on_delete=models.PROTECT, related_name="armies",
                                 verbose_name=_("army type or special army"))
    faction = models.ForeignKey("campaigns.Faction", on_delete=models.SET_NULL, null=True,
                                blank=True, related_name="armies",
                                verbose_name=_("recruited from faction"))
    name = models.CharField(_("name"), max_length=120)
    hp = models.PositiveSmallIntegerField(_("HP"))
    hex = models.CharField(_("hex"), max_length=20)
    status = models.CharField(_("status"), max_length=12, choices=ArmyStatus.choices,
                              default=ArmyStatus.ACTIVE)
    recruited_at = models.DateTimeField(_("recruited"), auto_now_add=True)
    garrisoned = models.CharField(_("garrisoned"), max_length=20, choices=GARRISONED_CHOICES,
                                  blank=True, default="")
    garrison_relief = models.BooleanField(
        _("garrison eats less"), default=False,
        help_text=_("Garrison Army critical success: consumption 2 lower (minimum 1)."))
    battle_plan = models.JSONField(
        _("standing battle plan"), default=dict, blank=True,
        help_text=_("The plan the army fights with in a battle an Offensive Gambit starts "
                    "(empty: its default plan)."))
    garrison_bans = models.JSONField(
        _("garrison bans"), default=list, blank=True,
        help_text=_("[hex, last turn] pairs where a critically failed garrison may not return."))
    history = HistoricalRecords(bases=[ArmyHistory], get_user=history_user)

    _change_reason: str   # read by HistoricalRecords on save: why the row changed

    if TYPE_CHECKING:  # HistoricalRecords adds it to the class
        def save_without_historical_record(self, *args: Any, **kwargs: Any) -> None: ...

    class Meta:
        verbose_name = _("army")
        verbose_name_plural = _("armies")
        ordering = ["kingdom", "name"]
        constraints = [
            models.UniqueConstraint(fields=["kingdom", "name"],
                                    condition=models.Q(status="active"),
                                    name="army_unique_active_name"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def level(self) -> int:
        """Seed 003: "Когда ваше королевство повышает свой уровень, уровень повышают и все войска"."""
        return self.kingdom.level


class ArmyTactic(models.Model):
    army = models.ForeignKey(Army, on_delete=models.CASCADE, related_name="tactics",
                             verbose_name=_("army"))
    tactic = models.CharField(_("tactic"), max_length=40, choices=TACTIC_CHOICES)
    position = models.PositiveSmallIntegerField(_("order learned"), default=0)
    history = HistoricalRecords(get_user=history_user)

    class Meta:
        verbose_name = _("tactic")
        verbose_name_plural = _("tactics")
        ordering = ["army", "position", "id"]

    def __str__(self) -> str:
        return self.get_tactic_display()


class ArmyGear(models.Model):
    army = models.ForeignKey(Army, on_delete=models.CASCADE, related_name="gear",
                             verbose_name=_("army"))
    kind = models.CharField(_("gear"), max_length=30, choices=GEAR_KIND_CHOICES)
    tier = models.CharField(_("tier"), max_length=10, choices=TIER_CHOICES, blank=True,
                            help_text=_("Magic armor and magic weapons only."))
    weapon = models.CharField(_("weapon"), max_length=10, choices=WEAPON_KIND_CHOICES, blank=True,
                              help_text=_("Which Strike magic weapons enhance or an additional "
                                          "weapon adds."))
    doses = models.PositiveSmallIntegerField(_("doses"), default=0,
                                             help_text=_("Healing potions only (at most 3)."))
    price_paid_rp = models.PositiveIntegerField(
        _("RP paid"), null=True, blank=True,
        help_text=_("Credited when better gear of the same kind replaces it."))
    history = HistoricalRecords(get_user=history_user)

    class Meta:
        verbose_name = _("gear")
        verbose_name_plural = _("gear")
        ordering = ["army", "kind"]

    def __str__(self) -> str:
        parts = [self.get_kind_display()]
        if self.tier and self.tier != Tier.BASIC:
            parts.insert(0, self.get_tier_display())
        if self.weapon:
            parts.append(f"({self.get_weapon_display()})")
        if self.kind == GearKind.HEALING_POTIONS:
            parts.append(f"×{self.doses}")
        return " ".join(str(p) for p in parts)


class ArmyCondition(models.Model):
    army = models.ForeignKey(Army, on_delete=models.CASCADE, related_name="conditions",
                             verbose_name=_("army"))
    condition = models.CharField(_("condition"), max_length=20, choices=CONDITION_CHOICES)
    value = models.PositiveSmallIntegerField(_("value"), default=0,
                                             help_text=_("Mired, shaken and weary only."))
    history = HistoricalRecords(get_user=history_user)

    class Meta:
        verbose_name = _("condition")
        verbose_name_plural = _("conditions")
        ordering = ["army", "condition"]
        constraints = [
            models.UniqueConstraint(fields=["army", "condition"], name="condition_once_per_army"),
        ]

    def __str__(self) -> str:
        label = str(self.get_condition_display())
        return f"{label} {self.value}" if self.value else label


class ArmyActivity(models.Model):
    """An order for one kingdom turn: an army activity, or a leadership one (no army)."""

    # Indexed by the turn's index below, which leads with it.
    turn = models.ForeignKey("campaigns.KingdomTurn", on_delete=models.CASCADE,
                             related_name="activities", verbose_name=_("turn"), db_index=False)
    army = models.ForeignKey(Army, on_delete=models.CASCADE, null=True, blank=True,
                             related_name="activities", verbose_name=_("army"))
    kind = models.CharField(_("activity"), max_length=30, choices=ACTIVITY_KIND_CHOICES)
    params = models.JSONField(_("parameters"), default=dict, blank=True)
    second = models.BooleanField(_("second activity (if efficient)"), default=False)
    position = models.PositiveIntegerField(_("order"), default=0)
    status = models.CharField(_("status"), max_length=10, choices=ActivityStatus.choices,
                              default=ActivityStatus.QUEUED, db_index=True)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                     null=True, blank=True, related_name="+",
                                     verbose_name=_("submitted by"))
    idempotency_key = models.CharField(_("idempotency key"), max_length=100, blank=True)
    # The SHA-256 of the request that first used the key: a reuse with another body is refused.
    idempotency_digest = models.CharField(_("idempotency request digest"), max_length=64,
                                          blank=True, editable=False)
    submitted_at = models.DateTimeField(_("submitted"), auto_now_add=True)
    result = VersionedJSONField(_("result"), default=dict, blank=True, payload=ACTIVITY_RESULT)
    history = HistoricalRecords(get_user=history_user)

    class Meta:
        verbose_name = _("army activity")
        verbose_name_plural = _("army activities")
        ordering = ["turn", "position", "id"]
        # A turn's orders in their order: a submission reads the turn's queued ones and the last
        # position any took, which without it visited every order the turn ever had (its
        # withdrawn ones too). It stands for the turn's own index, which it begins with.
        indexes = [models.Index(fields=["turn", "position", "id"], name="activity_turn_position")]
        constraints = [
            models.UniqueConstraint(fields=["submitted_by", "idempotency_key"],
                                    condition=~models.Q(idempotency_key=""),
                                    name="activity_idempotency_key_once"),
        ]

    def __str__(self) -> str:
        who = self.army.name if self.army is not None else self.turn.kingdom.name
        return f"{self.get_kind_display()}: {who}"
