"""Carry out an army's battle plan: on its turn, pick war actions the way its side ordered (advance
and strike, hold and shoot, guard), retreat below the threshold, and use the named tactical action
whenever it is able."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from rules.kingmaker.battle import actions as act
from rules.kingmaker.battle.setup import Position, Stance, Targeting
from rules.kingmaker.battle.units import Unit
from rules.kingmaker.conditions import Condition
from rules.kingmaker.gear import WeaponKind

if TYPE_CHECKING:
    from rules.kingmaker.battle.engine import Battle

Step = Callable[[], None]


def pick(b: Battle, unit: Unit, candidates: Sequence[Unit]) -> Unit | None:
    """The enemy the plan wants among these."""
    candidates = [c for c in candidates if c.on_field and b.sees(unit, c)]
    if not candidates:
        return None
    plan = unit.plan
    if plan.targeting is Targeting.ARMY:
        named = [c for c in candidates if c.key == plan.target_army]
        if named:
            return named[0]
    if plan.targeting is Targeting.STRONGEST:
        return max(candidates, key=lambda c: (c.hp, -c.key))
    return min(candidates, key=lambda c: (c.hp, c.key))


def melee_allowed(unit: Unit) -> bool:
    # Engines of War: siege engines "cannot attack engaged armies" unless Burning Weaponry lets them
    # strike in melee.
    if act.siege_engine(unit) and not unit.knows("burning_weaponry"):
        return False
    return unit.has_strike(WeaponKind.MELEE)


def can_shoot(unit: Unit) -> bool:
    if not unit.has_strike(WeaponKind.RANGED) or unit.ammunition <= 0:
        return False
    return not (act.siege_engine(unit) and unit.engaged)


def shooting_targets(b: Battle, unit: Unit) -> list[Unit]:
    # Engines of War: siege engines "cannot attack engaged armies" — nor shoot into a melee.
    # Hurl Nets: "cannot target distant armies".
    return [e for e in b.enemies(unit) if not (act.siege_engine(unit) and e.engaged)
            and not (unit.knows("hurl_nets") and e.position is Position.DISTANT)]


def wants_melee(b: Battle, unit: Unit) -> bool:
    return unit.plan.stance is Stance.ADVANCE and melee_allowed(unit)


def take_turn(b: Battle, unit: Unit) -> None:
    while unit.actions > 0 and unit.on_field and not unit.routed and b.enemies(unit):
        step = _choose(b, unit)
        if step is None:
            return
        step()


def _choose(b: Battle, unit: Unit) -> Step | None:
    plan = unit.plan
    pinned = unit.has(Condition.PINNED)
    # Guard is a maneuver: a fortified army would lose its fortification ("Защищённое войско,
    # которое использует боевое действие с дескриптором «манёвр», немедленно утратит это
    # состояние") for a +2 item bonus that does not stack with the fortification's +4 item bonus.
    may_guard = not pinned and not unit.has(Condition.FORTIFIED)
    if plan.retreat_below is not None and unit.hp <= plan.retreat_below:
        return _withdraw(unit, b, pinned)
    if not pinned and unit.actions == 3 and unit.value(Condition.SHAKEN) >= 2 \
            and not unit.engaged:
        return lambda: act.rally(b, unit)
    netters = [b.units[k] for k in sorted(unit.netted_by) if b.units[k].on_field]
    if netters and unit.value(Condition.MIRED) and (unit.has_strike(WeaponKind.MELEE)
                                                     or unit.has_strike(WeaponKind.RANGED)):
        return lambda: act.cut_nets(b, unit, netters[0])
    special = _tactical(b, unit, pinned)
    if special is not None:
        return special
    if b.enemy_fortification is unit.side.other and act.siege_engine(unit) and can_shoot(unit):
        return lambda: act.bombard(b, unit)
    engaged = [e for e in b.engaged_enemies(unit) if e.on_field]
    if engaged and melee_allowed(unit):
        target = pick(b, unit, engaged)
        if target is not None:
            if len(unit.attack_targets) >= 2 and may_guard:
                return partial(act.guard, b, unit, target)
            return partial(act.battle, b, unit, target, WeaponKind.MELEE)
    guarding = unit.guard_all or unit.guard_against
    if plan.stance is Stance.GUARD and not guarding and may_guard:
        target = pick(b, unit, b.enemies(unit))
        return (partial(act.guard, b, unit, target)) if target else None
    if plan.stance is Stance.ADVANCE and melee_allowed(unit) and not pinned:
        # Advancing takes a fortified army out of its fortification first.
        reachable = [e for e in b.enemies(unit) if b.can_engage(unit, e, leaving_fortification=True)]
        target = pick(b, unit, reachable)
        if target is not None:
            return partial(act.advance, b, unit, target)
    if can_shoot(unit):
        target = pick(b, unit, shooting_targets(b, unit))
        if target is not None:
            if len(unit.attack_targets) >= 2 and may_guard:
                return partial(act.guard, b, unit, target)
            return partial(act.battle, b, unit, target, WeaponKind.RANGED)
    if plan.stance is not Stance.GUARD and melee_allowed(unit) and not pinned:
        # Out of shots: close in after all.
        target = pick(b, unit, [e for e in b.enemies(unit)
                                if b.can_engage(unit, e, leaving_fortification=True)])
        if target is not None:
            return partial(act.advance, b, unit, target)
    if not guarding and may_guard:
        target = pick(b, unit, b.enemies(unit))
        if target is not None:
            return partial(act.guard, b, unit, target)
    return None


def _withdraw(unit: Unit, b: Battle, pinned: bool) -> Step | None:
    if unit.engaged:
        if pinned or unit.cannot_disengage or unit.actions < 2:
            return None
        return lambda: act.disengage(b, unit)
    if unit.actions == 3:
        return lambda: act.retreat(b, unit)
    return None


def _tactical(b: Battle, unit: Unit, pinned: bool) -> Step | None:
    """The plan's named tactical war action, when its requirements hold and actions remain."""
    action = unit.plan.tactical_action
    if action is None or act.COSTS.get(action, 9) > unit.actions:
        return None
    engaged = [e for e in b.engaged_enemies(unit) if e.on_field]
    enemies = b.enemies(unit)
    if action == "all_out_assault" and engaged and melee_allowed(unit):
        target = pick(b, unit, engaged)
        return partial(act.all_out_assault, b, unit, target) if target else None
    if action == "covering_fire" and can_shoot(unit):
        target = pick(b, unit, enemies)
        return (partial(act.covering_fire, b, unit, target)) if target else None
    if action == "taunt":
        target = pick(b, unit, enemies)
        return (partial(act.taunt, b, unit, target)) if target else None
    if action == "trample" and engaged and melee_allowed(unit):
        target = pick(b, unit, engaged)
        return partial(act.trample, b, unit, target) if target else None
    if action == "battlefield_medicine":
        hurt = [a for a in b.allies(unit) + [unit] if a.hp < a.max_hp and not a.treated]
        if hurt:
            ally = min(hurt, key=lambda a: (a.hp, a.key))
            return lambda: act.battlefield_medicine(b, unit, ally)
    if action == "dirty_fighting":
        flanked = [e for e in enemies if e.has(Condition.OUTFLANKED)
                   and e.position is not Position.DISTANT
                   and (e.key in unit.engaged or can_shoot(unit))]
        target = pick(b, unit, flanked)
        if target is not None:
            return partial(act.dirty_fighting, b, unit, target)
    if action == "feint" and engaged and melee_allowed(unit):
        target = pick(b, unit, engaged)
        if target is not None and target.key not in target.feinted_by \
                and unit.key not in target.feinted_by:
            return partial(act.feint, b, unit, target)
    if pinned:
        return None
    if action == "outflank" and not unit.engaged:
        target = pick(b, unit, [e for e in enemies if not e.has(Condition.FORTIFIED)])
        return (partial(act.outflank, b, unit, target)) if target else None
    if action == "defensive_stance":
        flanked = [a for a in b.allies(unit) if a.has(Condition.OUTFLANKED)]
        if flanked and enemies:
            ally = flanked[0]
            enemy = pick(b, unit, b.engaged_enemies(ally) or enemies)
            if enemy is not None:
                return lambda: act.defensive_stance(b, unit, ally, enemy)
    if action == "overwhelming_bombardment" and b.enemy_fortification is unit.side.other \
            and unit.ammunition >= 2:
        return lambda: act.overwhelming_bombardment(b, unit)
    if action == "furious_charge" and not unit.charged and melee_allowed(unit):
        target = pick(b, unit, [e for e in enemies if b.can_engage(unit, e)])
        return (partial(act.furious_charge, b, unit, target)) if target else None
    return None
