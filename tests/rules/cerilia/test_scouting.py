"""Module "scouting" (seed 001_5d751c33a121b07e.txt, reference/sector-modules.md, module
"scouting"): who may scout, the scouts' die against each ambush's dice, the four tiers, markers.

Seed lines checked here:
  «Батальон находящийся в лесу или в овраге серединой своей первой шеренги (там где можно ставить
   засаду) бросает К6, тот, кого разведывают бросает 3 К6. Каждый К6, на котором выпало меньше,
   чем у противника является провалом.»
  «1 провал - замечен, засадный батальон ставится в зону расстановки;»
  «2 провала - обнаружен, засадный батальон ставится на поле не далее 5 шагов от разведчика;»
  «3 провала - окружен, разведчик ставит засадный батальон не далее 5 шагов от себя и имеет право
   без приказа атаковать его;»
  «0 провалов - засадный батальон пропустил разведку и может атаковать ее: игрок имеет право
   выставить засадный полк не далее 5 шагов от разведчика и атаковать его»
  «Если в разведываемом лесу (овраге) имеются маркеры засадных батальонов, то разведываемый
   бросает 2 К6»
  «1 провала - обнаружен, засадный батальон ставится на место маркеров, которые убираются с поля;»
  «2 провала - окружен, разведчик ставит засадный батальон не далее 5 шагов от себя и имеет право
   без приказа атаковать его;»
"""
from dataclasses import replace

import pytest
from cerilia_support import A, D, T, codes, orders, terrain, unit
from scouting_support import ambush, battle, scouting_round, trap

from rules.cerilia.engine import resolve_round
from rules.cerilia.field import RESERVE
from rules.cerilia.modules import Modules
from rules.cerilia.orders import order_violations
from rules.cerilia.state import Illusion

SEED_FILE = "001_5d751c33a121b07e.txt"
FOREST = [terrain(T.FOREST, "C2")]


def _codes(violations):
    return [(v.code, v.field) for v in violations]


def hiding(*extra, markers=(), cells=1, ground=None, modules=None):
    """The attacker's scout `sc` in the forest of C2, the defender's battalion `h` hiding there
    in ambush `amb`, the defender's `d` far off in A3."""
    s = battle(unit("sc", A, at="C2"), unit("d", D, at="A3"), *extra,
               unit("h", D, at="C2", ambush="amb"),
               ambushes=[ambush("amb", D, "h", "C2", name="Green Banner", markers=markers)],
               terrain=ground or FOREST, cells_per_sector=cells,
               **({"modules": modules} if modules else {}))
    return s


SCOUT = {A: orders(scouts=("sc",))}


# -- the orders -------------------------------------------------------------------------------

def test_a_unit_in_a_forest_or_ravine_may_scout_it():
    # «Батальон находящийся в лесу или в овраге ... бросает К6» (001_5d751c33a121b07e.txt).
    for kind in (T.FOREST, T.RAVINE):
        s = hiding(ground=[terrain(kind, "C2")])
        assert order_violations(s, A, orders(scouts=("sc",))) == []


def test_a_unit_elsewhere_may_not_scout():
    s = hiding(ground=[terrain(T.HILLS, "C2")])
    assert _codes(order_violations(s, A, orders(scouts=("sc",)))) == [
        ("scout_terrain", "scouts.sc")]


def test_scouting_needs_the_module_and_ones_own_unit():
    s = replace(hiding(), scenario=replace(hiding().scenario, modules=Modules()))
    assert _codes(order_violations(s, A, orders(scouts=("sc",), strike_scouts=("amb",)))) == [
        ("no_scouting_module", "scouts.sc"), ("no_scouting_module", "strike_scouts.0")]
    assert _codes(order_violations(hiding(), A, orders(scouts=("d", "nobody")))) == [
        ("unit_unknown", "scouts.d"), ("unit_unknown", "scouts.nobody")]


