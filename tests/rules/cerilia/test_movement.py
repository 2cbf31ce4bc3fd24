"""Deployment, movement and blocked retreats (seed 000_9b71fb8594a033d1.txt on reference
§1.2, §1.4 and §1.7)."""
from cerilia_support import A, D, T, codes, orders, round_of, state, terrain, unit

from rules.cerilia.deck import Result
from rules.cerilia.engine import deploy, resolve_round
from rules.cerilia.field import RESERVE
from rules.cerilia.orders import Deployment
from rules.cerilia.state import Effect, EffectKind, Scenario, Wall, new_battle


def moved(s, key, *path):
    u = s.unit(key)
    r = round_of(s, orders_={u.side: orders(moves={key: path})})
    r.move()
    return r


# -- phase 0 -------------------------------------------------------------------------------------

def test_deploy_fills_cells_in_order_and_leaves_the_rest_in_reserve():
    s = new_battle(Scenario(cells_per_sector=2),
                   [unit("a1", A), unit("a2", A), unit("a3", A), unit("d1", D)])
    s = deploy(s, {A: Deployment({"a1": "C1", "a2": "C1"})})
    assert [(u.position, u.cell) for u in s.units] == [("C1", 0), ("C1", 1), (RESERVE, -1),
                                                       (RESERVE, -1)]


# -- movement ------------------------------------------------------------------------------------

def test_a_unit_moves_up_to_its_movement_points():
    # reference §1.4: "Units spend Move in areas."
    r = moved(state(unit("k", A, "knights", at="C1"), unit("d", D, at="A3")), "k", "C2", "C3")
    assert r.units["k"].position == "C3"


def test_a_path_longer_than_the_movement_points_stops_when_they_run_out():
    r = moved(state(unit("i", A, at="C1"), unit("d", D, at="A3")), "i", "C2", "C3")
    assert r.units["i"].position == "C2"


def test_from_the_reserve_onto_the_own_line():
    # reference §1.2: "Each reserve is adjacent to every area of its own side's line."
    r = moved(state(unit("i", A), unit("d", D, at="A3")), "i", "D1")
    assert r.units["i"].position == "D1" and r.units["i"].cell == 0


def test_entering_an_enemy_sector_engages_and_stops():
    # reference §1.4: "Entering an enemy-held area means engaging, and movement stops."
    r = moved(state(unit("k", A, "knights", at="C1"), unit("d", D, at="C2")), "k", "C2", "C3")
    assert r.units["k"].position == "C2" and "engages" in codes(r.events)
    assert r.charging == {"k": ("C1", "C2")}


def test_an_engaged_unit_holds_its_ground():
    r = moved(state(unit("a", A, at="C2"), unit("d", D, at="C2")), "a", "C1")
    assert r.units["a"].position == "C2" and "holds" in codes(r.events)


def test_a_full_sector_takes_no_more_units_of_that_side():
    # reference §1.10: "Model each sector as frontSlots[side] = k, with BR default k = 1".
    s = state(unit("a", A, at="C1"), unit("b", A, at="C2"), unit("d", D, at="A3"))
    r = moved(s, "a", "C2")
    assert r.units["a"].position == "C1" and "stopped" in codes(r.events)


def test_cells_per_sector_lets_units_stand_abreast_in_cell_order():
    s = state(unit("a", A, at="C1"), unit("b", A, at="C2"), unit("d", D, at="A3"),
              cells_per_sector=2)
    r = moved(s, "a", "C2")
    assert [(u.key, u.cell) for u in r.at("C2", A)] == [("b", 0), ("a", 1)]


def test_moves_of_the_other_sides_units_are_ignored():
    s = state(unit("a", A, at="C1"), unit("d", D, at="C3"))
    r = round_of(s, orders_={A: orders(moves={"d": ("C2",)})})
    r.move()
    assert r.units["d"].position == "C3"


def test_the_side_with_initiative_moves_first():
    s = state(unit("a", A, at="C1"), unit("d", D, at="C3"))
    r = round_of(s, orders_={A: orders(moves={"a": ("C2",)}), D: orders(moves={"d": ("C2",)})},
                 initiative=D)
    r.move()
    assert [e.code for e in r.events][:2] == ["moves", "engages"]
    assert r.events[1].params["unit"] == "a"


# -- blocked retreats ----------------------------------------------------------------------------

def test_retreat_into_an_enemy_held_sector_destroys():
    # reference §1.7: "a unit whose retreat path is blocked — an enemy-held sector ... is destroyed".
    r = round_of(state(unit("a", A, at="C2"), unit("d", D, at="C1")))
    r.apply(r.units["a"], Result.FALL_BACK)
    assert not r.units["a"].alive


