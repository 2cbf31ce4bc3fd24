"""Module "ambush" before the dice: phase 0 and a round's orders, with the refusals by field
(seed 001_5d751c33a121b07e.txt, "Засада", "Ловушки"; reference/sector-modules.md, module
"ambush", and "Distances and speeds").

Seed lines checked here:
  «Перед началом игры игроки указывают, какие батальоны будут находиться в засаде.»
  «В фазу отдачи приказы игрок может отдать один приказ находящемуся в засаде батальону.»
  «Если это приказ «Движение», то в лес (овраг) выкладываются три маркера (два ложных и один
   истинный) ... Эти маркеры перемещаются с половинной СК.»
  «Располагая ловушки, игрок так же кладет три маркера засады, один из которых реальный»
"""
from dataclasses import replace

from ambush_support import (
    ON,
    A,
    D,
    T,
    ambush_key,
    battle,
    hiding,
    supply,
    terrain,
    trap_key,
    trap_laid,
    unit,
)
from cerilia_support import orders

from rules.cerilia.ambush_orders import concealment_key, half_speed
from rules.cerilia.cards import Tag
from rules.cerilia.concealment import TRAP, AmbushPlan, Concealment, MarkerMove, TrapPlan
from rules.cerilia.engine import deploy, resolve_round
from rules.cerilia.modules import Modules, Role
from rules.cerilia.orders import Deployment, deployment_violations, order_violations
from rules.cerilia.state import Caster, Effect, EffectKind, Wall
from rules.cerilia.visibility import visible

FOREST = (terrain(T.FOREST, "B2"), terrain(T.RAVINE, "D3"), terrain(T.FOREST, "C1"))


def _codes(violations):
    return [(v.code, v.field) for v in violations]


def _phase0(*units, modules=ON, traps=()):
    s = battle(*units, terrain_=FOREST, modules=modules, traps=traps)
    return replace(s, round=0)


def test_a_named_unit_hides_in_its_forest_unseen_by_the_enemy():
    # 001_5d751c33a121b07e.txt: «Перед началом игры игроки указывают, какие батальоны будут
    # находиться в засаде»; reference: "The enemy sees nothing of an ambush that has not moved".
    s = _phase0(unit("w", D), unit("x", D), unit("e", A))
    plan = Deployment(placements={"x": "C3"}, ambushes={"w": AmbushPlan("B2", "Wolves")})
    assert deployment_violations(s, D, plan) == []
    s = deploy(s, {D: plan})
    hidden = s.unit("w")
    key = concealment_key(D, Concealment.AMBUSH, "Wolves")
    assert (hidden.position, hidden.cell, hidden.ambush) == ("B2", -1, key)
    assert not visible(s, A, hidden) and visible(s, D, hidden)
    (record,) = s.ambushes
    assert (record.key, record.name, record.sector, record.unit, record.markers) == \
        (key, "Wolves", "B2", "w", ())


def test_ambush_keys_come_from_the_name_not_the_order_of_declaration():
    # Reference, "What each side may see": the enemy never learns of "an enemy ambush not yet
    # marked" (ruling: a key numbered by declaration would tell it how many there are).
    s = _phase0(unit("w", D), unit("v", D), unit("e", A))
    one = deploy(s, {D: Deployment(ambushes={"w": AmbushPlan("B2", "Wolves"),
                                             "v": AmbushPlan("D3", "Bears")})})
    two = deploy(s, {D: Deployment(ambushes={"v": AmbushPlan("D3", "Bears"),
                                             "w": AmbushPlan("B2", "Wolves")})})
    assert {a.key for a in one.ambushes} == {a.key for a in two.ambushes}
    assert one.unit("w").ambush == two.unit("w").ambush == ambush_key(D)


def test_a_ravine_hides_an_ambush_as_a_forest_does():
    # 001_5d751c33a121b07e.txt: «в лес (овраг)».
    s = _phase0(unit("w", D), unit("e", A))
    assert deployment_violations(s, D, Deployment(ambushes={"w": AmbushPlan("D3", "R")})) == []


def test_ambush_plans_are_refused_by_field():
    # Reference: "each stands hidden in an ambush-terrain sector of its own half of the field
    # (rows 1–2 for the attacker, 2–3 for the defender; ruling)" (001_5d751c33a121b07e.txt).
    s = _phase0(unit("w", D), unit("v", D), unit("u", D), unit("e", A))
    plans = {"e": AmbushPlan("B2", "Mine"), "w": AmbushPlan("C1", "Far"),
             "v": AmbushPlan("C3", "Open"), "u": AmbushPlan("B2", " ")}
    assert _codes(deployment_violations(s, D, Deployment(ambushes=plans))) == [
        ("unit_unknown", "ambushes.e"), ("ambush_own_half", "ambushes.w.sector"),
        ("ambush_terrain", "ambushes.v.sector"), ("concealment_name", "ambushes.u.name")]
    assert _codes(deployment_violations(s, A, Deployment(ambushes={
        "e": AmbushPlan("C1", "x" * 41)}))) == [("concealment_name", "ambushes.e.name")]


