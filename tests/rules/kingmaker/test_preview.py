"""The check an order would roll, without rolling (rules.kingmaker.preview)."""
from dataclasses import replace

import pytest
from turn_support import army, cs, kingdom

from rules.degrees import Degree
from rules.kingmaker import activities as act
from rules.kingmaker.activities import ActivityKind as K
from rules.kingmaker.activities import Order, Situation
from rules.kingmaker.conditions import Condition
from rules.kingmaker.preview import check_preview, degree_chances
from rules.kingmaker.turn import KingdomTurnInput, resolve_turn

CF, F, S, CS = (Degree.CRITICAL_FAILURE, Degree.FAILURE, Degree.SUCCESS,
                Degree.CRITICAL_SUCCESS)


def test_degree_chances_modifier_10_against_dc_20():
    # "Meet the DC by 10+: critical success; meet it: success; miss by 10+: critical failure. A
    # natural 20 raises the result one degree and a natural 1 lowers it one degree."
    # d20+10 vs 20: 1 (11) failure, lowered to critical failure; 2-9 failure; 10-19 success;
    # 20 (30) critical success.
    assert degree_chances(10, 20) == {CF: 0.05, F: 0.40, S: 0.50, CS: 0.05}


@pytest.mark.parametrize(("modifier", "dc", "expected"), [
    # +0 vs DC 10: 1 crit fail (nat 1 on a failure), 2-9 failure, 10-19 success, 20 crit success.
    (0, 10, {CF: 0.05, F: 0.40, S: 0.50, CS: 0.05}),
    # +30 vs DC 10: every face meets the DC by 10+; a natural 1 drops only to success.
    (30, 10, {CF: 0.0, F: 0.0, S: 0.05, CS: 0.95}),
    # -20 vs DC 15: every face misses by 10+; a natural 20 lifts only to failure.
    (-20, 15, {CF: 0.95, F: 0.05, S: 0.0, CS: 0.0}),
    # +0 vs DC 20: 1-10 miss by 10+; 11-19 failure; a natural 20 (20) success lifted to critical.
    (0, 20, {CF: 0.50, F: 0.45, S: 0.0, CS: 0.05}),
])
def test_degree_chances_over_the_twenty_faces(modifier, dc, expected):
    chances = degree_chances(modifier, dc)
    assert chances == pytest.approx(expected)
    assert sum(chances.values()) == pytest.approx(1.0)


def situation(*armies, **kingdom_changes):
    return Situation(turn=1, kingdom=kingdom(skills={"warfare": 4, "exploration": 3},
                                             **kingdom_changes),
                     armies={a.key: a for a in armies})


def test_preview_of_train_army_uses_the_control_dc():
    # Our ruling (reference): "Train Army rolls against the Control DC".
    current = situation(army())
    order = Order(1, K.TRAIN_ARMY, act.TrainArmy("keen_eyed", "warfare"), army=1)
    preview = check_preview(current, order)
    assert preview.skill == "warfare"
    assert preview.modifier == 4
    assert preview.dc == current.kingdom.control_dc
    assert preview.dc_parts == (("control DC", current.kingdom.control_dc),)
    assert preview.chances == degree_chances(4, current.kingdom.control_dc)


def test_preview_of_a_second_activity_takes_the_penalty():
    # Seed 003: the second activity of an efficient army takes -5.
    current = situation(army(conditions=(cs(Condition.EFFICIENT),)))
    order = Order(1, K.TRAIN_ARMY, act.TrainArmy("keen_eyed", "warfare"), army=1, second=True)
    assert check_preview(current, order).modifier == 4 + act.SECOND_ACTIVITY_PENALTY


def test_preview_of_deploy_counts_the_border_and_forced_march():
    # Reference: crossing an enemy border +10 to the DC; a forced march +4 circumstance.
    current = situation(army())
    params = act.DeployArmy("C5", "exploration", act.Border.ENEMY, forced_march=True)
    preview = check_preview(current, Order(1, K.DEPLOY_ARMY, params, army=1))
    assert preview.dc == current.kingdom.control_dc + act.BORDER_DC[act.Border.ENEMY]
    assert preview.modifier == 3 + act.FORCED_MARCH_BONUS


def test_disband_rolls_no_check():
    current = situation(army(), army(2))
    assert check_preview(current, Order(1, K.DISBAND_ARMY, act.DisbandArmy(None), army=1)) \
        is None


@pytest.mark.parametrize("order", [
    Order(1, K.TRAIN_ARMY, act.TrainArmy("keen_eyed", "warfare", "hold_the_line"), army=1),
    Order(1, K.DEPLOY_ARMY, act.DeployArmy("C5", "exploration", act.Border.OWN, road=False,
                                           forced_march=True), army=1),
    Order(1, K.GARRISON_ARMY, act.GarrisonArmy(act.Site.SETTLEMENT, act.Territory.OUTSIDE),
          army=1),
    Order(1, K.WARFARE_EXERCISES, act.WarfareExercises()),
])
def test_preview_matches_what_the_resolution_rolls(order):
    armies = (army(conditions=(cs(Condition.WEARY, 1),)),)
    current = replace(situation(*armies, warfare_exercises_unlocked=True), armies={
        a.key: a for a in armies})
    preview = check_preview(current, order)
    outcome = resolve_turn(KingdomTurnInput(number=1, kingdom=current.kingdom, armies=armies,
                                            orders=(order,)), seed=7)
    detail = outcome.activities[0].check
    assert outcome.activities[0].status == "resolved", outcome.activities[0].violations
    assert (detail.skill, detail.modifier, detail.dc, detail.dc_parts) == \
        (preview.skill, preview.modifier, preview.dc, preview.dc_parts)
    assert detail.modifiers == preview.modifiers
