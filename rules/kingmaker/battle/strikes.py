"""What bears on a Strike beyond the striking army's own stat block: sight in the battle's light, the
wind, and the tactics and war actions that add to an attack (seed 003, "ПОЛЕ БОЯ" and the reference
tactics). Pure functions of the battlefield and the two armies."""
from __future__ import annotations

from rules.errors import _
from rules.kept import Kept
from rules.kingmaker.army import StatBlock
from rules.kingmaker.battle.members import (
    ATTACKS_AGAINST,
    CONCEALED,
    DARK,
    DIM,
    DISTANT,
    MELEE,
    RANGED,
    RANGED_AGAINST,
)
from rules.kingmaker.battle.setup import BattleSetup, Light, Wind
from rules.kingmaker.battle.units import Unit
from rules.kingmaker.gear import WeaponKind
from rules.kingmaker.templates import ArmyType
from rules.modifiers import Modifier, ModifierKind, stacked_total

# Overrun: "+1 status to weapon attacks vs infantry and skirmishers".
OVERRUN_TARGETS = (ArmyType.INFANTRY, ArmyType.SKIRMISHER)


def circumstance(value: int, source: str) -> Modifier:
    return Modifier(ModifierKind.CIRCUMSTANCE, value, source)


def status(value: int, source: str) -> Modifier:
    return Modifier(ModifierKind.STATUS, value, source)


# The modifiers a Strike may take, made once (a battle makes thousands of Strikes).
_MULTIPLE_ATTACK = {penalty: Modifier(ModifierKind.UNTYPED, -penalty, _("multiple attack penalty"))
                    for penalty in (4, 5, 8, 10)}
_OVERRUN = {bonus: status(bonus, "overrun") for bonus in (1, 2)}
_AMBUSH = status(2, "ambush")
_SWAMP_CHARGE = circumstance(1, "swamp_charge")
_RECKLESS = circumstance(1, "reckless_flankers")
_ALL_OUT_ASSAULT = circumstance(1, "all_out_assault")


def darkvision(unit: Unit) -> bool:
    return unit.knows("darkvision")


def low_light(unit: Unit) -> bool:
    return unit.knows("low_light_vision") or darkvision(unit)


def sees_clearly(light: Light, attacker: Unit) -> bool:
    """Darkvision ignores darkness; low-light vision or darkvision ignores dim light."""
    return (light is DARK and darkvision(attacker)) or \
        (light is DIM and low_light(attacker))


_WIND = {Wind.STRONG: circumstance(-1, "wind"), Wind.STORM: circumstance(-2, "wind")}
_WIND_AT_A_DISTANCE = Modifier(ModifierKind.UNTYPED, -5, _("wind at a distance"))
_CONCEALED = CONCEALED.value  # the source of the concealed condition's modifiers


def wind(setup: BattleSetup, *, distant: bool = False) -> list[Modifier]:
    """The wind on a ranged Strike, at an army or at a fortification: "Все дистанционные
    Удары получают ситуативный штраф -1 при сильном ветре и -2 при штормовом. Штраф ... по
    войскам на отдалении удваивается до -10"."""
    blowing = _WIND.get(setup.wind)
    if blowing is None:
        return []
    return [blowing, _WIND_AT_A_DISTANCE] if distant else [blowing]


def strike_modifiers(setup: BattleSetup, round_number: int, attacker: Unit, target: Unit,
                     kind: WeaponKind, multiple_attack: bool = True) -> list[Modifier]:
    penalty = _multiple_attack_penalty(attacker, target) if multiple_attack else 0
    mods = [_MULTIPLE_ATTACK[penalty]] if penalty else []
    mods += _standing(setup, attacker, target, kind)
    mods += _situational(round_number, attacker, target, kind, multiple_attack)
    return mods


