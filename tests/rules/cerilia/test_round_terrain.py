"""The round's terrain (board.Board.terrain) answers what a scan of its cards would, after every
change the rules make to it, and refuses the changes that would go around its answers."""
import pytest

from rules.cerilia.round_terrain import RoundTerrain
from rules.cerilia.state import Terrain, TerrainKind

HILLS = Terrain(TerrainKind.HILLS, "B2")
FOREST = Terrain(TerrainKind.FOREST, "B2")
FORT = Terrain(TerrainKind.FORTIFICATION, "C3", level=3, hits=2)
SWAMP = Terrain(TerrainKind.SWAMP, "D2", magical=True)


def _scanned(cards, sector):
    kinds = frozenset(t.kind for t in cards if t.sector == sector)
    fort = next((t for t in cards if t.kind is TerrainKind.FORTIFICATION and t.sector == sector),
                None)
    return kinds, fort


def _agrees(terrain):
    for sector in ("B2", "C3", "D2", "A1"):
        assert (terrain.kinds(sector), terrain.fortification(sector)) == _scanned(terrain, sector)
    assert terrain.fortified() == {t.sector for t in terrain
                                   if t.kind is TerrainKind.FORTIFICATION}


def test_its_answers_follow_every_change():
    terrain = RoundTerrain((HILLS, FOREST, FORT))
    assert terrain == [HILLS, FOREST, FORT]
    _agrees(terrain)
    terrain.append(SWAMP)
    _agrees(terrain)
    terrain.remove(FORT)
    _agrees(terrain)
    terrain.append(Terrain(TerrainKind.FORTIFICATION, "C3", level=3, hits=1))
    _agrees(terrain)
    terrain[terrain.index(FOREST)] = Terrain(TerrainKind.SWAMP, "B2")
    _agrees(terrain)
    assert terrain.kinds("B2") == {TerrainKind.HILLS, TerrainKind.SWAMP}


def test_the_first_fortification_of_a_sector_is_its_own():
    second = Terrain(TerrainKind.FORTIFICATION, "C3", level=1, hits=1)
    assert RoundTerrain((FORT, second)).fortification("C3") is FORT


def test_other_changes_are_refused():
    terrain = RoundTerrain((HILLS, FORT))
    for change in (lambda: terrain.extend([SWAMP]), lambda: terrain.insert(0, SWAMP),
                   terrain.pop, terrain.clear, terrain.sort, terrain.reverse):
        with pytest.raises(TypeError):
            change()
    with pytest.raises(TypeError):
        del terrain[0]
    assert terrain == [HILLS, FORT]


def test_the_card_across_an_edge_is_the_first_a_scan_finds():
    cliffs = Terrain(TerrainKind.CLIFFS, "B2", toward="B3")
    river = Terrain(TerrainKind.RIVER, "B3", toward="B2")   # the same edge, the other way
    other = Terrain(TerrainKind.RIVER, "D1", toward="E1")
    terrain = RoundTerrain((HILLS, cliffs, river, other))

    def scanned(a, b):
        return next((t for t in terrain if t.kind in (TerrainKind.CLIFFS, TerrainKind.RIVER)
                     and t.toward and frozenset((t.sector, t.toward)) == frozenset((a, b))),
                    None)

    pairs = [("B2", "B3"), ("B3", "B2"), ("D1", "E1"), ("E1", "D1"), ("B2", "C2"), ("A1", "A2")]
    for a, b in pairs:
        assert terrain.crossing(a, b) is scanned(a, b)
    terrain.remove(cliffs)
    assert terrain.crossing("B2", "B3") is river is scanned("B2", "B3")
    assert RoundTerrain((HILLS,)).crossing("B2", "B3") is None
