"""What each side sees of module "ambush" (seed 001_5d751c33a121b07e.txt, "Засада", "Ловушки";
reference/sector-modules.md, "What each side may see": "the enemy's markers as markers (with the
ambush's public name) ... never ... trap truth or marker truth").

Seed line checked here:
  «На верхней стороне – пометка игрока, что это за батальон, а на нижней - истинный это маркер
   или ложный.»
"""
import json

from ambush_support import A, D, T, ambush_key, battle, hiding, terrain, trap_key, trap_laid, unit
from cerilia_support import orders

from rules.cerilia.concealment import MarkerMove
from rules.cerilia.engine import resolve_round
from rules.cerilia.modules import Modules
from rules.cerilia.side_views import full_view, side_view


def _field(markers=None, true=0):
    s = battle(unit("w", D, name="Grey Wolves"), unit("e", A, at="B1"),
               terrain_=(terrain(T.FOREST, "B2"),))
    return trap_laid(hiding(s, "w", "B2", name="Wolves", markers=markers, true=true),
                     sectors=("C2", "D2", "E3"), real=2)


def test_the_enemy_sees_nothing_of_an_ambush_without_markers():
    # Reference: "The enemy sees nothing of an ambush that has not moved"
    # (001_5d751c33a121b07e.txt).
    enemy = side_view(_field(), A)
    text = json.dumps(enemy)
    assert "Wolves" not in text and ambush_key(D) not in text and "B2\"" not in str(
        enemy["markers"])
    assert [m["kind"] for m in enemy["markers"]] == ["trap"] * 3


def test_the_enemy_sees_markers_by_their_top_side_only():
    # 001_5d751c33a121b07e.txt: «На верхней стороне – пометка игрока, что это за батальон, а на
    # нижней - истинный это маркер или ложный.»
    enemy = side_view(_field(markers=("B2", "C2", "A2"), true=1), A)
    key, trap = ambush_key(D), trap_key(D)
    assert enemy["markers"] == sorted([
        {"key": f"{key}-1", "kind": "ambush", "name": "Wolves", "sector": "B2"},
        {"key": f"{key}-2", "kind": "ambush", "name": "Wolves", "sector": "C2"},
        {"key": f"{key}-3", "kind": "ambush", "name": "Wolves", "sector": "A2"},
        {"key": f"{trap}-1", "kind": "trap", "name": "Pit", "sector": "C2"},
        {"key": f"{trap}-2", "kind": "trap", "name": "Pit", "sector": "D2"},
        {"key": f"{trap}-3", "kind": "trap", "name": "Pit", "sector": "E3"}],
        key=lambda m: m["key"])
    assert enemy["ambushes"] == [] and "true" not in json.dumps(enemy)
    assert "Grey Wolves" not in json.dumps(enemy)


def test_a_side_sees_its_own_ambushes_and_traps_with_the_truth():
    # Reference: "Its own units, characters, markers (with which is true), traps and orders"
    # (001_5d751c33a121b07e.txt).
    own = side_view(_field(markers=("B2", "C2", "A2"), true=1), D)
    ambush, trap = own["ambushes"]
    assert (ambush["unit"], ambush["sector"]) == ("w", "B2")
    assert [m["true"] for m in ambush["markers"]] == [False, True, False]
    assert [m["true"] for m in trap["markers"]] == [False, False, True]
    assert own["markers"] == []
    w = next(u for u in own["units"] if u["key"] == "w")
    assert (w["position"], w["ambush"]) == ("C2", ambush["key"])


def test_owner_only_facts_stay_with_the_owner():
    # Reference: "never the enemy's unplayed orders ... trap truth or marker truth"
    # (001_5d751c33a121b07e.txt).
    s = _field()
    out = resolve_round(s, {D: orders(markers={ambush_key(D): MarkerMove(
        (("B3",), ("C2",), ()), true=0)})}, seed=3)
    enemy = side_view(out.state, A, out.events)
    assert "Grey Wolves" not in json.dumps(enemy) and "\"w\"" not in json.dumps(enemy)
    assert {m["sector"] for m in enemy["markers"] if m["kind"] == "ambush"} == {"B3", "C2", "B2"}
    assert "markers" in json.dumps(full_view(out.state, out.events))


def test_without_the_module_the_view_is_as_before():
    # Reference: "A battle with every module off plays exactly as today" (001_5d751c33a121b07e.txt).
    s = battle(unit("e", A, at="B1"), modules=Modules())
    assert "ambushes" not in side_view(s, A) and "markers" not in side_view(s, A)
