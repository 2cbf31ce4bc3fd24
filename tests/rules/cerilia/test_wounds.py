"""Module "magic dice": recovering and raising wounds, and the priest's "Heal" and "Raise the
fallen".

Seed 002_eb4cf75b750af884.txt, «Восстановление Ран и поднятие ран»:
  «Восстановление ран никогда не может вернуть обратно на поле боя удаленные с него убитые
   модели и не может поднять значение ран выше его стартового показателя. Все лишние раны
   теряются.»
  «Раны поднимаются в следующем порядке: сначала вы должны восстановить до максимума все раны в
   раненых моделях подразделения (кроме персонажей). Далее вы возвращаете к жизни ранее убитые
   модели в следующем порядке: Командир, Знаменосец, Музыкант и далее рядовые модели. Но следует
   иметь в виду, что захваченные знамена возвращены быть не могут ... Каждая поднятая модель
   должна быть восстановлена до полного значения ран до того, как будет поднята следующая
   модель. Это не может поднять число моделей в подразделении выше изначального значения.»
Reference: "The catalog ships "Heal" (priest, recover 2) and "Raise the fallen" (priest,
raise 2)".
"""
from dataclasses import replace

import pytest
from cerilia_support import A, D, caster, codes, only, orders, round_of, spell, state, unit
from test_ranks import ON, C, M, R, S, troop

from rules.cerilia import magic, ranks
from rules.cerilia.modules import DEFAULT_WOUNDS, Modules
from rules.cerilia.orders import order_violations
from rules.cerilia.side_views import side_view
from rules.cerilia.spells import (
    SCHOOL_SPELLS,
    SPELL_LABELS,
    WOUND_CASTING_VALUES,
    WOUND_SPELLS,
    Spell,
    school_spells,
)
from rules.cerilia.state import School

SEED_FILE = "002_eb4cf75b750af884.txt"


def hurt(hits, wounds_lost=0, **kwargs):
    return replace(troop(**kwargs), hits=hits, wounds_lost=wounds_lost)


def test_recover_heals_the_wounded_model_only_and_the_rest_is_lost():
    # «Восстановление ран никогда не может вернуть обратно на поле боя удаленные с него убитые
    # модели и не может поднять значение ран выше его стартового показателя. Все лишние раны
    # теряются.»
    u, healed = ranks.recover(hurt(3, 1, wounds=3), 5)
    assert (u.hits, u.wounds_lost, healed) == (3, 0, 1)
    u, healed = ranks.recover(hurt(2), 2)
    assert (u.hits, healed) == (2, 0)


def test_raise_heals_first_then_brings_back_champion_standard_musician_rank_and_file():
    # «сначала ... восстановить до максимума все раны в раненых моделях ... Далее ... Командир,
    # Знаменосец, Музыкант и далее рядовые модели».
    u, healed, raised = ranks.raise_wounds(hurt(1, 1, wounds=2), 3)
    # one wound heals the wounded champion; two more raise the standard bearer at full wounds
    assert (healed, raised) == (1, [S])
    assert (u.hits, u.wounds_lost) == (2, 0)
    u, _healed, raised = ranks.raise_wounds(hurt(1), 10)
    assert raised == [S, M, R, R]
    assert u.hits == 5   # «не может поднять число моделей ... выше изначального значения»


def test_each_raised_model_gets_its_full_wounds_before_the_next():
    # «Каждая поднятая модель должна быть восстановлена до полного значения ран до того, как
    # будет поднята следующая модель»; ruling: a model raised with fewer comes back wounded.
    u, _healed, raised = ranks.raise_wounds(hurt(2, wounds=3, group=(False, False, False)), 4)
    assert raised == [R, R] and (u.hits, u.wounds_lost) == (4, 2)
    u, healed, raised = ranks.raise_wounds(u, 2)
    assert (healed, raised, u.wounds_lost) == (2, [], 0)


def test_a_taken_standard_never_comes_back():
    # «захваченные знамена возвращены быть не могут»; ruling: the bearer's model may come back
    # as rank and file.
    u = replace(hurt(1, group=(True, True, True)), standard_taken=True)
    assert ranks.models_left(u) == [C]
    u, _healed, raised = ranks.raise_wounds(u, 10)
    assert raised == [M, R, R, R] and S not in ranks.models_left(u)
    assert ranks.standard_signs(u) == set()


