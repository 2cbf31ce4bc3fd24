"""Module "magic dice", bound spells (seed 002_eb4cf75b750af884.txt, XI.6.A «Использование
связанных заклинаний»; reference/sector-modules.md "Bound spells"): carried by a unit card, a
character or an artifact, used on 2 or 3 dice removed without a roll, always cast, dispelled at
their power level for the dice they used."""
from dataclasses import replace

from cerilia_support import A, D, card, codes, only, orders, round_of, spell, state, unit

from rules.cerilia import magic_dice
from rules.cerilia.artifact_cards import Artifact, ArtifactEffect
from rules.cerilia.bound_spell_cards import BoundSpell, power_level
from rules.cerilia.modules import Modules, Role
from rules.cerilia.orders import ArtifactUse, BoundUse, DispelRule, order_violations
from rules.cerilia.spells import Spell
from rules.cerilia.state import Caster, School, UnitStatus

ON = Modules(magic_dice=True, artifacts=True)
FOG_BOUND = BoundSpell("fog", "5/9")


def holder_unit(**changes):
    return unit("a", A, at="C1", card_bound=(FOG_BOUND,), **changes)


def magic_round(faces, a, d=None, units=None, casters=(), artifacts=(), **scenario):
    s = state(*(units or (holder_unit(), unit("d", D, at="C3"))), casters=casters,
              modules=ON, **scenario)
    s = replace(s, artifacts=tuple(artifacts))
    r = round_of(s, faces=faces, orders_={A: a, D: d or orders()})
    r.cast()
    return r


def test_the_power_level_is_x_on_2_dice_and_y_on_3():
    # Seed: «если Заклинание с силой 5/9 сотворено на 3 кубиках, то для его разрушения надо
    # бросить 9 и более».
    assert power_level("5/9", 3) == 9 and power_level("5/9", 2) == 5


def test_a_units_bound_spell_removes_its_dice_without_a_roll_and_always_succeeds():
    # Seed: «Активный игрок удаляет нужное количество кубиков из пула. Просто удаляет и все.»;
    # «Попытка сотворить Связанное Заклинание всегда успешна.» Pool 3+3; fog's 1d3; the
    # defender's pool 1+1: no casting roll in between.
    r = magic_round([3, 3, 2, 1, 1], orders(bound=(BoundUse("a", 0, 3, sector="C2"),)))
    used = only(r.events, "bound_cast").params
    assert (used["dice"], used["level"]) == (3, 9) and "fog" in codes(r.events)
    assert [e.params["power"] for e in r.events if e.code == "pool_discarded"][0] == 3
    assert r.dice.left == []


def test_a_bound_spell_is_dispelled_at_its_power_level_for_its_dice():
    # Seed: «Связанные Заклинания разрушаются ... с использованием Силы Связанного Заклинания».
    # On 2 dice: 5 to dispel; the defender rolls 2+3 on 2 of its 6 dispel dice.
    r = magic_round([6, 3, 2, 3, 1, 1], orders(bound=(BoundUse("a", 0, 2, sector="C2"),)),
                    d=orders(dispel=(DispelRule("fog", 2),)))
    assert only(r.events, "dispelled").params["target"] == 5 and "fog" not in codes(r.events)


def test_a_bound_spell_needs_its_dice_in_the_pool():
    # Seed: «на 2 или на 3, если в пуле есть нужное количество кубиков».
    r = magic_round([1, 1, 1, 1], orders(bound=(BoundUse("a", 0, 3, sector="C2"),)))
    assert "bound_cast" not in codes(r.events)
    assert only(r.events, "pool_short").visible_to == frozenset({A})


def test_a_fleeing_model_cannot_use_its_bound_spell():
    # Seed: «Модель активного игрока, которая не отступает»; ruling: not routed this round or
    # the last one.
    routed = holder_unit(status=UnitStatus.ROUTED, routed_in=1)
    r = magic_round([3, 3, 1, 1], orders(bound=(BoundUse("a", 0, 2, sector="C2"),)),
                    units=(routed, unit("d", D, at="C3")))
    assert "bound_cast" not in codes(r.events) and "bound_fleeing" in codes(r.events)


