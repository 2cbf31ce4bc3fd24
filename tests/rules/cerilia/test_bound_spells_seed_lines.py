"""Seed 002's XI.6.A «Использование связанных заклинаний» and «Разрушение Связанных заклинаний»,
line by line, where test_bound_spells_use.py left a line without an engine-level check: the side
that uses a bound spell, which of several, its aim, its basic version, its success whatever the
spell's casting value, its attribute and the seed's own 5/9 example."""
from dataclasses import replace

from cerilia_support import A, D, codes, only, orders, round_of, spell, state, unit

from rules.cerilia import magic_dice
from rules.cerilia.artifact_cards import Artifact, ArtifactEffect
from rules.cerilia.bound_spell_cards import BoundSpell
from rules.cerilia.modules import Modules, Role
from rules.cerilia.orders import ArtifactUse, BoundUse, DispelRule, order_violations
from rules.cerilia.spells import Spell
from rules.cerilia.state import Caster, EffectKind, School, UnitStatus

SEED_FILE = "002_eb4cf75b750af884.txt"
ON = Modules(magic_dice=True)
FOG = BoundSpell("fog", "5/9")
NIGHT = BoundSpell("night", "4/7")


def magic_round(faces, a=None, d=None, units=None, casters=(), **scenario):
    s = state(*(units or (unit("a", A, at="C1", card_bound=(FOG,)), unit("d", D, at="C3"))),
              casters=casters, modules=ON, **scenario)
    r = round_of(s, faces=faces, orders_={A: a or orders(), D: d or orders()})
    r.cast()
    return r


def pools_left(r):
    return [(e.params["side"], e.params["power"]) for e in r.events if e.code == "pool_discarded"]


def fogs(r):
    return [e.sector for e in r.effects if e.kind is EffectKind.FOG]


def test_a_bound_spell_is_used_in_its_own_sides_sub_phase_from_its_own_pool():
    # 002_eb4cf75b750af884.txt: «Модель активного игрока, которая не отступает, может
    # использовать каждое из своих связанных заклинаний один раз в фазу магии.» The defender's
    # fog waits for the defender's sub-phase (the attacker acts first) and spends its dice.
    # Pools: attacker 1+1, defender 3+3; the fog lasts 1d3 = 2.
    s_units = (unit("a", A, at="C1"), unit("d", D, at="C3", card_bound=(FOG,)))
    r = magic_round([1, 1, 3, 3, 2], d=orders(bound=(BoundUse("d", 0, 2, sector="C2"),)),
                    units=s_units)
    order = [e.code for e in r.events if e.code in ("magic_pool", "bound_cast")]
    assert order == ["magic_pool", "magic_pool", "bound_cast"]
    assert pools_left(r) == [("attacker", 2), ("defender", 4)]
    assert fogs(r) == ["C2"]


def test_a_character_with_a_fleeing_unit_cannot_use_its_bound_spell():
    # 002_eb4cf75b750af884.txt: «Модель активного игрока, которая не отступает»; ruling: a
    # character's model flees with the unit it stands with.
    wizard = Caster("w", A, "Wiz", School.WIZARD, "a", bound=(FOG,))
    routed = unit("a", A, at="C1", status=UnitStatus.ROUTED, routed_in=1)
    r = magic_round([3, 3, 1, 1], orders(bound=(BoundUse("w", 0, 2, sector="C2"),)),
                    units=(routed, unit("d", D, at="C3")), casters=[wizard])
    assert "bound_cast" not in codes(r.events) and only(r.events, "bound_fleeing").params == {
        "caster": "Wiz"}
    assert pools_left(r)[0] == ("attacker", 6)   # nothing removed from the pool


