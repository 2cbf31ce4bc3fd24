"""Battle plans: the standing orders each army fights by, their validation, the default plans and
the tactical war actions an army may be ordered to use (seed 003_750bd81a16f66abf.txt,
"ТАКТИЧЕСКИЕ БОЕВЫЕ ДЕЙСТВИЯ"; reference tactics, grants_war_action).
"""
import pytest
from battle_support import (
    SIEGE,
    A,
    D,
    army,
    battle_setup,
    codes,
    duel,
    engage,
    fighter,
    ready,
    scripted,
)

from rules.kingmaker.battle import tactician
from rules.kingmaker.battle.engine import fight
from rules.kingmaker.battle.plans import (
    ACTIVE_TACTICAL_ACTIONS,
    default_plan,
    plan_violations,
    tactical_actions,
)
from rules.kingmaker.battle.setup import BattlePlan, Position, Stance, Targeting
from rules.kingmaker.gear import GearItem, GearKind
from rules.kingmaker.tactics import TACTICS
from rules.kingmaker.templates import find_template

ENEMIES = frozenset({3, 4})


def violation_codes(state, plan):
    return [v.code for v in plan_violations(state, plan, ENEMIES)]


# -- Тактические действия ----------------------------------------------------------------------------

def test_tactical_actions_come_from_known_tactics():
    # seed 003_750bd81a16f66abf.txt, ТАКТИЧЕСКИЕ БОЕВЫЕ ДЕЙСТВИЯ: "Доступны только для войск,
    # знающих соответствующие тактики." reference tactics Flexible Tactics: "grants_war_action:
    # [Dirty Fighting, Feint, Counterattack, False Retreat]".
    assert tactical_actions(army()) == ()
    assert tactical_actions(army(level=5, tactics=("flexible_tactics",))) == (
        "dirty_fighting", "feint", "counterattack", "false_retreat")
    assert tactical_actions(army(level=5, tactics=("focused_devotion", "merciless"))) == (
        "taunt", "all_out_assault")


def test_warmongers_grant_three_actions_once_each():
    # reference tactics Warmongers: "May use All-Out Assault, Counterattack and Taunt without their
    # usual tactic requirements".
    berserkers = find_template("Tiger Lord Berserkers")
    granted = tactical_actions(army(berserkers, tactics=berserkers.tactics))
    assert set(granted) >= {"all_out_assault", "counterattack", "taunt", "furious_charge"}
    assert len(granted) == len(set(granted))


def test_every_active_action_is_granted_by_some_tactic():
    # reference tactical_war_actions: each action lists the tactic it is "granted_by".
    granted = {a for t in TACTICS.values() for a in t.grants_war_actions}
    assert ACTIVE_TACTICAL_ACTIONS <= granted


# -- Проверка плана ---------------------------------------------------------------------------------

def test_a_sensible_plan_has_no_violations():
    # seed 003_750bd81a16f66abf.txt: "Каждое войско может предпринять в свой ход до трёх действий,
    # выбранных из общих боевых действий или иных боевых действий, доступных этому войску."
    plan = BattlePlan(stance=Stance.ADVANCE, targeting=Targeting.ARMY, target_army=3,
                      retreat_below=1, tactical_action="taunt")
    assert violation_codes(army(level=3, tactics=("focused_devotion",)), plan) == []


@pytest.mark.parametrize(("plan", "code"), [
    (BattlePlan(targeting=Targeting.ARMY), "target_required"),
    (BattlePlan(targeting=Targeting.ARMY, target_army=2), "target_not_enemy"),
    (BattlePlan(targeting=Targeting.WEAKEST, target_army=3), "target_unused"),
    (BattlePlan(retreat_below=4), "retreat_below_range"),
    (BattlePlan(retreat_below=-1), "retreat_below_range"),
    (BattlePlan(tactical_action="counterattack"), "not_an_action"),
    (BattlePlan(tactical_action="march"), "not_an_action"),
    (BattlePlan(tactical_action="taunt"), "action_not_known"),
])
def test_plan_violations(plan, code):
    # seed 003_750bd81a16f66abf.txt: "Доступны только для войск, знающих соответствующие тактики."
    # (And a plan names enemies, and a retreat threshold below the army's HP: "ПЗ войска нельзя
    # опустить ниже 0".)
    assert violation_codes(army(), plan) == [code]


def test_retreat_threshold_range_follows_maximum_hp():
    # reference tactics Toughened Soldiers: "+1 maximum HP".
    tough = army(tactics=("toughened_soldiers",))
    assert violation_codes(tough, BattlePlan(retreat_below=4)) == []
    violations = plan_violations(tough, BattlePlan(retreat_below=5), ENEMIES)
    assert violations[0].params == {"max": 4}


