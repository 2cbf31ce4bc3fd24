"""The GM's record of player characters exploring a hex with an army, and the battle scene started
from it (issue 15, point 6; docs/rules-notes.md, "Fog of war": "Exploration").

Seed 003 (003_750bd81a16f66abf.txt), line 205: «Исследование тексов. Если во время исследования
гексов персонажи игроков путешествуют вместе с войском, они могут столкнуться с войском врага.
Если персонажи игроков или их враги решают атаковать, то немедленно начинается сцена битвы.»"""
from __future__ import annotations

import pytest
from factories import ArmyConditionFactory, ArmyFactory
from map_world import paint_map

from armies.adapters import army_state
from battles.exploration import hex_explore, scene_from_exploration
from battles.models import Exploration
from core.permissions import SYSTEM, NotPermitted
from rules.errors import RuleViolation
from rules.kingmaker.army import stat_block

pytestmark = pytest.mark.django_db


@pytest.fixture
def explorers(kingdom):
    return ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="E4")


@pytest.fixture
def enemy(rival_kingdom):
    return ArmyFactory(kingdom=rival_kingdom, name="Pitax Foot", hex="E4")


def test_the_explorers_meet_an_enemy_army_in_plain_sight(campaign_gm, explorers, enemy):
    exploration = hex_explore(actor=campaign_gm, army=explorers, hex="e4")
    assert (exploration.hex, exploration.met, exploration.checks) == ("E4", [enemy.pk], [])
    assert exploration.explored_by == campaign_gm


def test_an_army_elsewhere_or_of_their_own_kingdom_is_not_met(campaign_gm, kingdom, explorers,
                                                              rival_kingdom):
    ArmyFactory(kingdom=rival_kingdom, name="Pitax Riders", hex="E5")
    ArmyFactory(kingdom=kingdom, name="Restov Lancers", hex="E4")
    assert hex_explore(actor=campaign_gm, army=explorers, hex="E4").met == []


def test_an_army_in_ambush_is_met_only_when_the_scouting_check_finds_it(campaign_gm, explorers,
                                                                        rival_kingdom):
    # Seed 003, line 25: «СЛ Разведки войска, которое устроило в своём гексе засаду … СЛ
    # разведки равна модификатору Разведки +10»; a garrisoned army lies in ambush (our ruling).
    hidden = ArmyFactory(kingdom=rival_kingdom, name="Pitax Watch", hex="E4",
                         garrisoned="until_deployed")
    dc = stat_block_of(hidden).scouting_dc
    outcomes = set()
    for seed in range(40):
        exploration = hex_explore(actor=campaign_gm, army=explorers, hex="E4", seed=seed)
        [check] = exploration.checks
        assert (check["scout"], check["hidden"], check["dc"]) == (explorers.pk, hidden.pk, dc)
        assert check["found"] == (exploration.met == [hidden.pk])
        assert check["total"] == check["face"] + check["modifier"]
        outcomes.add(check["found"])
    assert outcomes == {True, False}


def stat_block_of(army):
    return stat_block(army_state(army))


def test_only_the_gm_records_an_exploration(player, explorers, enemy):
    with pytest.raises(NotPermitted):
        hex_explore(actor=player, army=explorers, hex="E4")
    assert not Exploration.objects.exists()


def test_the_explorers_explore_the_hex_their_army_is_in(campaign_gm, explorers):
    with pytest.raises(RuleViolation) as refused:
        hex_explore(actor=campaign_gm, army=explorers, hex="E5")
    assert {v.field for v in refused.value.violations} == {"hex"}


