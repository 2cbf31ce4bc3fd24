"""War actions (seed 003, "ОБЩИЕ БОЕВЫЕ ДЕЙСТВИЯ" and "ТАКТИЧЕСКИЕ БОЕВЫЕ ДЕЙСТВИЯ"; the texts are in
../shared/reference, basic_war_actions and tactical_war_actions). Each takes its action cost from
the army and logs what happened; reactions fire from here too."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules.degrees import Degree
from rules.errors import _
from rules.kingmaker.battle.setup import Position
from rules.kingmaker.battle.units import Unit
from rules.kingmaker.conditions import Condition, Target
from rules.kingmaker.gear import WeaponKind
from rules.kingmaker.templates import ArmyType
from rules.modifiers import Modifier, ModifierKind

if TYPE_CHECKING:
    from rules.kingmaker.battle.engine import Battle

COSTS = {
    "advance": 1, "battle": 1, "disengage": 2, "guard": 1, "rally": 2, "retreat": 3,
    "all_out_assault": 2, "battlefield_medicine": 3, "covering_fire": 2, "defensive_stance": 2,
    "dirty_fighting": 1, "feint": 1, "outflank": 2, "overwhelming_bombardment": 2, "taunt": 1,
    "trample": 3, "furious_charge": 1,
}
MEDICINE_DC = 25  # Battlefield Medicine: "Scouting check, DC 25"
DAMAGE = {Degree.CRITICAL_SUCCESS: 2, Degree.SUCCESS: 1}  # "1 урон при попадании и 2 урона при критическом"


def spend(unit: Unit, action: str) -> None:
    unit.actions -= COSTS[action]


# -- what every maneuver sets off ------------------------------------------------------------------

def maneuver(b: Battle, unit: Unit) -> bool:
    """A war action with the maneuver trait begins: engaged enemies may react (Counterattack), a
    fortified army leaves its fortification, and the army may drink a healing potion. Returns
    False if the army was defeated by the reactions."""
    # Pinned: "no maneuver war actions" (the tactician never picks one; this guards the rest).
    if unit.has(Condition.PINNED):
        return False
    for enemy in b.engaged_enemies(unit):
        counterattack(b, enemy, unit)
        if not unit.on_field:
            return False
    b.leave_fortification(unit)
    if unit.plan.use_potions and unit.hp < unit.max_hp and unit.potions:
        # Healing Potions: "One dose can be used as part of any Maneuver action to regain 1 HP".
        unit.drink_potion()
        b.log("potion", _("%(army)s drinks a healing potion: %(hp)s HP."), unit, hp=unit.hp)
    return True


def can_react(b: Battle, unit: Unit) -> bool:
    return unit.on_field and not unit.reaction_used and not unit.routed and \
        unit.no_reactions_until is None


def counterattack(b: Battle, unit: Unit, trigger: Unit) -> None:
    # Counterattack: "Trigger: an army engaged with yours attempts a maneuver war action ... Melee
    # Strike vs the triggering army's AC; ignores and does not add to multiple attack penalty".
    knows = unit.knows("flexible_tactics") or unit.knows("warmongers")
    if not knows or not can_react(b, unit) or not unit.has_strike(WeaponKind.MELEE):
        return
    unit.reaction_used = True
    record = b.strike(unit, trigger, WeaponKind.MELEE, _("Counterattack"), multiple_attack=False)
    damage = 1 if record.degree >= Degree.SUCCESS else 0  # "1 damage" on a hit or a crit
    b.log("counterattack", _("%(army)s counterattacks %(target)s."), unit, trigger, record,
          damage)
    b.hurt(trigger, damage, unit)
    if record.degree is Degree.CRITICAL_SUCCESS and trigger.on_field:
        b.gain(trigger, Condition.SHAKEN)


def false_retreat(b: Battle, unit: Unit) -> None:
    # False Retreat: "Trigger: your army succeeds at a Morale check. Morale vs target army's Morale
    # DC".
    if not unit.knows("flexible_tactics") or not can_react(b, unit):
        return
    from rules.kingmaker.battle import tactician

    target = tactician.pick(b, unit, b.engaged_enemies(unit) or b.enemies(unit))
    if target is None:
        return
    unit.reaction_used = True
    record = b.check(unit, Target.MORALE, b.dc(target, Target.MORALE), _("False Retreat"))
    b.log("false_retreat", _("%(army)s feigns a retreat before %(target)s."), unit, target,
          record)
    if record.degree is Degree.CRITICAL_SUCCESS:
        # "Target outflanked and unable to react until the start of your next turn".
        b.gain_until(target, Condition.OUTFLANKED, 0, unit, "start")
        target.no_reactions_until = unit.key
    elif record.degree is Degree.SUCCESS:
        # "Target outflanked until the start of its next turn".
        b.gain_until(target, Condition.OUTFLANKED, 0, target, "start")
    elif record.degree is Degree.CRITICAL_FAILURE:
        b.gain_until(unit, Condition.OUTFLANKED, 0, unit, "start")


# -- basic war actions ---------------------------------------------------------------------------

def advance(b: Battle, unit: Unit, target: Unit) -> None:
    spend(unit, "advance")
    if not maneuver(b, unit):
        return
    record = b.check(unit, Target.MANEUVER_ACTION, b.dc(target, Target.MANEUVER), _("Advance"))
    degree = record.degree
    if degree is Degree.CRITICAL_SUCCESS or (degree is Degree.SUCCESS and
                                              target.position is not Position.DISTANT):
        if unit.position is Position.DISTANT:
            unit.position = Position.NEARBY
        if target.position is Position.DISTANT:
            target.position = Position.NEARBY
        if b.can_engage(unit, target):
            b.engage(unit, target)
            b.log("advance", _("%(army)s advances and engages %(target)s."), unit, target, record)
            if unit.knows("reckless_flankers") and unit.plan.stance.value == "advance":
                unit.reckless = True  # trades 2 AC for +1 to attacks while engaged
            return
    elif degree is Degree.SUCCESS:
        target.position = Position.NEARBY
        target.changed()
        b.log("advance", _("%(army)s closes the distance to %(target)s."), unit, target, record)
        return
    if degree is Degree.CRITICAL_FAILURE:
        b.gain_until(unit, Condition.MIRED, 1, unit, "start")
        b.log("advance", _("%(army)s bogs down: mired 1."), unit, target, record)
    else:
        b.log("advance", _("%(army)s fails to close with %(target)s."), unit, target, record)


def battle(b: Battle, unit: Unit, target: Unit, kind: WeaponKind) -> None:
    """The Battle war action: a Strike, 1 damage on a hit and 2 on a critical hit."""
    spend(unit, "battle")
    record = b.strike(unit, target, kind, _("Battle"))
    if kind is WeaponKind.RANGED and unit.knows("hurl_nets"):
        # Hurl Nets: "A net Strike that hits deals no damage but adds mired 1 (mired 2 on a crit)".
        mired = DAMAGE.get(record.degree, 0)
        b.log("hurl_nets", _("%(army)s throws nets over %(target)s."), unit, target, record)
        if mired:
            b.gain(target, Condition.MIRED, mired)
            target.netted_by.add(unit.key)
        return
    damage = DAMAGE.get(record.degree, 0)
    b.log("battle", _("%(army)s strikes %(target)s (%(weapon)s)."), unit, target, record, damage,
          weapon=kind.value)
    b.hurt(target, damage, unit)
    after_hit(b, unit, target, kind, record.degree)


def after_hit(b: Battle, unit: Unit, target: Unit, kind: WeaponKind, degree: Degree) -> None:
    if degree is Degree.CRITICAL_SUCCESS and kind is WeaponKind.MELEE and \
            unit.knows("revel_in_battle") and unit.hp < unit.max_hp:
        b.heal(unit, 1)  # Revel in Battle: "It regains 1 HP"
        b.log("revel_in_battle", _("%(army)s revels in battle: +1 HP."), unit)
    if degree < Degree.SUCCESS or not target.on_field:
        return
    if kind is WeaponKind.RANGED and unit.knows("flaming_shot"):
        # Flaming Shot: "the target makes a Maneuver check vs this army's attack DC ... on a
        # failure it takes 1 extra damage".
        dc = unit.block.strikes[WeaponKind.RANGED].attack.total + 10
        record = b.check(target, Target.MANEUVER, dc, _("Flaming Shot"))
        burnt = 1 if record.degree <= Degree.FAILURE else 0
        b.log("flaming_shot", _("Flames spread in %(target)s."), unit, target, record, burnt)
        b.hurt(target, burnt, unit)
    if degree is Degree.CRITICAL_SUCCESS and kind is WeaponKind.RANGED and \
            unit.knows("explosive_shot") and target.position is not Position.DISTANT:
        # Explosive Shot: "deal 1 extra damage to a second non-distant enemy army".
        from rules.kingmaker.battle import tactician

        second = tactician.pick(b, unit, [e for e in b.enemies(unit) if e is not target
                                          and e.position is not Position.DISTANT])
        if second is not None:
            b.log("explosive_shot", _("The blast also hits %(target)s."), unit, second,
                  damage=1)
            b.hurt(second, 1, unit)
    if degree is Degree.CRITICAL_SUCCESS and unit.knows("burning_weaponry") and target.on_field:
        # Burning Weaponry: "target makes a Maneuver check vs the Bombardiers' Maneuver DC or
        # takes 1 extra damage".
        record = b.check(target, Target.MANEUVER, b.dc(unit, Target.MANEUVER), _("Burning Weaponry"))
        burnt = 1 if record.degree <= Degree.FAILURE else 0
        b.log("burning_weaponry", _("Burning weapons scorch %(target)s."), unit, target, record,
              burnt)
        b.hurt(target, burnt, unit)


def cut_nets(b: Battle, unit: Unit, netter: Unit) -> None:
    """Hurl Nets: "the victim can use Battle vs the Scouts' Maneuver DC to shed net-mired (-1, -2
    on crit; +1 on crit fail)"."""
    spend(unit, "battle")
    kind = WeaponKind.MELEE if unit.has_strike(WeaponKind.MELEE) else WeaponKind.RANGED
    statistic = unit.block.strikes[kind].attack
    record = b.roll(unit, statistic, b.dc(netter, Target.MANEUVER), _("Cut the nets"))
    b.log("cut_nets", _("%(army)s hacks at the nets of %(target)s."), unit, netter, record)
    shed = DAMAGE.get(record.degree, 0)
    if shed:
        b.reduce(unit, Condition.MIRED, shed)
        if not unit.value(Condition.MIRED):
            unit.netted_by.clear()
    elif record.degree is Degree.CRITICAL_FAILURE:
        b.gain(unit, Condition.MIRED)