def test_a_scout_neither_moves_nor_shoots_that_round():
    # Reference, ruling: "a scouting unit makes no missile attack that round"; ruling: the scouts
    # search the forest they stand in, in place of a move.
    s = hiding(unit("ar", A, "archers", at="C2"), cells=2)
    given = orders(scouts=("sc", "ar", "sc"), moves={"sc": ("C3",)}, targets={"ar": "d"})
    assert _codes(order_violations(s, A, given)) == [
        ("scout_moves", "scouts.sc"), ("scout_shoots", "scouts.ar"), ("scout_twice", "scouts.sc")]
    # Melee needs no order: a foot unit's preferred target is no missile attack.
    assert order_violations(s, A, orders(scouts=("sc",), targets={"sc": "d"})) == []


def test_an_ambushing_unit_does_not_scout():
    s = hiding()
    assert _codes(order_violations(s, D, orders(scouts=("h",)))) == [
        ("scout_terrain", "scouts.h")]


def test_scouting_is_judged_on_the_terrain_the_side_sees():
    # Ruling: the enemy's illusory forest may be scouted (a refusal would give the illusion
    # away); a real forest under the enemy's illusion of hills shows no forest.
    s = hiding(ground=[terrain(T.SWAMP, "C2", magical=True)])
    s = replace(s, illusions=(Illusion("C2", T.FOREST, D),))
    assert order_violations(s, A, orders(scouts=("sc",))) == []
    s = replace(hiding(), illusions=(Illusion("C2", T.HILLS, D),))
    assert _codes(order_violations(s, A, orders(scouts=("sc",)))) == [
        ("scout_terrain", "scouts.sc")]


def test_only_ones_own_hidden_ambush_may_be_set_to_strike_scouts():
    s = hiding()
    assert order_violations(s, D, orders(strike_scouts=("amb",))) == []
    assert _codes(order_violations(s, A, orders(strike_scouts=("amb", "x")))) == [
        ("ambush_unknown", "strike_scouts.0"), ("ambush_unknown", "strike_scouts.1")]


# -- the roll and its tiers -------------------------------------------------------------------

def test_each_of_the_ambushs_dice_lower_than_the_scouts_is_a_failure():
    # «Каждый К6, на котором выпало меньше, чем у противника является провалом»: a tie is none.
    r = scouting_round(hiding(), [4, 4, 5, 6], SCOUT)
    assert r.units["h"].ambush == "amb"
    assert [roll.expression for roll in r.dice.log] == ["1d6", "3d6"]
    assert all(roll.purpose for roll in r.dice.log)


def test_one_failure_spotted_the_ambush_stands_in_its_deployment_zone():
    # «1 провал - замечен, засадный батальон ставится в зону расстановки»; reference: "The
    # deployment zone = the side's own line ... or its reserve"; ruling: its line's sector in the
    # scouted column.
    r = scouting_round(hiding(), [4, 3, 5, 6], SCOUT)
    h = r.units["h"]
    assert (h.position, h.ambush, h.cell) == ("C3", None, 0)
    assert r.ambushes["amb"].over
    found = next(e for e in r.events if e.code == "scouting_found")
    assert found.params["failures"] == 1 and found.visible_to == frozenset({A, D})


def test_spotted_with_its_line_full_it_goes_to_its_reserve():
    r = scouting_round(hiding(unit("d3", D, at="C3")), [4, 3, 5, 6], SCOUT)
    assert r.units["h"].position == RESERVE


def test_two_failures_detected_the_ambush_stands_beside_the_scouts():
    # «2 провала - обнаружен, засадный батальон ставится на поле не далее 5 шагов от разведчика»
    r = scouting_round(hiding(), [4, 1, 2, 6], SCOUT)
    assert (r.units["h"].position, r.units["h"].ambush) == ("C2", None)
    assert "attack" not in codes(r.events)


