"""Module "ambush": traps (seed 001_5d751c33a121b07e.txt, "Ловушки"; reference/sector-modules.md,
module "ambush", "Traps").

Seed lines checked here:
  «Подобные вышеизложенным правила распространяются и на ловушки. Располагая ловушки, игрок так же
   кладет три маркера засады, один из которых реальный, а остальные – ложны. Когда противник
   атакует маркер, он вскрывается, и в случае, если маркер обозначает ловушку – она срабатывает.
   Если же игрок попробует пройти между маркерами, то он бросает К6: 1-3 – ловушка срабатывает;
   4-6 – ловушка не срабатывает.»
"""
from ambush_support import A, D, battle, trap_key, trap_laid, unit
from cerilia_support import cards, codes, only, orders, round_of

from rules.sides import Side

EVERYONE = frozenset(Side)
KEY = trap_key(D)
T1, T2, T3 = (f"{KEY}-{i}" for i in (1, 2, 3))


def _field(*units, real=0, sectors=("B2", "C2", "D2")):
    return trap_laid(battle(*units, unit("d", D, at="E3")), sectors=sectors, real=real)


def test_entering_the_real_markers_sector_on_1_3_sets_the_trap_off():
    # 001_5d751c33a121b07e.txt: «Если же игрок попробует пройти между маркерами, то он бросает
    # К6: 1-3 – ловушка срабатывает»; reference, ruling: "a trap is a card with an attack value,
    # drawn on the battle deck against the trapped unit's defense like any attack" (Trap: 3).
    s = _field(unit("e", A, at="B1"))
    r = round_of(s, [2, *cards(5)], {A: orders(moves={"e": ("B2",)})})   # 3 - 2: +1, card 5: H
    r.move()
    assert r.units["e"].hits == 1 and r.units["e"].position == "B2"
    trap = r.ambushes[KEY]
    assert trap.over and trap.markers == ()   # "a spent trap's markers leave the field"
    assert only(r.events, "trap_springs").visible_to == EVERYONE
    assert only(r.events, "trap_strikes").params["column"] == 1


def test_on_4_6_the_trap_does_not_go_off_and_only_its_owner_is_told():
    # 001_5d751c33a121b07e.txt: «4-6 – ловушка не срабатывает».
    s = _field(unit("e", A, at="B1"))
    r = round_of(s, [4], {A: orders(moves={"e": ("B2",)})})
    r.move()
    assert not r.ambushes[KEY].over and len(r.ambushes[KEY].markers) == 3
    assert only(r.events, "trap_holds").visible_to == {D}


def test_a_decoy_marker_does_nothing_though_the_die_is_rolled_alike():
    # Reference: "decoys do nothing"; ruling: the die is rolled for a decoy too, so the dice
    # never tell a decoy from the real trap (001_5d751c33a121b07e.txt, «пройти между маркерами»).
    s = _field(unit("e", A, at="B1"), real=1)
    r = round_of(s, [1], {A: orders(moves={"e": ("B2",)})})
    r.move()
    assert r.units["e"].hits == 2 and not r.ambushes[KEY].over and r.dice.left == []
    assert [e.visible_to for e in r.events if e.code != "moves"] == []


def test_a_unit_crossing_the_sector_rolls_and_a_trap_that_goes_off_stops_it():
    # Reference: "A unit that enters or crosses a sector holding a trap's real marker rolls d6";
    # ruling: a unit a trap went off against moves no further this round
    # (001_5d751c33a121b07e.txt).
    s = _field(unit("e", A, "light_cavalry", at="A2"))
    r = round_of(s, [4, 6], {A: orders(moves={"e": ("B2", "C2")})})
    r.move()
    assert r.units["e"].position == "C2" and len(r.dice.log) == 2
    r = round_of(s, [1, *cards(1)], {A: orders(moves={"e": ("B2", "C2")})})
    r.move()
    assert r.units["e"].position == "B2" and r.ambushes[KEY].over


def test_a_sides_own_units_do_not_set_off_its_traps():
    # Ruling: "whose units trigger traps: the enemy's only" (001_5d751c33a121b07e.txt).
    s = _field(unit("e", A, at="A1"), unit("o", D, at="B3"))
    r = round_of(s, [], {D: orders(moves={"o": ("B2",)})})
    r.move()
    assert r.units["o"].position == "B2" and r.dice.log == []


def test_attacking_the_real_marker_sets_the_trap_off_against_the_attacker():
    # 001_5d751c33a121b07e.txt: «Когда противник атакует маркер, он вскрывается, и в случае, если
    # маркер обозначает ловушку – она срабатывает.»
    s = _field(unit("e", A, at="B2"))
    r = round_of(s, cards(5), {A: orders(targets={"e": T1})})
    r.melee()
    assert r.units["e"].hits == 1 and r.ambushes[KEY].over
    assert codes(r.events)[:3] == ["marker_attacked", "trap_springs", "trap_strikes"]


def test_attacking_a_decoy_trap_marker_removes_it():
    # 001_5d751c33a121b07e.txt: «Подобные вышеизложенным правила распространяются и на ловушки»
    # (a decoy turned over leaves the field).
    s = _field(unit("e", A, "archers", at="B1"), real=2)
    r = round_of(s, [], {A: orders(targets={"e": T2})})   # C2 from B1: range 2
    r.shoot()
    assert [m.key for m in r.ambushes[KEY].markers] == [T1, T3]
    assert only(r.events, "decoy_removed").visible_to == EVERYONE and r.dice.log == []
