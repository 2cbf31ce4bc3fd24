"""The rows seed 001's modules add to sector battles (001_5d751c33a121b07e.txt;
reference/sector-modules.md): the army book of artifacts characters carry, the trap cards, and
the traps each side of a battle may lay. The catalogs are global, like the unit cards; the
shipped entries come from the engine (migration 0009)."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from battles.sector.models import SECTOR_SIDE_CHOICES
from battles.sector.validators import unbindable_problem
from battles.sector.validators import validate_power as validate_power  # migration 0008 names it here
from core.choices import enum_choices
from rules.cerilia.artifact_cards import ARTIFACT_EFFECT_LABELS, ArtifactEffect
from rules.cerilia.spells import SPELL_LABELS, Spell

EFFECT_LABELS = {effect: gettext_lazy(label) for effect, label in ARTIFACT_EFFECT_LABELS.items()}
EFFECT_CHOICES = enum_choices(ArtifactEffect, EFFECT_LABELS)
SPELL_CHOICES = enum_choices(Spell, {spell: gettext_lazy(label)
                                     for spell, label in SPELL_LABELS.items()})

# A casting value, the catalog's or a battle's own (a total of 1–5 power dice, with room for
# the GM's harder spells).
MIN_CASTING_VALUE, MAX_CASTING_VALUE = 1, 30


class SpellCard(models.Model):
    """The spell catalog (seed 002, module "magic dice"; issue 14: "the GM edits casting values
    in the spell catalog"): one row per spell of the engine, seeded from
    rules.cerilia.magic_dice.CASTING_VALUES (migration 0012); the engine reads the values as
    the scenario's casting values. The attribute is a note for now: the engine ships none
    (magic_dice.ATTRIBUTES)."""

    spell = models.CharField(_("spell"), max_length=40, choices=SPELL_CHOICES, unique=True)
    casting_value = models.PositiveSmallIntegerField(
        _("casting value"), validators=[MinValueValidator(MIN_CASTING_VALUE),
                                         MaxValueValidator(MAX_CASTING_VALUE)],
        help_text=_("Module magic dice: the total of the power dice that casts it."))
    attribute = models.CharField(
        _("attribute"), max_length=200, blank=True, default="",
        help_text=_("The spell's attribute, a free effect after a successful cast (none of the "
                    "shipped spells has one)."))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("spell")
        verbose_name_plural = _("spell catalog")
        ordering = ["spell"]

    def __str__(self) -> str:
        return str(self.get_spell_display())


class ArtifactCard(models.Model):
    """An artifact of the army book ("Перечень доступных артефактов приведен в книге армии"):
    the examples the engine ships (artifact_cards.EXAMPLES) and the GM's own."""

    code = models.SlugField(_("code"), max_length=40, unique=True)
    name = models.CharField(_("name"), max_length=80)
    effect = models.CharField(_("effect"), max_length=20, choices=EFFECT_CHOICES)
    uses = models.PositiveSmallIntegerField(
        _("uses per battle"), default=1, validators=[MinValueValidator(1),
                                                     MaxValueValidator(20)])
    spell = models.CharField(_("spell"), max_length=40, choices=SPELL_CHOICES, blank=True,
                             default="", help_text=_("A bound spell: the spell it casts."))
    power = models.CharField(_("power level"), max_length=5, blank=True, default="",
                             validators=[validate_power],
                             help_text=_("A bound spell: its power level \"x/y\", e.g. "
                                         "\"5/9\" (module magic dice)."))
    example = models.BooleanField(_("shipped example"), default=False, help_text=_(
        "One of the examples shipped with Muster."))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("artifact card")
        verbose_name_plural = _("artifact cards (army book)")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def clean(self):
        """A bound spell names its spell; the other effects name none (and no power)."""
        super().clean()
        if self.effect == ArtifactEffect.BOUND_SPELL and not self.spell:
            raise ValidationError({"spell": _("A bound spell names the spell it casts.")})
        refused = unbindable_problem(self.spell) if self.spell else None
        if self.effect == ArtifactEffect.BOUND_SPELL and refused is not None:
            raise ValidationError({"spell": refused})
        if self.effect and self.effect != ArtifactEffect.BOUND_SPELL:
            wrong = {name: _("Only a bound spell has one.")
                     for name in ("spell", "power") if getattr(self, name)}
            if wrong:
                raise ValidationError(wrong)


class TrapCard(models.Model):
    """A trap card (reference, ruling: "a trap is a card with an attack value, drawn on the
    battle deck against the trapped unit's defense like any attack"); the catalog ships
    concealment.TRAP."""

    code = models.SlugField(_("code"), max_length=40, unique=True)
    name = models.CharField(_("name"), max_length=80)
    attack = models.SmallIntegerField(_("attack"), validators=[MinValueValidator(0),
                                                               MaxValueValidator(20)])
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("trap card")
        verbose_name_plural = _("trap cards")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class SectorTrap(models.Model):
    """A trap the scenario gives a side to lay in phase 0 (module "ambush")."""

    battle = models.ForeignKey("battles.SectorBattle", on_delete=models.CASCADE,
                               related_name="traps", verbose_name=_("sector battle"))
    side = models.CharField(_("side"), max_length=10, choices=SECTOR_SIDE_CHOICES)
    card = models.ForeignKey(TrapCard, on_delete=models.PROTECT, related_name="traps",
                             verbose_name=_("trap card"))

    class Meta:
        verbose_name = _("trap")
        verbose_name_plural = _("traps")
        ordering = ["battle", "side", "id"]

    def __str__(self) -> str:
        return f"{self.card} ({self.get_side_display()})"
