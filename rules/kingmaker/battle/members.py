"""The enum members the battle engine reads in its hot paths, as plain module names.

In Python 3.11 reading a member through its class (`Position.DISTANT`) goes through the enum
class's `__getattr__` hook, some ten times the cost of reading a module's name, and a battle reads
them by the hundred: about a seventh of a fight's instructions went to it. Imported by name, each
is one global look-up. The names are the members' own; where two enums share one
(`Position.ENGAGED`, `Condition.ENGAGED`) the engine's hot paths read only the first."""
from __future__ import annotations

from rules.degrees import Degree
from rules.kingmaker.battle.setup import Light, Position, Stance, Targeting
from rules.kingmaker.conditions import Condition, Target
from rules.kingmaker.gear import WeaponKind

# Where an army stands.
NEARBY = Position.NEARBY
ENGAGED = Position.ENGAGED
DISTANT = Position.DISTANT
FLED = Position.FLED

# Its conditions.
CONCEALED = Condition.CONCEALED
DEFEATED = Condition.DEFEATED
DESTROYED = Condition.DESTROYED
FORTIFIED = Condition.FORTIFIED
MIRED = Condition.MIRED
OUTFLANKED = Condition.OUTFLANKED
PINNED = Condition.PINNED
ROUTED = Condition.ROUTED
SHAKEN = Condition.SHAKEN
WEARY = Condition.WEARY

# What a check is of.
AC = Target.AC
ATTACKS_AGAINST = Target.ATTACKS_AGAINST
MANEUVER = Target.MANEUVER
MANEUVER_ACTION = Target.MANEUVER_ACTION
MORALE = Target.MORALE
RALLY = Target.RALLY
RANGED_AGAINST = Target.RANGED_AGAINST
ROUT_CHECK = Target.ROUT_CHECK
SCOUTING = Target.SCOUTING

# How it came out.
CRITICAL_FAILURE = Degree.CRITICAL_FAILURE
FAILURE = Degree.FAILURE
SUCCESS = Degree.SUCCESS
CRITICAL_SUCCESS = Degree.CRITICAL_SUCCESS

# Weapons, plans, sides and light.
MELEE = WeaponKind.MELEE
RANGED = WeaponKind.RANGED
ADVANCE = Stance.ADVANCE
GUARD = Stance.GUARD
ARMY = Targeting.ARMY
STRONGEST = Targeting.STRONGEST
DARK = Light.DARK
DIM = Light.DIM
