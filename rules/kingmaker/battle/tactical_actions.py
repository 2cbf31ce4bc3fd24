"""The tactical war actions (seed 003, "ТАКТИЧЕСКИЕ БОЕВЫЕ ДЕЙСТВИЯ"; ../shared/reference,
tactical_war_actions): what each does once its cost is paid. `actions` holds their costs, when
each can be used and at whom."""
from __future__ import annotations

from rules.errors import _
from rules.kingmaker.battle import basic_actions
from rules.kingmaker.battle.members import (
    CRITICAL_FAILURE,
    CRITICAL_SUCCESS,
    FAILURE,
    FORTIFIED,
    MANEUVER,
    MANEUVER_ACTION,
    MELEE,
    MORALE,
    OUTFLANKED,
    RANGED,
    SCOUTING,
    SHAKEN,
    SUCCESS,
    WEARY,
)
from rules.kingmaker.battle.reactions import (
    DAMAGE,
    after_hit,
    can_react,
    false_retreat,
    maneuver,
)
from rules.kingmaker.battle.scene import Scene
from rules.kingmaker.battle.strikes import multiple_attack_on_fortification
from rules.kingmaker.battle.units import Unit
from rules.modifiers import Modifier, ModifierKind

MEDICINE_DC = 25  # Battlefield Medicine: "Scouting check, DC 25"


def all_out_assault(b: Scene, unit: Unit, target: Unit) -> None:
    record = b.strike(unit, target, MELEE, _("All-Out Assault"))
    damage = {CRITICAL_SUCCESS: 3, SUCCESS: 2, FAILURE: 1}.get(
        record.degree, 0)
    b.log("all_out_assault", _("%(army)s throws everything at %(target)s."), unit, target,
          record, damage)
    b.hurt(target, damage, unit)
    if record.degree is CRITICAL_SUCCESS:
        unit.assault_bonus_except = target.key  # +1 to the next attack on another army this turn
    if record.degree is CRITICAL_FAILURE:
        b.gain_until(unit, OUTFLANKED, 0, unit, "start")
    elif damage and unit.knows("brutal_assault") and target.on_field:
        # Brutal Assault: "an army it damages that way must pass a DC 24 Morale check or become
        # shaken 1 (shaken 2 on a critical failure)".
        check = b.check(target, MORALE, 24, _("Brutal Assault"))
        shaken = {FAILURE: 1, CRITICAL_FAILURE: 2}.get(check.degree, 0)
        if shaken:
            b.gain(target, SHAKEN, shaken)
    after_hit(b, unit, target, MELEE, record.degree)


def battlefield_medicine(b: Scene, unit: Unit, ally: Unit) -> None:
    record = b.check(unit, SCOUTING, MEDICINE_DC, _("Battlefield Medicine"))
    ally.treated = True  # "immune to Battlefield Medicine for the rest of the encounter"
    healed = DAMAGE.get(record.degree, 0)
    b.log("battlefield_medicine", _("%(army)s tends to %(target)s."), unit, ally, record)
    if healed:
        b.heal(ally, healed)
    elif record.degree is CRITICAL_FAILURE:
        b.gain(ally, WEARY)


def covering_fire(b: Scene, unit: Unit, target: Unit) -> None:
    record = b.strike(unit, target, RANGED, _("Covering Fire"))
    damage = {CRITICAL_SUCCESS: 2, SUCCESS: 1, FAILURE: 1}.get(
        record.degree, 0)
    b.log("covering_fire", _("%(army)s lays down covering fire on %(target)s."), unit, target,
          record, damage)
    b.hurt(target, damage, unit)
    if record.degree >= SUCCESS and target.on_field:
        b.bar_reactions(target, unit)


def defensive_stance(b: Scene, unit: Unit, ally: Unit, enemy: Unit) -> None:
    if not maneuver(b, unit):
        return
    record = b.check(unit, MANEUVER_ACTION, b.dc(enemy, MANEUVER),
                     _("Defensive Stance"))
    b.log("defensive_stance", _("%(army)s covers the flank of %(target)s."), unit, ally, record)
    if record.degree >= SUCCESS:
        ally.temporary = [t for t in ally.temporary if t.condition is not OUTFLANKED]
        ally.lasting.pop(OUTFLANKED, None)
        ally.changed()
    elif record.degree is CRITICAL_FAILURE:
        b.gain_until(unit, OUTFLANKED, 0, enemy, "start")


def dirty_fighting(b: Scene, unit: Unit, target: Unit) -> None:
    kind = MELEE if target.key in unit._engaged and unit.has_strike(MELEE) \
        else RANGED
    record = b.strike(unit, target, kind, _("Dirty Fighting"))
    b.log("dirty_fighting", _("%(army)s fights dirty against %(target)s."), unit, target, record)
    weary = DAMAGE.get(record.degree, 0)
    if weary:
        b.gain_until(target, WEARY, weary, unit, "start")
    elif record.degree is CRITICAL_FAILURE:
        b.reduce(target, WEARY)


