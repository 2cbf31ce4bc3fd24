"""An army as the engine sees it: a frozen state, and the stat block derived from it (level +
regular type or special template + gear + tactics + conditions)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from rules.errors import Violation, _
from rules.kingmaker.conditions import (
    BROADER,
    TARGETS,
    Conditions,
    Target,
    condition_modifiers,
)
from rules.kingmaker.gear import GearItem, GearKind, WeaponKind, gear_modifiers, resolve_weapons
from rules.kingmaker.levels import level_row
from rules.kingmaker.tactics import counted_tactics
from rules.kingmaker.templates import BATTLE_AMMUNITION, ArmyTemplate, ArmyType, Save, Weapon
from rules.modifiers import Modifier, ModifierKind, Statistic


@dataclass(frozen=True)
class ArmyState:
    template: ArmyTemplate
    level: int
    tactics: tuple[str, ...] = ()
    gear: tuple[GearItem, ...] = ()
    conditions: Conditions = ()
    hp: int | None = None  # None: at maximum HP
    name: str = ""
    hex: str = ""


@dataclass(frozen=True)
class Strike:
    kind: WeaponKind
    name: str
    attack: Statistic


@dataclass(frozen=True)
class StatBlock:
    name: str
    template: ArmyTemplate
    level: int
    army_type: ArmyType
    high_save: Save
    standard_dc: int
    recruitment_dc: int | None
    hp: int
    max_hp: int
    routing_threshold: int | None
    max_tactics: int
    tactics_counted: int
    consumption: int | None
    ammunition: int | None
    strikes: dict[WeaponKind, Strike]
    statistics: dict[Target, Statistic] = field(repr=False)
    tactics: tuple[str, ...] = ()
    gear: tuple[GearItem, ...] = ()
    conditions: Conditions = ()

    def statistic(self, target: Target) -> Statistic:
        return self.statistics[target]

    @property
    def scouting(self) -> int:
        return self.statistics[Target.SCOUTING].total

    @property
    def ac(self) -> int:
        return self.statistics[Target.AC].total

    @property
    def maneuver(self) -> int:
        return self.statistics[Target.MANEUVER].total

    @property
    def morale(self) -> int:
        return self.statistics[Target.MORALE].total

    @property
    def melee(self) -> Strike | None:
        return self.strikes.get(WeaponKind.MELEE)

    @property
    def ranged(self) -> Strike | None:
        return self.strikes.get(WeaponKind.RANGED)

    @property
    def morale_dc(self) -> int:
        return self.morale + 10

    @property
    def maneuver_dc(self) -> int:
        return self.maneuver + 10

    @property
    def scouting_dc(self) -> int:
        """Seed 003: "СЛ разведки равна модификатору Разведки +10"."""
        return self.scouting + 10

    def as_dict(self) -> dict[str, Any]:
        def strike(s: Strike | None) -> int | None:
            return s.attack.total if s else None

        situational = {
            target.value: [_modifier_dict(m) for m in self.statistics[target].applied]
            for target in (Target.MANEUVER_ACTION, Target.RALLY, Target.ROUT_CHECK,
                           Target.ARMY_ACTIVITY, Target.DEPLOY, Target.ATTACKS_AGAINST,
                           Target.RANGED_AGAINST)
        }
        return {
            "name": self.name,
            "template": self.template.name,
            "special": self.template.special,
            "level": self.level,
            "type": self.army_type.value,
            "high_save": self.high_save.value,
            "scouting": self.scouting,
            "scouting_dc": self.scouting_dc,
            "standard_dc": self.standard_dc,
            "recruitment_dc": self.recruitment_dc,
            "ac": self.ac,
            "maneuver": self.maneuver,
            "maneuver_dc": self.maneuver_dc,
            "morale": self.morale,
            "morale_dc": self.morale_dc,
            "melee": strike(self.melee),
            "ranged": strike(self.ranged),
            "strikes": {k.value: {"name": s.name, "attack": s.attack.total}
                        for k, s in self.strikes.items()},
            "hp": self.hp,
            "max_hp": self.max_hp,
            "routing_threshold": self.routing_threshold,
            "max_tactics": self.max_tactics,
            "tactics_counted": self.tactics_counted,
            "tactics": list(self.tactics),
            "gear": [g.label() for g in self.gear],
            "conditions": [c.label() for c in self.conditions],
            "consumption": self.consumption,
            "ammunition": self.ammunition,
            "situational_modifiers": situational,
        }


def _modifier_dict(modifier: Modifier) -> dict[str, Any]:
    return {"kind": modifier.kind.value, "value": modifier.value, "source": modifier.source}


def _status(value: int, source: str) -> Modifier:
    return Modifier(ModifierKind.STATUS, value, source)


def _scaled(level: int, steps: tuple[tuple[int, int], ...]) -> int:
    """The value that applies at this level: steps are (from level, value), ascending levels."""
    return next((value for start, value in reversed(steps) if level >= start), 0)


def _tactic_modifiers(army: ArmyState, hp: int, threshold: int | None
                      ) -> dict[Target, list[Modifier]]:
    """The always-on effects of tactics (../shared/reference, tactics)."""
    mods: dict[Target, list[Modifier]] = {target: [] for target in TARGETS}
    known = set(army.tactics)
    if "keen_eyed" in known:
        mods[Target.SCOUTING].append(_status(2, "keen_eyed"))
    if "hold_the_line" in known:
        mods[Target.ROUT_CHECK].append(_status(1, "hold_the_line"))
    if "focused_devotion" in known:
        mods[Target.RALLY].append(
            _status(_scaled(army.level, ((1, 1), (9, 2), (17, 3))), "focused_devotion"))
    if "sharpshooter" in known:
        mods[Target.RANGED].append(_status(1, "sharpshooter"))
        mods[Target.MELEE].append(
            _status(-_scaled(army.level, ((1, 2), (9, 1), (15, 0))), "sharpshooter"))
    if "bloodied_but_unbroken" in known and threshold is not None and hp <= threshold:
        bonus = _status(2 if army.level >= 10 else 1, "bloodied_but_unbroken")
        for target in (Target.AC, Target.MANEUVER, Target.MORALE, Target.MELEE, Target.RANGED):
            mods[target].append(bonus)
    return mods


def _strikes(template: ArmyTemplate, level: int, gear: tuple[GearItem, ...]
             ) -> dict[WeaponKind, tuple[str, int]]:
    row = level_row(level)
    adjustments = template.adjustments()
    strikes: dict[WeaponKind, tuple[str, int]] = {}
    for kind, weapon in ((WeaponKind.MELEE, template.melee), (WeaponKind.RANGED, template.ranged)):
        if isinstance(weapon, Weapon):
            strikes[kind] = (weapon.name, row.attack + adjustments[kind.value])
    for item in gear:
        # Seed 003, ДОПОЛНИТЕЛЬНОЕ ОРУЖИЕ: "его модификатор соответствует уровню".
        if item.kind is GearKind.ADDITIONAL_WEAPON and item.weapon and item.weapon not in strikes:
            strikes[item.weapon] = (_("additional weapon"), row.attack)
    return strikes


def stat_block(army: ArmyState) -> StatBlock:
    """The army's stat block. Call the validators first: this trusts its input.

    Derived once per state and kept on it: a kingdom turn asks again for the same states (the
    order's check, the report's before and after, the stored fields). The state is frozen, and
    the stat block is shared by whoever asks: none changes it. A changed copy starts without it
    (dataclasses.replace, or rules.records.quick_replace)."""
    derived = army.__dict__.get("_stat_block")
    if derived is None:
        derived = army.__dict__["_stat_block"] = _derived_stat_block(army)
    return derived


# An army's HP and maximum HP as its stat block gives them, without deriving the rest of the
# block (a turn's report and the fields it writes back want no more) nor checking its level (a
# turn checks that as it fields the army: armies.orders._fieldable).
def maximum_hp(army: ArmyState) -> int:
    return army.template.hp + army.tactics.count("toughened_soldiers")


def current_hp(army: ArmyState) -> int:
    maximum = maximum_hp(army)
    return maximum if army.hp is None else max(min(army.hp, maximum), 0)


def statistic_modifiers(army: ArmyState, target: Target) -> tuple[Modifier, ...]:
    """The modifiers of one of the army's statistics, as its stat block has them: a kingdom
    turn's check wants no more, and deriving the whole block for it was most of what a check
    cost. Call the validators first: this trusts its input, as stat_block does."""
    derived: StatBlock | None = army.__dict__.get("_stat_block")
    if derived is not None:
        return derived.statistics[target].modifiers
    army.template.check_level(army.level)
    own = _own_modifiers(army, resolve_weapons(army.template, army.gear), current_hp(army),
                         _routing_threshold(army, maximum_hp(army)))
    broader = BROADER.get(target)
    return tuple(own[target] + (own[broader] if broader else []))


def _routing_threshold(army: ArmyState, max_hp: int) -> int | None:
    template = army.template
    if "brave" in army.tactics:
        return None  # Brave: "Has no Rout Threshold".
    if "hold_the_line" in army.tactics:
        return math.ceil(max_hp / 4)
    if template.routing_threshold is None:
        return None
    # Seed 003: "ПБ обычно равен половине максимума ПЗ войска".
    return template.routing_threshold + (max_hp - template.hp) // 2


def _own_modifiers(army: ArmyState, gear: tuple[GearItem, ...], hp: int,
                   threshold: int | None) -> dict[Target, list[Modifier]]:
    """The modifiers the army's conditions, tactics and gear put on each target (before a
    broader target's are added to a narrower one)."""
    sources = [condition_modifiers(army.conditions), _tactic_modifiers(army, hp, threshold),
               {Target(k): v for k, v in gear_modifiers(gear).items()}]
    own: dict[Target, list[Modifier]] = {target: [] for target in TARGETS}
    for source in sources:
        for target, modifiers in source.items():
            own[target].extend(modifiers)
    return own