def test_fleeing_is_routing_this_round_or_the_last_not_before():
    # 002_eb4cf75b750af884.txt: «Модель активного игрока, которая не отступает»; ruling: "not
    # routed this round or last". Rallied (ready again) after routing in round 1: in round 2 it
    # still flees, in round 3 it does not.
    rallied = unit("a", A, at="C1", card_bound=(FOG,), routed_in=1)
    use = orders(bound=(BoundUse("a", 0, 2, sector="C2"),))
    r = magic_round([3, 3, 1, 1], use, units=(rallied, unit("d", D, at="C3")))
    assert "bound_fleeing" in codes(r.events)
    s = replace(state(rallied, unit("d", D, at="C3"), modules=ON), round=2)
    r = round_of(s, faces=[3, 3, 2, 1, 1], orders_={A: use})
    r.cast()
    assert "bound_fleeing" not in codes(r.events) and "bound_cast" in codes(r.events)


def test_the_player_names_which_of_the_models_bound_spells_it_uses():
    # 002_eb4cf75b750af884.txt: «Активный игрок объявляет, какая из его моделей использует
    # связанное заклинание и какое, если их несколько у нее.» The second of two: night, not fog.
    holder = unit("a", A, at="C1", card_bound=(FOG, NIGHT))
    use = orders(bound=(BoundUse("a", 1, 2),))
    s = state(holder, modules=ON)
    assert order_violations(s, A, use) == []
    r = magic_round([3, 3, 1, 1], use, units=(holder, unit("d", D, at="C3")))
    assert only(r.events, "bound_cast").params["power"] == "4/7"
    assert r.night and fogs(r) == []


def test_the_bound_spell_goes_where_the_player_aims_it():
    # 002_eb4cf75b750af884.txt: «Также, если применимо, он выбирает цель заклинания.»
    r = magic_round([3, 3, 2, 1, 1], orders(bound=(BoundUse("a", 0, 2, sector="B1"),)))
    assert fogs(r) == ["B1"]


def test_on_2_or_3_dice_a_bound_spell_does_the_same_its_basic_version():
    # 002_eb4cf75b750af884.txt: «Связанное заклинание всегда используется в своей Базовой
    # версии и не может быть Усилено.» More dice raise only the level a dispel must reach:
    # Heal recovers 2 either way (a wounded model of 5 wounds that lost 4).
    heal = BoundSpell("heal", "4/7")
    done = []
    for dice in (2, 3):
        holder = replace(unit("a", A, at="C1", card_bound=(heal,), card_wounds=5),
                         wounds_lost=4)
        use = orders(bound=(BoundUse("a", 0, dice, unit="a"),))
        assert order_violations(state(holder, modules=ON), A, use) == []
        r = magic_round([3, 3, 1, 1], use, units=(holder, unit("d", D, at="C3")))
        done.append((r.units["a"].wounds_lost, only(r.events, "wounds_healed").params["healed"],
                     only(r.events, "bound_cast").params["level"]))
    assert done == [(2, 2, 4), (2, 2, 7)]


def test_a_bound_spell_succeeds_even_where_no_roll_could_cast_it():
    # 002_eb4cf75b750af884.txt: «Попытка сотворить Связанное Заклинание всегда успешна.» The
    # GM's casting value 19 is beyond any roll of a bound spell's 2 or 3 dice: the bound fog
    # is cast all the same, and no casting roll is made.
    r = magic_round([3, 3, 2, 1, 1], orders(bound=(BoundUse("a", 0, 2, sector="C2"),)),
                    casting_values={"fog": 19})
    assert "spell_failed" not in codes(r.events) and fogs(r) == ["C2"]
    assert r.dice.left == []