def bombard(b: Battle, unit: Unit) -> None:
    """Battle against the fortification: "Фортификационное сооружение можно уничтожить только с
    помощью осадных войск."""
    spend(unit, "battle")
    fort = b.setup.fortification
    statistic = unit.block.strikes[WeaponKind.RANGED].attack.with_modifiers(
        *_multiple_attack(unit), *b.wind())
    if fort is None:  # the action is offered only against a fortification
        raise ValueError("no fortification to attack")
    record = b.roll(unit, statistic, fort.spec.ac, _("Battle against the fortification"))
    unit.attack_targets.append(-1)
    unit.ammunition -= 1
    damage = DAMAGE.get(record.degree, 0)
    b.log("bombard", _("%(army)s bombards the fortification."), unit, check=record, damage=damage)
    b.damage_fortification(damage, unit)


def _multiple_attack(unit: Unit) -> tuple[Modifier, ...]:
    count = min(len(unit.attack_targets), 2)
    return (Modifier(ModifierKind.UNTYPED, -5 * count, _("multiple attack penalty")),) if count else ()


def disengage(b: Battle, unit: Unit) -> None:
    spend(unit, "disengage")
    if not maneuver(b, unit):
        return
    for enemy in b.engaged_enemies(unit):
        # Merciless: "Its Maneuver DC is +2 status against enemies trying to Disengage from it".
        extra = (Modifier(ModifierKind.STATUS, 2, "merciless"),) if enemy.knows("merciless") \
            else ()
        own: tuple[Modifier, ...] = ()
        if b.setup.water and unit.knows("water_retreat"):
            own = (Modifier(ModifierKind.CIRCUMSTANCE, 4, "water_retreat"),)
        record = b.check(unit, Target.MANEUVER_ACTION, b.dc(enemy, Target.MANEUVER, *extra),
                         _("Disengage"), *own)
        degree = record.degree
        if unit.knows("accustomed_to_panic"):
            degree = degree.shifted(+1)  # "also its Disengage results improve one degree"
        if degree >= Degree.SUCCESS:
            b.disengage(unit, enemy)
            b.log("disengage", _("%(army)s breaks away from %(target)s."), unit, enemy, record)
            if degree is Degree.CRITICAL_SUCCESS:
                for other in b.engaged_enemies(unit):
                    b.disengage(unit, other)
                break
        else:
            b.log("disengage", _("%(army)s cannot break away from %(target)s."), unit, enemy,
                  record)
            if degree is Degree.CRITICAL_FAILURE:
                unit.cannot_disengage = True
                break