def test_reactions_are_never_ordered():
    # reference tactical_war_actions Counterattack / False Retreat: "action_cost: reaction" — they
    # fire by themselves.
    flexible = army(level=5, tactics=("flexible_tactics",))
    assert violation_codes(flexible, BattlePlan(tactical_action="feint")) == []
    assert violation_codes(flexible, BattlePlan(tactical_action="false_retreat")) == [
        "not_an_action"]


# -- План по умолчанию ------------------------------------------------------------------------------

def test_default_plans():
    # seed 003_750bd81a16f66abf.txt: "Осадные войска обычно предназначены для осад и в ближнем бою не
    # участвуют." — an army that can only shoot holds and shoots; the rest close in.
    assert default_plan(army(SIEGE, tactics=("engines_of_war",))) == BattlePlan(stance=Stance.HOLD)
    assert default_plan(army()) == BattlePlan(stance=Stance.ADVANCE, targeting=Targeting.WEAKEST)
    archers = army(gear=(GearItem(GearKind.ADDITIONAL_WEAPON),))
    assert default_plan(archers).stance is Stance.ADVANCE
    for state in (army(), army(SIEGE, tactics=("engines_of_war",))):
        assert plan_violations(state, default_plan(state), ENEMIES) == []


# -- Как войска следуют плану ------------------------------------------------------------------------

def three_enemies(plan):
    setup = battle_setup(fighter(1, A, plan=plan), fighter(2, D, army(hp=3)), fighter(3, D),
                         fighter(4, D, army(hp=2)))
    b = scripted(setup)
    return b, b.units[1]


@pytest.mark.parametrize(("plan", "expected"), [
    (BattlePlan(targeting=Targeting.WEAKEST), 4),
    (BattlePlan(targeting=Targeting.STRONGEST), 3),
    (BattlePlan(targeting=Targeting.ARMY, target_army=2), 2),
])
def test_targeting(plan, expected):
    # seed 003_750bd81a16f66abf.txt: "Войска могут передвигаться по полю боя, чтобы вовлечься в бой"
    # — against the army the plan names.
    b, unit = three_enemies(plan)
    assert tactician.pick(b, unit, b.enemies(unit)).key == expected


def test_targeting_one_army_falls_back_once_it_is_gone():
    # seed 003_750bd81a16f66abf.txt: "Разгромленное войско не может совершать боевые действия" —
    # nor is it worth attacking.
    b, unit = three_enemies(BattlePlan(targeting=Targeting.ARMY, target_army=2))
    b.units[2].hp = 0
    assert tactician.pick(b, unit, b.enemies(unit)).key == 4


def test_retreat_below_pulls_the_army_back():
    # reference basic_war_actions Retreat: "If already distant, the army leaves the battle and
    # becomes routed; otherwise it becomes distant".
    setup = battle_setup(fighter(1, A, army(hp=1), BattlePlan(retreat_below=1)), fighter(2, A),
                         fighter(3, D))
    b = scripted(setup)
    ready(b)
    tactician.take_turn(b, b.units[1])
    assert codes(b.events) == ["retreat"]
    assert b.units[1].position is Position.DISTANT


def test_retreat_below_disengages_first():
    # reference basic_war_actions Retreat: "requirements: Not engaged"; Disengage: "requirements:
    # Engaged with one or more enemy armies".
    setup = battle_setup(fighter(1, A, army(hp=1), BattlePlan(retreat_below=1)), fighter(2, D))
    b = scripted(setup, 20)
    engage(b, 1, 2)
    ready(b)
    tactician.take_turn(b, b.units[1])
    assert codes(b.events) == ["disengage"]
    assert not b.units[1].engaged and b.units[1].actions == 1


def test_the_ordered_tactical_action_is_used():
    # seed 003_750bd81a16f66abf.txt: "Доступны только для войск, знающих соответствующие тактики."
    taunter = fighter(1, A, army(level=3, tactics=("focused_devotion",)),
                      BattlePlan(stance=Stance.GUARD, tactical_action="taunt"))
    outcome = fight(battle_setup(taunter, fighter(2, D), max_rounds=2), 1)
    mine = [e.code for e in outcome.events if e.actor == 1 and e.round == 1]
    assert mine[0] == "taunt"
    plain = fight(duel(), 1)
    assert "taunt" not in codes(plain.events)


def test_hold_stance_shoots_instead_of_advancing():
    # seed 003_750bd81a16f66abf.txt: "Войско может дистанционно атаковать другое войско поблизости".
    archers = army(gear=(GearItem(GearKind.ADDITIONAL_WEAPON),))
    setup = battle_setup(fighter(1, A, archers, BattlePlan(stance=Stance.HOLD)), fighter(2, D))
    b = scripted(setup, 1, 1)
    ready(b)
    tactician._choose(b, b.units[1])()
    assert b.events[-1].code == "battle" and b.events[-1].params["weapon"] == "ranged"