def test_three_failures_surrounded_the_scouts_attack_at_once():
    # «3 провала - окружен, разведчик ставит засадный батальон не далее 5 шагов от себя и имеет
    # право без приказа атаковать его» (the card drawn: 1, no effect).
    r = scouting_round(hiding(), [4, 1, 2, 3, 1], SCOUT)
    assert r.units["h"].position == "C2"
    attack = next(e for e in r.events if e.code == "attack")
    assert (attack.params["unit"], attack.params["target"], attack.card) == ("sc", "h", 1)


def test_no_failure_the_ambush_stays_hidden_by_default():
    # «0 провалов - засадный батальон пропустил разведку»; ruling: unless its orders say so,
    # it stays hidden. Only its owner hears of the scouts.
    r = scouting_round(hiding(), [2, 2, 5, 6], SCOUT)
    assert r.units["h"].ambush == "amb" and not r.ambushes["amb"].over
    missed = next(e for e in r.events if e.code == "scouting_missed")
    assert missed.visible_to == frozenset({D})
    nothing = next(e for e in r.events if e.code == "scouting_nothing")
    assert nothing.visible_to == frozenset({A})


def test_no_failure_the_ambush_may_strike_the_scouts_if_so_ordered():
    # «0 провалов - засадный батальон пропустил разведку и может атаковать ее: игрок имеет право
    # выставить засадный полк не далее 5 шагов от разведчика и атаковать его»
    given = {**SCOUT, D: orders(strike_scouts=("amb",))}
    r = scouting_round(hiding(), [2, 2, 5, 6, 1], given)
    assert (r.units["h"].position, r.units["h"].ambush) == ("C2", None)
    attack = next(e for e in r.events if e.code == "attack")
    assert (attack.params["unit"], attack.params["target"]) == ("h", "sc")
    assert "scouting_nothing" not in codes(r.events)


def test_a_striking_ambush_needs_a_free_cell_beside_the_scouts():
    # Ruling: it strikes only if it can stand in the scouts' sector.
    s = hiding(unit("d2", D, at="C2"))
    r = scouting_round(s, [2, 2, 5, 6], {**SCOUT, D: orders(strike_scouts=("amb",))})
    assert r.units["h"].ambush == "amb"


def test_an_ambush_with_its_true_marker_here_rolls_two_dice():
    # «Если в разведываемом лесу (овраге) имеются маркеры засадных батальонов, то разведываемый
    # бросает 2 К6»; «1 провала - обнаружен, засадный батальон ставится на место маркеров,
    # которые убираются с поля».
    marks = [("m1", "C2", True), ("m2", "E2", False), ("m3", "A2", False)]
    r = scouting_round(hiding(markers=marks), [4, 3, 6], SCOUT)
    assert [roll.expression for roll in r.dice.log] == ["1d6", "2d6"]
    assert (r.units["h"].position, r.units["h"].ambush) == ("C2", None)
    assert r.ambushes["amb"].markers == () and r.ambushes["amb"].over


def test_a_marked_ambush_with_two_failures_is_surrounded():
    # «2 провала - окружен, разведчик ставит засадный батальон не далее 5 шагов от себя и имеет
    # право без приказа атаковать его»
    marks = [("m1", "C2", True), ("m2", "E2", False), ("m3", "A2", False)]
    r = scouting_round(hiding(markers=marks), [4, 3, 1, 1], SCOUT)
    attack = next(e for e in r.events if e.code == "attack")
    assert (attack.params["unit"], attack.params["target"]) == ("sc", "h")


def test_a_marked_ambush_with_no_failure_stays_and_cannot_strike():
    # Reference: "0 — nothing" for an ambush whose true marker lies in the scouted sector.
    marks = [("m1", "C2", True), ("m2", "E2", False), ("m3", "A2", False)]
    given = {**SCOUT, D: orders(strike_scouts=("amb",))}
    r = scouting_round(hiding(markers=marks), [4, 4, 6], given)
    assert r.units["h"].ambush == "amb" and len(r.ambushes["amb"].markers) == 3


