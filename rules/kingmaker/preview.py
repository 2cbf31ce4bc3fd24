"""Which check an army activity rolls, and its odds, without rolling (seed 003, "ВОЙСКОВЫЕ
ЗАНЯТИЯ"; reference army_activities). The turn resolver builds its checks with `check_spec` and
`check_statistic` too, so a preview shows the very modifier and DC the resolution rolls.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.degrees import Degree, degree_of_success
from rules.errors import _
from rules.kingmaker import activities as act
from rules.kingmaker.activities import Affliction, Order, Situation, TurnArmy
from rules.kingmaker.army import ArmyState, stat_block
from rules.kingmaker.conditions import Target
from rules.kingmaker.hexes import normalize_hex
from rules.kingmaker.tactics import initial_tactics
from rules.modifiers import Modifier, ModifierKind, Statistic


@dataclass(frozen=True)
class CheckSpec:
    """The check an order rolls: the kingdom skill, the DC's parts, whose modifiers apply."""

    skill: str
    dc_parts: tuple[tuple[str, int], ...]
    army: TurnArmy | None = None
    target: Target = Target.ARMY_ACTIVITY
    extra: tuple[Modifier, ...] = ()

    @property
    def dc(self) -> int:
        return sum(value for _label, value in self.dc_parts)


@dataclass(frozen=True)
class Preview:
    skill: str
    modifier: int
    modifiers: tuple[Modifier, ...]
    dc: int
    dc_parts: tuple[tuple[str, int], ...]
    chances: Mapping[Degree, float]


def recruited_state(situation: Situation, params: act.RecruitArmy) -> ArmyState:
    """The army a Recruit Army order would raise."""
    template = params.template
    return ArmyState(template=template, level=situation.kingdom.level,
                     tactics=initial_tactics(template, params.tactics), name=params.name.strip(),
                     hex=normalize_hex(params.hex))

# What raises a DC, as msgids the reports and the orders page translate.
BORDER_DC_LABELS = {act.Border.OWN: _("crossing own border"),
                    act.Border.ENEMY: _("crossing enemy border")}
TERRITORY_DC_LABELS = {act.Territory.OUTSIDE: _("outside territory"),
                       act.Territory.ENEMY: _("enemy territory")}


def check_spec(situation: Situation, order: Order) -> CheckSpec | None:
    """The check `order` rolls, or None when it rolls none (Disband Army, an Offensive Gambit that
    simply attacks). The order is taken to be legal (see activities.order_violations)."""
    # The params' class names the kind (activities.PARAMS_OF), and lets the checker see its fields.
    params = order.params
    control: tuple[tuple[str, int], ...] = ((_("control DC"), situation.kingdom.control_dc),)
    army = situation.armies.get(order.army) if order.army is not None else None
    if isinstance(params, act.RecruitArmy):
        # "Warfare vs the army's Recruitment DC for a basic army; Statecraft ... for a specialized
        # army".
        new = recruited_state(situation, params)
        skill = "statecraft" if params.template.special else "warfare"
        recruitment_dc = stat_block(new).recruitment_dc
        if recruitment_dc is None:  # recruitment_violations refuses such a template
            raise ValueError(f"{params.template.name} cannot be recruited")
        return CheckSpec(skill, ((_("recruitment DC"), recruitment_dc),))
    if isinstance(params, act.WarfareExercises):
        return CheckSpec("warfare", control)
    if isinstance(params, act.TrainArmy):
        # Our ruling (reference): "Train Army rolls against the Control DC".
        return CheckSpec(params.skill, control, army)
    if isinstance(params, act.OutfitArmy):
        return CheckSpec("warfare" if params.captured else "trade", control, army)
    if isinstance(params, act.DeployArmy):
        extra: tuple[Modifier, ...] = ()
        if params.forced_march:
            extra = (Modifier(ModifierKind.CIRCUMSTANCE, act.FORCED_MARCH_BONUS, _("forced march")),)
        dc = control
        if act.BORDER_DC[params.border]:
            dc += ((BORDER_DC_LABELS[params.border], act.BORDER_DC[params.border]),)
        return CheckSpec(params.skill, dc, army, Target.DEPLOY, extra)
    if isinstance(params, act.RecoverArmy):
        dc = control
        if params.affliction is Affliction.DEFEATED:
            dc += ((_("recovering a defeated army"), 5),)
        return CheckSpec(params.skill, dc, army)
    if isinstance(params, act.GarrisonArmy):
        dc = control
        if act.TERRITORY_DC[params.territory]:
            dc += ((TERRITORY_DC_LABELS[params.territory], act.TERRITORY_DC[params.territory]),)
        return CheckSpec(act.GARRISON_SKILL[params.site], dc, army)
    if isinstance(params, act.OffensiveGambit) and params.approach is not act.Approach.ATTACK:
        target = situation.foreign_armies[params.target]
        return CheckSpec(params.approach.value,
                         ((_("the target's Scouting DC"), target.scouting_dc),), army)
    return None


def check_statistic(situation: Situation, order: Order, spec: CheckSpec,
                    exercises_bonus: int = 0) -> Statistic:
    """The kingdom skill with the army's modifiers: its stat block's (conditions, gear), -5 for a
    second activity ("второе войсковое занятие ... со штрафом -5") and Warfare Exercises' bonus."""
    modifiers: list[Modifier] = list(spec.extra)
    if spec.army is not None:
        modifiers += stat_block(spec.army.state).statistic(spec.target).modifiers
        if order.second:
            modifiers.append(Modifier(ModifierKind.UNTYPED, act.SECOND_ACTIVITY_PENALTY,
                                      "second activity"))
        if exercises_bonus:
            modifiers.append(Modifier(ModifierKind.CIRCUMSTANCE, exercises_bonus,
                                      "warfare_exercises"))
    return Statistic(situation.kingdom.skill(spec.skill), tuple(modifiers))


def degree_chances(modifier: int, dc: int) -> dict[Degree, float]:
    """The chance of each degree of d20 + modifier against the DC, over the 20 faces, with a
    natural 20 one degree better and a natural 1 one degree worse."""
    counts = dict.fromkeys(Degree, 0)
    for face in range(1, 21):
        counts[degree_of_success(face + modifier, dc, face)] += 1
    return {degree: count / 20 for degree, count in counts.items()}


def check_preview(situation: Situation, order: Order) -> Preview | None:
    """The check `order` would roll now, without rolling; None when it rolls none."""
    spec = check_spec(situation, order)
    if spec is None:
        return None
    statistic = check_statistic(situation, order, spec)
    return Preview(spec.skill, statistic.total, statistic.applied, spec.dc, spec.dc_parts,
                   degree_chances(statistic.total, spec.dc))
