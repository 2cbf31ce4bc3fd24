"""Seed 000's hidden units as the enemy sees them (000_9b71fb8594a033d1.txt, Массовая
Невидимость; reference/sector-modules.md, module "scouting", last bullet): a "[]" mark in their
sector, and the retreating side's choice of which is revealed.

Seed lines checked here:
  «Игрок может выбрать один Отряд, который будет спрятан в секторе. На карте он будет отмечен
   статусом [].»
  «Если сокрытых Отрядов больше, чем 1 и все они закрывают путь отступающим Отрядам, значит
   Противник (Отряд которого потерпел Вынужденное Отступление или Разгром и кому некуда
   отступать) выбирает, какой из сокрытых Отрядов будет раскрыт.»
"""
import json
from dataclasses import replace

from cerilia_support import A, D, orders, round_of, state, unit
from scouting_support import ambush, battle

from rules.cerilia.deck import Result
from rules.cerilia.orders import order_violations
from rules.cerilia.side_views import side_view
from rules.cerilia.state import Effect, EffectKind

SEED_FILE = "000_9b71fb8594a033d1.txt"


def test_the_enemy_sees_a_mark_for_each_hidden_unit_by_sector():
    # «На карте он будет отмечен статусом []»; ruling: one mark per hidden unit, counted by
    # sector, never its cell, key or name.
    s = state(unit("a", A, at="C1"), unit("g1", D, at="C2", hidden=True, name="Grey One"),
              unit("g2", D, at="C2", hidden=True, name="Grey Two"),
              unit("g3", D, at="E3", hidden=True), unit("d", D, at="C2"), cells_per_sector=3)
    view = side_view(s, A)
    assert view["hidden_marks"] == {"C2": 2, "E3": 1}
    text = json.dumps(view)
    assert "g1" not in text and "Grey" not in text
    assert side_view(s, D)["hidden_marks"] == {}   # its own show in full, unmarked


def test_the_mark_never_tells_the_cell():
    views = []
    for cell in (0, 1, 2):
        s = state(unit("a", A, at="C1"), unit("g", D, at="C2", hidden=True, cell=cell),
                  cells_per_sector=3)
        views.append(side_view(s, A))
    assert views[0] == views[1] == views[2]


def test_an_ambush_shows_no_mark():
    # Reference: "The enemy sees nothing of an ambush that has not moved" (seed 001).
    s = battle(unit("a", A, at="C1"), unit("h", D, at="C2", ambush="amb"),
               ambushes=[ambush("amb", D, "h", "C2")])
    assert side_view(s, A)["hidden_marks"] == {}


def test_fog_and_night_hide_the_mark_as_they_hide_a_unit():
    # Ruling: the mark shows only where the side would see the unit were it not invisible.
    fog = Effect(EffectKind.FOG, A, 2, sector="C2")
    s = state(unit("a", A, at="C1"), unit("g", D, at="C2", hidden=True), effects=[fog])
    assert side_view(s, A)["hidden_marks"] == {}
    s = state(unit("a", A, at="A1"), unit("g", D, at="E3", hidden=True), night=True)
    assert side_view(s, A)["hidden_marks"] == {}
    s = state(unit("a", A, at="E2"), unit("g", D, at="E3", hidden=True), night=True)
    assert side_view(s, A)["hidden_marks"] == {"E3": 1}


def _blocked(reveal_first=()):
    """The attacker's `a` in C3 must fall back into C2, where two invisible defenders hide,
    `g1` in cell 1 and `g0` in cell 0."""
    s = state(unit("a", A, at="C3"), unit("g1", D, at="C2", hidden=True, cell=1),
              unit("g0", D, at="C2", hidden=True, cell=0), cells_per_sector=2)
    return round_of(s, [], {A: orders(reveal_first=reveal_first)})


def test_by_default_the_first_hidden_unit_in_cell_order_is_revealed():
    # Reference: "When several hidden units block one retreat, the retreating side chooses which
    # is revealed; orders may name that choice in advance, and the first in cell order is the
    # default."
    r = _blocked()
    r.apply(r.units["a"], Result.FALL_BACK)
    assert not r.units["a"].alive
    assert not r.units["g0"].hidden and r.units["g1"].hidden


def test_the_retreating_side_ranks_the_marks_by_sector():
    # «... выбирает, какой из сокрытых Отрядов будет раскрыт»: the retreating side knows them only
    # as "[]" marks by sector, so its orders rank sectors; unnamed ones follow in field order.
    r = _blocked(reveal_first=("D2", "C2"))
    b2 = replace(r.units["g1"], key="b", position="B2", cell=0)
    d2 = replace(r.units["g1"], key="dd", position="D2", cell=0)
    assert r.revealed_first([b2, r.units["g1"], r.units["g0"], d2], A).key == "dd"
    assert r.revealed_first([b2, r.units["g1"], r.units["g0"]], A).key == "g0"
    r = _blocked()
    assert r.revealed_first([d2, r.units["g1"], b2], A).key == "b"


def test_reveal_first_names_sectors_only():
    s = state(unit("a", A, at="C3"), unit("g", D, at="C2", hidden=True))
    bad = order_violations(s, A, orders(reveal_first=("C2", "g", "reserve")))
    assert [(v.code, v.field) for v in bad] == [("sector_required", "reveal_first.1"),
                                                ("sector_required", "reveal_first.2")]
