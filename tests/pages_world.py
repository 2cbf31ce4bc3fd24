"""The pages' world: the player's kingdom with an army (a tactic, gear, a condition), an open turn
and a resolved one with its report; a battle against the rival, fought; a GM by membership only;
an outsider playing a third kingdom of the campaign."""
from __future__ import annotations

import pytest
from factories import (
    ArmyConditionFactory,
    ArmyFactory,
    ArmyGearFactory,
    ArmyTacticFactory,
    BattleParticipantFactory,
    BattleSceneFactory,
    shipped_template,
)

from armies.activity_services import activity_submit
from battles import resolution as battle_resolution
from battles.models import BattleScene
from campaigns.models import Kingdom, KingdomTurn, TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM
from rules.sides import Side
from turns import resolution as turn_resolution


@pytest.fixture
def outsider(bystander):
    """On the pages: a player of the campaign whose kingdom is in no battle."""
    return bystander


@pytest.fixture
def army(kingdom):
    Kingdom.objects.filter(pk=kingdom.pk).update(
        level=5, food=10, lumber=3, resource_points=40, warfare=12, defense=12, unrest=2,
        crime=1)
    kingdom.refresh_from_db()
    army = ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    ArmyTacticFactory(army=army, tactic="keen_eyed")
    ArmyGearFactory(army=army, kind="healing_potions", doses=2, price_paid_rp=30)
    ArmyConditionFactory(army=army, condition="weary", value=1)
    return army


@pytest.fixture
def resolved_turn(kingdom, army, player):
    """Turn 1 resolved (a Deploy Army order); turn 2 is open."""
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    activity_submit(turn=turn, user=player, kind="deploy_army", army=army,
                    params={"destination": "D4"})
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED)
    assert turn_resolution.turn_resolve(turn.pk) == "resolved"
    turn.refresh_from_db()
    return turn


@pytest.fixture
def fought_scene(campaign, kingdom, rival_kingdom, army):
    Kingdom.objects.filter(pk=rival_kingdom.pk).update(level=5, warfare=12, defense=12)
    lancers = ArmyFactory(kingdom=kingdom, name="Restov Lancers", hex="C4")
    foot = ArmyFactory(kingdom=rival_kingdom, name="Pitax Foot", hex="C4")
    archers = ArmyFactory(kingdom=rival_kingdom, name="Pitax Archers", hex="C4",
                          template=shipped_template("Skirmishers"))
    scene = BattleSceneFactory(campaign=campaign, attacker_kingdom=kingdom,
                               defender_kingdom=rival_kingdom, fortification="trench",
                               fortification_side=Side.DEFENDER, light="dim")
    for each in (army, lancers):
        BattleParticipantFactory(scene=scene, army=each, side=Side.ATTACKER)
    for each in (foot, archers):
        BattleParticipantFactory(scene=scene, army=each, side=Side.DEFENDER)
    battle_resolution.scenes_lock(BattleScene.objects.filter(pk=scene.pk), enqueue=False)
    assert battle_resolution.scene_resolve(scene.pk) == "resolved"
    scene.refresh_from_db()
    return scene
