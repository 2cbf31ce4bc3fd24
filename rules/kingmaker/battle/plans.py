"""Battle plans: each side's standing orders per army, since nobody sits at the table while Celery
fights the scene. Checked when submitted; every army has a sensible default."""
from __future__ import annotations

from collections.abc import Set

from rules.errors import Violation, _
from rules.kingmaker.army import ArmyState, stat_block
from rules.kingmaker.battle.actions import WAR_ACTIONS
from rules.kingmaker.battle.setup import BattlePlan, Stance, Targeting
from rules.kingmaker.gear import WeaponKind
from rules.kingmaker.tactics import TACTICS

# Tactical war actions an army takes on its own turn: the registry's, those with an aim
# (reactions and passive effects fire by themselves, so a plan never names them).
ACTIVE_TACTICAL_ACTIONS = frozenset(code for code, action in WAR_ACTIONS.items()
                                    if action.aim is not None)


def tactical_actions(army: ArmyState) -> tuple[str, ...]:
    """Seed 003, ТАКТИЧЕСКИЕ БОЕВЫЕ ДЕЙСТВИЯ: "Доступны только для войск, знающих соответствующие
    тактики" — every war action the army's tactics grant, in the order it learned them."""
    granted: list[str] = []
    for code in army.tactics:
        tactic = TACTICS.get(code)
        for action in tactic.grants_war_actions if tactic else ():
            if action not in granted:
                granted.append(action)
    return tuple(granted)


def default_plan(army: ArmyState) -> BattlePlan:
    """Armies that can only shoot hold and shoot; the others close in on the weakest enemy."""
    strikes = stat_block(army).strikes
    if WeaponKind.MELEE not in strikes:
        return BattlePlan(stance=Stance.HOLD)
    return BattlePlan(stance=Stance.ADVANCE, targeting=Targeting.WEAKEST)


def plan_violations(army: ArmyState, plan: BattlePlan, enemy_keys: Set[int]) -> list[Violation]:
    violations: list[Violation] = []
    if plan.targeting is Targeting.ARMY:
        if plan.target_army is None:
            violations.append(Violation("target_required", _("Name the enemy army to attack."),
                                        "target_army"))
        elif plan.target_army not in enemy_keys:
            violations.append(Violation("target_not_enemy",
                                        _("Choose an army of the other side."), "target_army"))
    elif plan.target_army is not None:
        violations.append(Violation("target_unused",
                                    _("Name an army only when the plan targets one army."),
                                    "target_army"))
    max_hp = stat_block(army).max_hp
    if plan.retreat_below is not None and not 0 <= plan.retreat_below < max_hp:
        violations.append(Violation("retreat_below_range",
                                    _("Retreat below a number of HP from 0 to %(max)s."),
                                    "retreat_below", {"max": max_hp - 1}))
    if plan.tactical_action is not None:
        if plan.tactical_action not in ACTIVE_TACTICAL_ACTIONS:
            violations.append(Violation("not_an_action",
                                        _("%(action)s is not a war action an army chooses."),
                                        "tactical_action", {"action": plan.tactical_action}))
        elif plan.tactical_action not in tactical_actions(army):
            violations.append(Violation("action_not_known",
                                        _("%(army)s knows no tactic that grants %(action)s."),
                                        "tactical_action",
                                        {"army": army.name, "action": plan.tactical_action}))
    if plan.stance is Stance.HOLD and not stat_block(army).strikes:
        violations.append(Violation("cannot_hold", _("This army has no Strike to hold with."),
                                    "stance"))
    return violations
