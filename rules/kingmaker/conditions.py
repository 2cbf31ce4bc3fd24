"""Army conditions (seed 003, "СОСТОЯНИЯ ВОЙСКА"): values, what replaces what, how they end, and
every modifier they put on the army's statistics and checks."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rules.errors import RuleViolation, Violation, _
from rules.modifiers import Modifier, ModifierKind


class Condition(StrEnum):
    CONCEALED = "concealed"
    DEFEATED = "defeated"
    DESTROYED = "destroyed"
    DISTANT = "distant"
    EFFICIENT = "efficient"
    ENGAGED = "engaged"
    FORTIFIED = "fortified"
    LOST = "lost"
    MIRED = "mired"
    OUTFLANKED = "outflanked"
    PINNED = "pinned"
    ROUTED = "routed"
    SHAKEN = "shaken"
    WEARY = "weary"


# "У этого состояния всегда есть значение": завязло, измотано, потрясено.
VALUED = frozenset({Condition.MIRED, Condition.SHAKEN, Condition.WEARY})
# Conditions that last only while a battle scene does (positions and battlefield effects).
BATTLE_ONLY = frozenset({Condition.CONCEALED, Condition.DISTANT, Condition.ENGAGED,
                         Condition.OUTFLANKED, Condition.ROUTED})
# "Это состояние уменьшается на 1 в каждый ход королевства, в котором войско не совершает
# войсковые занятия и не участвует в сценах битвы" (измотано, потрясено).
DECAYS_WHEN_IDLE = (Condition.WEARY, Condition.SHAKEN)
MIRED_PINS_AT = 4   # "Если войско завязнет 4, оно станет взятым в котёл."
SHAKEN_ROUTS_AT = 4  # "Когда потрясение войска достигнет 4, оно обращено в бегство."


class Target(StrEnum):
    """What a modifier applies to: the stat block's values and the checks an army makes."""

    AC = "ac"
    SCOUTING = "scouting"
    MANEUVER = "maneuver"              # every Maneuver check
    MANEUVER_ACTION = "maneuver_action"  # war actions with the maneuver trait
    MORALE = "morale"                  # every Morale check
    RALLY = "rally"                    # Morale checks to Rally
    ROUT_CHECK = "rout_check"          # Morale checks against routing
    MELEE = "melee"
    RANGED = "ranged"
    ARMY_ACTIVITY = "army_activity"    # kingdom checks for the army's activities
    DEPLOY = "deploy"                  # checks to Deploy Army
    ATTACKS_AGAINST = "attacks_against"  # every attack roll against this army
    RANGED_AGAINST = "ranged_against"    # ranged attacks against this army


# Every target, in order: iterating the enum itself costs a generator step and a lookup per member,
# and every stat block goes through them several times.
TARGETS: tuple[Target, ...] = tuple(Target)

# The broader target whose modifiers also apply to a narrower one.
BROADER: Mapping[Target, Target] = {
    Target.MANEUVER_ACTION: Target.MANEUVER,
    Target.RALLY: Target.MORALE,
    Target.ROUT_CHECK: Target.MORALE,
    Target.DEPLOY: Target.ARMY_ACTIVITY,
    Target.RANGED_AGAINST: Target.ATTACKS_AGAINST,
}


@dataclass(frozen=True)
class ConditionState:
    condition: Condition
    value: int = 0

    def label(self) -> str:
        return f"{self.condition.value} {self.value}" if self.condition in VALUED else \
            self.condition.value


Conditions = tuple[ConditionState, ...]

_ALL = tuple(Condition)


def parse_condition(code: str) -> ConditionState:
    """Parse "weary:2" or "outflanked"; a valued condition without a value is value 1."""
    name, _sep, value = code.partition(":")
    try:
        condition = Condition(name.strip())
    except ValueError:
        raise RuleViolation.single("unknown_condition", _("Unknown condition: %(condition)s."),
                                   "conditions", condition=code) from None
    if condition in VALUED:
        if value and not value.strip().isdigit():
            raise RuleViolation.single("condition_value",
                                       _("%(condition)s needs a whole number value."),
                                       "conditions", condition=condition.value)
        return normalize_value(condition, int(value) if value else 1)
    if value:
        raise RuleViolation.single("condition_not_valued", _("%(condition)s has no value."),
                                   "conditions", condition=condition.value)
    return ConditionState(condition)


