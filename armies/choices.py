"""Translatable labels for the rules engine's codes (Russian terms from the glossary)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core.choices import enum_choices
from rules.kingmaker.activities import ACTIVITIES, ActivityKind, Garrisoned
from rules.kingmaker.battle.plans import ACTIVE_TACTICAL_ACTIONS
from rules.kingmaker.conditions import Condition
from rules.kingmaker.gear import GearKind, Tier, WeaponKind
from rules.kingmaker.tactics import TACTICS
from rules.kingmaker.templates import ArmyType, Save

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

ARMY_TYPE_LABELS = {
    ArmyType.INFANTRY: _("infantry"),
    ArmyType.CAVALRY: _("cavalry"),
    ArmyType.SKIRMISHER: _("skirmishers"),
    ArmyType.SIEGE: _("siege engines"),
}
ARMY_TYPE_CHOICES = enum_choices(ArmyType, ARMY_TYPE_LABELS)

SAVE_LABELS = {Save.MANEUVER: _("Maneuver"), Save.MORALE: _("Morale")}
SAVE_CHOICES = enum_choices(Save, SAVE_LABELS)

CONDITION_LABELS = {
    Condition.CONCEALED: _("concealed"),
    Condition.DEFEATED: _("defeated"),
    Condition.DESTROYED: _("destroyed"),
    Condition.DISTANT: _("distant"),
    Condition.EFFICIENT: _("efficient"),
    Condition.ENGAGED: _("engaged"),
    Condition.FORTIFIED: _("fortified"),
    Condition.LOST: _("lost"),
    Condition.MIRED: _("mired"),
    Condition.OUTFLANKED: _("outflanked"),
    Condition.PINNED: _("pinned"),
    Condition.ROUTED: _("routed"),
    Condition.SHAKEN: _("shaken"),
    Condition.WEARY: _("weary"),
}
CONDITION_CHOICES = enum_choices(Condition, CONDITION_LABELS)

GEAR_KIND_LABELS = {
    GearKind.ADDITIONAL_WEAPON: _("additional weapon"),
    GearKind.HEALING_POTIONS: _("healing potions"),
    GearKind.MAGIC_ARMOR: _("magic armor"),
    GearKind.MAGIC_WEAPONS: _("magic weapons"),
}
GEAR_KIND_CHOICES = enum_choices(GearKind, GEAR_KIND_LABELS)

TIER_LABELS = {
    Tier.BASIC: pgettext_lazy("gear tier", "basic"),
    Tier.GREATER: pgettext_lazy("gear tier", "greater"),
    Tier.MAJOR: pgettext_lazy("gear tier", "major"),
}
TIER_CHOICES = enum_choices(Tier, TIER_LABELS)

WEAPON_KIND_LABELS = {WeaponKind.MELEE: _("melee"), WeaponKind.RANGED: _("ranged")}
WEAPON_KIND_CHOICES = enum_choices(WeaponKind, WEAPON_KIND_LABELS)


class ArmyStatus(models.TextChoices):
    ACTIVE = "active", _("active")
    DISBANDED = "disbanded", _("disbanded")
    DESTROYED = "destroyed", _("destroyed")


# Tactic names are proper names in the catalog; the Russian ones come from the locale.
TACTIC_LABELS = {
    "ambush": _("Ambush"),
    "bloodied_but_unbroken": _("Bloodied but Unbroken"),
    "cavalry_experts": _("Cavalry Experts"),
    "darkvision": _("Darkvision"),
    "defensive_tactics": _("Defensive Tactics"),
    "explosive_shot": _("Explosive Shot"),
    "field_triage": _("Field Triage"),
    "flaming_shot": _("Flaming Shot"),
    "flexible_tactics": _("Flexible Tactics"),
    "focused_devotion": _("Focused Devotion"),
    "hold_the_line": _("Hold the Line"),
    "increased_ammunition": _("Increased Ammunition"),
    "keen_eyed": _("Keen Eyed"),
    "keep_up_the_pressure": _("Keep Up the Pressure"),
    "live_off_the_land": _("Live off the Land"),
    "low_light_vision": _("Low-Light Vision"),
    "merciless": _("Merciless"),
    "opening_salvo": _("Opening Salvo"),
    "reckless_flankers": _("Reckless Flankers"),
    "sharpshooter": _("Sharpshooter"),
    "toughened_soldiers": _("Toughened Soldiers"),
    "overrun": _("Overrun"),
    "engines_of_war": _("Engines of War"),
    "accustomed_to_panic": _("Accustomed to Panic"),
    "amphibious": _("Amphibious"),
    "brave": _("Brave"),
    "burning_weaponry": _("Burning Weaponry"),
    "chorus_of_croaks": _("Chorus of Croaks"),
    "explosive_defeat": _("Explosive Defeat"),
    "furious_charge": _("Furious Charge"),
    "hurl_nets": _("Hurl Nets"),
    "reactive_rally": _("Reactive Rally"),
    "revel_in_battle": _("Revel in Battle"),
    "self_sufficient": _("Self-Sufficient"),
    "swamp_charge": _("Swamp Charge"),
    "swamp_dwellers": _("Swamp Dwellers"),
    "trample": _("Trample"),
    "warmongers": _("Warmongers"),
    "water_retreat": _("Water Retreat"),
    "water_stride": _("Water Stride"),
    "brutal_assault": _("Brutal Assault"),
    "frightening_foe": _("Frightening Foe"),
    "regeneration": _("Regeneration"),
}
assert set(TACTIC_LABELS) == set(TACTICS), "every tactic in the catalog needs a label"
TACTIC_CHOICES = [(code, TACTIC_LABELS[code]) for code in TACTICS]


# The tactical war actions a battle plan may name (seed 003, "ТАКТИЧЕСКИЕ БОЕВЫЕ ДЕЙСТВИЯ").
WAR_ACTION_LABELS = {
    "all_out_assault": _("All-Out Assault"),
    "battlefield_medicine": _("Battlefield Medicine"),
    "covering_fire": _("Covering Fire"),
    "defensive_stance": _("Defensive Stance"),
    "dirty_fighting": _("Dirty Fighting"),
    "feint": _("Feint"),
    "furious_charge": _("Furious Charge"),
    "outflank": _("Outflank"),
    "overwhelming_bombardment": _("Overwhelming Bombardment"),
    "taunt": _("Taunt"),
    "trample": _("Trample"),
}
assert set(WAR_ACTION_LABELS) == set(ACTIVE_TACTICAL_ACTIONS), "every war action needs a label"
WAR_ACTION_CHOICES = sorted(WAR_ACTION_LABELS.items())


# Each activity's name is its definition's (rules.kingmaker.activities): adding one adds its label.
ACTIVITY_KIND_LABELS = {kind: _(definition.label) for kind, definition in ACTIVITIES.items()}
ACTIVITY_KIND_CHOICES = enum_choices(ActivityKind, ACTIVITY_KIND_LABELS)


class ActivityStatus(models.TextChoices):
    QUEUED = "queued", _("queued")
    RESOLVED = "resolved", _("resolved")
    REJECTED = "rejected", _("rejected")
    SKIPPED = "skipped", _("skipped")
    WITHDRAWN = "withdrawn", _("withdrawn")


GARRISONED_LABELS = {
    Garrisoned.UNTIL_NEXT_TURN: _("until the next turn"),
    Garrisoned.UNTIL_DEPLOYED: _("until deployed"),
}
# Not garrisoned is the field left blank.
GARRISONED_CHOICES = enum_choices(Garrisoned, GARRISONED_LABELS, omit=(Garrisoned.NO,))


# What each condition does, in a sentence (the dashboard's tooltips; seed 003, "СОСТОЯНИЯ ВОЙСКА").
CONDITION_HELP: dict[str, StrOrPromise] = {
    Condition.CONCEALED: _("Hard to see: +2 circumstance bonus to Maneuver checks; attacks "
                           "against it take a −2 penalty."),
    Condition.DEFEATED: _("At 0 HP: it takes no part in battles until it regains HP "
                          "(Recover Army)."),
    Condition.DESTROYED: _("Gone for good: it cannot be recovered."),
    Condition.DISTANT: _("Far from the fighting: only ranged Strikes reach it, at −5."),
    Condition.EFFICIENT: _("It may take a second army activity this kingdom turn."),
    Condition.ENGAGED: _("Locked in melee with an enemy army: it must disengage to move away."),
    Condition.FORTIFIED: _("Behind fortifications: +4 item bonus to AC and to Morale checks to "
                           "Rally; it cannot be engaged."),
    Condition.LOST: _("Lost in the wilderness: it must find its way back before it can act "
                      "normally."),
    Condition.MIRED: _("Bogged down: a penalty equal to its value to maneuver war actions and "
                       "Deploy Army checks; mired 4 becomes pinned."),
    Condition.OUTFLANKED: _("Attacked from the flanks: −2 circumstance penalty to AC."),
    Condition.PINNED: _("Surrounded: it cannot move away and is outflanked (−2 to AC)."),
    Condition.ROUTED: _("Fleeing: −2 to Morale checks; it leaves the battle unless it rallies."),
    Condition.SHAKEN: _("A penalty equal to its value to Morale checks; shaken 4 routs. It drops "
                        "by 1 each kingdom turn the army rests."),
    Condition.WEARY: _("A penalty equal to its value to AC, Maneuver and army activity checks "
                       "(double to Deploy Army). It drops by 1 each kingdom turn the army rests."),
}
assert set(CONDITION_HELP) == set(Condition), "every condition needs a description"
