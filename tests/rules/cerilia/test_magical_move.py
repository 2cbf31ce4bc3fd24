"""Module "magic dice", magical move (seed 002_eb4cf75b750af884.txt, XI.7.A "Магическое
Движение"; reference/sector-modules.md, 'Magical move (XI.7.A)'): "Haste" moves a unit by the
movement rules in the magic phase."""
from dataclasses import replace

from cerilia_support import A, D, T, caster, codes, orders, round_of, spell, state, terrain, unit

from rules.cerilia.cards import CATALOG
from rules.cerilia.concealment import Ambush, Concealment
from rules.cerilia.magical_move_orders import random_movement
from rules.cerilia.modules import Modules
from rules.cerilia.orders import order_violations
from rules.cerilia.spells import MAGICAL_MOVES, SCHOOL_SPELLS, Spell, school_spells
from rules.cerilia.state import Effect, EffectKind, School, UnitStatus, Wall

SEED_FILE = "002_eb4cf75b750af884.txt"
ON = Modules(magic_dice=True)


def on(*units, **kw):
    return state(*units, modules=ON, **kw)


def haste(unit_key, *path, dice=5, **kw):
    return spell(Spell.HASTE, unit=unit_key, path=tuple(path), dice=dice, **kw)


def cast(s, *given, initiative=A):
    """The attacker's wizards' given orders (wizard w, then v) take effect in one magic phase
    (cast and not dispelled: the dice pool's contest is test_magic_dice's)."""
    given_ = dict(zip(("w", "v"), given, strict=False))
    r = round_of(s, orders_={A: orders(spells=given_)}, initiative=initiative)
    r.phase, r.magic_moved = "magic", set()
    for key, order in given_.items():
        r.take_effect(r.casters[key], order)
    return r


def refused(s, *given, moves=None):
    return {(v.code, v.field) for v in order_violations(
        s, A, orders(spells=dict(zip(("w", "v"), given, strict=False)), moves=moves or {}))}


W = caster("w", A, School.WIZARD, "a")


# -- the catalog ---------------------------------------------------------------------------------

def test_haste_is_a_wizards_magical_move_2_only_with_the_module():
    # Reference: 'The catalog ships "Haste" (wizard, magical move 2)'.
    assert MAGICAL_MOVES[Spell.HASTE] == 2
    assert Spell.HASTE in school_spells(School.WIZARD, ON)
    assert Spell.HASTE not in school_spells(School.PRIEST, ON)
    # With the module off nothing changes: no school knows it (random battles stay as they were).
    assert Spell.HASTE not in school_spells(School.WIZARD, Modules())
    assert all(Spell.HASTE not in spells for spells in SCHOOL_SPELLS.values())


def test_without_the_module_haste_is_refused_and_moves_nothing():
    s = state(unit("a", A, at="C1"), unit("d", D, at="A3"), casters=[W])
    assert refused(s, haste("a", "C2")) == {("spell_unknown", "spells.w.spell")}
    r = cast(s, haste("a", "C2"))
    assert r.units["a"].position == "C1" and not r.events


# -- moving by the movement rules -------------------------------------------------------------------

def test_haste_moves_the_unit_up_to_two_sectors_in_the_magic_phase():
    # Seed: "Все перемещения, которые производятся в Фазу Магии, считаются магическими
    # перемещениями"; "Магическое перемещение всегда имеет лимит дальности ... этот показатель
    # используется вместо Дальности Наступления или Дальности Марша" (infantry: 1 sector).
    s = on(unit("a", A, at="C1"), unit("d", D, at="A3"), casters=[W])
    assert refused(s, haste("a", "C2", "B2")) == set()
    r = cast(s, haste("a", "C2", "B2"))
    assert r.units["a"].position == "B2"
    assert codes(r.events)[:2] == ["magical_move", "moves"]
    assert all(e.phase == "magic" for e in r.events)