def _derived_stat_block(army: ArmyState) -> StatBlock:
    template = army.template
    level = template.check_level(army.level)
    row = level_row(level)
    adjustments = template.adjustments()
    gear = resolve_weapons(template, army.gear)

    max_hp = maximum_hp(army)
    hp = current_hp(army)
    threshold = _routing_threshold(army, max_hp)

    bases = {
        Target.SCOUTING: row.scouting + adjustments["scouting"],
        Target.AC: row.ac + adjustments["ac"],
        Target.MANEUVER: template.save_value(row.high_save, row.low_save, Save.MANEUVER)
        + adjustments["maneuver"],
        Target.MORALE: template.save_value(row.high_save, row.low_save, Save.MORALE)
        + adjustments["morale"],
    }
    strikes = _strikes(template, level, gear)
    own = _own_modifiers(army, gear, hp, threshold)

    statistics: dict[Target, Statistic] = {}
    for target in TARGETS:
        broader = BROADER.get(target)
        base = bases.get(target, bases.get(broader, 0) if broader else 0)
        modifiers = own[target] + (own[broader] if broader else [])
        statistics[target] = Statistic(base, tuple(modifiers))
    strike_objects = {
        kind: Strike(kind, name, Statistic(attack, tuple(own[Target(kind.value)])))
        for kind, (name, attack) in strikes.items()
    }

    ammunition = None
    if WeaponKind.RANGED in strikes:
        # Seed 003: "до 5 раз за каждую сцену битвы ... (если у него нет тактики Увеличенный
        # боезапас)"; the tactic adds 2 each time it is learned.
        ammunition = BATTLE_AMMUNITION + 2 * army.tactics.count("increased_ammunition")

    recruitment_dc = None
    if template.recruitment_dc is not None:
        recruitment_dc = row.standard_dc + adjustments["recruitment_dc"]
    return StatBlock(
        name=army.name or template.name,
        template=template,
        level=level,
        army_type=template.army_type,
        high_save=template.save_class,
        standard_dc=row.standard_dc,
        recruitment_dc=recruitment_dc,
        hp=hp,
        max_hp=max_hp,
        routing_threshold=threshold,
        max_tactics=row.max_tactics,
        tactics_counted=counted_tactics(template, army.tactics),
        consumption=template.consumption,
        ammunition=ammunition,
        strikes=strike_objects,
        statistics=statistics,
        tactics=army.tactics,
        gear=gear,
        conditions=army.conditions,
    )



def hp_violations(army: ArmyState) -> list[Violation]:
    """An army's HP may not pass the maximum its stat block gives."""
    maximum = stat_block(army).max_hp
    if army.hp is not None and army.hp > maximum:
        return [Violation("hp_above_max", _("HP %(hp)s is above the army's maximum of %(max)s."),
                          "hp", {"hp": army.hp, "max": maximum})]
    return []
