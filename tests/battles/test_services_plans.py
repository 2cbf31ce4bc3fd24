"""Battle plans: stored as given, checked by the rules, closed once the scene is sent."""
from __future__ import annotations

import pytest
from factories import ArmyTacticFactory

from battles import resolution
from battles.adapters import plan_from, scene_setup
from battles.models import BattleScene
from battles.services import SceneLocked, participant_set_plan
from core.permissions import SYSTEM
from rules.errors import RuleViolation
from rules.kingmaker.battle.setup import BattlePlan, Stance, Targeting

pytestmark = pytest.mark.django_db


@pytest.fixture
def guard(scene, our_armies):
    return scene.participants.get(army=our_armies[0])


def test_a_plan_is_stored_as_given_and_fought_with(scene, guard, their_armies):
    participant_set_plan(actor=SYSTEM, participant=guard, plan={"targeting": "army",
                                                  "target_army": their_armies[1].pk})
    guard.refresh_from_db()
    assert guard.plan == {"targeting": "army", "target_army": their_armies[1].pk}
    plan = next(c.plan for c in scene_setup(scene).combatants if c.key == guard.army_id)
    assert plan == BattlePlan(Stance.ADVANCE, Targeting.ARMY, their_armies[1].pk)


def test_an_empty_plan_is_the_default_plan(scene, guard):
    participant_set_plan(actor=SYSTEM, participant=guard, plan={})
    plan = next(c.plan for c in scene_setup(scene).combatants if c.key == guard.army_id)
    assert plan == BattlePlan()


@pytest.mark.parametrize(("plan", "field", "code"), [
    ({"targeting": "army"}, "target_army", "target_required"),
    ({"targeting": "army", "target_army": "OWN"}, "target_army", "target_not_enemy"),
    ({"target_army": "ENEMY"}, "target_army", "target_unused"),
    ({"retreat_below": 4}, "retreat_below", "retreat_below_range"),
    ({"tactical_action": "feint"}, "tactical_action", "action_not_known"),
    ({"tactical_action": "rally"}, "tactical_action", "not_an_action"),
    ({"stance": "charge"}, "stance", "invalid"),
])
def test_the_rules_refuse_a_plan_naming_the_field(guard, our_armies, their_armies, plan, field,
                                                  code):
    ids = {"OWN": our_armies[1].pk, "ENEMY": their_armies[0].pk}
    plan = {k: ids.get(v, v) for k, v in plan.items()}
    with pytest.raises(RuleViolation) as error:
        participant_set_plan(actor=SYSTEM, participant=guard, plan=plan)
    assert [(v.field, v.code) for v in error.value.violations] == [(field, code)]
    guard.refresh_from_db()
    assert guard.plan == {}


def test_a_tactical_action_the_army_knows_is_accepted(guard, our_armies):
    # Tactics grant war actions: "Доступны только для войск, знающих соответствующие тактики";
    # Merciless (level 5, cavalry and infantry) grants All-Out Assault.
    ArmyTacticFactory(army=our_armies[0], tactic="merciless")
    participant_set_plan(actor=SYSTEM, participant=guard, plan={"tactical_action": "all_out_assault"})
    guard.refresh_from_db()
    assert guard.plan == {"tactical_action": "all_out_assault"}


def test_plans_close_when_the_scene_is_sent(scene, guard):
    resolution.scenes_lock(BattleScene.objects.filter(pk=scene.pk), enqueue=False)
    with pytest.raises(SceneLocked):
        participant_set_plan(actor=SYSTEM, participant=guard, plan={"targeting": "strongest"})


def test_a_players_odds_read_only_their_own_plans(scene, guard, sides, their_armies):
    foot = scene.participants.get(army=their_armies[0])
    participant_set_plan(actor=SYSTEM, participant=guard, plan={"targeting": "strongest"})
    participant_set_plan(actor=SYSTEM, participant=foot, plan={"targeting": "strongest"})
    plans = {c.key: c.plan for c in scene_setup(scene, plans_of=frozenset({sides[0].pk}))
             .combatants}
    assert plans[guard.army_id].targeting is Targeting.STRONGEST
    assert plans[foot.army_id] == BattlePlan()  # the enemy's default plan


def test_plan_from_reads_codes_and_fills_defaults(our_armies):
    from armies.adapters import army_state

    state = army_state(our_armies[0])
    assert plan_from({"stance": "hold", "use_potions": False}, state) == BattlePlan(
        Stance.HOLD, use_potions=False)
    with pytest.raises(RuleViolation) as error:
        plan_from({"targeting": "nearest", "retreat_below": "soon"}, state)
    assert [v.field for v in error.value.violations] == ["targeting", "retreat_below"]


def test_a_standing_plan_is_checked_by_the_rules(our_armies):
    from battles.services import army_set_battle_plan

    army = our_armies[0]
    with pytest.raises(RuleViolation) as refused:
        army_set_battle_plan(actor=SYSTEM, army=army, plan={"targeting": "army", "target_army": army.pk})
    assert refused.value.codes() == {"target_not_enemy"}
    army_set_battle_plan(actor=SYSTEM, army=army, plan={"stance": "hold"})
    army.refresh_from_db()
    assert army.battle_plan == {"stance": "hold"}


def test_a_player_sets_a_standing_plan_over_the_api(player, our_armies):
    from rest_framework.test import APIClient

    army = our_armies[0]
    client = APIClient()
    client.force_authenticate(player)
    bad = client.put(f"/api/armies/{army.pk}/battle-plan/", {"plan": {"stance": "charge"}},
                     format="json")
    assert bad.status_code == 400 and "stance" in bad.json()["plan"]
    good = client.put(f"/api/armies/{army.pk}/battle-plan/", {"plan": {"retreat_below": 1}},
                      format="json")
    assert good.status_code == 200 and good.json()["battle_plan"] == {"retreat_below": 1}
