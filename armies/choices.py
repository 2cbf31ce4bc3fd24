"""Translatable labels for the rules engine's codes (Russian terms from the glossary)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from rules.kingmaker.activities import ActivityKind as RuleActivityKind
from rules.kingmaker.activities import Garrisoned as RuleGarrisoned
from rules.kingmaker.battle.plans import ACTIVE_TACTICAL_ACTIONS
from rules.kingmaker.conditions import Condition as RuleCondition
from rules.kingmaker.gear import GearKind as RuleGearKind
from rules.kingmaker.gear import Tier as RuleTier
from rules.kingmaker.gear import WeaponKind as RuleWeaponKind

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise
from rules.kingmaker.tactics import TACTICS
from rules.kingmaker.templates import ArmyType as RuleArmyType
from rules.kingmaker.templates import Save as RuleSave


class ArmyType(models.TextChoices):
    INFANTRY = RuleArmyType.INFANTRY.value, _("infantry")
    CAVALRY = RuleArmyType.CAVALRY.value, _("cavalry")
    SKIRMISHER = RuleArmyType.SKIRMISHER.value, _("skirmishers")
    SIEGE = RuleArmyType.SIEGE.value, _("siege engines")


class Save(models.TextChoices):
    MANEUVER = RuleSave.MANEUVER.value, _("Maneuver")
    MORALE = RuleSave.MORALE.value, _("Morale")


class Condition(models.TextChoices):
    CONCEALED = RuleCondition.CONCEALED.value, _("concealed")
    DEFEATED = RuleCondition.DEFEATED.value, _("defeated")
    DESTROYED = RuleCondition.DESTROYED.value, _("destroyed")
    DISTANT = RuleCondition.DISTANT.value, _("distant")
    EFFICIENT = RuleCondition.EFFICIENT.value, _("efficient")
    ENGAGED = RuleCondition.ENGAGED.value, _("engaged")
    FORTIFIED = RuleCondition.FORTIFIED.value, _("fortified")
    LOST = RuleCondition.LOST.value, _("lost")
    MIRED = RuleCondition.MIRED.value, _("mired")
    OUTFLANKED = RuleCondition.OUTFLANKED.value, _("outflanked")
    PINNED = RuleCondition.PINNED.value, _("pinned")
    ROUTED = RuleCondition.ROUTED.value, _("routed")
    SHAKEN = RuleCondition.SHAKEN.value, _("shaken")
    WEARY = RuleCondition.WEARY.value, _("weary")


class GearKind(models.TextChoices):
    ADDITIONAL_WEAPON = RuleGearKind.ADDITIONAL_WEAPON.value, _("additional weapon")
    HEALING_POTIONS = RuleGearKind.HEALING_POTIONS.value, _("healing potions")
    MAGIC_ARMOR = RuleGearKind.MAGIC_ARMOR.value, _("magic armor")
    MAGIC_WEAPONS = RuleGearKind.MAGIC_WEAPONS.value, _("magic weapons")


class Tier(models.TextChoices):
    BASIC = RuleTier.BASIC.value, pgettext_lazy("gear tier", "basic")
    GREATER = RuleTier.GREATER.value, pgettext_lazy("gear tier", "greater")
    MAJOR = RuleTier.MAJOR.value, pgettext_lazy("gear tier", "major")


class WeaponKind(models.TextChoices):
    MELEE = RuleWeaponKind.MELEE.value, _("melee")
    RANGED = RuleWeaponKind.RANGED.value, _("ranged")


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


class ActivityKind(models.TextChoices):
    RECRUIT_ARMY = RuleActivityKind.RECRUIT_ARMY.value, _("Recruit Army")
    WARFARE_EXERCISES = RuleActivityKind.WARFARE_EXERCISES.value, _("Warfare Exercises")
    TRAIN_ARMY = RuleActivityKind.TRAIN_ARMY.value, _("Train Army")
    OUTFIT_ARMY = RuleActivityKind.OUTFIT_ARMY.value, _("Outfit Army")
    DEPLOY_ARMY = RuleActivityKind.DEPLOY_ARMY.value, _("Deploy Army")
    RECOVER_ARMY = RuleActivityKind.RECOVER_ARMY.value, _("Recover Army")
    DISBAND_ARMY = RuleActivityKind.DISBAND_ARMY.value, _("Disband Army")
    GARRISON_ARMY = RuleActivityKind.GARRISON_ARMY.value, _("Garrison Army")
    OFFENSIVE_GAMBIT = RuleActivityKind.OFFENSIVE_GAMBIT.value, _("Offensive Gambit")


class ActivityStatus(models.TextChoices):
    QUEUED = "queued", _("queued")
    RESOLVED = "resolved", _("resolved")
    REJECTED = "rejected", _("rejected")
    SKIPPED = "skipped", _("skipped")
    WITHDRAWN = "withdrawn", _("withdrawn")


class Garrisoned(models.TextChoices):
    UNTIL_NEXT_TURN = RuleGarrisoned.UNTIL_NEXT_TURN.value, _("until the next turn")
    UNTIL_DEPLOYED = RuleGarrisoned.UNTIL_DEPLOYED.value, _("until deployed")


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