def guard(b: Battle, unit: Unit, target: Unit) -> None:
    spend(unit, "guard")
    if not maneuver(b, unit):
        return
    extra: tuple[Modifier, ...] = ()
    if unit.knows("defensive_tactics"):
        level = unit.base.level
        # Defensive Tactics: "+1 status to Maneuver checks to Guard (+2 at level 9, +3 at 17)".
        extra = (Modifier(ModifierKind.STATUS, 3 if level >= 17 else 2 if level >= 9 else 1,
                          "defensive_tactics"),)
    record = b.check(unit, Target.MANEUVER_ACTION, b.dc(target, Target.MANEUVER), _("Guard"), *extra)
    if record.degree is Degree.CRITICAL_SUCCESS:
        unit.guard_all = True
        b.log("guard", _("%(army)s guards against every attacker."), unit, target, record)
    elif record.degree is Degree.SUCCESS:
        unit.guard_against.add(target.key)
        b.log("guard", _("%(army)s guards against %(target)s."), unit, target, record)
    elif record.degree is Degree.CRITICAL_FAILURE:
        b.gain(unit, Condition.MIRED)
        b.log("guard", _("%(army)s stumbles while guarding: mired 1."), unit, target, record)
    else:
        b.log("guard", _("%(army)s fails to guard."), unit, target, record)
    unit.changed()