def test_decoys_in_the_scouted_sector_are_exposed_and_removed():
    # Reference, ruling: "Decoy markers in a scouted sector are exposed and removed (the scouts
    # find them empty); the scout's side learns that they were decoys". The ambush's true marker
    # lies elsewhere: it rolls nothing.
    marks = [("m1", "E2", True), ("m2", "C2", False), ("m3", "A2", False)]
    r = scouting_round(hiding(markers=marks), [4], SCOUT)
    assert [m.key for m in r.ambushes["amb"].markers] == ["m1", "m3"]
    decoy = next(e for e in r.events if e.code == "decoy_exposed")
    assert decoy.params["marker"] == "m2" and A in decoy.visible_to
    assert "scouting_nothing" not in codes(r.events)


def test_a_traps_decoys_are_exposed_its_true_marker_stays():
    # Ruling: a trap's decoys too; the seed's scouting finds battalions, not the trap itself.
    s = replace(hiding(), ambushes=(trap("t", D, [("t1", "C2", True), ("t2", "C2", False),
                                                  ("t3", "B2", False)]),))
    r = scouting_round(s, [4], SCOUT)
    assert [m.key for m in r.ambushes["t"].markers] == ["t1", "t3"]


def test_the_scouts_own_ambushes_and_those_elsewhere_roll_nothing():
    s = battle(unit("sc", A, at="C2"), unit("own", A, at="C2", ambush="mine"),
               unit("d", D, at="A3"), unit("h", D, at="B2", ambush="amb"),
               ambushes=[ambush("mine", A, "own", "C2"), ambush("amb", D, "h", "B2")],
               terrain=FOREST + [terrain(T.FOREST, "B2")], cells_per_sector=2)
    r = scouting_round(s, [4], SCOUT)
    assert codes(r.events) == ["scouting", "scouting_nothing"]


def test_with_the_module_off_nothing_is_rolled():
    s = hiding(modules=Modules(ambush=True))
    r = scouting_round(s, [], SCOUT)
    assert r.events == [] and r.dice.log == []


# -- in the round -----------------------------------------------------------------------------

def test_a_scouting_archer_shoots_nothing_that_round():
    # Reference, ruling: "a scouting unit makes no missile attack that round".
    s = battle(unit("ar", A, "archers", at="C2"), unit("d", D, at="C3"), terrain=FOREST)
    out = resolve_round(s, {A: orders(scouts=("ar",))}, seed=3)
    assert not any(e.code == "attack" and e.params["unit"] == "ar" for e in out.events)
    plain = resolve_round(s, {}, seed=3)
    assert any(e.code == "attack" and e.params["unit"] == "ar" for e in plain.events)


def test_scouting_comes_right_after_the_movement_phase():
    # Ruling: the scouting closes the movement phase, before battle magic.
    out = resolve_round(hiding(), SCOUT, seed=5)
    phases = [e.phase for e in out.events if e.code.startswith("scouting")]
    assert phases and set(phases) == {"movement"}
    purposes = [r.message for r in out.rolls]
    assert purposes.index("Scouting: %(unit)s in %(sector)s") == 2   # after the initiative


def test_an_invisible_scout_is_seen_when_it_scouts():
    # Seed 000 (000_9b71fb8594a033d1.txt), mass invisibility: "Пока Отряд не будет раскрыт или не
    # совершит любое Действие"; ruling: scouting is an action.
    s = replace(hiding(), units=tuple(replace(u, hidden=True) if u.key == "sc" else u
                                      for u in hiding().units))
    r = scouting_round(s, [4, 4, 5, 6], SCOUT)
    assert not r.units["sc"].hidden


@pytest.mark.parametrize("kind", [T.FOREST, T.RAVINE])
def test_the_whole_round_with_scouts_plays(kind):
    s = hiding(ground=[terrain(kind, "C2")])
    out = resolve_round(s, {**SCOUT, D: orders(strike_scouts=("amb",))}, seed=11)
    assert out.state.round == 2
    assert any(e.code == "scouting" for e in out.events)


# -- with the command module ------------------------------------------------------------------