def test_a_unit_hides_or_deploys_not_both_and_names_differ():
    # Ruling (001_5d751c33a121b07e.txt, «пометка игрока, что это за батальон»): the public names
    # tell the side's ambushes and traps apart; a hiding unit is not also on the field.
    s = _phase0(unit("w", D), unit("v", D), unit("e", A), traps=[supply()])
    given = Deployment(placements={"w": "B3"}, ambushes={"w": AmbushPlan("B2", "Wolves"),
                                                         "v": AmbushPlan("B2", "Pit")},
                       traps={"t1": TrapPlan("Pit", ("B2", "C2", "D2"))})
    assert _codes(deployment_violations(s, D, given)) == [
        ("ambush_placed", "ambushes.w"), ("concealment_name_taken", "traps.t1.name")]


def test_without_the_module_there_are_no_ambushes_or_traps():
    # Reference: "Each module is a scenario switch" (001_5d751c33a121b07e.txt).
    s = _phase0(unit("w", D), unit("e", A), modules=Modules(), traps=[supply()])
    given = Deployment(ambushes={"w": AmbushPlan("B2", "W")},
                       traps={"t1": TrapPlan("P", ("B2", "C2", "D2"))})
    assert _codes(deployment_violations(s, D, given)) == [
        ("no_ambush_module", "ambushes.w"), ("no_ambush_module", "traps.t1")]
    s = battle(unit("w", D, at="B3"), modules=Modules())
    assert _codes(order_violations(s, D, orders(markers={"x": MarkerMove(((), (), ()))}))) == [
        ("no_ambush_module", "markers.x")]


def test_an_independent_warrior_does_not_hide_under_module_command():
    # Ruling (001_5d751c33a121b07e.txt, «Самостоятельные воины» follow their 2 orders every
    # round): an independent warrior under module "command" does not hide in ambush.
    s = _phase0(unit("w", D, card_tags={Tag.INDEPENDENT, Tag.INFANTRY}), unit("e", A),
                modules=Modules(ambush=True, command=True))
    assert _codes(deployment_violations(s, D, Deployment(ambushes={
        "w": AmbushPlan("B2", "W")}))) == [("standing_required", "standing.w"),
                                             ("ambush_independent", "ambushes.w")]


def test_traps_are_laid_as_three_markers_one_real():
    # 001_5d751c33a121b07e.txt: «Располагая ловушки, игрок так же кладет три маркера засады,
    # один из которых реальный, а остальные – ложны»; reference: "traps do not move".
    s = _phase0(unit("w", D), unit("e", A), traps=[supply()])
    plan = Deployment(traps={"t1": TrapPlan("Pit", ("B2", "C3", "C3"), real=1)})
    assert deployment_violations(s, D, plan) == []
    (trap,) = deploy(s, {D: plan}).ambushes
    assert trap.kind is Concealment.TRAP and (trap.card, trap.attack) == (TRAP.code, 3)
    assert [(m.key, m.sector, m.true) for m in trap.markers] == [
        (f"{trap.key}-1", "B2", False), (f"{trap.key}-2", "C3", True),
        (f"{trap.key}-3", "C3", False)]


def test_trap_plans_are_refused_by_field():
    # 001_5d751c33a121b07e.txt: «три маркера засады, один из которых реальный»; reference:
    # "laid in phase 0 as three markers (one real) in sectors of the owner's half".
    s = _phase0(unit("w", D), unit("e", A), traps=[supply(), supply("t2", A)])
    given = Deployment(traps={"t2": TrapPlan("A", ("B2", "C2", "D2")),
                              "t1": TrapPlan("P", ("B2", "C1"), real=3)})
    assert _codes(deployment_violations(s, D, given)) == [
        ("trap_unknown", "traps.t2"), ("trap_three", "traps.t1.sectors"),
        ("trap_own_half", "traps.t1.sectors.1"), ("trap_real", "traps.t1.real")]


# -- a round's orders -------------------------------------------------------------------------

def _hidden(markers=None, code="infantry", **kwargs):
    s = battle(unit("w", D, code), unit("x", D, at="C3"), unit("e", A, at="B2"),
               unit("f", A, at="E1"), terrain_=FOREST)
    return hiding(s, "w", "B2", markers=markers, **kwargs)


