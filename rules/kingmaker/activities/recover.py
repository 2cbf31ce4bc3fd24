"""Recover Army: treat one of the army's afflictions (damage, defeat, being lost, mired, pinned,
shaken or weary), each with its own pair of kingdom skills."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.degrees import Degree
from rules.errors import Violation, _
from rules.kingmaker.activities.base import (
    ActivityDefinition,
    CheckSpec,
    FieldType,
    ParamField,
    control,
    skill_field,
    skill_violation,
)
from rules.kingmaker.activities.kinds import ActivityKind, ActivityParams, Order
from rules.kingmaker.activities.outcome import CheckDetail, Resolution
from rules.kingmaker.activities.situation import Situation, TurnArmy
from rules.kingmaker.army import stat_block
from rules.kingmaker.conditions import VALUED, Condition, as_mapping, gain, reduce


class Affliction(StrEnum):
    DAMAGED = "damaged"
    DEFEATED = "defeated"
    LOST = "lost"
    MIRED = "mired"
    PINNED = "pinned"
    SHAKEN = "shaken"
    WEARY = "weary"


RECOVER_SKILLS = {
    Affliction.DAMAGED: ("defense", "folklore"),
    Affliction.DEFEATED: ("politics", "warfare"),
    Affliction.LOST: ("exploration", "wilderness"),
    Affliction.MIRED: ("engineering", "magic"),
    Affliction.PINNED: ("engineering", "magic"),
    Affliction.SHAKEN: ("arts", "warfare"),
    Affliction.WEARY: ("defense", "arts"),
}


@dataclass(frozen=True)
class RecoverArmy(ActivityParams):
    affliction: Affliction
    skill: str


def afflictions(army: TurnArmy) -> set[Affliction]:
    """What Recover Army could treat in this army now."""
    conditions = as_mapping(army.state.conditions)
    found = {Affliction(c.value) for c in conditions if c.value in Affliction.__members__.values()}
    block = stat_block(army.state)
    if block.hp < block.max_hp and Condition.DEFEATED not in conditions:
        found.add(Affliction.DAMAGED)
    return found


def _validate(situation: Situation, army: TurnArmy, params: RecoverArmy) -> list[Violation]:
    if params.affliction not in afflictions(army):
        return [Violation("no_affliction", _("%(army)s is not %(affliction)s."), "affliction",
                          {"army": army.state.name, "affliction": params.affliction.value})]
    if army.has(Condition.LOST) and params.affliction is not Affliction.LOST:
        return [Violation("lost_only_recovers", _("A lost army may only recover from being lost."),
                          "affliction")]
    return skill_violation(params.skill, RECOVER_SKILLS[params.affliction])


def _check(situation: Situation, params: RecoverArmy, army: TurnArmy | None) -> CheckSpec:
    dc = control(situation)
    if params.affliction is Affliction.DEFEATED:
        dc += ((_("recovering a defeated army"), 5),)
    return CheckSpec(params.skill, dc, army)


def _resolve(turn: Resolution, order: Order) -> CheckDetail:
    params = order.params_as(RecoverArmy)
    army = turn.army_of(order)
    detail = turn.check(order)
    steps = {Degree.CRITICAL_SUCCESS: 2, Degree.SUCCESS: 1}.get(detail.degree, 0)
    if detail.degree is Degree.CRITICAL_FAILURE:
        turn.say("no_recovery", _("%(army)s does not recover."), army)
        turn.unrest(1)
        if params.affliction is Affliction.DEFEATED:
            turn.set(army, conditions=gain(army.state.conditions, Condition.DESTROYED))
            turn.say("destroyed", _("%(army)s is destroyed."), army)
        return detail
    if not steps:
        turn.say("no_recovery", _("%(army)s does not recover."), army)
        return detail
    _recover(turn, army, params.affliction, steps)
    return detail


def _recover(turn: Resolution, army: TurnArmy, affliction: Affliction, steps: int) -> None:
    if affliction is Affliction.DAMAGED:
        block = stat_block(army.state)
        hp = min(block.hp + steps, block.max_hp)
        turn.set(army, hp=hp)
        turn.say("healed", _("%(army)s recovers to %(hp)s HP."), army, hp=hp)
    elif affliction is Affliction.DEFEATED:
        # "Recovering a defeated army restores it to 1 HP (which ends defeated)".
        turn.set(army, hp=1, conditions=reduce(army.state.conditions, Condition.DEFEATED))
        turn.say("rallied", _("%(army)s is back on its feet with 1 HP."), army)
    else:
        condition = Condition(affliction.value)
        turn.set(army, conditions=reduce(army.state.conditions, condition, steps))
        turn.say("recovered", _("%(army)s recovers: %(condition)s -%(steps)s."), army,
                 condition=condition.value, steps=steps if condition in VALUED else "")
        if affliction is Affliction.LOST:
            turn.say("gm_places", _("The GM places %(army)s on the map."), army)


def _treatable(situation: Situation, army: TurnArmy) -> list[tuple[str, str]]:
    return [(a.value, a.value) for a in sorted(afflictions(army))]


def _skills(situation: Situation, army: TurnArmy) -> list[tuple[str, str]]:
    skills = sorted({s for a in afflictions(army) for s in RECOVER_SKILLS[a]})
    return [(s, s) for s in skills]


DEFINITION = ActivityDefinition(
    kind=ActivityKind.RECOVER_ARMY,
    label=_("Recover Army"),
    params=RecoverArmy,
    validate=_validate,
    check=_check,
    resolve=_resolve,
    description="Recover Army from an affliction.",
    fields=(
        ParamField("affliction", FieldType.CHOICE, _("affliction"), choices=tuple(Affliction),
                   options=_treatable),
        skill_field(sorted({s for skills in RECOVER_SKILLS.values() for s in skills}),
                    options=_skills),
    ),
    text_order=("skill", "affliction"),
)