def test_the_spells_are_known_only_with_the_module_and_only_to_priests():
    # Brief: a battle without the module casts exactly what it always could.
    assert not WOUND_SPELLS & (SCHOOL_SPELLS[School.PRIEST] | SCHOOL_SPELLS[School.WIZARD])
    assert WOUND_SPELLS <= school_spells(School.PRIEST, ON)
    assert not WOUND_SPELLS & school_spells(School.WIZARD, ON)
    assert not WOUND_SPELLS & school_spells(School.PRIEST, state().scenario.modules)
    assert SPELL_LABELS[Spell.HEAL] == "Heal"
    assert SPELL_LABELS[Spell.RAISE_THE_FALLEN] == "Raise the fallen"
    assert WOUND_CASTING_VALUES == {Spell.HEAL: 5, Spell.RAISE_THE_FALLEN: 8}


def _battle(*units, modules=ON, school=School.PRIEST, with_unit="a", casters=()):
    priest = caster("p", A, school, unit_key=with_unit)
    return state(*units, casters=[priest, *casters], modules=modules)


def _refusals(s, order):
    return [(v.code, v.field) for v in order_violations(s, A, orders(spells={"p": order}))]


def test_a_priest_aims_them_at_an_own_unit_in_reach():
    s = _battle(hurt(3, at="B2"), troop("far", at="E2"),
                unit("e", D, at="B3"))
    assert _refusals(s, spell(Spell.HEAL, dice=2, unit="a")) == []
    assert _refusals(s, spell(Spell.RAISE_THE_FALLEN, dice=2, unit="a")) == []
    assert _refusals(s, spell(Spell.HEAL, dice=2, unit="far")) == [("spell_range", "spells.p.unit")]
    assert _refusals(s, spell(Spell.HEAL, dice=2, unit="e")) == [("unit_unknown", "spells.p.unit")]
    assert _refusals(s, spell(Spell.HEAL, dice=2)) == [("unit_unknown", "spells.p.unit")]
    off = _battle(hurt(3, at="B2"), modules=Modules())
    assert _refusals(off, spell(Spell.HEAL, dice=2, unit="a")) == [("spell_unknown", "spells.p.spell")]
    wizard = _battle(hurt(3, at="B2"), school=School.WIZARD)
    assert _refusals(wizard, spell(Spell.HEAL, dice=2, unit="a")) == [("spell_unknown",
                                                               "spells.p.spell")]


def test_heal_recovers_two_wounds_of_the_unit():
    # Reference: "Heal" (priest, recover 2).
    s = _battle(hurt(3, 2, wounds=3), unit("e", D, at="B3"))
    r = round_of(s)
    magic.cast(r, r.casters["p"], spell(Spell.HEAL, dice=2, unit="a"))
    assert (r.units["a"].hits, r.units["a"].wounds_lost) == (3, 0)
    event = only(r.events, "wounds_healed")
    assert event.params["healed"] == 2 and event.params["raised"] == 0
    assert event.visible_to == {A, D}   # models are public on the table (ruling)


def test_raise_the_fallen_brings_back_two_models():
    # Reference: "Raise the fallen" (priest, raise 2); the champion first.
    s = _battle(hurt(2))
    r = round_of(s)
    magic.cast(r, r.casters["p"], spell(Spell.RAISE_THE_FALLEN, dice=2, unit="a"))
    assert r.units["a"].hits == 4
    assert ranks.models_left(r.units["a"]) == [R, M, S, C]
    assert [e.params["model"] for e in r.events if e.code == "model_raised"] == ["musician"]