def rally(b: Battle, unit: Unit) -> None:
    spend(unit, "rally")
    enemies = b.enemies(unit)
    if not enemies:
        return
    # "Morale vs the Morale DC of an enemy army you choose": the easiest one.
    target = min(enemies, key=lambda e: (b.dc(e, Target.MORALE), e.key))
    record = b.check(unit, Target.RALLY, b.dc(target, Target.MORALE), _("Rally"))
    if record.degree is Degree.CRITICAL_SUCCESS:
        unit.lasting.pop(Condition.ROUTED, None)
        b.reduce(unit, Condition.SHAKEN, 2)
        b.log("rally", _("%(army)s rallies: shaken -2."), unit, target, record)
    elif record.degree is Degree.SUCCESS:
        b.reduce(unit, Condition.SHAKEN)
        b.log("rally", _("%(army)s steadies: shaken -1."), unit, target, record)
    elif record.degree is Degree.CRITICAL_FAILURE:
        b.gain(unit, Condition.SHAKEN)
        b.log("rally", _("%(army)s loses heart: shaken +1."), unit, target, record)
    else:
        b.log("rally", _("%(army)s fails to rally."), unit, target, record)
    unit.changed()
    if record.degree >= Degree.SUCCESS:
        false_retreat(b, unit)


def retreat(b: Battle, unit: Unit) -> None:
    # Retreat: "If already distant, the army leaves the battle and becomes routed; otherwise it
    # becomes distant."
    spend(unit, "retreat")
    b.leave_fortification(unit)
    if unit.position is Position.DISTANT:
        unit.position = Position.FLED
        b.rout(unit)
        b.log("retreat", _("%(army)s leaves the battlefield."), unit)
    else:
        unit.position = Position.DISTANT
        b.log("retreat", _("%(army)s falls back to a distance."), unit)
    unit.changed()


def routed_turn(b: Battle, unit: Unit) -> None:
    """Seed 003: "В свой ход войско должно совершить боевое действие Отступление"; an engaged army
    must first break away. Reactive Rally: "It may try to Rally instead of the forced Retreat"."""
    if unit.knows("reactive_rally"):
        unit.actions = 3
        rally(b, unit)
        b.log("reactive_rally", _("%(army)s tries to rally instead of fleeing."), unit)
        return
    if unit.engaged:
        if unit.has(Condition.PINNED):
            return
        disengage(b, unit)
        return
    retreat(b, unit)


# -- tactical war actions ------------------------------------------------------------------------

