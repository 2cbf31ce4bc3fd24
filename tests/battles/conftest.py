"""A battle in hex C4: the player's kingdom attacks the rival's. Two infantry armies (one with a
healing potion, one with magic armor) against the rival's infantry and archers."""
from __future__ import annotations

import pytest
from factories import (
    ArmyFactory,
    ArmyGearFactory,
    ArmyTacticFactory,
    BattleParticipantFactory,
    BattleSceneFactory,
    shipped_template,
)

from campaigns.models import Kingdom
from rules.sides import Side


@pytest.fixture
def sides(kingdom, rival_kingdom):
    """Both kingdoms at level 5 with their Warfare and Defense modifiers."""
    Kingdom.objects.filter(pk__in=[kingdom.pk, rival_kingdom.pk]).update(
        level=5, warfare=12, defense=12, unrest=2, fame=1, xp=100)
    kingdom.refresh_from_db()
    rival_kingdom.refresh_from_db()
    return kingdom, rival_kingdom


@pytest.fixture
def our_armies(sides):
    kingdom = sides[0]
    guard = ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    ArmyTacticFactory(army=guard, tactic="keen_eyed")
    ArmyGearFactory(army=guard, kind="healing_potions", doses=2, price_paid_rp=30)
    lancers = ArmyFactory(kingdom=kingdom, name="Restov Lancers", hex="C4")
    ArmyGearFactory(army=lancers, kind="magic_armor", tier="basic", doses=0, price_paid_rp=25)
    return guard, lancers


@pytest.fixture
def their_armies(sides):
    rival = sides[1]
    foot = ArmyFactory(kingdom=rival, name="Pitax Foot", hex="C4")
    archers = ArmyFactory(kingdom=rival, name="Pitax Archers", hex="C4",
                          template=shipped_template("Skirmishers"))
    return foot, archers


@pytest.fixture
def scene(campaign, sides, our_armies, their_armies):
    kingdom, rival = sides
    scene = BattleSceneFactory(campaign=campaign, attacker_kingdom=kingdom,
                               defender_kingdom=rival)
    for army in our_armies:
        BattleParticipantFactory(scene=scene, army=army, side=Side.ATTACKER)
    for army in their_armies:
        BattleParticipantFactory(scene=scene, army=army, side=Side.DEFENDER)
    return scene