def test_no_casting_value_or_caster_changes_a_bound_spells_dispel_level():
    # 002_eb4cf75b750af884.txt: «если не указано обратного, бонусы на Сотворение заклинаний к
    # Связанным Заклинаниям не применимы.» Whoever holds it and whatever the spell's casting
    # value in the scenario, the dispel must reach the power level for its dice, no more.
    wizard = Caster("w", A, "Wiz", School.WIZARD, "a", bound=(FOG,))
    levels = []
    for holder, values in (("a", {}), ("w", {}), ("a", {"fog": 2}), ("w", {"fog": 12})):
        r = magic_round([3, 3, 2, 1, 1], orders(bound=(BoundUse(holder, 0, 3, sector="C2"),)),
                        casters=[wizard], casting_values=values)
        levels.append(only(r.events, "bound_cast").params["level"])
    assert levels == [9, 9, 9, 9]


def test_the_attribute_follows_the_general_rules_cast_and_not_dispelled(monkeypatch):
    # 002_eb4cf75b750af884.txt: «Связанные Заклинания активируют атрибут в соответствии с общими
    # правилами». As an ordinary spell's: after a successful cast, never when dispelled.
    seen = []
    monkeypatch.setitem(magic_dice.ATTRIBUTES, "fog", lambda r, c, o: seen.append(c.key))
    use = orders(bound=(BoundUse("a", 0, 2, sector="C2"),))
    magic_round([6, 3, 2, 3, 1, 1], use, d=orders(dispel=(DispelRule("fog", 2),)))   # 5 ≥ 5
    assert seen == []
    wizard = Caster("w", A, "Wiz", School.WIZARD, "a")
    magic_round([3, 3, 3, 4, 2, 1, 1], orders(spells={"w": spell(Spell.FOG, sector="C2",
                                                                   dice=2)}),
                casters=[wizard])
    assert seen == ["w"]


def test_the_seeds_example_5_9_on_3_dice_is_dispelled_on_9_and_not_on_8():
    # 002_eb4cf75b750af884.txt: «Например, если Заклинание с силой 5/9 сотворено на 3 кубиках,
    # то для его разрушения надо бросить 9 и более.» Pools: attacker 6+6 (the defender has 6
    # dispel dice), then the defender's 1+1; the plan spends 3 dice on fog.
    use = orders(bound=(BoundUse("a", 0, 3, sector="C2"),))
    plan = orders(dispel=(DispelRule("fog", 3),))
    eight = magic_round([6, 6, 3, 3, 2, 2, 1, 1], use, d=plan)   # 8; the fog lasts 2
    failed = only(eight.events, "dispel_failed").params
    assert (failed["total"], failed["target"]) == (8, 9) and fogs(eight) == ["C2"]
    nine = magic_round([6, 6, 3, 3, 3, 1, 1], use, d=plan)
    done = only(nine.events, "dispelled").params
    assert (done["total"], done["target"]) == (9, 9) and fogs(nine) == []


def test_an_artifacts_bound_spell_is_not_used_by_a_fleeing_bearer():
    # 002_eb4cf75b750af884.txt: «Модель активного игрока, которая не отступает, может
    # использовать каждое из своих связанных заклинаний»; reference: bound spells "carried by a
    # unit, a character or an artifact" alike. The hero's unit routed: the staff stays unused.
    staff = Artifact("staff", "Staff of fog", ArtifactEffect.BOUND_SPELL, spell="fog",
                     power="3/6")
    hero = Caster("h", A, "Hero", None, "a", roles=frozenset({Role.HERO}), carries=("staff",))
    routed = unit("a", A, at="C1", status=UnitStatus.ROUTED, routed_in=1)
    s = replace(state(routed, unit("d", D, at="C3"), casters=[hero],
                      modules=Modules(magic_dice=True, artifacts=True)), artifacts=(staff,))
    r = round_of(s, faces=[4, 4, 1, 1], orders_={
        A: orders(artifacts={"h": ArtifactUse("staff", target="C2", dice=3)})})
    r.cast()
    assert "bound_cast" not in codes(r.events) and fogs(r) == []
    assert only(r.events, "bound_fleeing").visible_to == frozenset({A})
    assert r.artifacts["staff"].uses == staff.uses
    assert pools_left(r)[0] == ("attacker", 8)
