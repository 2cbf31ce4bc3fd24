"""Module "command" (seed 001_5d751c33a121b07e.txt, "Самостоятельные воины", and the reference
reference/sector-modules.md, module "command").

Seed lines checked here:
  «Перед игрой игрок определяет 2 приказа, которые воины с навыком Самостоятельный будут выполнять
   в течении игры.»
  «В фазу отдачи приказов Самостоятельные воины получают эти приказы без затраты КН капитана
   (генерала) или ЗС героя.»
  «Чтобы во время игры поменять отданные Самостоятельным воинам приказы, игрок должен в фазу
   отдачи приказов затратить 2 КН (ЗС) за каждый заменяемый приказ.»
"""
from dataclasses import replace

from cerilia_support import A, D, orders, state, unit

from rules.cerilia.command import bill
from rules.cerilia.engine import deploy, resolve_round
from rules.cerilia.modules import Modules, Role, StandingKind, StandingOrder
from rules.cerilia.orders import Deployment, deployment_violations, order_violations
from rules.cerilia.state import Caster

SEED_FILE = "001_5d751c33a121b07e.txt"
ON = Modules(command=True)
ADVANCE = StandingOrder(StandingKind.ADVANCE_TO, "B2")
NEAREST = StandingOrder(StandingKind.SHOOT_NEAREST)
HOLD = StandingOrder(StandingKind.HOLD)


def general(command=3, at=None):
    return Caster("g", A, "General", None, at, roles=frozenset({Role.GENERAL}), command=command)


def hero(will=2, at=None, key="h"):
    return Caster(key, A, "Hero", None, at, roles=frozenset({Role.HERO}), will=will)


def battle(*units, casters=(), standing=None):
    s = state(*units, casters=casters, modules=ON)
    return replace(s, standing=standing or {})


def _codes(violations):
    return [(v.code, v.field) for v in violations]


def test_each_ordered_unit_costs_one_command_point():
    # Reference, ruling: "each unit that receives an order in a round (a move, a missile target
    # ...; melee needs no order) costs 1 point: from the side's general (КН: a pool per round)".
    s = battle(unit("a", A, at="A1"), unit("b", A, at="B1"), unit("c", A, "archers", at="C1"),
               unit("d", D, at="C3"), casters=[general(command=2)])
    o = orders(moves={"a": ("A2",), "b": ("B2",)}, targets={"c": "d"})
    assert _codes(order_violations(s, A, o)) == [("points_short", "targets.c")]
    assert order_violations(s, A, orders(moves={"a": ("A2",)}, targets={"c": "d"})) == []


def test_a_refusal_names_the_price_and_the_points_left():
    # Reference: "refused at submission with the price and the points left".
    s = battle(unit("a", A, at="A1"), unit("d", D, at="C3"), casters=[general(command=0)])
    (refused,) = order_violations(s, A, orders(moves={"a": ("A2",)}))
    assert refused.params == {"price": 1, "left": 0}


def test_melee_needs_no_order():
    s = battle(unit("a", A, at="C3"), unit("d", D, at="C3"), casters=[general(command=0)])
    assert order_violations(s, A, orders(targets={"a": "d"})) == []


def test_a_hero_pays_with_will_points_for_units_in_its_sector():
    # Reference: "or from a hero standing in the unit's sector (ЗС: a pool per battle)".
    s = battle(unit("a", A, at="A1"), unit("b", A, at="B1"), unit("d", D, at="C3"),
               casters=[general(command=1), hero(will=1, at="b")])
    o = orders(moves={"a": ("A2",), "b": ("B2",)})
    assert order_violations(s, A, o) == []
    paid = bill(s, A, o.moves, o.targets, o.standing)
    assert paid.command == 1 and paid.will == {"h": 1}
    out = resolve_round(s, {A: o}, seed=3)
    assert next(c for c in out.state.casters if c.key == "h").will == 0
    # The enemy never learns the side's points: the spending is told to the side alone.
    (spent,) = [e for e in out.events if e.code == "points_spent" and e.params["side"] == "attacker"]
    assert spent.visible_to == {A} and spent.params["will"] == 1


