"""What the rules object to in a side's deployment and round orders, by field (seed
000_9b71fb8594a033d1.txt: "Расположение" of each card and the spells' aims)."""
from cerilia_support import A, D, T, caster, orders, spell, state, terrain, unit

from rules.cerilia.field import RESERVE
from rules.cerilia.orders import (
    Deployment,
    deployment_violations,
    order_violations,
    side_orders_violations,
)
from rules.cerilia.spells import Spell
from rules.cerilia.state import School


def found(violations):
    return sorted((v.code, v.field) for v in violations)


def test_deployment_on_the_own_line_or_in_reserve_within_the_cells():
    s = state(unit("a1", A), unit("a2", A), unit("d", D))
    assert deployment_violations(s, A, Deployment({"a1": "C1", "a2": RESERVE})) == []
    assert found(deployment_violations(s, A, Deployment({"a1": "C2", "d": "C1"}))) == [
        ("deploy_own_line", "placements.a1"), ("unit_unknown", "placements.d")]
    assert found(deployment_violations(s, A, Deployment({"a1": "C1", "a2": "C1"}))) == [
        ("cells_full", "placements.a2")]


def test_side_orders_are_checked_as_a_deployment_or_as_round_orders():
    # seed 000_9b71fb8594a033d1.txt: "в подготовительной Фазе 0 ... в один из своих дружественных
    # секторов: A3 B3 C3 D3 E3" - a deployment is checked as one, round orders as orders.
    s = state(unit("a1", A, at="C1"), unit("d", D, at="C3"))
    assert found(side_orders_violations(s, A, Deployment({"a1": "C2"}))) == [
        ("deploy_own_line", "placements.a1")]
    assert found(side_orders_violations(s, A, orders(moves={"a1": ("D2",)}))) == [
        ("path_not_adjacent", "moves.a1")]


def test_directions_only_for_cliffs_and_rivers_and_only_by_the_defender():
    s = state(unit("d", D), terrain=[terrain(T.RIVER, "B2"), terrain(T.FOREST, "C2")])
    assert found(deployment_violations(s, D, Deployment(directions={"C2": "C3"}))) == [
        ("direction_required", "directions.B2"), ("no_direction", "directions.C2")]
    assert found(deployment_violations(s, A, Deployment(directions={"B2": "B3"}))) == [
        ("no_direction", "directions.B2")]


def test_moves_must_be_own_units_within_movement_along_neighbours():
    s = state(unit("a", A, at="C1"), unit("d", D, at="C3"), unit("e", A, at="A2"),
              unit("f", D, at="A2"))
    o = orders(moves={"a": ("C2", "C3"), "d": ("C2",), "x": ("C2",)})
    assert found(order_violations(s, A, o)) == [
        ("too_far", "moves.a"), ("unit_unknown", "moves.d"), ("unit_unknown", "moves.x")]
    assert found(order_violations(s, A, orders(moves={"a": ("D2",)}))) == [
        ("path_not_adjacent", "moves.a")]
    assert found(order_violations(s, A, orders(moves={"e": ("B2",)}))) == [
        ("engaged_holds", "moves.e")]
    assert order_violations(s, A, orders(moves={"a": ("C2",)})) == []


def test_targets_must_be_enemies_in_sight():
    s = state(unit("a", A, "archers", at="C1"), unit("d", D, at="C2"),
              unit("h", D, at="C2", hidden=True), cells_per_sector=2)
    assert order_violations(s, A, orders(targets={"a": "d"})) == []
    assert found(order_violations(s, A, orders(targets={"a": "h"}))) == [
        ("target_unknown", "targets.a")]


def test_spells_by_own_casters_of_the_right_school():
    s = state(unit("a", A, at="C1"), unit("d", D, at="C2"),
              casters=[caster("w", A), caster("p", A, School.PRIEST, "a"), caster("x", D)])
    assert found(order_violations(s, A, orders(spells={"x": spell(Spell.NIGHT)}))) == [
        ("caster_unknown", "spells.x")]
    assert found(order_violations(s, A, orders(spells={"w": spell(Spell.BLESS, unit="a")}))) \
        == [("spell_unknown", "spells.w.spell")]
    assert found(order_violations(s, A, orders(spells={"p": spell(Spell.FOG)}))) == [
        ("spell_unknown", "spells.p.spell")]


def test_spell_aims_are_checked_by_field():
    s = state(unit("a", A, at="C1"), unit("b", A, at="E1"), unit("d", D, at="C2"),
              unit("far", D, at="E3"),
              casters=[caster("w", A, unit_key="a"), caster("p", A, School.PRIEST, "a")])
    check = {
        spell(Spell.FOG): [("sector_required", "spells.w.sector")],
        spell(Spell.WALL_OF_FIRE, sector="C2", toward="E2"): [
            ("direction_neighbour", "spells.w.toward")],
        spell(Spell.ILLUSORY_TERRAIN, sector="B2"): [("terrain_required", "spells.w.terrain")],
        spell(Spell.ILLUSORY_TERRAIN, sector="B2", terrain=T.FORTIFICATION): [
            ("terrain_required", "spells.w.terrain")],
        spell(Spell.SUMMON_LEGION, sector="C3"): [("summon_range", "spells.w.sector")],
        spell(Spell.MASS_INVISIBILITY, unit="d"): [("unit_unknown", "spells.w.unit")],
        spell(Spell.SUMMON_LEGION, sector="C2"): [],
        spell(Spell.WALL_OF_ICE, sector="C2", toward="C3"): [],
    }
    for order, expected in check.items():
        assert found(order_violations(s, A, orders(spells={"w": order}))) == expected, order
    priest = {
        spell(Spell.BLESS, unit="b"): [("bless_range", "spells.p.unit")],
        spell(Spell.BLESS, unit="a", sign="cross"): [("sign_unknown", "spells.p.sign")],
        spell(Spell.FIRE_STORM, unit="far"): [("spell_range", "spells.p.unit")],
        spell(Spell.FIRE_STORM, unit="b"): [("target_unknown", "spells.p.unit")],
        spell(Spell.TURN_UNDEAD, unit="d"): [("turn_undead_legion", "spells.p.unit")],
        spell(Spell.SUNBEAM, unit="d"): [],
    }
    for order, expected in priest.items():
        assert found(order_violations(s, A, orders(spells={"p": order}))) == expected, order


def test_violation_messages_are_msgids_with_named_params():
    s = state(unit("a", A, at="C1"), unit("d", D, at="C3"))
    v = order_violations(s, A, orders(moves={"a": ("C2", "C3")}))[0]
    assert v.message == "%(unit)s has %(points)s movement points."
    assert str(v) == "a has 1 movement points."
