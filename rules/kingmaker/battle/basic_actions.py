"""The basic war actions (seed 003, "ОБЩИЕ БОЕВЫЕ ДЕЙСТВИЯ"; ../shared/reference,
basic_war_actions): what each does once its cost is paid. `actions` holds their costs and calls
them."""
from __future__ import annotations

from rules.errors import _
from rules.kingmaker.battle.members import (
    ADVANCE,
    CRITICAL_FAILURE,
    CRITICAL_SUCCESS,
    DISTANT,
    FLED,
    MANEUVER,
    MANEUVER_ACTION,
    MELEE,
    MIRED,
    MORALE,
    NEARBY,
    RALLY,
    RANGED,
    ROUTED,
    SHAKEN,
    SUCCESS,
)
from rules.kingmaker.battle.reactions import (
    DAMAGE,
    HIT_TACTICS,
    after_hit,
    false_retreat,
    maneuver,
)
from rules.kingmaker.battle.scene import Scene
from rules.kingmaker.battle.strikes import multiple_attack_on_fortification
from rules.kingmaker.battle.units import Unit
from rules.kingmaker.gear import WeaponKind
from rules.modifiers import Modifier, ModifierKind

# Each weapon's name as the log gives it, as the parameters of a Strike's event: made once (an
# enum's `value` is a property, and `Scene.log` copies the parameters an event keeps).
_WEAPONS = {kind: {"weapon": kind.value} for kind in WeaponKind}


def advance(b: Scene, unit: Unit, target: Unit) -> None:
    if not maneuver(b, unit):
        return
    record = b.check(unit, MANEUVER_ACTION, b.dc(target, MANEUVER), _("Advance"))
    degree = record.degree
    if degree is CRITICAL_SUCCESS or (degree is SUCCESS and target._position is not DISTANT):
        if unit._position is DISTANT:
            unit.position = NEARBY
        if target._position is DISTANT:
            target.position = NEARBY
        if b.can_engage(unit, target):
            b.engage(unit, target)
            b.log("advance", _("%(army)s advances and engages %(target)s."), unit, target, record)
            if "reckless_flankers" in unit.tactics and unit.plan.stance is ADVANCE:
                unit.reckless = True  # trades 2 AC for +1 to attacks while engaged
            return
    elif degree is SUCCESS:
        target.position = NEARBY
        target.changed()
        b.log("advance", _("%(army)s closes the distance to %(target)s."), unit, target, record)
        return
    if degree is CRITICAL_FAILURE:
        b.gain_until(unit, MIRED, 1, unit, "start")
        b.log("advance", _("%(army)s bogs down: mired 1."), unit, target, record)
    else:
        b.log("advance", _("%(army)s fails to close with %(target)s."), unit, target, record)


def battle(b: Scene, unit: Unit, target: Unit, kind: WeaponKind) -> None:
    """The Battle war action: a Strike, 1 damage on a hit and 2 on a critical hit."""
    record = b.strike(unit, target, kind, _("Battle"))
    if kind is RANGED and "hurl_nets" in unit.tactics:
        # Hurl Nets: "A net Strike that hits deals no damage but adds mired 1 (mired 2 on a crit)".
        mired = DAMAGE.get(record.degree, 0)
        b.log("hurl_nets", _("%(army)s throws nets over %(target)s."), unit, target, record)
        if mired:
            b.gain(target, MIRED, mired)
            target.netted_by.add(unit.key)
        return
    damage = DAMAGE.get(record.degree, 0)
    b.log("battle", _("%(army)s strikes %(target)s (%(weapon)s)."), unit, target, record, damage,
          _WEAPONS[kind])
    if damage:  # a miss takes nothing and sets nothing off (`hurt` and `after_hit` do nothing)
        b.hurt(target, damage, unit)
        if not HIT_TACTICS.isdisjoint(unit.tactics):  # (most armies know none)
            after_hit(b, unit, target, kind, record.degree)


def cut_nets(b: Scene, unit: Unit, netter: Unit) -> None:
    """Hurl Nets: "the victim can use Battle vs the Scouts' Maneuver DC to shed net-mired (-1, -2
    on crit; +1 on crit fail)"."""
    kind = MELEE if unit.has_strike(MELEE) else RANGED
    statistic = unit.block.strikes[kind].attack
    record = b.roll(unit, statistic, b.dc(netter, MANEUVER), _("Cut the nets"))
    b.log("cut_nets", _("%(army)s hacks at the nets of %(target)s."), unit, netter, record)
    shed = DAMAGE.get(record.degree, 0)
    if shed:
        b.reduce(unit, MIRED, shed)
        if not unit.value(MIRED):
            unit.netted_by.clear()
    elif record.degree is CRITICAL_FAILURE:
        b.gain(unit, MIRED)


