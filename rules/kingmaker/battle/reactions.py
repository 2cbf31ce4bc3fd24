"""What war actions set off by themselves (seed 003 and the reference tactics): a maneuver's
reactions and fortification, and what follows a hit or a steady Morale check."""
from __future__ import annotations

from rules.degrees import Degree
from rules.errors import _
from rules.kingmaker.battle import aiming
from rules.kingmaker.battle.members import (
    CRITICAL_FAILURE,
    CRITICAL_SUCCESS,
    DEFEATED,
    DISTANT,
    FAILURE,
    FLED,
    FORTIFIED,
    MANEUVER,
    MELEE,
    MORALE,
    OUTFLANKED,
    PINNED,
    RANGED,
    SHAKEN,
    SUCCESS,
)
from rules.kingmaker.battle.scene import Scene
from rules.kingmaker.battle.units import Unit
from rules.kingmaker.gear import WeaponKind

DAMAGE = {CRITICAL_SUCCESS: 2, SUCCESS: 1}  # "1 урон при попадании и 2 урона при критическом"
# The tactics that add to a hit (`after_hit`): an army without any of them adds nothing.
HIT_TACTICS = frozenset({"revel_in_battle", "flaming_shot", "explosive_shot", "burning_weaponry"})


# -- what every maneuver sets off ------------------------------------------------------------------

def maneuver(b: Scene, unit: Unit) -> bool:
    """A war action with the maneuver trait begins: engaged enemies may react (Counterattack), a
    fortified army leaves its fortification, and the army may drink a healing potion. Returns
    False if the army was defeated by the reactions."""
    # Pinned: "no maneuver war actions" (the tactician never picks one; this guards the rest).
    if PINNED in (unit._settled_now or unit._settled())[0]:  # (`Unit.has`, read inline)
        return False
    if unit._engaged:  # (`engaged_enemies` is empty for most maneuvers: an advance's)
        for enemy in b.engaged_enemies(unit):
            counterattack(b, enemy, unit)
            # (`Unit.on_field`, read inline: a property is a slow read and a call.)
            if unit._position is FLED or unit.hp == 0 or DEFEATED in unit._lasting:
                return False
    if FORTIFIED in unit._lasting:  # (most maneuvers start outside any)
        b.leave_fortification(unit)
    if unit.plan.use_potions and unit.hp < unit.max_hp and unit.potions:
        # Healing Potions: "One dose can be used as part of any Maneuver action to regain 1 HP".
        unit.drink_potion()
        b.log("potion", _("%(army)s drinks a healing potion: %(hp)s HP."), unit, params={"hp": unit.hp})
    return True


def can_react(b: Scene, unit: Unit) -> bool:
    return unit.on_field and not unit.reaction_used and not unit.routed and \
        unit.no_reactions_until is None


def counterattack(b: Scene, unit: Unit, trigger: Unit) -> None:
    # Counterattack: "Trigger: an army engaged with yours attempts a maneuver war action ... Melee
    # Strike vs the triggering army's AC; ignores and does not add to multiple attack penalty".
    knows = "flexible_tactics" in unit.tactics or "warmongers" in unit.tactics
    if not knows or not can_react(b, unit) or not unit.has_strike(MELEE):
        return
    unit.reaction_used = True
    record = b.strike(unit, trigger, MELEE, _("Counterattack"), multiple_attack=False)
    damage = 1 if record.degree >= SUCCESS else 0  # "1 damage" on a hit or a crit
    b.log("counterattack", _("%(army)s counterattacks %(target)s."), unit, trigger, record,
          damage)
    b.hurt(trigger, damage, unit)
    if record.degree is CRITICAL_SUCCESS and trigger.on_field:
        b.gain(trigger, SHAKEN)


def false_retreat(b: Scene, unit: Unit) -> None:
    # False Retreat: "Trigger: your army succeeds at a Morale check. Morale vs target army's Morale
    # DC".
    if not unit.knows("flexible_tactics") or not can_react(b, unit):
        return
    target = aiming.pick(b, unit, b.engaged_enemies(unit) or b.enemies(unit))
    if target is None:
        return
    unit.reaction_used = True
    record = b.check(unit, MORALE, b.dc(target, MORALE), _("False Retreat"))
    b.log("false_retreat", _("%(army)s feigns a retreat before %(target)s."), unit, target,
          record)
    if record.degree is CRITICAL_SUCCESS:
        # "Target outflanked and unable to react until the start of your next turn".
        b.gain_until(target, OUTFLANKED, 0, unit, "start")
        b.bar_reactions(target, unit)
    elif record.degree is SUCCESS:
        # "Target outflanked until the start of its next turn".
        b.gain_until(target, OUTFLANKED, 0, target, "start")
    elif record.degree is CRITICAL_FAILURE:
        b.gain_until(unit, OUTFLANKED, 0, unit, "start")


# -- what follows a hit --------------------------------------------------------------------------

def after_hit(b: Scene, unit: Unit, target: Unit, kind: WeaponKind, degree: Degree) -> None:
    # (`Unit.knows`, read inline: every hit asks.)
    tactics = unit.tactics
    if degree is CRITICAL_SUCCESS and kind is MELEE and \
            "revel_in_battle" in tactics and unit.hp < unit.max_hp:
        b.heal(unit, 1)  # Revel in Battle: "It regains 1 HP"
        b.log("revel_in_battle", _("%(army)s revels in battle: +1 HP."), unit)
    # (`Unit.on_field`, read inline: every hit asks.)
    if degree < SUCCESS or target._position is FLED or target.hp == 0 or \
            DEFEATED in target._lasting:
        return
    if kind is RANGED and "flaming_shot" in tactics:
        # Flaming Shot: "the target makes a Maneuver check vs this army's attack DC ... on a
        # failure it takes 1 extra damage".
        dc = unit.block.strikes[RANGED].attack.total + 10
        record = b.check(target, MANEUVER, dc, _("Flaming Shot"))
        burnt = 1 if record.degree <= FAILURE else 0
        b.log("flaming_shot", _("Flames spread in %(target)s."), unit, target, record, burnt)
        b.hurt(target, burnt, unit)
    if degree is CRITICAL_SUCCESS and kind is RANGED and \
            "explosive_shot" in tactics and target.position is not DISTANT:
        # Explosive Shot: "deal 1 extra damage to a second non-distant enemy army".
        second = aiming.pick(b, unit, [e for e in b.enemies(unit) if e is not target
                                          and e.position is not DISTANT])
        if second is not None:
            b.log("explosive_shot", _("The blast also hits %(target)s."), unit, second,
                  damage=1)
            b.hurt(second, 1, unit)
    if degree is CRITICAL_SUCCESS and "burning_weaponry" in tactics and target.on_field:
        # Burning Weaponry: "target makes a Maneuver check vs the Bombardiers' Maneuver DC or
        # takes 1 extra damage".
        record = b.check(target, MANEUVER, b.dc(unit, MANEUVER), _("Burning Weaponry"))
        burnt = 1 if record.degree <= FAILURE else 0
        b.log("burning_weaponry", _("Burning weapons scorch %(target)s."), unit, target, record,
              burnt)
        b.hurt(target, burnt, unit)