def test_a_bound_spell_and_the_same_spell_cast_normally_in_one_phase():
    # Seed: «Связанное заклинание может быть использовано, даже если такое же заклинание ранее
    # использовалось в эту же фазу магии, и использование Связанного заклинания не мешает».
    wizard = Caster("wiz", A, "Wiz", School.WIZARD, "a", bound=(FOG_BOUND,))
    a = orders(spells={"wiz": spell(Spell.FOG, sector="C2", dice=2)},
               bound=(BoundUse("wiz", 0, 2, sector="B2"),))
    r = magic_round([6, 6, 3, 3, 1, 2, 1, 1], a, casters=[wizard])
    assert codes(r.events).count("fog") == 2
    assert "spell_cast" in codes(r.events) and "bound_cast" in codes(r.events)


def test_each_bound_spell_once_per_phase_on_2_or_3_dice():
    # Seed: «может использовать каждое из своих связанных заклинаний один раз в фазу магии»;
    # «на 2 или на 3».
    s = state(holder_unit(), modules=ON)
    twice = orders(bound=(BoundUse("a", 0, 2, sector="C2"), BoundUse("a", 0, 4, sector="C2"),
                          BoundUse("a", 1), BoundUse("x")))
    assert [(v.code, v.field) for v in order_violations(s, A, twice)] == [
        ("bound_dice", "bound.1.dice"), ("bound_twice", "bound.1"),
        ("bound_unknown", "bound.2.index"), ("holder_unknown", "bound.3.holder")]


def test_a_bound_spells_aim_is_checked_as_a_spells():
    # «Также, если применимо, он выбирает цель заклинания».
    s = state(holder_unit(), modules=ON)
    assert [v.field for v in order_violations(s, A, orders(bound=(BoundUse("a"),)))] == [
        "bound.0.sector"]


def test_an_artifacts_bound_spell_uses_the_artifacts_power():
    # Reference: an artifact's bound spell, with magic dice, is "cast as a bound spell with its
    # power level".
    staff = Artifact("staff", "Staff of fog", ArtifactEffect.BOUND_SPELL, spell="fog",
                     power="3/6")
    hero = Caster("h", A, "Hero", None, "a", roles=frozenset({Role.HERO}), carries=("staff",))
    a = orders(artifacts={"h": ArtifactUse("staff", target="C2", dice=3)})
    r = magic_round([4, 4, 2, 1, 1], a, units=(unit("a", A, at="C1"), unit("d", D, at="C3")),
                    casters=[hero], artifacts=[staff])
    assert only(r.events, "bound_cast").params["level"] == 6 and "fog" in codes(r.events)
    assert r.artifacts["staff"].uses == 0
    assert [v.field for v in order_violations(
        r.start, A, orders(artifacts={"h": ArtifactUse("staff", target="C2", dice=4)}))] == [
        "artifacts.h.dice"]


def test_a_successful_undispelled_spell_triggers_its_attribute(monkeypatch):
    # Seed: «Связанные Заклинания активируют атрибут в соответствии с общими правилами».
    # Ruling: the shipped spells have none; the hook runs after the effect.
    assert magic_dice.ATTRIBUTES == {}
    seen = []
    monkeypatch.setitem(magic_dice.ATTRIBUTES, "fog", lambda r, c, o: seen.append(c.key))
    magic_round([3, 3, 2, 1, 1], orders(bound=(BoundUse("a", 0, 3, sector="C2"),)))
    assert seen == ["a-b0"]


def test_the_bound_spells_are_stored_only_when_there_are_some():
    # Cards and characters without bound spells keep their stored shape.
    from rules.cerilia.state import state_data, state_from_data
    s = state(holder_unit(), casters=[Caster("w", A, "W", School.WIZARD, bound=(FOG_BOUND,))])
    assert "bound" not in state_data(state(unit("b", A)))["units"][0]["card"]
    assert state_from_data(state_data(s)) == s
    assert card().bound == ()


def test_a_card_with_a_bound_spell_needs_a_power_level_x_y():
    # Seed: «Заклинание с силой 5/9»: the power level reads x/y.
    from rules.cerilia.cards import card_violations
    assert card_violations(card(bound=(FOG_BOUND,))) is None
    bad = card_violations(card(bound=(BoundSpell("fog", "9/5"),)))
    assert bad is not None and [v.field for v in bad.violations] == ["bound"]