def test_one_order_a_round_to_an_ambushing_unit():
    # 001_5d751c33a121b07e.txt: «В фазу отдачи приказы игрок может отдать один приказ
    # находящемуся в засаде батальону».
    s = _hidden()
    key = ambush_key(D)
    both = orders(markers={key: MarkerMove(((), (), ()))}, targets={"w": "e"})
    assert _codes(order_violations(s, D, both)) == [("ambush_one_order", f"markers.{key}")]
    assert ("ambush_moves_markers", "moves.w") in _codes(
        order_violations(s, D, orders(moves={"w": ("B3",)})))
    assert order_violations(s, D, orders(markers={key: MarkerMove(((), (), ()))})) == []
    assert order_violations(s, D, orders(targets={"w": "e"})) == []


def test_the_first_move_lays_three_markers_one_true():
    # 001_5d751c33a121b07e.txt: «выкладываются три маркера (два ложных и один истинный)».
    s, key = _hidden(), ambush_key(D)
    assert _codes(order_violations(s, D, orders(markers={key: MarkerMove(((), ()), true=3)}))) \
        == [("markers_three", f"markers.{key}.paths"), ("marker_true", f"markers.{key}.true")]
    assert _codes(order_violations(s, D, orders(markers={"d-ambush-0": MarkerMove(())}))) == [
        ("ambush_unknown", "markers.d-ambush-0")]
    assert _codes(order_violations(s, A, orders(markers={key: MarkerMove(((), (), ()))}))) == [
        ("ambush_unknown", f"markers.{key}")]


def test_markers_move_at_half_speed_from_sector_to_sector():
    # 001_5d751c33a121b07e.txt: «Эти маркеры перемещаются с половинной СК»; reference: "half
    # the unit's movement points, rounded up (1 → 1, 2 → 1, 3 → 2)"; ruling: never a reserve.
    assert [half_speed(unit("u", D, card_movement=m)) for m in (1, 2, 3)] == [1, 1, 2]
    s, key = _hidden(), ambush_key(D)
    far = MarkerMove((("B3", "C3"), ("A1",), ("reserve",)))
    assert _codes(order_violations(s, D, orders(markers={key: far}))) == [
        ("marker_too_far", f"markers.{key}.paths.0"),
        ("path_not_adjacent", f"markers.{key}.paths.1"),
        ("path_not_adjacent", f"markers.{key}.paths.2")]
    s = _hidden(code="light_cavalry")
    assert order_violations(s, D, orders(markers={key: MarkerMove(
        (("B3", "C3"), ("A2",), ()), true=2)})) == []


def test_later_moves_give_each_marker_on_the_field_its_own_path():
    # 001_5d751c33a121b07e.txt: «Эти маркеры перемещаются» (each on its own path, reference).
    s, key = _hidden(markers=("B2", "C2", "A2"), true=1), ambush_key(D)
    assert order_violations(s, D, orders(markers={key: MarkerMove((("B3",), ("C3",)))})) == []
    assert _codes(order_violations(s, D, orders(markers={key: MarkerMove(
        ((), ("C1",), (), ()))}))) == [("markers_too_many", f"markers.{key}.paths")]


def test_an_attack_from_ambush_reaches_its_sector_or_missile_range():
    # Reference: "Missile or melee attack from ambush: resolved as a normal attack from the true
    # marker's sector" (001_5d751c33a121b07e.txt, «Стрелковая атака» или «Рукопашная атака»).
    s = _hidden(markers=("A2", "C2", "D2"), true=0)   # the battalion is in A2
    assert _codes(order_violations(s, D, orders(targets={"w": "e"}))) == [
        ("ambush_out_of_reach", "targets.w")]
    s = _hidden(markers=("B2", "C2", "D2"), true=0)
    assert order_violations(s, D, orders(targets={"w": "e"})) == []
    s = _hidden(markers=("E3", "C2", "D2"), true=0, code="archers")
    assert order_violations(s, D, orders(targets={"w": "f"})) == []   # E3 to E1: range 2
    marker = f"{ambush_key(D)}-2"
    assert _codes(order_violations(replace(s, units=(*s.units, unit("m", A, at="C2"))), D,
                                   orders(targets={"w": marker}))) == [
        ("target_unknown", "targets.w")]


def test_the_enemy_attacks_a_marker_in_its_sector_or_within_missile_range():
    # 001_5d751c33a121b07e.txt: «Противник имеет право атаковать один из выставленных маркеров
    # засадного батальона»; reference: "a missile or melee order naming the marker".
    s = _hidden(markers=("B2", "C2", "B3"), true=0)
    s = replace(s, units=(*s.units, unit("r", A, "archers", at="B1")))
    key = ambush_key(D)
    assert order_violations(s, A, orders(targets={"e": f"{key}-1", "r": f"{key}-3"})) == []
    assert _codes(order_violations(s, A, orders(targets={"e": f"{key}-2", "f": f"{key}-3"}))) \
        == [("marker_out_of_reach", "targets.e"), ("marker_out_of_reach", "targets.f")]
    # Its own markers are not its targets.
    assert _codes(order_violations(s, D, orders(targets={"x": f"{key}-3"}))) == [
        ("target_unknown", "targets.x")]


