"""Recruit Army, a leadership activity (seed 003: "кроме Рекрутирования войска: это занятие
лидерства"): a new army of a template the kingdom may raise, in one of its settlements."""
from __future__ import annotations

from dataclasses import dataclass, replace

from rules.degrees import Degree
from rules.errors import Violation, _
from rules.kingmaker.activities.base import ActivityDefinition, CheckSpec, FieldType, ParamField
from rules.kingmaker.activities.kinds import ActivityKind, ActivityParams, Order
from rules.kingmaker.activities.outcome import CheckDetail, Recruited, Resolution
from rules.kingmaker.activities.situation import Situation, TurnArmy, recruiting_kingdom
from rules.kingmaker.army import ArmyState, stat_block
from rules.kingmaker.conditions import Condition, ConditionState, from_mapping
from rules.kingmaker.hexes import normalize_hex
from rules.kingmaker.recruitment import RecruitmentOrder, recruitment_violations
from rules.kingmaker.tactics import TACTICS, initial_tactics
from rules.kingmaker.templates import ArmyTemplate


@dataclass(frozen=True)
class RecruitArmy(ActivityParams):
    template: ArmyTemplate
    name: str
    hex: str
    tactics: tuple[str, ...] = ()
    faction: str | None = None


def recruited_state(situation: Situation, params: RecruitArmy) -> ArmyState:
    """The army a Recruit Army order would raise."""
    template = params.template
    return ArmyState(template=template, level=situation.kingdom.level,
                     tactics=initial_tactics(template, params.tactics), name=params.name.strip(),
                     hex=normalize_hex(params.hex))


def _validate(situation: Situation, army: None, params: RecruitArmy) -> list[Violation]:
    if situation.recruiting_blocked:
        # Recruit Army critical failure: "no further recruiting until next Kingdom turn".
        return [Violation("recruiting_blocked",
                          _("Recruits were offended: no more recruiting this turn."), "kind")]
    state = recruiting_kingdom(situation.kingdom, situation.armies.values())
    order = RecruitmentOrder(template=params.template, name=params.name, hex=params.hex,
                             tactics=params.tactics, faction=params.faction)
    return recruitment_violations(state, order)


def _check(situation: Situation, params: RecruitArmy, army: TurnArmy | None) -> CheckSpec:
    # "Warfare vs the army's Recruitment DC for a basic army; Statecraft ... for a specialized
    # army".
    new = recruited_state(situation, params)
    skill = "statecraft" if params.template.special else "warfare"
    recruitment_dc = stat_block(new).recruitment_dc
    if recruitment_dc is None:  # recruitment_violations refuses such a template
        raise ValueError(f"{params.template.name} cannot be recruited")
    return CheckSpec(skill, ((_("recruitment DC"), recruitment_dc),))


def _resolve(turn: Resolution, order: Order) -> CheckDetail:
    params = order.params_as(RecruitArmy)
    new = recruited_state(turn.situation(), params)
    detail = turn.check(order)
    if detail.degree >= Degree.SUCCESS:
        conditions: tuple[ConditionState, ...] = ()
        if detail.degree is Degree.CRITICAL_SUCCESS:
            conditions = from_mapping({Condition.EFFICIENT: 0})
        army = TurnArmy(key=-order.key, state=replace(new, conditions=conditions),
                        faction=params.faction)
        turn.armies[army.key] = army
        turn.recruited.append(Recruited(order.key, army))
        turn.say("recruited", _("%(army)s joins the kingdom."), army)
        if conditions:
            turn.say("efficient", _("%(army)s becomes efficient."), army)
    elif detail.degree is Degree.FAILURE:
        turn.say("no_recruits", _("No army joins."))
    else:
        turn.recruiting_blocked = True
        turn.say("recruits_offended", _("The recruits are offended: no more recruiting this turn."))
        turn.unrest(1)
    return detail


def _settlements(situation: Situation, army: TurnArmy) -> list[tuple[str, str]]:
    return [(h, h) for h in sorted(situation.kingdom.settlement_hexes)]


DEFINITION = ActivityDefinition(
    kind=ActivityKind.RECRUIT_ARMY,
    label=_("Recruit Army"),
    params=RecruitArmy,
    validate=_validate,
    check=_check,
    resolve=_resolve,
    leadership=True,
    description="Recruit Army (a leadership activity: no army).",
    fields=(
        ParamField("template", FieldType.ID, _("army type"), help_text=_("The army template's id.")),
        ParamField("name", FieldType.TEXT, _("name"), max_length=120),
        ParamField("hex", FieldType.HEX, _("hex"), max_length=20, options=_settlements,
                   help_text=_("A hex with one of the kingdom's settlements, e.g. C4.")),
        ParamField("tactics", FieldType.CHOICES, _("first tactic"), required=False, default=(),
                   choices=tuple(TACTICS), vocabulary="tactic", max_length=20),
        ParamField("faction", FieldType.ID, _("faction"), required=False, nullable=True,
                   help_text=_("The faction that offers a special army.")),
    ),
    text_order=("template", "faction", "name", "hex", "tactics"),
)
