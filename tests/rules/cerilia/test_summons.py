"""Module "magic dice", summoned units by seed 002's general rules (002_eb4cf75b750af884.txt,
"Призванные подразделения"; reference/sector-modules.md, "Summoned units"), seed 000's Summon
the Legion of the Dead among them."""
from cerilia_support import A, D, caster, codes, orders, round_of, spell, state, unit

from rules.cerilia import summons
from rules.cerilia.aftermath import battle_result
from rules.cerilia.cards import CATALOG
from rules.cerilia.modules import Modules
from rules.cerilia.spells import Spell
from rules.cerilia.state import School, Terrain, TerrainKind, UnitStatus
from rules.cerilia.victory import tally

SEED_FILE = "002_eb4cf75b750af884.txt"
ON = Modules(magic_dice=True)


def cast(s, sector, side=A):
    wizard = next(c for c in s.casters if c.side is side)
    order = spell(Spell.SUMMON_LEGION, sector=sector, dice=5)
    r = round_of(s, orders_={side: orders(spells={wizard.key: order})})
    r.phase = "magic"   # the spell cast and not dispelled (the contest is test_magic_dice's)
    r.take_effect(wizard, order)
    return r


def legions(r):
    return [(u.key, u.position, u.cell, u.side) for u in r.units.values() if u.summoned]


def test_the_legion_goes_into_its_target_sector_within_reach():
    # Seed: "Если типом заклинания, которым вызывают подразделение, является Земля, то как
    # минимум одна модель ... должна быть размещена на той точке стола, которая является
    # целью заклинания, и все модели должны быть размещены в пределах дальности заклинания."
    s = state(unit("g", A, at="C1"), unit("d", D, at="A3"),
              casters=[caster("w", A, School.WIZARD, "g")], modules=ON)
    r = cast(s, "C2")
    assert legions(r) == [("legion-2-w", "C2", 0, A)]   # state() is round 1: this is round 2
    assert "summoned" in codes(r.events)
    r = cast(s, "C3")   # out of reach: not placed at all
    assert legions(r) == [] and codes(r.events) == ["fizzles"]


def test_not_into_a_sector_where_the_enemy_stands():
    # Seed: "Призванные модели должны быть размещены не ближе, чем в 1 дюйме от других
    # подразделений"; reference: "the sector needs ... no enemy unit". Without the module seed
    # 000's rule ("1 свободная ячейка в дружественной линии фронта") still lets it in.
    s = state(unit("g", A, at="C1"), unit("d", D, at="C2"),
              casters=[caster("w", A, School.WIZARD, "g")])
    assert [p for _k, p, _c, _s in legions(cast(s, "C2"))] == ["C2"]
    r = cast(state(*s.units, casters=s.casters, modules=ON), "C2")
    assert legions(r) == []
    assert r.events[-1].params["reason"] == "the enemy stands there"


def test_a_hidden_enemy_does_not_stop_it():
    # Ruling: only the enemies the caster's side sees stop a summons (a refusal would give a
    # hidden one away).
    s = state(unit("g", A, at="C1"), unit("d", D, at="C2", hidden=True),
              casters=[caster("w", A, School.WIZARD, "g")], modules=ON)
    assert [p for _k, p, _c, _s in legions(cast(s, "C2"))] == ["C2"]


def test_it_needs_a_free_friendly_cell_or_is_not_placed_at_all():
    # Seed: "Если подразделение целиком не может быть размешено ..., то подразделение целиком
    # не может быть размещено вообще."
    s = state(unit("g", A, at="C1"), unit("d", D, at="E3"),
              casters=[caster("w", A, School.WIZARD, "g")], modules=ON)
    r = cast(s, "C1")
    assert legions(r) == []
    assert r.events[-1].params["reason"] == "no free cell in the friendly front line"
    assert r.events[-1].visible_to == frozenset({A})


def test_no_terrain_the_unit_could_not_enter():
    # Reference: "no terrain the unit could not enter"; ruling: for today's cards, the
    # fortification for a mounted unit of the attacker (seed 000: "Ездовые Отряды Атакующего
    # Игрока не могут войти в сектор с Укреплением").
    fort = Terrain(TerrainKind.FORTIFICATION, "C2", level=2, hits=1)
    s = state(unit("g", A, at="C1"), unit("d", D, at="E3"), terrain=[fort],
              casters=[caster("w", A, School.WIZARD, "g")], modules=ON)
    r = round_of(s)
    wizard = s.casters[0]
    assert summons.refusal(r, wizard, CATALOG["knights"], "C2") == \
        "mounted units cannot enter the fortification"
    assert summons.refusal(r, wizard, CATALOG["legion_of_the_dead"], "C2") is None


def test_it_fights_for_its_creator_gives_no_points_and_goes_nowhere_after_the_battle():
    # Seed: "Будучи призванным, подразделение действует на поле боя на стороне своего
    # создателя"; "Призванные подразделения не приносят победных очков при уничтожении";
    # reference: "goes nowhere after the battle".
    s = state(unit("g", A, at="C1"), unit("d", D, at="E3"),
              casters=[caster("w", D, School.WIZARD, "d")], modules=ON)
    r = cast(s, "E2", side=D)
    (key, _p, _c, side), = legions(r)
    assert side is D
    r.destroy(r.units[key], "%(unit)s is destroyed.")
    assert r.units[key].status is UnitStatus.DESTROYED
    assert tally(r.units.values()) == {A: 0, D: 0}
    assert all(f.key != key for f in battle_result(r.state()).units)


def test_two_summons_of_one_caster_in_a_round_keep_both():
    # Ruling: a second summons the same round (a bound spell too) gets a key of its own.
    s = state(unit("g", A, at="C1"), unit("d", D, at="E3"), cells_per_sector=3,
              casters=[caster("w", A, School.WIZARD, "g")], modules=ON)
    r = round_of(s)
    wizard = s.casters[0]
    for _ in range(2):
        summons.summon(r, wizard, CATALOG["legion_of_the_dead"], "legion-2-w", "C2", "Legion")
    assert sorted(k for k, *_rest in legions(r)) == ["legion-2-w", "legion-2-w-2"]
