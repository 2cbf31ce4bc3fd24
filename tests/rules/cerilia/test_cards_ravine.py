"""Seed 001's ravine terrain card (001_5d751c33a121b07e.txt: "в лес (овраг)"; reference/
sector-modules.md: "a new terrain card ravine ("овраг"; ruling: movement as forest — mounted
units stop on entering; no charge into it; no other effect)")."""
from cerilia_support import A, D, T, codes, orders, round_of, state, terrain, unit

from rules.cerilia.combat import MISSILE
from rules.cerilia.state import AMBUSH_TERRAIN


def moved(s, key, *path):
    r = round_of(s, orders_={s.unit(key).side: orders(moves={key: path})}, initiative=A)
    r.move()
    return r


def test_a_ravine_stops_mounted_units_entering_it_as_a_forest_does():
    # Reference, ruling: "movement as forest — mounted units stop on entering".
    s = state(unit("k", A, "knights", at="C1"), unit("d", D, at="A3"),
              terrain=[terrain(T.RAVINE, "C2")])
    r = moved(s, "k", "C2", "C3")
    assert r.units["k"].position == "C2" and "terrain_stop" in codes(r.events)


def test_foot_and_free_movement_pass_through_a_ravine():
    s = state(unit("i", A, card_movement=2, at="C1"), unit("d", D, at="A3"),
              terrain=[terrain(T.RAVINE, "C2")])
    assert moved(s, "i", "C2", "C3").units["i"].position == "C3"
    s = state(unit("e", A, "elven_cavalry", at="C1"), unit("d", D, at="A3"),
              terrain=[terrain(T.RAVINE, "C2")])
    assert moved(s, "e", "C2", "C3").units["e"].position == "C3"


def test_no_charge_into_a_ravine():
    # Reference, ruling: "no charge into it".
    s = state(unit("k", A, "knights", at="C1"), unit("d", D, at="C2"),
              terrain=[terrain(T.RAVINE, "C2")])
    r = round_of(s, orders_={A: orders(moves={"k": ("C2",)})}, initiative=A)
    r.move()
    r.charge()
    assert "no_charge" in codes(r.events)


def test_a_ravine_has_no_other_effect_on_missiles():
    # Reference, ruling: "no other effect" (a forest's -2 to missiles into it is not a ravine's).
    s = state(unit("arc", A, "archers", at="C1"), unit("d", D, at="C2"),
              terrain=[terrain(T.RAVINE, "C2")])
    r = round_of(s)
    assert r.attack_value(r.units["arc"], MISSILE, r.units["d"]) == 2


def test_ambushes_lie_in_forests_and_ravines():
    # Seed 001: "Батальон находящийся в лесу или в овраге ... (там где можно ставить засаду)".
    assert AMBUSH_TERRAIN == {T.FOREST, T.RAVINE}