def test_retreat_from_the_own_line_goes_into_the_reserve():
    r = round_of(state(unit("a", A, at="C1"), unit("d", D, at="C3")))
    r.fall_back(r.units["a"])
    assert r.units["a"].position == RESERVE and r.units["a"].alive


def test_retreat_off_the_field_destroys_without_retreats_into_the_reserve():
    # reference §1.7: "the edge of the field"; scenario retreat_into_reserve=False.
    r = round_of(state(unit("a", A, at="C1"), unit("d", D, at="C3"), retreat_into_reserve=False))
    r.fall_back(r.units["a"])
    assert not r.units["a"].alive


def test_retreat_across_cliffs_destroys_even_into_a_free_sector():
    # seed 000_9b71fb8594a033d1.txt (Скалы): "если Отряд вынужден отступать в сторону направления, в
    # котором расположены Скалы, то путь для данного Отряда будет заблокирован, даже если сектор
    # свободен от Отрядов Противника, и отряд будет уничтожен".
    r = round_of(state(unit("a", A, at="C2"), terrain=[terrain(T.CLIFFS, "C2", "C1")]))
    r.fall_back(r.units["a"])
    assert not r.units["a"].alive


def test_retreat_across_a_river_destroys():
    # seed 000_9b71fb8594a033d1.txt (Река): "если Отряд вынужден отступать в сторону направления, в
    # котором расположена Река, то путь для данного Отряда будет заблокирован ... и отряд будет
    # уничтожен".
    r = round_of(state(unit("a", A, "elven_cavalry", at="C2"),
                       terrain=[terrain(T.RIVER, "C1", "C2")]))
    r.fall_back(r.units["a"])
    assert not r.units["a"].alive   # free movement does not save a retreat


def test_retreat_across_a_wall_destroys():
    # seed 000_9b71fb8594a033d1.txt (Стены): "Действует аналогично Типам Местности, которые блокируют
    # перемещения между секторами (такие как Скалы и Река)".
    wall = Effect(EffectKind.WALL, D, 2, sector="C2", toward="C1", wall=Wall.STONE)
    r = round_of(state(unit("a", A, at="C2"), effects=[wall]))
    r.fall_back(r.units["a"])
    assert not r.units["a"].alive


def test_retreat_along_another_direction_of_the_cliffs_is_free():
    r = round_of(state(unit("a", A, at="C2"), terrain=[terrain(T.CLIFFS, "C2", "B2")]))
    r.fall_back(r.units["a"])
    assert r.units["a"].position == "C1"


def test_a_hidden_unit_in_the_way_destroys_the_first_retreater_and_is_revealed():
    # seed 000_9b71fb8594a033d1.txt (Массовая Невидимость): "невидимый Отряд обязан напасть на
    # Отступающие Отряды, тем самым уничтожая их ... после уничтожения Отступающей Боевой Единицы
    # сокрытый Отряд должен быть раскрыт".
    s = state(unit("a1", A, at="C2"), unit("a2", A, at="C2"), unit("h", D, at="C1", hidden=True),
              cells_per_sector=2)
    r = round_of(s)
    r.fall_back(r.units["a1"])
    assert not r.units["a1"].alive and not r.units["h"].hidden
    assert "revealed" in codes(r.events)


def test_one_kill_per_hidden_unit_the_second_retreater_meets_it_seen():
    # seed 000_9b71fb8594a033d1.txt: "Разрешается только одно уничтожение отступающего Отряда на одну
    # сокрытую Боевую Единицу. Если отступающих Отрядов больше одного, то уничтожена будет первый
    # отступающий Отряд в порядке Отступления".
    s = state(unit("a1", A, at="C2"), unit("a2", A, at="C2"), unit("h1", D, at="C1", hidden=True),
              unit("h2", D, at="C1", hidden=True), cells_per_sector=2)
    r = round_of(s)
    r.fall_back(r.units["a1"])
    assert not r.units["a1"].alive
    assert [r.units["h1"].hidden, r.units["h2"].hidden] == [False, True]
    assert len(r.hidden_struck) == 1


def test_a_full_friendly_sector_sends_the_retreat_further_back():
    s = state(unit("a", A, at="C3"), unit("b", A, at="C2"), unit("d", D, at="A3"))
    r = round_of(s)
    r.fall_back(r.units["a"])
    assert r.units["a"].position == "C1"


def test_a_round_runs_end_to_end():
    s = state(unit("a", A, at="C1"), unit("d", D, at="C3"))
    out = resolve_round(s, {A: orders(moves={"a": ("C2",)})}, seed=3)
    assert out.state.round == 2 and out.state.unit("a").position == "C2"
    assert out.initiative in (A, D) and out.rolls[0].expression == "1d10"
