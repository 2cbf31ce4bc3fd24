"""Module "magic dice" (seed 002_eb4cf75b750af884.txt; reference/sector-modules.md, "Module
\"magic dice\""): the pool per magic phase and ordinary spells cast with power dice against their
casting values."""
from cerilia_support import A, D, caster, codes, only, orders, round_of, spell, state, unit

from rules.cerilia.magic_dice import CASTING_VALUES, casting_value
from rules.cerilia.modules import ALL_MODULES, Modules
from rules.cerilia.orders import order_violations
from rules.cerilia.spells import Spell
from rules.cerilia.state import School

ON = Modules(magic_dice=True)


def magic_round(faces, a=None, d=None, **scenario):
    s = state(unit("a", A, at="C1"), unit("d", D, at="C3"),
              casters=[caster("wiz", A, School.WIZARD, "a")], modules=ON, **scenario)
    r = round_of(s, faces=faces, orders_={A: a or orders(), D: d or orders()})
    r.cast()
    return r


def test_the_switch_is_off_by_default_and_on_in_a_new_scenario():
    # Reference: "With it off NOTHING changes"; issue 14: "on for a new scenario".
    assert not Modules().magic_dice and ALL_MODULES.magic_dice
    assert Modules(magic_dice=True).any_on


def test_the_acting_side_gets_the_total_the_other_the_higher_die():
    # Reference ruling: "the acting side rolls 2d6 and gets power dice equal to the total, the
    # other side dispel dice equal to the higher die ... unused dice are discarded at the end
    # of the sub-phase"; sides act in initiative order.
    r = magic_round([3, 5, 6, 1])
    pools = [e.params for e in r.events if e.code == "magic_pool"]
    assert pools == [{"side": "attacker", "other": "defender", "power": 8, "dispel": 5},
                     {"side": "defender", "other": "attacker", "power": 7, "dispel": 6}]
    discarded = [e.params for e in r.events if e.code == "pool_discarded"]
    assert discarded[0] == {"side": "attacker", "power": 8, "dispel": 5}
    # "pools are public (sizes)".
    assert all(e.visible_to == frozenset({A, D}) for e in r.events)


def test_the_gm_may_fix_the_pool_and_at_most_12_dice_are_used():
    # Reference ruling: "The GM may set a fixed number instead per scenario"; "At most 12 dice
    # of a pool are used".
    r = magic_round([], power_dice=20, dispel_dice=3)
    assert only(r.events[:1], "magic_pool").params["power"] == 12
    assert r.events[0].params["dispel"] == 3


def test_a_spell_reaching_its_casting_value_is_cast():
    # Reference ruling: "the order names the spell and 1–5 power dice; the total must reach
    # the spell's casting value" (fog 6).
    a = orders(spells={"wiz": spell(Spell.FOG, sector="C2", dice=2)})
    r = magic_round([4, 4, 3, 3, 2, 1, 1], a=a)
    cast = only(r.events, "spell_cast").params
    assert (cast["total"], cast["value"], cast["dice"]) == (6, 6, 2)
    assert "fog" in codes(r.events)
    # "Dice spent are taken from the pool": 8 rolled, 2 spent.
    assert [e.params["power"] for e in r.events if e.code == "pool_discarded"][0] == 6


def test_a_spell_below_its_casting_value_fails_and_spends_its_dice():
    # Reference ruling: "else the spell fails"; events say the roll.
    a = orders(spells={"wiz": spell(Spell.FOG, sector="C2", dice=2)})
    r = magic_round([4, 4, 2, 3, 1, 1], a=a)
    failed = only(r.events, "spell_failed").params
    assert (failed["total"], failed["value"]) == (5, 6) and "fog" not in codes(r.events)
    assert [e.params["power"] for e in r.events if e.code == "pool_discarded"][0] == 6


