"""Seed 002's XI.7.A «Магическое Движение», the lines test_magical_move.py left without an
engine-level check: the magical move's range replaces the unit's own, for a fast unit too, and
a character leaves the unit it stood with to join the moved one."""
from cerilia_support import A, D, caster, codes, orders, round_of, spell, state, unit

from rules.cerilia.modules import Modules
from rules.cerilia.orders import order_violations
from rules.cerilia.spells import Spell
from rules.cerilia.state import School

SEED_FILE = "002_eb4cf75b750af884.txt"
ON = Modules(magic_dice=True)
W = caster("w", A, School.WIZARD, "a")


def haste(unit_key, *path, **kw):
    return spell(Spell.HASTE, unit=unit_key, path=tuple(path), dice=5, **kw)


def cast(s, order):
    """The wizard's Haste takes effect in the magic phase (cast and not dispelled: the pool's
    contest is test_magic_dice's)."""
    r = round_of(s, orders_={A: orders(spells={"w": order})})
    r.phase, r.magic_moved = "magic", set()
    r.take_effect(r.casters["w"], order)
    return r


def test_the_magical_range_is_used_instead_of_a_fast_units_own():
    # 002_eb4cf75b750af884.txt: «Магическое перемещение всегда имеет лимит дальности ..., и этот
    # показатель используется вместо Дальности Наступления или Дальности Марша.» Light cavalry
    # moves 3 sectors on its own; by Haste (magical move 2) it goes 2, no further.
    s = state(unit("a", A, "light_cavalry", at="C1"), unit("d", D, at="E3"), casters=[W],
              modules=ON)
    too_far = orders(spells={"w": haste("a", "C2", "B2", "A2")})
    assert [(v.code, v.field) for v in order_violations(s, A, too_far)] == [
        ("too_far", "spells.w.path")]
    assert order_violations(s, A, orders(moves={"a": ("C2", "B2", "A2")})) == []
    r = cast(s, haste("a", "C2", "B2", "A2"))
    assert r.units["a"].position == "B2" and "magical_move" in codes(r.events)


def test_a_character_leaves_its_unit_to_join_the_moved_one():
    # 002_eb4cf75b750af884.txt: «... а также присоединение к подразделениям и покидание их,
    # также могут быть произведены.» The hero leaves b (which stays where it is) and goes
    # with a from then on.
    hero = caster("h", A, None, "b")
    s = state(unit("a", A, at="C1"), unit("b", A, at="C2"), unit("d", D, at="E3"),
              casters=[W, hero], cells_per_sector=2, modules=ON)
    r = cast(s, haste("a", "C2", joins="h"))
    assert r.casters["h"].unit == "a" and r.units["b"].position == "C2"
    assert [c.key for c in r.casters.values() if c.unit == "b"] == []