def normalize_value(condition: Condition, value: int) -> ConditionState:
    if condition in VALUED and value < 1:
        raise RuleViolation.single("condition_value",
                                   _("%(condition)s needs a value of 1 or more."), "conditions",
                                   condition=condition.value)
    return ConditionState(condition, value if condition in VALUED else 0)


def as_mapping(conditions: Iterable[ConditionState]) -> dict[Condition, int]:
    return {c.condition: c.value for c in conditions}


def from_mapping(mapping: Mapping[Condition, int]) -> Conditions:
    """The conditions in their enum's order (over a tuple of the members: iterating the enum
    itself costs a generator per call, and a battle lists thousands)."""
    return tuple([ConditionState(c, mapping[c]) for c in _ALL if c in mapping])


def settle(mapping: dict[Condition, int]) -> dict[Condition, int]:
    """Apply what one condition turns into or replaces (the "заменяют другие" of the seed)."""
    if Condition.DESTROYED in mapping:
        return {Condition.DESTROYED: 0}
    if mapping.get(Condition.MIRED, 0) >= MIRED_PINS_AT:
        mapping.pop(Condition.MIRED)
        mapping[Condition.PINNED] = 0
    if mapping.get(Condition.SHAKEN, 0) >= SHAKEN_ROUTS_AT:
        mapping[Condition.ROUTED] = 0
    if Condition.FORTIFIED in mapping:
        # "Защищённые войска не могут быть вовлечены в бой врагом".
        mapping.pop(Condition.ENGAGED, None)
    return mapping


def settled(conditions: Iterable[ConditionState]) -> Conditions:
    """Conditions as the rules leave them, as `gain` leaves every change: mired 4 is pinned,
    shaken 4 routs. Raises RuleViolation if a condition is listed twice."""
    conditions = tuple(conditions)
    mapping = as_mapping(conditions)
    if len(mapping) != len(conditions):
        raise RuleViolation.single("duplicate_condition",
                                   _("Each condition can be listed only once."), "conditions")
    return from_mapping(settle(mapping))


def gain(conditions: Iterable[ConditionState], condition: Condition, value: int = 1) -> Conditions:
    """The army gains a condition: a valued one rises by `value`; positions replace each other."""
    mapping = as_mapping(conditions)
    if condition is Condition.ENGAGED:
        mapping.pop(Condition.DISTANT, None)
    if condition is Condition.DISTANT:
        mapping.pop(Condition.ENGAGED, None)
    if condition in VALUED:
        mapping[condition] = mapping.get(condition, 0) + value
    else:
        mapping[condition] = 0
    return from_mapping(settle(mapping))


def reduce(conditions: Iterable[ConditionState], condition: Condition, by: int = 1) -> Conditions:
    """Lower a valued condition; at 0 it ends ("Когда значение состояния снижается до 0,
    состояние прекращается"). A condition without a value is removed."""
    mapping = as_mapping(conditions)
    if condition in mapping:
        remaining = mapping[condition] - by if condition in VALUED else 0
        if remaining > 0:
            mapping[condition] = remaining
        else:
            mapping.pop(condition)
    return from_mapping(mapping)


def after_idle_turn(conditions: Iterable[ConditionState]) -> Conditions:
    """A kingdom turn with no army activity and no battle: weary and shaken drop by 1."""
    for condition in DECAYS_WHEN_IDLE:
        conditions = reduce(conditions, condition)
    return tuple(conditions)


def after_battle(conditions: Iterable[ConditionState]) -> Conditions:
    """The scene ends: battle-only conditions end; a routed army's shaken rises by 1 ("Это
    состояние прекращается автоматически после завершения сцены битвы, но в этом случае
    состояние потрясения войска увеличивается на 1")."""
    mapping = as_mapping(conditions)
    routed = Condition.ROUTED in mapping
    mapping = {c: v for c, v in mapping.items() if c not in BATTLE_ONLY}
    if routed:
        mapping[Condition.SHAKEN] = mapping.get(Condition.SHAKEN, 0) + 1
    return from_mapping(mapping)