def attack_total(setup: BattleSetup, round_number: int, attacker: Unit, target: Unit,
                 kind: WeaponKind, multiple_attack: bool, standing: StandingTotals) -> int:
    """The total of the attacker's Strike with `strike_modifiers` on it. Unless a war action or
    the first round adds to it (`_situational`: few Strikes), it is the attack with what stands
    between these two armies (`_standing`, kept in `standing` by both armies' stat blocks, as the
    same pairs strike each other round after round and run after run of a setup) and the
    multiple attack penalty, which is untyped and so adds to any total as it is."""
    if (round_number == 1 and (attacker.ambush_target is not None or
                               attacker.first_turn_bonus_target is not None)) or \
            attacker.reckless or (multiple_attack and attacker.assault_bonus_except is not None):
        attack = (attacker._block or attacker.find_block()).strikes[kind].attack
        mods = strike_modifiers(setup, round_number, attacker, target, kind, multiple_attack)
        return stacked_total(attack.base, (*attack.modifiers, *mods)) if mods else attack.total
    own = attacker._block or attacker.find_block()
    other = target._block or target.find_block()
    distant = kind is RANGED and target._position is DISTANT
    key = (attacker.key, target.key, kind, distant, id(own), id(other))
    known = standing.get(key)
    if known is None:  # (found, it holds these two blocks: their ids cannot have been reused)
        attack = own.strikes[kind].attack
        mods = _standing(setup, attacker, target, kind)
        total = stacked_total(attack.base, (*attack.modifiers, *mods)) if mods else attack.total
        known = standing.keep(key, (own, other, total))
    if multiple_attack and attacker.attack_targets:
        return known[2] - _multiple_attack_penalty(attacker, target)
    return known[2]


# What stands between two armies on a Strike (`attack_total`): by the two armies' keys, the
# weapon, whether the target is distant and the two stat blocks (kept in the value, so that their
# ids are not reused while they are keys).
StandingTotals = Kept[tuple[int, int, WeaponKind, bool, int, int], tuple[StatBlock, StatBlock, int]]


def _multiple_attack_penalty(attacker: Unit, target: Unit) -> int:
    """Multiple attack penalty -5 / -10; Keep Up the Pressure: -4 / -8 against the same target
    (0 for the war action's first attack)."""
    attacks = attacker.attack_targets
    if not attacks:
        return 0
    count = min(len(attacks), 2)
    same = attacks.count(target.key) == len(attacks)
    return (4 if same and "keep_up_the_pressure" in attacker.tactics else 5) * count


def _standing(setup: BattleSetup, attacker: Unit, target: Unit, kind: WeaponKind) -> list[Modifier]:
    """What bears on a Strike from the battlefield, the target's own state and the attacker's
    tactics alone."""
    mods: list[Modifier] = []
    against = RANGED_AGAINST if kind is RANGED else ATTACKS_AGAINST
    # The target's own: distant -5, concealed -2 ("все атаки против него — штраф -2"), which
    # an attacker that sees in this light ignores.
    own = (target._block or target.find_block()).statistics[against].modifiers
    if own:
        mods += [m for m in own
                 if not (m.source == _CONCEALED and sees_clearly(setup.light, attacker))]
    if kind is RANGED:
        mods += wind(setup, distant=target._position is DISTANT)
    # (`Unit.knows` read inline: every Strike asks.)
    if target.army_type in OVERRUN_TARGETS and "overrun" in attacker.tactics:
        bonus = 2 if "cavalry_experts" in attacker.tactics else 1
        mods.append(_OVERRUN[bonus])
    return mods


def _situational(round_number: int, attacker: Unit, target: Unit, kind: WeaponKind,
                 multiple_attack: bool) -> list[Modifier]:
    """What the attacker's war actions and the first round give this Strike."""
    mods: list[Modifier] = []
    if attacker.ambush_target == target.key and round_number == 1 and not attacker.attack_targets:
        mods.append(_AMBUSH)
    if attacker.first_turn_bonus_target == target.key and round_number == 1 and \
            kind is MELEE:
        mods.append(_SWAMP_CHARGE)
    if attacker.reckless and attacker._engaged:
        mods.append(_RECKLESS)
    if multiple_attack and attacker.assault_bonus_except is not None and \
            attacker.assault_bonus_except != target.key:
        # All-Out Assault, critical success: "+1 circumstance to your next attack war action
        # this turn if it targets a different army".
        mods.append(_ALL_OUT_ASSAULT)
    return mods


def multiple_attack_on_fortification(unit: Unit) -> tuple[Modifier, ...]:
    """A Strike at the fortification takes the multiple attack penalty, never Keep Up the
    Pressure's."""
    count = min(len(unit.attack_targets), 2)
    return (Modifier(ModifierKind.UNTYPED, -5 * count, _("multiple attack penalty")),) if count else ()