def all_out_assault(b: Battle, unit: Unit, target: Unit) -> None:
    spend(unit, "all_out_assault")
    record = b.strike(unit, target, WeaponKind.MELEE, _("All-Out Assault"))
    damage = {Degree.CRITICAL_SUCCESS: 3, Degree.SUCCESS: 2, Degree.FAILURE: 1}.get(
        record.degree, 0)
    b.log("all_out_assault", _("%(army)s throws everything at %(target)s."), unit, target,
          record, damage)
    b.hurt(target, damage, unit)
    if record.degree is Degree.CRITICAL_SUCCESS:
        unit.assault_bonus_except = target.key  # +1 to the next attack on another army this turn
    if record.degree is Degree.CRITICAL_FAILURE:
        b.gain_until(unit, Condition.OUTFLANKED, 0, unit, "start")
    elif damage and unit.knows("brutal_assault") and target.on_field:
        # Brutal Assault: "an army it damages that way must pass a DC 24 Morale check or become
        # shaken 1 (shaken 2 on a critical failure)".
        check = b.check(target, Target.MORALE, 24, _("Brutal Assault"))
        shaken = {Degree.FAILURE: 1, Degree.CRITICAL_FAILURE: 2}.get(check.degree, 0)
        if shaken:
            b.gain(target, Condition.SHAKEN, shaken)
    after_hit(b, unit, target, WeaponKind.MELEE, record.degree)


def battlefield_medicine(b: Battle, unit: Unit, ally: Unit) -> None:
    spend(unit, "battlefield_medicine")
    record = b.check(unit, Target.SCOUTING, MEDICINE_DC, _("Battlefield Medicine"))
    ally.treated = True  # "immune to Battlefield Medicine for the rest of the encounter"
    healed = DAMAGE.get(record.degree, 0)
    b.log("battlefield_medicine", _("%(army)s tends to %(target)s."), unit, ally, record)
    if healed:
        b.heal(ally, healed)
    elif record.degree is Degree.CRITICAL_FAILURE:
        b.gain(ally, Condition.WEARY)


def covering_fire(b: Battle, unit: Unit, target: Unit) -> None:
    spend(unit, "covering_fire")
    record = b.strike(unit, target, WeaponKind.RANGED, _("Covering Fire"))
    damage = {Degree.CRITICAL_SUCCESS: 2, Degree.SUCCESS: 1, Degree.FAILURE: 1}.get(
        record.degree, 0)
    b.log("covering_fire", _("%(army)s lays down covering fire on %(target)s."), unit, target,
          record, damage)
    b.hurt(target, damage, unit)
    if record.degree >= Degree.SUCCESS and target.on_field:
        target.no_reactions_until = unit.key


def defensive_stance(b: Battle, unit: Unit, ally: Unit, enemy: Unit) -> None:
    spend(unit, "defensive_stance")
    if not maneuver(b, unit):
        return
    record = b.check(unit, Target.MANEUVER_ACTION, b.dc(enemy, Target.MANEUVER),
                     _("Defensive Stance"))
    b.log("defensive_stance", _("%(army)s covers the flank of %(target)s."), unit, ally, record)
    if record.degree >= Degree.SUCCESS:
        ally.temporary = [t for t in ally.temporary if t.condition is not Condition.OUTFLANKED]
        ally.lasting.pop(Condition.OUTFLANKED, None)
        ally.changed()
    elif record.degree is Degree.CRITICAL_FAILURE:
        b.gain_until(unit, Condition.OUTFLANKED, 0, enemy, "start")


def dirty_fighting(b: Battle, unit: Unit, target: Unit) -> None:
    spend(unit, "dirty_fighting")
    kind = WeaponKind.MELEE if target.key in unit.engaged and unit.has_strike(WeaponKind.MELEE) \
        else WeaponKind.RANGED
    record = b.strike(unit, target, kind, _("Dirty Fighting"))
    b.log("dirty_fighting", _("%(army)s fights dirty against %(target)s."), unit, target, record)
    weary = DAMAGE.get(record.degree, 0)
    if weary:
        b.gain_until(target, Condition.WEARY, weary, unit, "start")
    elif record.degree is Degree.CRITICAL_FAILURE:
        b.reduce(target, Condition.WEARY)


def feint(b: Battle, unit: Unit, target: Unit) -> None:
    # Our ruling: "No check is named ... the attack trait suggests it resolves like an attack vs
    # AC".
    spend(unit, "feint")
    record = b.strike(unit, target, WeaponKind.MELEE, _("Feint"))
    b.log("feint", _("%(army)s feints at %(target)s."), unit, target, record)
    if record.degree is Degree.CRITICAL_SUCCESS:
        b.gain_until(target, Condition.OUTFLANKED, 0, unit, "end")
    elif record.degree is Degree.SUCCESS:
        target.feinted_by.add(unit.key)  # "counts as outflanked for your next melee Strike"
        target.changed()
    elif record.degree is Degree.CRITICAL_FAILURE:
        # "You are outflanked by the target until the end of your next turn": past the end of this
        # turn, to the end of the next.
        b.gain_until(unit, Condition.OUTFLANKED, 0, unit, "end", skip=1)