def condition_violations(conditions: Iterable[ConditionState], hp: int | None,
                         field: str = "conditions") -> list[Violation]:
    """Combinations the rules never produce, for the GM's edits (`hp` None: at maximum HP)."""
    conditions = tuple(conditions)
    mapping = as_mapping(conditions)
    violations = []

    def add(code: str, message: str, **params: Any) -> None:
        violations.append(Violation(code, message, field, params))

    if len(mapping) != len(conditions):
        add("duplicate_condition", _("Each condition can be listed only once."))
    for state in conditions:
        if state.condition in VALUED and state.value < 1:
            add("condition_value", _("%(condition)s needs a value of 1 or more."),
                condition=state.condition.value)
        if state.condition not in VALUED and state.value:
            add("condition_not_valued", _("%(condition)s has no value."),
                condition=state.condition.value)
    if Condition.ENGAGED in mapping and Condition.DISTANT in mapping:
        add("engaged_and_distant", _("An army cannot be engaged and distant at once."))
    if Condition.ENGAGED in mapping and Condition.FORTIFIED in mapping:
        add("fortified_engaged", _("A fortified army cannot be engaged."))
    if mapping.get(Condition.MIRED, 0) >= MIRED_PINS_AT:
        add("mired_pins", _("An army mired %(value)s is pinned instead."), value=MIRED_PINS_AT)
    if Condition.DESTROYED in mapping and len(mapping) > 1:
        add("destroyed_alone", _("A destroyed army has no other conditions."))
    if hp == 0 and Condition.DEFEATED not in mapping and Condition.DESTROYED not in mapping:
        add("zero_hp_defeated", _("An army at 0 HP is defeated."))
    if (hp is None or hp > 0) and Condition.DEFEATED in mapping:
        add("defeated_hp", _("A defeated army has 0 HP: any HP it regains ends defeated."))
    return violations


def _circumstance(value: int, source: Condition) -> Modifier:
    return Modifier(ModifierKind.CIRCUMSTANCE, value, source.value)


def condition_modifiers(conditions: Iterable[ConditionState]) -> dict[Target, list[Modifier]]:
    """Every modifier the army's conditions give, by target (before stacking)."""
    mods: dict[Target, list[Modifier]] = {target: [] for target in TARGETS}
    for state in conditions:
        c, n = state.condition, state.value
        if c is Condition.WEARY:
            # "ситуативный штраф к КБ, проверкам Манёвра и проверкам войсковых занятий, равный
            # значению состояния ... двойной ситуативный штраф к проверкам Развёртывания войска".
            for target in (Target.AC, Target.MANEUVER, Target.ARMY_ACTIVITY):
                mods[target].append(_circumstance(-n, c))
            mods[Target.DEPLOY].append(_circumstance(-2 * n, c))
        elif c is Condition.MIRED:
            # "штраф ко всем боевым действиям с дескриптором «манёвр» и проверкам для
            # Развёртывания войск, равный значению состояния".
            mods[Target.MANEUVER_ACTION].append(_circumstance(-n, c))
            mods[Target.DEPLOY].append(_circumstance(-n, c))
        elif c is Condition.SHAKEN:
            # "Проверки Боевого духа войска получают ситуативный штраф, равный значению".
            mods[Target.MORALE].append(_circumstance(-n, c))
        elif c is Condition.ROUTED:
            # "получает ситуативный штраф -2 к проверкам Боевого духа".
            mods[Target.MORALE].append(_circumstance(-2, c))
        elif c in (Condition.OUTFLANKED, Condition.PINNED):
            # Outflanked: "ситуативный штраф -2 к КБ"; pinned: "Оно окружено".
            mods[Target.AC].append(_circumstance(-2, c))
        elif c is Condition.CONCEALED:
            # "ситуативный бонус +2 к проверкам Манёвра, а все атаки против него — штраф -2".
            mods[Target.MANEUVER].append(_circumstance(2, c))
            mods[Target.ATTACKS_AGAINST].append(_circumstance(-2, c))
        elif c is Condition.FORTIFIED:
            # "получают бонус предмета +4 к КБ и проверкам Боевого духа для Перегруппировки".
            mods[Target.AC].append(Modifier(ModifierKind.ITEM, 4, c.value))
            mods[Target.RALLY].append(Modifier(ModifierKind.ITEM, 4, c.value))
        elif c is Condition.DISTANT:
            # "По войску на отдалении можно совершать дистанционные Удары, но со штрафом -5".
            mods[Target.RANGED_AGAINST].append(Modifier(ModifierKind.UNTYPED, -5, c.value))
    return mods