def test_a_character_heals_only_as_the_sole_target():
    # «Персонаж в подразделении никогда не восстанавливает раны благодаря способностям, которые
    # позволяют восстанавливать раны рядовым моделям подразделения. Персонаж восстанавливает
    # раны, если он является единственной целью заклинания».
    hero = replace(caster("h", A, None, unit_key="a"), wounds=1)
    s = _battle(hurt(3, 1, wounds=2), casters=[hero])
    r = round_of(s)
    magic.cast(r, r.casters["p"], spell(Spell.HEAL, dice=2, unit="a"))
    assert r.casters["h"].wounds == 1
    magic.cast(r, r.casters["p"], spell(Spell.HEAL, dice=2, unit="h"))
    assert r.casters["h"].wounds == DEFAULT_WOUNDS   # 1 + 2, never above its start
    assert only(r.events, "character_healed").visible_to == {A}
    assert _refusals(s, spell(Spell.RAISE_THE_FALLEN, dice=2, unit="h")) == []


@pytest.mark.parametrize(("start", "now", "after"), [(1, 1, 1), (5, 2, 4), (5, 4, 5)])
def test_a_character_heals_up_to_the_wounds_it_started_with(start, now, after):
    # 002_eb4cf75b750af884.txt: «Восстановление ран никогда не может вернуть удаленную модель
    # или поднять значение ран выше его стартового показателя»: a GM's one-wound hero stays at
    # one, a five-wound general heals past the reference's default 3 up to its five.
    hero = replace(caster("h", A, None, unit_key="a"), wounds=now, start_wounds=start)
    r = round_of(_battle(hurt(3, 1, wounds=2), casters=[hero]))
    magic.cast(r, r.casters["p"], spell(Spell.HEAL, dice=2, unit="h"))
    assert r.casters["h"].wounds == after


def test_cast_without_the_module_it_fizzles():
    r = round_of(_battle(hurt(3, 1, wounds=2), modules=Modules()))
    magic.cast(r, r.casters["p"], spell(Spell.HEAL, dice=2, unit="a"))
    assert r.units["a"].wounds_lost == 1 and "fizzles" in codes(r.events)


def test_both_sides_see_a_seen_unit_s_models_and_wounds():
    # Ruling: models shown for seen units, as hits are ("public on the table").
    s = _battle(replace(hurt(3, 1, wounds=2, at="B2"), standard_taken=True),
                unit("e", D, at="B3"))
    for side in (A, D):
        shown = next(u for u in side_view(s, side)["units"] if u["key"] == "a")
        assert (shown["hits"], shown["wounds_lost"], shown["standard_taken"]) == (3, 1, True)
        assert shown["card"]["wounds"] == 2 and shown["card"]["champion"] is True
    hidden = replace(s, units=tuple(replace(u, hidden=True) if u.key == "a" else u
                                    for u in s.units))
    assert all(u["key"] != "a" for u in side_view(hidden, D)["units"])
    plain = side_view(state(unit("x", A, at="B2")), D)["units"][0]
    assert "wounds_lost" not in plain and "standard_taken" not in plain


def test_a_priest_in_ambush_heals_its_own_unit_only():
    # Module "ambush", ruling: a caster hiding with a unit casts no spell that reaches only
    # from where it stands, but on that unit itself (as a blessing).
    s = _battle(replace(hurt(3, at="B2"), ambush="amb"), troop("b", at="C2"))
    assert _refusals(s, spell(Spell.HEAL, dice=2, unit="a")) == []
    assert _refusals(s, spell(Spell.RAISE_THE_FALLEN, dice=2, unit="b")) == [("caster_in_ambush",
                                                                       "spells.p")]


def test_a_character_waiting_in_the_reserve_is_out_of_reach():
    # Seed 002_eb4cf75b750af884.txt: «Персонаж восстанавливает раны, если он является
    # единственной целью заклинания»; wound_orders: the target stands "in the caster's sector
    # or next to it". A character with no unit waits in the reserve (visibility.caster_position),
    # which is no sector: refused, and fizzling if ordered anyway — not a crash (found by
    # test_modules_together_properties with characters' bound Heal).
    hero = replace(caster("h", A, None), wounds=1)
    s = _battle(hurt(3, at="B2"), casters=[hero])
    assert _refusals(s, spell(Spell.HEAL, dice=2, unit="h")) == [("spell_range", "spells.p.unit")]
    r = round_of(s)
    magic.cast(r, r.casters["p"], spell(Spell.HEAL, dice=2, unit="h"))
    assert r.casters["h"].wounds == 1
    assert codes(r.events) == ["fizzles"]