def test_a_hero_in_another_sector_cannot_pay():
    s = battle(unit("a", A, at="A1"), unit("b", A, at="B1"), unit("d", D, at="C3"),
               casters=[general(command=0), hero(will=2, at="b")])
    assert _codes(order_violations(s, A, orders(moves={"a": ("A2",)}))) == [
        ("points_short", "moves.a")]


def test_independent_warriors_take_two_standing_orders_in_phase_0():
    # «Перед игрой игрок определяет 2 приказа, которые воины с навыком Самостоятельный ...».
    s = replace(battle(unit("i", A, card_tags={"independent"}), unit("d", D)), round=0)
    assert _codes(deployment_violations(s, A, Deployment())) == [
        ("standing_required", "standing.i")]
    assert _codes(deployment_violations(s, A, Deployment(standing={"i": (ADVANCE,)}))) == [
        ("standing_two", "standing.i")]
    given = Deployment({"i": "B1"}, standing={"i": (ADVANCE, NEAREST)})
    assert deployment_violations(s, A, given) == []
    assert deploy(s, {A: given}).standing == {"i": (ADVANCE, NEAREST)}


def test_only_independent_warriors_take_standing_orders():
    s = replace(battle(unit("a", A), unit("d", D)), round=0)
    assert _codes(deployment_violations(s, A, Deployment(standing={"a": (HOLD, HOLD)}))) == [
        ("not_independent", "standing.a")]


def test_standing_orders_are_carried_out_free_each_round():
    # «... получают эти приказы без затраты КН капитана (генерала) или ЗС героя».
    s = battle(unit("i", A, "archers", at="B1", card_tags={"independent", "infantry"}),
               unit("d", D, at="B3"), casters=[general(command=0)],
               standing={"i": (ADVANCE, NEAREST)})
    assert order_violations(s, A, orders()) == []
    out = resolve_round(s, {}, seed=1)
    assert out.state.unit("i").position == "B2"
    spent = next(e for e in out.events if e.code == "points_spent" and e.params["side"] == "attacker")
    assert spent.params["command"] == 0 and spent.params["will"] == 0


def test_an_independent_unit_is_not_ordered_directly():
    s = battle(unit("i", A, at="B1", card_tags={"independent"}), unit("d", D, at="B3"),
               casters=[general()], standing={"i": (HOLD, HOLD)})
    assert _codes(order_violations(s, A, orders(moves={"i": ("A1",)}))) == [
        ("independent_standing", "moves.i")]


def test_replacing_a_standing_order_costs_two_points_each():
    # «... затратить 2 КН (ЗС) за каждый заменяемый приказ».
    s = battle(unit("i", A, at="B1", card_tags={"independent"}), unit("d", D, at="B3"),
               casters=[general(command=3)], standing={"i": (ADVANCE, NEAREST)})
    one = orders(standing={"i": (HOLD, NEAREST)})
    both = orders(standing={"i": (HOLD, HOLD)})
    assert bill(s, A, one.moves, one.targets, one.standing).command == 2
    assert _codes(order_violations(s, A, both)) == [("points_short", "standing.i")]
    out = resolve_round(s, {A: one}, seed=2)
    assert out.state.standing["i"] == (HOLD, NEAREST)
    assert out.state.unit("i").position == "B1"


def test_with_the_module_off_no_order_costs_anything():
    s = state(unit("a", A, at="A1"), unit("d", D, at="C3"))
    assert order_violations(s, A, orders(moves={"a": ("A2",)})) == []
    assert _codes(order_violations(s, A, orders(standing={"a": (HOLD, HOLD)}))) == [
        ("no_command_module", "standing.a")]


def test_an_independent_unit_without_standing_orders_pays_like_any_other():
    # The orders are free only as "эти приказы", the standing ones it was given.
    s = battle(unit("i", A, at="B1", card_tags={"independent"}), unit("d", D, at="B3"),
               casters=[general(command=0)])
    assert _codes(order_violations(s, A, orders(moves={"i": ("B2",)}))) == [
        ("points_short", "moves.i")]
