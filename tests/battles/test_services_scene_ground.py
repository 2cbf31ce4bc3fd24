"""An Offensive Gambit's battle scene takes its battlefield from its hex on the campaign map
(issue 15, point 2; docs/rules-notes.md, "Fog of war": "A battle scene's ground from its hex")."""
from __future__ import annotations

import pytest
from factories import ArmyConditionFactory, ArmyFactory
from map_world import paint_map

from battles.services import scene_queue_from_gambit
from rules.kingmaker.turn import BattleRequest

pytestmark = pytest.mark.django_db


def gambit_scene(campaign, kingdom, rival_kingdom, where, *, garrisoned_attacker=False):
    ours = ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex=where)
    theirs = ArmyFactory(kingdom=rival_kingdom, name="Pitax Foot", hex=where)
    if garrisoned_attacker:
        ArmyConditionFactory(army=ours, condition="fortified", value=0)
    return scene_queue_from_gambit(campaign=campaign,
                                   request=BattleRequest(0, where, (ours.pk,), (theirs.pk,)))


def test_without_a_map_the_scene_keeps_open_ground(campaign, kingdom, rival_kingdom):
    scene = gambit_scene(campaign, kingdom, rival_kingdom, "E4")
    assert (scene.terrain, scene.water, scene.fortification) == ("open", False, "")


def test_a_forest_settlement_gives_difficult_ground_and_its_kingdoms_wall(campaign, kingdom,
                                                                         rival_kingdom):
    paint_map(campaign, kingdom, rival_kingdom)
    # Seed 003: "Сцена битвы может происходить на крутых склонах гор, в заболоченной местности
    # или густом лесу"; Fort Drelev in E4 is Pitax's, the defender's.
    scene = gambit_scene(campaign, kingdom, rival_kingdom, "E4")
    assert (scene.terrain, scene.water) == ("difficult", False)
    assert (scene.fortification, scene.fortification_side) == ("wooden_wall", "defender")
    assert scene.participants.count() == 2


def test_a_swamp_puts_water_on_the_battlefield(campaign, kingdom, rival_kingdom):
    paint_map(campaign, kingdom, rival_kingdom)
    scene = gambit_scene(campaign, kingdom, rival_kingdom, "D5")
    assert (scene.terrain, scene.water, scene.fortification) == ("difficult", True, "")


def test_an_attackers_garrison_there_keeps_its_own_walls(campaign, kingdom, rival_kingdom):
    paint_map(campaign, kingdom, rival_kingdom)
    # The defender's wall would bar the attacker's garrison from the battle: the map gives none.
    scene = gambit_scene(campaign, kingdom, rival_kingdom, "E4", garrisoned_attacker=True)
    assert scene.fortification == ""
    assert scene.participants.filter(garrisoned=True).count() == 1