def _general(command):
    from rules.cerilia.modules import Role
    from rules.cerilia.state import Caster
    return Caster("g", A, "General", None, None, roles=frozenset({Role.GENERAL}), command=command)


def test_a_scouting_order_costs_one_command_point():
    # Reference, module "command": "each unit that receives an order in a round (a move, a
    # missile target, a scouting or ambush order ...) costs 1 point".
    from rules.cerilia.command import prices
    s = hiding(modules=Modules(command=True, scouting=True, ambush=True))
    s = replace(s, casters=(_general(0),))
    assert prices(s, A, {}, {}, {}, ("sc",)) == {"sc": ("scouts.sc", 1)}
    (short,) = order_violations(s, A, orders(scouts=("sc",)))
    assert (short.code, short.field) == ("points_short", "scouts.sc")
    s = replace(s, casters=(_general(1),))
    assert order_violations(s, A, orders(scouts=("sc",))) == []
    out = resolve_round(s, SCOUT, seed=2)
    spent = next(e for e in out.events if e.code == "points_spent" and e.params["side"] == "attacker")
    assert spent.params["command"] == 1 and "scouting" in codes(out.events)


def test_an_unpaid_scouting_order_is_not_carried_out():
    s = hiding(modules=Modules(command=True, scouting=True, ambush=True))
    out = resolve_round(replace(s, casters=(_general(0),)), SCOUT, seed=2)
    assert "scouting" not in codes(out.events)


def test_an_independent_unit_with_a_standing_scout_order_scouts_each_round_for_free():
    # Reference, module "command": the standing order `scout`; seed: independent warriors get
    # their orders «без затраты КН капитана (генерала) или ЗС героя». Ruling: scouting is its
    # action for the round: its advance waits, it shoots nothing.
    from rules.cerilia.cards import Tag
    from rules.cerilia.modules import StandingKind, StandingOrder
    s = hiding(modules=Modules(command=True, scouting=True, ambush=True))
    sc = s.unit("sc")
    sc = replace(sc, card=replace(sc.card, tags=sc.card.tags | {Tag.INDEPENDENT}))
    s = replace(s, units=tuple(sc if u.key == "sc" else u for u in s.units),
                casters=(_general(0),),
                standing={"sc": (StandingOrder(StandingKind.ADVANCE_TO, "C3"),
                                 StandingOrder(StandingKind.SCOUT))})
    out = resolve_round(s, {}, seed=4)
    assert "scouting" in codes(out.events)
    assert out.state.unit("sc").position != "C3"   # its advance waited (a blow sends it back)
    spent = next(e for e in out.events if e.code == "points_spent" and e.params["side"] == "attacker")
    assert spent.params["command"] == 0
    # Given a scouting order by hand, it is refused: it follows its standing orders.
    assert ("independent_standing", "scouts.sc") in _codes(order_violations(s, A, SCOUT[A]))
    # Out of the forest, the standing order waits.
    s_out = replace(s, terrain=())
    assert "scouting" not in codes(resolve_round(s_out, {}, seed=4).events)


def test_scouts_driven_off_by_a_striking_ambush_search_no_further():
    # Ruling: the scouts' one die stands for their search of the sector; struck down or driven
    # off by an ambush that slipped past them (card 9 at column 0: they rout), they find no more.
    s = battle(unit("sc", A, at="C2"), unit("d", D, at="A3"),
               unit("h", D, at="C2", ambush="amb"), unit("k", D, at="C2", ambush="amk"),
               ambushes=[ambush("amb", D, "h", "C2"), ambush("amk", D, "k", "C2")],
               terrain=FOREST, cells_per_sector=2, deck=(9,))
    r = scouting_round(s, [2, 2, 5, 6, 1], {**SCOUT, D: orders(strike_scouts=("amb",))})
    assert r.units["sc"].position == "C1" and r.units["k"].ambush == "amk"
    assert [roll.expression for roll in r.dice.log] == ["1d6", "3d6", "1d1"]