def test_haste_goes_no_further_than_its_range():
    s = on(unit("a", A, at="C1"), unit("d", D, at="E3"), casters=[W])
    assert ("too_far", "spells.w.path") in refused(s, haste("a", "C2", "B2", "A2"))
    assert cast(s, haste("a", "C2", "B2", "A2")).units["a"].position == "B2"


def test_each_step_goes_to_a_neighbouring_sector():
    s = on(unit("a", A, at="C1"), unit("d", D, at="E3"), casters=[W])
    assert ("path_not_adjacent", "spells.w.path") in refused(s, haste("a", "C3"))
    r = cast(s, haste("a", "C3"))
    assert r.units["a"].position == "C1" and "stopped" in codes(r.events)


def test_the_path_starts_where_the_units_own_move_ends():
    # Ruling: orders are given together; the magic phase comes after the movement phase.
    s = on(unit("a", A, at="C1"), unit("d", D, at="E3"), casters=[W])
    assert refused(s, haste("a", "C3"), moves={"a": ("C2",)}) == set()
    assert ("path_not_adjacent", "spells.w.path") in refused(s, haste("a", "C2"),
                                                              moves={"a": ("C2",)})


def test_the_movement_rules_stop_it_terrain_and_walls():
    # Seed: "по тем же правилам ... со всеми связанными с этим ограничениями": a swamp stops
    # every unit ("Все Отряды ... должны совершить остановку"), a wall blocks the way.
    s = on(unit("a", A, at="C1"), unit("d", D, at="E3"), casters=[W],
           terrain=[terrain(T.SWAMP, "C2")])
    r = cast(s, haste("a", "C2", "B2"))
    assert r.units["a"].position == "C2" and "terrain_stop" in codes(r.events)
    wall = Effect(EffectKind.WALL, D, 2, sector="C1", toward="C2", wall=Wall.STONE)
    r = cast(on(unit("a", A, at="C1"), unit("d", D, at="E3"), casters=[W], effects=[wall]),
             haste("a", "C2"))
    assert r.units["a"].position == "C1" and "stopped" in codes(r.events)


def test_moving_into_the_enemy_engages_it_without_a_charge():
    # Ruling: a magical move is no charge (the movement phase's own).
    s = on(unit("a", A, "knights", at="C1"), unit("d", D, at="C2"), casters=[W])
    r = cast(s, haste("a", "C2"))
    assert r.units["a"].position == "C2" and "engages" in codes(r.events)
    assert "a" not in r.charging


# -- who cannot move by magic ----------------------------------------------------------------------

def test_a_routed_unit_cannot_move_by_magic():
    # Seed: "подразделения, которые отступают ... не могут быть перемещены таким образом".
    s = on(unit("a", A, at="C1", status=UnitStatus.ROUTED, routed_in=1), unit("d", D, at="E3"),
           casters=[W])
    assert refused(s, haste("a", "C2")) == {("magical_move_unfit", "spells.w.unit")}
    r = cast(s, haste("a", "C2"))
    assert r.units["a"].position == "C1" and codes(r.events) == ["fizzles"]


def test_an_engaged_unit_cannot_move_by_magic():
    # Seed: "подразделения, которые находятся в ближнем бою, не могут быть перемещены".
    s = on(unit("a", A, at="C2"), unit("d", D, at="C2"), casters=[W])
    assert refused(s, haste("a", "C1")) == {("magical_move_unfit", "spells.w.unit")}
    assert cast(s, haste("a", "C1")).units["a"].position == "C2"


def test_no_card_of_today_moves_a_random_distance():
    # Seed: "подразделения со Случайной Дальностью Перемещения"; ruling: no card of today's
    # catalog has one (a card's movement is a fixed number of sectors).
    assert not any(random_movement(unit("x", A, code)) for code in CATALOG)


