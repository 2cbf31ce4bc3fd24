"""A campaign or a single scene can use the Wars of Cerilia ruleset instead of the Kingmaker
battle scene: an Offensive Gambit in such a campaign queues a sector battle for the GM to set up,
and the GM can turn a queued scene into one."""
from __future__ import annotations

import pytest
from factories import (
    ArmyFactory,
    ArmyGearFactory,
    BattleParticipantFactory,
    BattleSceneFactory,
    shipped_template,
)

from battles.models import BattleScene
from battles.sector.models import BattleStatus, SectorBattle
from battles.services import battle_from_scene, scene_queue_from_gambit
from campaigns.models import Ruleset
from core.permissions import SYSTEM
from rules.errors import RuleViolation
from rules.kingmaker.turn import BattleRequest

pytestmark = pytest.mark.django_db


def test_a_gambit_in_a_cerilia_campaign_queues_a_sector_battle(kingdom, rival_kingdom):
    kingdom.campaign.ruleset = Ruleset.CERILIA
    kingdom.campaign.save()
    raiders = ArmyFactory(kingdom=kingdom, name="Restov Raiders", hex="C4",
                          template=shipped_template("Cavalry"))
    guard = ArmyFactory(kingdom=rival_kingdom, name="Pitax Guard", hex="C4")
    battle = scene_queue_from_gambit(campaign=kingdom.campaign,
                                     request=BattleRequest(0, "C4", (raiders.pk,), (guard.pk,)))
    assert isinstance(battle, SectorBattle) and not BattleScene.objects.exists()
    assert battle.status == BattleStatus.SETUP and battle.hex == "C4"
    assert (battle.attacker_kingdom, battle.defender_kingdom) == (kingdom, rival_kingdom)
    units = {u.name: (u.side, u.card.code, u.army_id) for u in battle.units.all()}
    assert units == {"Restov Raiders": ("attacker", "knights", raiders.pk),
                     "Pitax Guard": ("defender", "infantry", guard.pk)}


def test_a_kingmaker_campaign_still_queues_a_battle_scene(kingdom, rival_kingdom):
    raiders = ArmyFactory(kingdom=kingdom, hex="C4")
    guard = ArmyFactory(kingdom=rival_kingdom, hex="C4")
    scene = scene_queue_from_gambit(campaign=kingdom.campaign,
                                    request=BattleRequest(0, "C4", (raiders.pk,), (guard.pk,)))
    assert isinstance(scene, BattleScene) and not SectorBattle.objects.exists()


def test_the_gm_turns_a_queued_scene_into_a_sector_battle(kingdom, rival_kingdom):
    scene = BattleSceneFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                               defender_kingdom=rival_kingdom, hex="H7")
    ours = BattleParticipantFactory(scene=scene, army=ArmyFactory(kingdom=kingdom),
                                    side="attacker")
    kobolds = BattleParticipantFactory(
        scene=scene, side="defender",
        army=ArmyFactory(kingdom=rival_kingdom, template=shipped_template("Sootscale Warriors")))
    ArmyGearFactory(army=ours.army, kind="healing_potions", doses=1, price_paid_rp=10)
    battle, unmapped = battle_from_scene(scene=scene, actor=SYSTEM)
    assert not BattleScene.objects.filter(pk=scene.pk).exists()
    assert battle.hex == "H7" and battle.defender_kingdom == rival_kingdom
    assert [u.army_id for u in battle.units.all()] == [ours.army_id]
    assert unmapped == [kobolds.army]  # no card for that special army yet: the GM adds one


def test_a_scene_sent_for_resolution_stays_a_scene(kingdom):
    scene = BattleSceneFactory(campaign=kingdom.campaign)
    scene.locked_at = scene.created_at
    scene.save()
    with pytest.raises(RuleViolation):
        battle_from_scene(scene=scene, actor=SYSTEM)
    assert BattleScene.objects.filter(pk=scene.pk).exists()


def test_the_admin_action_turns_scenes_into_sector_battles(client, gm, kingdom, rival_kingdom):
    scene = BattleSceneFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                               defender_kingdom=rival_kingdom)
    BattleParticipantFactory(scene=scene, army=ArmyFactory(kingdom=kingdom), side="attacker")
    client.force_login(gm)
    response = client.post("/admin/battles/battlescene/", {
        "action": "fight_as_sector_battle", "_selected_action": [scene.pk]}, follow=True)
    assert "is now a sector battle being set up" in response.content.decode()
    assert SectorBattle.objects.get().units.count() == 1


def test_adding_the_sides_armies_to_a_battle_in_a_hex_takes_the_armies_there(kingdom,
                                                                              rival_kingdom):
    from factories import SectorBattleFactory

    from battles.sector.services import battle_add_side_armies
    from core.permissions import SYSTEM

    battle = SectorBattleFactory(campaign=kingdom.campaign, hex="C4", attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom)
    here = ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    ArmyFactory(kingdom=kingdom, name="Far Riders", hex="D6")
    made, unmapped, no_kingdom = battle_add_side_armies(actor=SYSTEM, battle=battle)
    assert [u.army for u in made] == [here] and unmapped == [] and no_kingdom == []