def outflank(b: Battle, unit: Unit, target: Unit) -> None:
    spend(unit, "outflank")
    if not maneuver(b, unit):
        return
    record = b.check(unit, Target.MANEUVER_ACTION, b.dc(target, Target.MANEUVER), _("Outflank"))
    b.log("outflank", _("%(army)s swings around %(target)s."), unit, target, record)
    if record.degree >= Degree.SUCCESS:
        b.gain_until(target, Condition.OUTFLANKED, 0, unit, "start")
        if b.can_engage(unit, target):
            b.engage(unit, target)
    elif record.degree is Degree.CRITICAL_FAILURE:
        b.gain_until(unit, Condition.OUTFLANKED, 0, unit, "start")


def overwhelming_bombardment(b: Battle, unit: Unit) -> None:
    spend(unit, "overwhelming_bombardment")
    fort = b.setup.fortification
    statistic = unit.block.strikes[WeaponKind.RANGED].attack.with_modifiers(
        *_multiple_attack(unit), *b.wind())
    if fort is None:  # the action is offered only against a fortification
        raise ValueError("no fortification to bombard")
    record = b.roll(unit, statistic, fort.spec.ac, _("Overwhelming Bombardment"))
    unit.attack_targets.append(-1)
    unit.ammunition -= 2  # "uses 2 of the army's ranged shots"
    inside = [u for u in b.enemies(unit) if u.has(Condition.FORTIFIED)]
    b.log("overwhelming_bombardment", _("%(army)s pounds the fortification."), unit,
          check=record)
    if record.degree is Degree.CRITICAL_SUCCESS:
        b.damage_fortification(2, unit)
        for army in inside[:2]:
            b.hurt(army, 1, unit)
    elif record.degree is Degree.SUCCESS:
        b.damage_fortification(1, unit)
        if inside:
            b.hurt(inside[0], 1, unit)
        else:
            b.damage_fortification(1, unit)
    elif record.degree is Degree.FAILURE:
        b.damage_fortification(1, unit)
    else:
        b.gain_until(unit, Condition.OUTFLANKED, 0, unit, "start")


def taunt(b: Battle, unit: Unit, target: Unit) -> None:
    spend(unit, "taunt")
    record = b.check(unit, Target.MORALE, b.dc(target, Target.MORALE), _("Taunt"))
    degree = record.degree
    if degree is Degree.CRITICAL_FAILURE and unit.knows("chorus_of_croaks") and \
            unit.knows("focused_devotion"):
        degree = Degree.FAILURE  # "a Taunt critical failure counts as a failure"
    b.log("taunt", _("%(army)s taunts %(target)s."), unit, target, record)
    shaken = DAMAGE.get(degree, 0)
    if shaken:
        b.gain_until(target, Condition.SHAKEN, shaken, unit, "start")
    elif degree is Degree.CRITICAL_FAILURE:
        b.reduce(target, Condition.SHAKEN)
    if degree >= Degree.SUCCESS:
        false_retreat(b, unit)


def trample(b: Battle, unit: Unit, target: Unit) -> None:
    spend(unit, "trample")
    record = b.strike(unit, target, WeaponKind.MELEE, _("Trample"),
                      Modifier(ModifierKind.UNTYPED, 20, "trample"))
    damage = DAMAGE.get(record.degree, 0)
    b.log("trample", _("%(army)s tramples %(target)s."), unit, target, record, damage)
    b.hurt(target, damage, unit)
    if damage:
        b.disengage(unit, target)


def furious_charge(b: Battle, unit: Unit, target: Unit) -> None:
    # Furious Charge: "Advance at an enemy; if it engages, it may make a melee Strike against that
    # army as a reaction" (once per war encounter).
    unit.charged = True
    advance(b, unit, target)
    if target.key in unit.engaged and can_react(b, unit):
        unit.reaction_used = True
        record = b.strike(unit, target, WeaponKind.MELEE, _("Furious Charge"),
                          multiple_attack=False)
        damage = DAMAGE.get(record.degree, 0)
        b.log("furious_charge", _("%(army)s crashes into %(target)s."), unit, target, record,
              damage)
        b.hurt(target, damage, unit)


def siege_engine(unit: Unit) -> bool:
    return unit.army_type is ArmyType.SIEGE
