"""What each side sees of module "ambush" (seed 001_5d751c33a121b07e.txt, "Засада", "Ловушки";
reference/sector-modules.md, "What each side may see": "the enemy's markers as markers (with the
ambush's public name) ... never ... trap truth or marker truth").

Seed lines checked here:
  «На верхней стороне – пометка игрока, что это за батальон, а на нижней - истинный это маркер
   или ложный.»
  «Перед началом игры игроки указывают, какие батальоны будут находиться в засаде.»
  «Противник имеет право атаковать один из выставленных маркеров засадного батальона.»
"""
import json
from dataclasses import replace

from ambush_support import A, D, T, ambush_key, battle, hiding, terrain, trap_key, trap_laid, unit
from cerilia_support import caster, codes, orders, round_of, spell

from rules.cerilia.concealment import MarkerMove
from rules.cerilia.engine import resolve_round
from rules.cerilia.modules import Modules
from rules.cerilia.orders import order_violations
from rules.cerilia.side_views import full_view, side_view
from rules.cerilia.spells import Spell


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


def test_mass_invisibility_makes_no_unmarked_ambush_block_a_retreat():
    # 001_5d751c33a121b07e.txt: «Перед началом игры игроки указывают, какие батальоны будут
    # находиться в засаде»; reference: "The enemy sees nothing of an ambush that has not moved".
    # 000_9b71fb8594a033d1.txt (Массовая Невидимость): the spell hides a unit "в секторе", and
    # such a unit "выступает в роли блокирования сектора для Отступающих ... обязан напасть на
    # Отступающие Отряды". Cast on the wolves still in ambush in B2, it fizzles (only its own
    # side hears why): the attacker's unit driven back from B3 falls back to B2 as it would were
    # the wolves never there, and does not run into an unseen enemy there.
    one = hiding(battle(unit("w", D, name="Grey Wolves"), unit("e", A, at="B3"),
                        unit("d", D, at="A3"), terrain_=(terrain(T.FOREST, "B2"),),
                        casters=[caster("m", D)]), "w", "B2")
    two = replace(one, units=tuple(u for u in one.units if u.key != "w"), ambushes=())
    hide = {D: orders(spells={"m": spell(Spell.MASS_INVISIBILITY, unit="w")})}
    views = []
    for world in (one, two):
        out = resolve_round(world, hide, seed=7)
        assert not any(u.hidden for u in out.state.units)
        r = round_of(out.state)
        r.fall_back(r.units["e"])   # a result F against it, in the next round
        assert codes(r.events) == ["falls_back"] and r.units["e"].position == "B2"
        views.append((side_view(out.state, A, out.events), side_view(r.state(), A, r.events)))
    assert views[0] == views[1] and "Grey Wolves" not in json.dumps(views[0])


def test_an_invisible_shooter_aimed_at_an_unmarked_ambush_holds_its_fire():
    # 001_5d751c33a121b07e.txt: «Перед началом игры игроки указывают, какие батальоны будут
    # находиться в засаде»; «Противник имеет право атаковать один из выставленных маркеров
    # засадного батальона» (the enemy strikes an ambush through its markers, never its unit);
    # 000_9b71fb8594a033d1.txt: «Атака со стороны Невидимого Отряда приведет к его раскрытию».
    # The attacker's invisible archers are ordered to shoot the wolves hiding, unmarked, in B2:
    # that order names no unit on the table, so the archers hold their fire and stay hidden,
    # as they do where the wolves never were (they used to shoot the nearest enemy instead,
    # and be seen, only where the wolves hid).
    one = hiding(battle(unit("w", D, name="Grey Wolves"), unit("d", D, at="B3"),
                        unit("e", A, "archers", at="B1", hidden=True),
                        terrain_=(terrain(T.FOREST, "B2"),)), "w", "B2")
    two = replace(one, units=tuple(u for u in one.units if u.key != "w"), ambushes=())
    aim = {A: orders(targets={"e": "w"})}
    assert [v.code for v in order_violations(one, A, aim[A])] == ["target_unknown"]
    views = []
    for world in (one, two):
        out = resolve_round(world, aim, seed=7)
        assert "revealed" not in codes(out.events) and out.state.unit("e").hidden
        views.append(side_view(out.state, A, out.events))
    assert views[0] == views[1] and "Grey Wolves" not in json.dumps(views[0])
