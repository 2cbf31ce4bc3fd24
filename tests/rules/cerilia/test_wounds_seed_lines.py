"""Seed 002's «Восстановление Ран и поднятие ран», the lines test_wounds.py left without an
engine-level check: Heal cast in the magic phase brings no model back, Raise treats a character
exactly as Heal does, and raised models share their unit's effects and its charge."""
from dataclasses import replace

from cerilia_support import A, D, caster, only, orders, round_of, spell, state, unit
from test_ranks import ON, troop

from rules.cerilia import magic
from rules.cerilia.artifact_orders import unit_signs
from rules.cerilia.modules import DEFAULT_WOUNDS
from rules.cerilia.spells import Spell
from rules.cerilia.state import Effect, EffectKind, School

SEED_FILE = "002_eb4cf75b750af884.txt"


def priest_round(*units, casters=()):
    return round_of(state(*units, casters=[caster("p", A, School.PRIEST, "a"), *casters],
                          modules=ON))


def test_heal_cast_brings_no_fallen_model_back_and_loses_the_rest():
    # 002_eb4cf75b750af884.txt: «Восстановление ран никогда не может вернуть обратно на поле боя
    # удаленные с него убитые модели и не может поднять значение ран выше его стартового
    # показателя. Все лишние раны теряются.» Three models of five left, the wounded one short
    # of 1 wound: Heal's 2 heal that 1, and the second is lost.
    r = priest_round(replace(troop(wounds=2), hits=3, wounds_lost=1))
    magic.cast(r, r.casters["p"], spell(Spell.HEAL, dice=2, unit="a"))
    assert (r.units["a"].hits, r.units["a"].wounds_lost) == (3, 0)
    assert only(r.events, "wounds_healed").params["healed"] == 1


def test_raise_treats_a_character_exactly_as_heal_does():
    # 002_eb4cf75b750af884.txt: «Поднятие ран работает точно так же, как и Восстановление ран,
    # за одним исключением»; «Персонаж в подразделении никогда не восстанавливает раны благодаря
    # способностям, которые позволяют восстанавливать раны рядовым моделям подразделения.» Raise
    # on the unit raises its models, not the wounded hero with it; on the hero alone it heals.
    hero = replace(caster("h", A, None, "a"), wounds=1)
    r = priest_round(replace(troop(), hits=3), casters=[hero])
    magic.cast(r, r.casters["p"], spell(Spell.RAISE_THE_FALLEN, dice=2, unit="a"))
    assert r.units["a"].hits == 5 and r.casters["h"].wounds == 1
    magic.cast(r, r.casters["p"], spell(Spell.RAISE_THE_FALLEN, dice=2, unit="h"))
    assert r.casters["h"].wounds == DEFAULT_WOUNDS


def test_raised_models_share_their_units_blessing_and_charge():
    # 002_eb4cf75b750af884.txt: «Поднятые модели становятся субъектами всех тех же эффектов,
    # которые испытывает подразделение, частью которого они являются, и считаются нападавшими,
    # если нападало их подразделение.» Knights charge into the enemy in the movement phase,
    # blessed with star; the priest with them raises a fallen knight in the magic phase: the
    # unit still charges and bears the star.
    knights = replace(unit("a", A, "knights", at="C1", card_hits=4, card_morale={"sun"}),
                      hits=2)
    blessing = Effect(EffectKind.BLESS, A, 2, unit="a", sign="star")
    s = state(knights, unit("d", D, at="C2"), casters=[caster("p", A, School.PRIEST, "a")],
              effects=[blessing], modules=ON, power_dice=6, dispel_dice=1,
              casting_values={"raise_the_fallen": 2})
    raise_ = spell(Spell.RAISE_THE_FALLEN, dice=2, unit="a")
    r = round_of(s, faces=[1, 1], orders_={A: orders(moves={"a": ("C2",)},
                                                      spells={"p": raise_})})
    r.move()
    assert "a" in r.charging and r.units["a"].position == "C2"
    r.cast()
    assert r.units["a"].hits == 4 and "a" in r.charging
    assert unit_signs(r.units["a"], r.effects) == {"sun", "star"}