def feint(b: Scene, unit: Unit, target: Unit) -> None:
    # Our ruling: "No check is named ... the attack trait suggests it resolves like an attack vs
    # AC".
    record = b.strike(unit, target, MELEE, _("Feint"))
    b.log("feint", _("%(army)s feints at %(target)s."), unit, target, record)
    if record.degree is CRITICAL_SUCCESS:
        b.gain_until(target, OUTFLANKED, 0, unit, "end")
    elif record.degree is SUCCESS:
        target.feinted_by.add(unit.key)  # "counts as outflanked for your next melee Strike"
        target.changed()
    elif record.degree is CRITICAL_FAILURE:
        # "You are outflanked by the target until the end of your next turn": past the end of this
        # turn, to the end of the next.
        b.gain_until(unit, OUTFLANKED, 0, unit, "end", skip=1)


def outflank(b: Scene, unit: Unit, target: Unit) -> None:
    if not maneuver(b, unit):
        return
    record = b.check(unit, MANEUVER_ACTION, b.dc(target, MANEUVER), _("Outflank"))
    b.log("outflank", _("%(army)s swings around %(target)s."), unit, target, record)
    if record.degree >= SUCCESS:
        b.gain_until(target, OUTFLANKED, 0, unit, "start")
        if b.can_engage(unit, target):
            b.engage(unit, target)
    elif record.degree is CRITICAL_FAILURE:
        b.gain_until(unit, OUTFLANKED, 0, unit, "start")


def overwhelming_bombardment(b: Scene, unit: Unit) -> None:
    fort = b.setup.fortification
    statistic = unit.block.strikes[RANGED].attack.with_modifiers(
        *multiple_attack_on_fortification(unit), *b.wind())
    if fort is None:  # the action is offered only against a fortification
        raise ValueError("no fortification to bombard")
    record = b.roll(unit, statistic, fort.spec.ac, _("Overwhelming Bombardment"))
    unit.attack_targets.append(-1)
    unit.ammunition -= 2  # "uses 2 of the army's ranged shots"
    inside = [u for u in b.enemies(unit) if u.has(FORTIFIED)]
    b.log("overwhelming_bombardment", _("%(army)s pounds the fortification."), unit,
          check=record)
    if record.degree is CRITICAL_SUCCESS:
        b.damage_fortification(2, unit)
        for army in inside[:2]:
            b.hurt(army, 1, unit)
    elif record.degree is SUCCESS:
        b.damage_fortification(1, unit)
        if inside:
            b.hurt(inside[0], 1, unit)
        else:
            b.damage_fortification(1, unit)
    elif record.degree is FAILURE:
        b.damage_fortification(1, unit)
    else:
        b.gain_until(unit, OUTFLANKED, 0, unit, "start")


def taunt(b: Scene, unit: Unit, target: Unit) -> None:
    record = b.check(unit, MORALE, b.dc(target, MORALE), _("Taunt"))
    degree = record.degree
    if degree is CRITICAL_FAILURE and unit.knows("chorus_of_croaks") and \
            unit.knows("focused_devotion"):
        degree = FAILURE  # "a Taunt critical failure counts as a failure"
    b.log("taunt", _("%(army)s taunts %(target)s."), unit, target, record)
    shaken = DAMAGE.get(degree, 0)
    if shaken:
        b.gain_until(target, SHAKEN, shaken, unit, "start")
    elif degree is CRITICAL_FAILURE:
        b.reduce(target, SHAKEN)
    if degree >= SUCCESS:
        false_retreat(b, unit)


def trample(b: Scene, unit: Unit, target: Unit) -> None:
    record = b.strike(unit, target, MELEE, _("Trample"),
                      Modifier(ModifierKind.UNTYPED, 20, "trample"))
    damage = DAMAGE.get(record.degree, 0)
    b.log("trample", _("%(army)s tramples %(target)s."), unit, target, record, damage)
    b.hurt(target, damage, unit)
    if damage:
        b.disengage(unit, target)


def furious_charge(b: Scene, unit: Unit, target: Unit) -> None:
    # Furious Charge: "Advance at an enemy; if it engages, it may make a melee Strike against that
    # army as a reaction" (once per war encounter).
    unit.charged = True
    basic_actions.advance(b, unit, target)
    if target.key in unit._engaged and can_react(b, unit):
        unit.reaction_used = True
        record = b.strike(unit, target, MELEE, _("Furious Charge"),
                          multiple_attack=False)
        damage = DAMAGE.get(record.degree, 0)
        b.log("furious_charge", _("%(army)s crashes into %(target)s."), unit, target, record,
              damage)
        b.hurt(target, damage, unit)