def test_a_unit_in_ambush_moves_only_by_its_markers():
    # Ruling (module "ambush"): a unit in ambush would give itself away.
    ambush = Ambush("amb", A, Concealment.AMBUSH, "Ambush", "C1", unit="a")
    s = replace(on(unit("a", A, at="C1", ambush="amb"), unit("d", D, at="E3"), casters=[W]),
                ambushes=(ambush,))
    assert refused(s, haste("a", "C2")) == {("magical_move_unfit", "spells.w.unit")}


def test_the_unit_must_be_the_sides_own_and_within_the_casters_reach():
    # Ruling: Haste reaches as the seed's reaching spells: the caster's sector or next to it.
    s = on(unit("a", A, at="C1"), unit("b", A, at="A1"), unit("d", D, at="E3"), casters=[W])
    assert refused(s, haste("d", "E2")) == {("unit_unknown", "spells.w.unit")}
    assert refused(s, haste("b", "A2")) == {("spell_range", "spells.w.unit")}
    assert cast(s, haste("b", "A2")).units["b"].position == "A1"


def test_a_unit_in_the_reserve_is_reached_only_from_the_reserve():
    # Ruling: from the reserve a caster reaches its own line and its reserve, nothing else.
    s = on(unit("a", A, at="C1"), unit("r", A), unit("d", D, at="E3"), casters=[W])
    assert refused(s, haste("r", "C1")) == {("spell_range", "spells.w.unit")}
    assert cast(s, haste("r", "C1")).units["r"].position == "reserve"
    s = on(unit("r", A), unit("d", D, at="E3"), casters=[caster("w", A, School.WIZARD)])
    assert refused(s, haste("r", "B1", "B2")) == set()
    assert cast(s, haste("r", "B1", "B2")).units["r"].position == "B2"


def test_a_unit_moves_by_magic_once_a_magic_phase():
    # Seed: "Если подразделение уже производило магическое перемещение в эту фазу магии,
    # выполнять его второй раз оно не может."
    v = caster("v", A, School.WIZARD, "a")
    s = on(unit("a", A, at="C1"), unit("d", D, at="E3"), casters=[W, v])
    assert refused(s, haste("a", "C2"), haste("a", "B1")) == {
        ("magical_move_once", "spells.v.unit")}
    r = cast(s, haste("a", "C2"), haste("a", "C3"))   # from C2 now: still refused
    assert r.units["a"].position == "C2" and codes(r.events)[-1] == "fizzles"


# -- cells and characters --------------------------------------------------------------------------

def test_it_may_take_another_free_cell_of_its_sector():
    # Seed: "повороты, развороты, реформирование ... также могут быть произведены"; reference:
    # "it may also change its cell in the sector".
    s = on(unit("a", A, at="C1"), unit("b", A, at="C1"), unit("d", D, at="E3"),
           casters=[W], cells_per_sector=3)
    r = cast(s, haste("a", cell=2))
    assert (r.units["a"].position, r.units["a"].cell) == ("C1", 2)
    r = cast(s, haste("a", cell=1))   # b's cell: it keeps its own
    assert r.units["a"].cell == 0 and "cell_kept" in codes(r.events)
    assert ("cell_unknown", "spells.w.cell") in refused(s, haste("a", cell=3))


def test_a_character_where_the_unit_ends_may_join_it():
    # Seed: "присоединение к подразделениям и покидание их, также могут быть произведены".
    # Ruling: a character standing where the moved unit ends joins it, leaving its own unit.
    hero = caster("h", A, None, "b")
    s = on(unit("a", A, at="C1"), unit("b", A, at="C2"), unit("d", D, at="E3"),
           casters=[W, hero], cells_per_sector=2)
    r = cast(s, haste("a", "C2", joins="h"))
    assert r.casters["h"].unit == "a" and r.casters["w"].unit == "a"   # w went along
    joined = next(e for e in r.events if e.code == "joins")
    assert joined.visible_to == frozenset({A})
    r = cast(s, haste("a", joins="h"))   # C1: the hero is not there
    assert r.casters["h"].unit == "b" and "join_fails" in codes(r.events)
    assert ("character_unknown", "spells.w.joins") in refused(s, haste("a", joins="x"))