def bombard(b: Scene, unit: Unit) -> None:
    """Battle against the fortification: "Фортификационное сооружение можно уничтожить только с
    помощью осадных войск."""
    fort = b.setup.fortification
    statistic = unit.block.strikes[RANGED].attack.with_modifiers(
        *multiple_attack_on_fortification(unit), *b.wind())
    if fort is None:  # the action is offered only against a fortification
        raise ValueError("no fortification to attack")
    record = b.roll(unit, statistic, fort.spec.ac, _("Battle against the fortification"))
    unit.attack_targets.append(-1)
    unit.ammunition -= 1
    damage = DAMAGE.get(record.degree, 0)
    b.log("bombard", _("%(army)s bombards the fortification."), unit, check=record, damage=damage)
    b.damage_fortification(damage, unit)


def disengage(b: Scene, unit: Unit) -> None:
    if not maneuver(b, unit):
        return
    for enemy in b.engaged_enemies(unit):
        # Merciless: "Its Maneuver DC is +2 status against enemies trying to Disengage from it".
        extra = (Modifier(ModifierKind.STATUS, 2, "merciless"),) if enemy.knows("merciless") \
            else ()
        own: tuple[Modifier, ...] = ()
        if b.setup.water and unit.knows("water_retreat"):
            own = (Modifier(ModifierKind.CIRCUMSTANCE, 4, "water_retreat"),)
        record = b.check(unit, MANEUVER_ACTION, b.dc(enemy, MANEUVER, *extra),
                         _("Disengage"), *own)
        degree = record.degree
        if unit.knows("accustomed_to_panic"):
            degree = degree.shifted(+1)  # "also its Disengage results improve one degree"
        if degree >= SUCCESS:
            b.disengage(unit, enemy)
            b.log("disengage", _("%(army)s breaks away from %(target)s."), unit, enemy, record)
            if degree is CRITICAL_SUCCESS:
                for other in b.engaged_enemies(unit):
                    b.disengage(unit, other)
                break
        else:
            b.log("disengage", _("%(army)s cannot break away from %(target)s."), unit, enemy,
                  record)
            if degree is CRITICAL_FAILURE:
                unit.cannot_disengage = True
                break


def guard(b: Scene, unit: Unit, target: Unit) -> None:
    if not maneuver(b, unit):
        return
    extra: tuple[Modifier, ...] = ()
    if unit.knows("defensive_tactics"):
        level = unit.base.level
        # Defensive Tactics: "+1 status to Maneuver checks to Guard (+2 at level 9, +3 at 17)".
        extra = (Modifier(ModifierKind.STATUS, 3 if level >= 17 else 2 if level >= 9 else 1,
                          "defensive_tactics"),)
    record = b.check(unit, MANEUVER_ACTION, b.dc(target, MANEUVER), _("Guard"), *extra)
    if record.degree is CRITICAL_SUCCESS:
        unit.guard_all = True
        b.log("guard", _("%(army)s guards against every attacker."), unit, target, record)
    elif record.degree is SUCCESS:
        unit.guard_against.add(target.key)
        b.log("guard", _("%(army)s guards against %(target)s."), unit, target, record)
    elif record.degree is CRITICAL_FAILURE:
        b.gain(unit, MIRED)
        b.log("guard", _("%(army)s stumbles while guarding: mired 1."), unit, target, record)
    else:
        b.log("guard", _("%(army)s fails to guard."), unit, target, record)


def rally(b: Scene, unit: Unit) -> None:
    enemies = b.enemies(unit)
    if not enemies:
        return
    # "Morale vs the Morale DC of an enemy army you choose": the easiest one.
    target = min(enemies, key=lambda e: (b.dc(e, MORALE), e.key))
    record = b.check(unit, RALLY, b.dc(target, MORALE), _("Rally"))
    if record.degree is CRITICAL_SUCCESS:
        unit.lasting.pop(ROUTED, None)
        b.reduce(unit, SHAKEN, 2)
        b.log("rally", _("%(army)s rallies: shaken -2."), unit, target, record)
    elif record.degree is SUCCESS:
        b.reduce(unit, SHAKEN)
        b.log("rally", _("%(army)s steadies: shaken -1."), unit, target, record)
    elif record.degree is CRITICAL_FAILURE:
        b.gain(unit, SHAKEN)
        b.log("rally", _("%(army)s loses heart: shaken +1."), unit, target, record)
    else:
        b.log("rally", _("%(army)s fails to rally."), unit, target, record)
    unit.changed()
    if record.degree >= SUCCESS:
        false_retreat(b, unit)


def retreat(b: Scene, unit: Unit) -> None:
    # Retreat: "If already distant, the army leaves the battle and becomes routed; otherwise it
    # becomes distant."
    b.leave_fortification(unit)
    if unit.position is DISTANT:
        unit.position = FLED
        b.rout(unit)
        b.log("retreat", _("%(army)s leaves the battlefield."), unit)
    else:
        unit.position = DISTANT
        b.log("retreat", _("%(army)s falls back to a distance."), unit)
    unit.changed()