@pytest.mark.parametrize("explorers_attack", [True, False])
def test_a_battle_with_an_army_met_has_the_right_sides_and_ground(
        campaign, kingdom, rival_kingdom, campaign_gm, explorers, enemy, explorers_attack):
    paint_map(campaign, kingdom, rival_kingdom)
    exploration = hex_explore(actor=campaign_gm, army=explorers, hex="E4", light="dim")
    scene = scene_from_exploration(actor=campaign_gm, exploration=exploration, enemy=enemy,
                                   explorers_attack=explorers_attack)
    sides = {p.army_id: p.side for p in scene.participants.all()}
    ours, theirs = ("attacker", "defender") if explorers_attack else ("defender", "attacker")
    assert sides == {explorers.pk: ours, enemy.pk: theirs}
    assert (scene.attacker_pcs_present, scene.defender_pcs_present) == (
        explorers_attack, not explorers_attack)
    assert (scene.hex, scene.light, scene.terrain) == ("E4", "dim", "difficult")
    # Fort Drelev in E4 is Pitax's: its wall is the Pitax side's.
    assert (scene.fortification, scene.fortification_side) == ("wooden_wall", theirs)
    exploration.refresh_from_db()
    assert exploration.scene == scene


def test_no_battle_with_an_army_not_met_nor_twice(campaign_gm, explorers, enemy, rival_kingdom):
    exploration = hex_explore(actor=campaign_gm, army=explorers, hex="E4")
    elsewhere = ArmyFactory(kingdom=rival_kingdom, name="Pitax Riders", hex="E5")
    with pytest.raises(RuleViolation) as refused:
        scene_from_exploration(actor=campaign_gm, exploration=exploration, enemy=elsewhere,
                               explorers_attack=True)
    assert {v.field for v in refused.value.violations} == {"enemy"}
    scene_from_exploration(actor=campaign_gm, exploration=exploration, enemy=enemy,
                           explorers_attack=True)
    with pytest.raises(RuleViolation):
        scene_from_exploration(actor=campaign_gm, exploration=exploration, enemy=enemy,
                               explorers_attack=False)


def test_only_the_gm_starts_the_battle(player, explorers, enemy):
    exploration = hex_explore(actor=SYSTEM, army=explorers, hex="E4")
    with pytest.raises(NotPermitted):
        scene_from_exploration(actor=player, exploration=exploration, enemy=enemy,
                               explorers_attack=True)
    assert exploration.explored_by is None


def test_a_garrisoned_army_fights_as_one_from_its_own_site(campaign, kingdom, rival_kingdom,
                                                           campaign_gm, enemy):
    # Seed 003_750bd81a16f66abf.txt, line 230: «Когда гарнизон создан, войско защищено, пока не
    # использует боевое действие с дескриптором «манёвр»» — garrisoned as Garrison Army left it
    # (as fog of war reads it), so it fights from its site, and Fort Drelev's wall, the other
    # side's, is not given (our ruling).
    paint_map(campaign, kingdom, rival_kingdom)
    holders = ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="E4",
                          garrisoned="until_deployed")
    ArmyConditionFactory(army=holders, condition="fortified", value=0)  # as Garrison Army leaves it
    exploration = hex_explore(actor=campaign_gm, army=holders, hex="E4")
    scene = scene_from_exploration(actor=campaign_gm, exploration=exploration, enemy=enemy,
                                   explorers_attack=False)
    garrisoned = {p.army_id: p.garrisoned for p in scene.participants.all()}
    assert garrisoned == {holders.pk: True, enemy.pk: False}
    assert scene.fortification == ""


def test_no_battle_with_an_army_gone_from_the_hex_since(campaign_gm, explorers, enemy):
    # Line 205: «они могут столкнуться с войском врага» — there, not where it has gone since.
    exploration = hex_explore(actor=campaign_gm, army=explorers, hex="E4")
    enemy.hex = "E5"
    enemy.save()
    with pytest.raises(RuleViolation) as refused:
        scene_from_exploration(actor=campaign_gm, exploration=exploration, enemy=enemy,
                               explorers_attack=True)
    assert [(v.code, v.field) for v in refused.value.violations] == [("enemy_moved_on", "enemy")]
    exploration.refresh_from_db()
    assert exploration.scene is None
