"""Whom an army's battle plan aims at and which of its weapons it may use there: the choices the
war actions, their reactions and the tactician share."""
from __future__ import annotations

from collections.abc import Sequence

from rules.kingmaker.battle.members import (
    ADVANCE,
    ARMY,
    DARK,
    DEFEATED,
    DISTANT,
    FLED,
    MELEE,
    RANGED,
    STRONGEST,
)
from rules.kingmaker.battle.scene import Scene
from rules.kingmaker.battle.units import Unit


def siege_engine(unit: Unit) -> bool:
    return unit.siege


def pick(b: Scene, unit: Unit, candidates: Sequence[Unit]) -> Unit | None:
    """The enemy the plan wants among these."""
    if b.setup.light is DARK:
        candidates = [c for c in candidates if c.on_field and b.sees(unit, c)]
    else:  # only darkness hides an army (`Scene.sees`); `Unit.on_field`, read inline
        candidates = [c for c in candidates if c._position is not FLED and c.hp != 0
                      and DEFEATED not in c._lasting]
    return _wanted(unit, candidates)


def pick_on_field(b: Scene, unit: Unit, candidates: Sequence[Unit]) -> Unit | None:
    """`pick` among armies known to be on the field (the tactician's lists of enemies, engaged
    enemies and those it could engage): only darkness can hide any of them."""
    if b.setup.light is DARK:
        candidates = [c for c in candidates if b.sees(unit, c)]
    elif len(candidates) < 2:  # `_wanted`'s first case, without the call (most picks)
        return candidates[0] if candidates else None
    return _wanted(unit, candidates)


def _wanted(unit: Unit, candidates: Sequence[Unit]) -> Unit | None:
    if len(candidates) < 2:  # whatever the plan's targeting, the one there is (most picks)
        return candidates[0] if candidates else None
    plan = unit.plan
    if plan.targeting is ARMY:
        named = [c for c in candidates if c.key == plan.target_army]
        if named:
            return named[0]
    if plan.targeting is STRONGEST:
        return max(candidates, key=lambda c: (c.hp, -c.key))
    # The weakest, by HP then key: what `min` with that key gives, without a call per candidate
    # (a battle picks targets thousands of times among two or three).
    weakest = candidates[0]
    for candidate in candidates[1:]:
        if candidate.hp < weakest.hp or (candidate.hp == weakest.hp and
                                         candidate.key < weakest.key):
            weakest = candidate
    return weakest


def melee_allowed(unit: Unit) -> bool:
    # Engines of War: siege engines "cannot attack engaged armies" unless Burning Weaponry lets them
    # strike in melee.
    # (The unit's fields read here: the tactician asks before every war action.)
    if unit.siege and "burning_weaponry" not in unit.tactics:
        return False
    return MELEE in unit.strike_kinds


def can_shoot(unit: Unit) -> bool:
    if RANGED not in unit.strike_kinds or unit.ammunition <= 0:
        return False
    return not (unit.siege and unit._engaged)


def shooting_targets(b: Scene, unit: Unit) -> list[Unit]:
    # Engines of War: siege engines "cannot attack engaged armies" — nor shoot into a melee.
    # Hurl Nets: "cannot target distant armies".
    return [e for e in b.enemies(unit) if not (unit.siege and e._engaged)
            and not (unit.knows("hurl_nets") and e.position is DISTANT)]


def wants_melee(b: Scene, unit: Unit) -> bool:
    return unit.plan.stance is ADVANCE and melee_allowed(unit)


def engaged_on_field(b: Scene, unit: Unit) -> list[Unit]:
    if not unit._engaged:  # most of the times it is asked
        return []
    units = b.units
    # `Scene.engaged_enemies` and `Unit.on_field`, read inline: asked before every war action.
    # (Most engaged armies face one enemy: its key needs no sorting.)
    engaged = unit._engaged
    found = []
    for key in sorted(engaged) if len(engaged) > 1 else engaged:
        enemy = units[key]
        if enemy._position is not FLED and enemy.hp != 0 and DEFEATED not in enemy._lasting:
            found.append(enemy)
    return found


def engaged_target(b: Scene, unit: Unit) -> Unit | None:
    """`pick_on_field` among the `engaged_on_field`, asked in one call (before every war action
    of an engaged army): most engaged armies face one enemy, which needs no list to pick from."""
    engaged = unit._engaged
    if len(engaged) != 1 or b.setup.light is DARK:
        return pick_on_field(b, unit, engaged_on_field(b, unit))
    (key,) = engaged
    enemy = b.units[key]
    # (`Unit.on_field`, read inline.)
    if enemy._position is FLED or enemy.hp == 0 or DEFEATED in enemy._lasting:
        return None
    return enemy
