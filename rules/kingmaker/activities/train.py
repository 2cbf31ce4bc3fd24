"""Train Army: the army learns a tactic, replacing one when it knows its maximum already."""
from __future__ import annotations

from dataclasses import dataclass

from rules.degrees import Degree
from rules.errors import RuleViolation, Violation, _
from rules.kingmaker.activities.base import (
    ActivityDefinition,
    CheckSpec,
    FieldType,
    ParamField,
    control,
    dedupe,
    skill_field,
    skill_violation,
)
from rules.kingmaker.activities.kinds import ActivityKind, ActivityParams, Order
from rules.kingmaker.activities.outcome import CheckDetail, Resolution
from rules.kingmaker.activities.situation import Situation, TurnArmy
from rules.kingmaker.conditions import Condition, gain
from rules.kingmaker.tactics import (
    TACTICS,
    TacticCategory,
    find_tactic,
    learnable_tactics,
    max_tactics,
    tactic_violations,
)
from rules.kingmaker.templates import code_for

TRAIN_SKILLS = ("scholarship", "warfare")


@dataclass(frozen=True)
class TrainArmy(ActivityParams):
    tactic: str
    skill: str = "warfare"
    replaces: str | None = None


def _validate(situation: Situation, army: TurnArmy, params: TrainArmy) -> list[Violation]:
    violations = skill_violation(params.skill, TRAIN_SKILLS)
    state = army.state
    try:
        tactic = find_tactic(params.tactic, "tactic")
    except RuleViolation as error:
        return violations + list(error.violations)
    tactics = list(state.tactics)
    if params.replaces:
        # "If the army already knows its maximum number of tactics, the new one replaces an
        # existing tactic of your choice".
        replaced = code_for(params.replaces)
        if replaced not in tactics:
            return violations + [Violation("replaces_unknown",
                                           _("%(army)s does not know %(tactic)s."), "replaces",
                                           {"army": state.name, "tactic": params.replaces})]
        tactics.remove(replaced)
    new = [*tactics, tactic.code]
    found = tactic_violations(state.template, state.level, new, field="tactic")
    if any(v.code == "too_many_tactics" for v in found) and not params.replaces:
        found = [v for v in found if v.code != "too_many_tactics"] + [Violation(
            "replaces_required",
            _("%(army)s already knows %(limit)s tactics: say which one the new one replaces."),
            "replaces", {"army": state.name, "limit": max_tactics(state.level)})]
    if params.replaces:
        found = [Violation(v.code, v.message, "replaces", v.params)
                 if v.code == "unique_tactic_removed" else v for v in found]
    if tactic.category is TacticCategory.UNIQUE and tactic.code in state.tactics:
        found.append(Violation("duplicate_tactic", _("An army cannot learn %(tactic)s twice."),
                               "tactic", {"tactic": tactic.name}))
    return violations + dedupe(found)


def _check(situation: Situation, params: TrainArmy, army: TurnArmy | None) -> CheckSpec:
    # Our ruling (reference): "Train Army rolls against the Control DC".
    return CheckSpec(params.skill, control(situation), army)


def _resolve(turn: Resolution, order: Order) -> CheckDetail:
    params = order.params_as(TrainArmy)
    army = turn.army_of(order)
    detail = turn.check(order)
    if detail.degree >= Degree.SUCCESS:
        tactic = find_tactic(params.tactic)
        tactics = list(army.state.tactics)
        if params.replaces:
            tactics.remove(code_for(params.replaces))
        army = turn.set(army, tactics=(*tactics, tactic.code))
        turn.say("tactic_learned", _("%(army)s learns %(tactic)s."), army, tactic=tactic.name)
        if detail.degree is Degree.CRITICAL_SUCCESS:
            turn.efficient(order, army)
    elif detail.degree is Degree.FAILURE:
        turn.say("tactic_not_learned", _("%(army)s does not learn the tactic."), army)
    else:
        turn.set(army, conditions=gain(army.state.conditions, Condition.WEARY))
        turn.say("training_tires", _("%(army)s tires: weary +1."), army)
    return detail


def _learnable(situation: Situation, army: TurnArmy) -> list[tuple[str, str]]:
    state = army.state
    return [(t.code, t.code) for t in learnable_tactics(state.template, state.level, state.tactics)]


def _known(situation: Situation, army: TurnArmy) -> list[tuple[str, str]]:
    return [(code, code) for code in army.state.tactics]


DEFINITION = ActivityDefinition(
    kind=ActivityKind.TRAIN_ARMY,
    label=_("Train Army"),
    params=TrainArmy,
    validate=_validate,
    check=_check,
    resolve=_resolve,
    description="Train Army: learn a tactic.",
    fields=(
        ParamField("tactic", FieldType.CHOICE, _("tactic"), choices=tuple(TACTICS),
                   vocabulary="tactic", options=_learnable),
        skill_field(TRAIN_SKILLS, default="warfare"),
        ParamField("replaces", FieldType.CHOICE, _("replaces"), required=False, nullable=True,
                   choices=tuple(TACTICS), vocabulary="tactic", options=_known,
                   help_text=_("The tactic the new one replaces, when the army knows its maximum "
                               "already.")),
    ),
)
