"""Module "magic dice", dispelling (seed 002_eb4cf75b750af884.txt, «Разрушение Связанных
заклинаний»; reference/sector-modules.md "Dispelling"): each side's dispel plan, rules in
priority order, used when an enemy spell is cast."""
from cerilia_support import A, D, caster, codes, only, orders, round_of, spell, state, unit

from rules.cerilia.engine import resolve_round
from rules.cerilia.modules import Modules
from rules.cerilia.orders import DispelRule, order_violations
from rules.cerilia.side_views import side_view
from rules.cerilia.spells import Spell
from rules.cerilia.state import School

ON = Modules(magic_dice=True)
FOG = orders(spells={"wiz": spell(Spell.FOG, sector="C2", dice=2)})


def magic_round(faces, d_plan=(), **scenario):
    s = state(unit("a", A, at="C1"), unit("d", D, at="C3"),
              casters=[caster("wiz", A, School.WIZARD, "a")], modules=ON, **scenario)
    r = round_of(s, faces=faces, orders_={A: FOG, D: orders(dispel=tuple(d_plan))})
    r.cast()
    return r


def test_dispel_dice_reaching_the_casting_total_dispel_the_spell():
    # Reference: "the dispel dice rolled must reach the casting total"; a dispelled spell has
    # no effect. Pool 4+4: 8 power, 4 dispel; fog on 3+4 = 7; dispel on 2 dice 3+4 = 7.
    r = magic_round([4, 4, 3, 4, 3, 4, 1, 1], d_plan=[DispelRule("any", 2)])
    done = only(r.events, "dispelled").params
    assert (done["total"], done["target"], done["dice"]) == (7, 7, 2)
    assert "fog" not in codes(r.events)
    # "dispels as rolled" are public.
    assert only(r.events, "dispelled").visible_to == frozenset({A, D})


def test_a_dispel_below_the_casting_total_fails_and_the_spell_holds():
    r = magic_round([4, 4, 3, 4, 3, 3, 2, 1, 1], d_plan=[DispelRule("any", 2)])
    assert "dispel_failed" in codes(r.events) and "fog" in codes(r.events)


def test_the_first_matching_rule_is_used_with_at_most_its_dice():
    # Reference: "rules in priority order (a spell or "any", the most dice to spend, optionally
    # only when the casting total is at least N)... the first matching rule with dice left is
    # used". Night matches nothing; the threshold 8 skips the total 7; "any" on 1 die.
    plan = [DispelRule("night", 4), DispelRule("any", 4, at_least=8), DispelRule("any", 1)]
    r = magic_round([4, 4, 3, 4, 6, 2, 1, 1], d_plan=plan)
    tried = only(r.events, "dispel_failed").params
    assert tried["dice"] == 1 and tried["total"] == 6


def test_a_rule_spends_what_is_left_and_none_once_the_dice_are_gone():
    # Reference: "the first matching rule with dice left is used". Pool 2+2: 4 power dice, 2
    # dispel dice; the rule asks 4 and spends the 2 on the first fog (1+1 against 2). The
    # second fog, cast on the other 2 power dice, finds no dispel dice left and stands (its
    # 1d3 rounds: 1); the defender's own pool: 1+1.
    s = state(unit("a", A, at="C1"), unit("d", D, at="C3"),
              casters=[caster("wiz", A, School.WIZARD, "a"), caster("sage", A, School.WIZARD)],
              modules=ON, casting_values={"fog": 2})
    two = orders(spells={"wiz": spell(Spell.FOG, sector="C2", dice=2),
                         "sage": spell(Spell.FOG, sector="B2", dice=2)})
    r = round_of(s, faces=[2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1],
                 orders_={A: two, D: orders(dispel=(DispelRule("any", 4),))})
    r.cast()
    assert only(r.events, "dispelled").params["dice"] == 2
    assert codes(r.events).count("spell_cast") == 2 and "dispel_failed" not in codes(r.events)
    assert [e.sector for e in r.effects] == ["B2"]
    assert [e.params["dispel"] for e in r.events if e.code == "pool_discarded"][0] == 0
    assert r.dice.left == []


def test_no_plan_no_dispel():
    r = magic_round([4, 4, 3, 4, 3, 1, 1])
    assert "dispelled" not in codes(r.events) and "dispel_failed" not in codes(r.events)


def test_the_plan_is_checked_by_field():
    s = state(modules=ON)
    bad = orders(dispel=(DispelRule("nonsense", 0, at_least=-1),))
    assert [v.field for v in order_violations(s, D, bad)] == [
        "dispel.0.spell", "dispel.0.dice", "dispel.0.at_least"]
    assert order_violations(s, D, orders(dispel=(DispelRule("fog", 3, 7),))) == []


def test_a_plan_with_the_module_off_is_refused():
    assert [v.code for v in order_violations(state(), D, orders(dispel=(DispelRule(),)))] == [
        "magic_dice_off"]


def test_the_enemy_never_sees_a_dispel_plan():
    # Reference, "What each side may see": "never the enemy's unplayed orders, dispel plan".
    # Two worlds alike but for the defender's plan, which no attacker spell triggers (night
    # only; fog on 2 dice never reaches 13): the attacker's view, events included, is the same
    # round after round.
    untriggered = orders(dispel=(DispelRule("night", 3), DispelRule("any", 5, at_least=13)))
    s = state(unit("a", A, at="C1"), unit("d", D, at="C3"),
              casters=[caster("wiz", A, School.WIZARD, "a")], modules=ON, max_rounds=3,
              casting_values={"fog": 2})
    worlds = [s, s]
    for number in range(2):
        outs = [resolve_round(w, {A: FOG, D: plan}, seed=7 + number)
                for w, plan in zip(worlds, (untriggered, orders()), strict=True)]
        assert "spell_cast" in codes(outs[0].events)
        assert side_view(outs[0].state, A, outs[0].events) == \
            side_view(outs[1].state, A, outs[1].events)
        worlds = [out.state for out in outs]
