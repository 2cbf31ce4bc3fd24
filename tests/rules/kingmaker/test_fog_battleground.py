"""A battle scene's default battlefield from its hex on the campaign map (seed
003_750bd81a16f66abf.txt, line 224; the fortification of a settlement is our ruling in
docs/rules-notes.md, "Fog of war")."""
import pytest

from rules.kingmaker.battle.setup import FORTIFICATIONS, FortificationKind
from rules.kingmaker.battle.setup import Terrain as Ground
from rules.kingmaker.campaign_map import MapHex, Terrain
from rules.kingmaker.fog import battleground
from rules.sides import Side


@pytest.mark.parametrize(("terrain", "ground", "water"), [
    (Terrain.MOUNTAINS, Ground.DIFFICULT, False),
    (Terrain.SWAMP, Ground.DIFFICULT, True),
    (Terrain.FOREST, Ground.DIFFICULT, False),
    (Terrain.WATER, Ground.DIFFICULT, True),
    (Terrain.PLAINS, Ground.OPEN, False),
    (Terrain.HILLS, Ground.OPEN, False),
    (Terrain.DESERT, Ground.OPEN, False),
])
def test_mountains_swamps_and_forests_make_difficult_ground(terrain, ground, water):
    # 003_750bd81a16f66abf.txt: «Сцена битвы может происходить на крутых склонах гор, в
    # заболоченной местности или густом лесу.»
    field = battleground(MapHex("C4", terrain))
    assert (field.terrain, field.water, field.fortification) == (ground, water, None)


def test_a_settlement_is_walled_for_the_side_whose_kingdom_claims_it():
    # 003_750bd81a16f66abf.txt: «В некоторых сценах битв есть фортификационные сооружения
    # (укрепления по типу замка, крепости, стены, траншеи)» — our ruling: a settlement's wooden wall.
    town = MapHex("C4", settlement="Tatzlford", claimed_by="Brevoy")
    held = battleground(town, attacker="Pitax", defender="Brevoy").fortification
    assert held is not None
    assert (held.kind, held.side, held.hp) == (FortificationKind.WOODEN_WALL, Side.DEFENDER, None)
    assert held.spec == FORTIFICATIONS[FortificationKind.WOODEN_WALL]
    taken = battleground(town, attacker="Brevoy", defender="Pitax").fortification
    assert taken is not None and taken.side is Side.ATTACKER
    assert battleground(town, attacker="Pitax", defender="Drelev").fortification is None
    assert battleground(MapHex("C4", claimed_by="Brevoy"), defender="Brevoy").fortification is None


def test_a_garrison_of_the_other_side_fights_without_the_settlements_wall():
    # 003_750bd81a16f66abf.txt: «Когда гарнизон создан, войско защищено, пока не использует боевое
    # действие с дескриптором «манёвр»» — our ruling: a garrison fights from its own site, so the
    # wall of the side claiming the settlement, which would bar it, is not given.
    town = MapHex("C4", settlement="Tatzlford", claimed_by="Brevoy")
    assert battleground(town, attacker="Pitax", defender="Brevoy",
                        garrisoned={Side.ATTACKER}).fortification is None
    held = battleground(town, attacker="Pitax", defender="Brevoy",
                        garrisoned={Side.DEFENDER}).fortification
    assert held is not None and held.side is Side.DEFENDER