def test_an_order_asking_more_dice_than_are_left_is_not_attempted():
    # Ruling (seed: «если в пуле есть нужное количество кубиков»): not attempted, nothing spent,
    # and only its own side hears of it (never a side's unspent orders).
    a = orders(spells={"wiz": spell(Spell.FOG, sector="C2", dice=5)})
    r = magic_round([1, 2, 1, 1], a=a)
    short = only(r.events, "pool_short")
    assert short.visible_to == frozenset({A}) and "spell_cast" not in codes(r.events)


def test_the_gm_edits_casting_values_per_scenario():
    # Reference: "Default casting values (GM-editable in the spell catalog)".
    s = state(modules=ON, casting_values={"fog": 3})
    assert casting_value(s.scenario, "fog") == 3
    assert casting_value(s.scenario, "night") == 7


def test_the_default_casting_values_of_the_reference():
    # Reference: "bless, class F, turn undead 5; fog, "haste" 6; night, day, class R 7; walls of
    # stone, force, ice, iron, illusory terrain, the transmutations and level ground 8; walls of
    # fire and thorns, mass invisibility 9; class D (fire storm), summon the Legion of the Dead
    # 10."
    v = CASTING_VALUES
    assert v["bless"] == v["sandstorm"] == v["turn_undead"] == 5
    assert v["fog"] == v["haste"] == 6
    assert v["night"] == v["day"] == v["call_lightning"] == 7
    assert v["wall_of_iron"] == v["level_ground"] == v["transmute_rock_to_mud"] == 8
    assert v["wall_of_fire"] == v["mass_invisibility"] == 9
    assert v["fire_storm"] == v["summon_legion_of_the_dead"] == 10
    assert set(Spell) <= set(v)


def test_a_spell_needs_1_to_5_dice_with_the_module_on_only():
    # Reference ruling: "1–5 power dice"; with the module off the dice are ignored.
    order = orders(spells={"wiz": spell(Spell.NIGHT, dice=6)})
    on = state(unit("a", A, at="C1"), casters=[caster("wiz", A)], modules=ON)
    off = state(unit("a", A, at="C1"), casters=[caster("wiz", A)])
    assert [v.field for v in order_violations(on, A, order)] == ["spells.wiz.dice"]
    assert order_violations(off, A, order) == []
    zero = orders(spells={"wiz": spell(Spell.NIGHT)})
    assert [v.field for v in order_violations(on, A, zero)] == ["spells.wiz.dice"]


def test_with_the_module_off_a_spell_is_cast_as_before():
    # Reference: "off plays exactly as today": no pool, no casting roll.
    s = state(unit("a", A, at="C1"), casters=[caster("wiz", A, School.WIZARD, "a")])
    r = round_of(s, orders_={A: orders(spells={"wiz": spell(Spell.NIGHT, dice=3)})})
    r.cast()
    assert codes(r.events) == ["night"]


def test_a_fixed_power_pool_still_rolls_the_dispel_dice():
    # Ruling: the GM fixes power and dispel dice each; the other is rolled as usual.
    r = magic_round([2, 6, 1, 3], power_dice=5)
    pools = [(e.params["power"], e.params["dispel"]) for e in r.events if e.code == "magic_pool"]
    assert pools == [(5, 6), (5, 3)]


def test_a_scenario_without_the_new_fields_is_stored_as_before():
    from rules.cerilia.state import Scenario
    from rules.data import to_data
    assert to_data(Scenario()) == to_data(Scenario(power_dice=None, casting_values={}))
    assert "casting_values" not in to_data(Scenario())


def test_with_a_fixed_pool_an_order_asking_more_is_refused():
    # Ruling: the fixed pool is known at submission; a rolled pool is not (then an order asking
    # more than is left is not attempted in the round).
    s = state(unit("a", A, at="C1"), casters=[caster("wiz", A)], modules=ON, power_dice=3)
    order = orders(spells={"wiz": spell(Spell.NIGHT, dice=4)})
    assert [(v.code, v.field) for v in order_violations(s, A, order)] == [
        ("pool_too_small", "spells.wiz.dice")]