def test_missiles_from_ambush_and_at_markers_need_the_rounds_line_of_fire():
    # 000_9b71fb8594a033d1.txt: «Если сектор был околдован Туманом, то в него и из него нельзя
    # направлять Дальнобойные Атаки»; «Все Отряды, находящиеся в секторе со Скалами не могут
    # быть ... обстреляны с помощью Дистанционной Атаки»; walls: «Перемещения, а также
    # Дальнобойные Атаки запрещены между сектором, в котором использовано Заклинание Стены и
    # сектором, в сторону которого направлена Стена». In range is not enough: the orders
    # refuse the shots the round would not fire (Combat.clear_shot), not only the far ones.
    fog = Effect(EffectKind.FOG, A, 2, sector="E3")
    wall = Effect(EffectKind.WALL, A, 2, sector="E2", toward="E3", wall=Wall.STONE)
    s = _hidden(markers=("E3", "C2", "D2"), true=0, code="archers")   # E3 to E1: range 2
    assert order_violations(s, D, orders(targets={"w": "f"})) == []
    for blocked in (replace(s, effects=(fog,)), replace(s, effects=(wall,)),
                    replace(s, terrain=(*s.terrain, terrain(T.CLIFFS, "E1", "D1")))):
        assert _codes(order_violations(blocked, D, orders(targets={"w": "f"}))) == [
            ("ambush_out_of_reach", "targets.w")]
    # The round agrees: the ambush fires in the clear, and from the fog it fires nothing.
    for effects, fires in (((), True), ((fog,), False)):
        out = resolve_round(replace(s, effects=effects), {D: orders(targets={"w": "f"})}, seed=1)
        assert ("ambush_attacks" in {e.code for e in out.events}) is fires
    s = _hidden(markers=("B2", "C2", "B3"), true=0)
    s = replace(s, units=(*s.units, unit("r", A, "archers", at="B1")))
    marker = f"{ambush_key(D)}-3"   # B3, two sectors from the archers
    assert order_violations(s, A, orders(targets={"r": marker})) == []
    for blocked in (replace(s, effects=(replace(fog, sector="B1"),)),
                    replace(s, effects=(replace(wall, sector="B1", toward="B2"),)),
                    replace(s, terrain=(*s.terrain, terrain(T.CLIFFS, "B3", "C3")))):
        assert _codes(order_violations(blocked, A, orders(targets={"r": marker}))) == [
            ("marker_out_of_reach", "targets.r")]


def test_trap_markers_are_targets_too():
    # 001_5d751c33a121b07e.txt: «Когда противник атакует маркер, он вскрывается».
    s = trap_laid(battle(unit("e", A, at="B2"), unit("d", D, at="C3")))
    key = trap_key(D)
    assert order_violations(s, A, orders(targets={"e": f"{key}-1"})) == []
    assert _codes(order_violations(s, A, orders(targets={"e": f"{key}-2"}))) == [
        ("marker_out_of_reach", "targets.e")]


def test_an_ambush_order_costs_a_command_point():
    # Reference, module "command", ruling: "each unit that receives an order in a round (a move,
    # a missile target, a scouting or ambush order; melee needs no order) costs 1 point"
    # (001_5d751c33a121b07e.txt).
    s = _hidden()
    general = Caster("g", D, "General", None, "x", roles=frozenset({Role.GENERAL}), command=0)
    s = replace(s, scenario=replace(s.scenario, modules=Modules(ambush=True, command=True)),
                casters=(general,))
    key = ambush_key(D)
    assert _codes(order_violations(s, D, orders(markers={key: MarkerMove(((), (), ()))}))) == [
        ("points_short", f"markers.{key}")]
    # Melee from ambush is the ambush's one order: it costs a point as well.
    assert _codes(order_violations(s, D, orders(targets={"w": "e"}))) == [
        ("points_short", "targets.w")]


def test_an_unpaid_marker_move_is_not_carried_out():
    # Reference, module "command": "Units without a paid order hold" (001_5d751c33a121b07e.txt).
    s = _hidden()
    general = Caster("g", D, "General", None, "x", roles=frozenset({Role.GENERAL}), command=0)
    s = replace(s, scenario=replace(s.scenario, modules=Modules(ambush=True, command=True)),
                casters=(general,))
    out = resolve_round(s, {D: orders(markers={ambush_key(D): MarkerMove(((), (), ()))})}, 1)
    assert out.state.ambushes[0].markers == ()
    paid = replace(general, command=1)
    out = resolve_round(replace(s, casters=(paid,)), {D: orders(markers={
        ambush_key(D): MarkerMove(((), (), ()))})}, 1)
    assert len(out.state.ambushes[0].markers) == 3
