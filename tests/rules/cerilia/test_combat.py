"""Missile, charge and melee, morale, initiative and the end of a battle (seed
000_9b71fb8594a033d1.txt on reference/battle-cores.md §1.4–1.9)."""
from dataclasses import replace

import pytest
from cerilia_support import A, D, cards, codes, orders, round_of, state, unit

from rules.cerilia.deck import Result
from rules.cerilia.engine import resolve_round
from rules.cerilia.field import RESERVE
from rules.cerilia.state import UnitStatus


def attacks(r):
    return [(e.params["unit"], e.params["target"], e.params["attack"]) for e in r.events
            if e.code == "attack"]


def test_initiative_is_a_d10_each_and_a_tie_goes_to_the_defender():
    r = round_of(state(unit("a", A, at="C1"), unit("d", D, at="C3")), faces=[5, 5])
    r.roll_initiative()
    assert r.initiative is D
    r = round_of(state(unit("a", A, at="C1"), unit("d", D, at="C3")), faces=[6, 5])
    r.roll_initiative()
    assert r.initiative is A


def test_missile_fire_at_the_nearest_enemy_in_range():
    s = state(unit("arc", A, "archers", at="C1"), unit("near", D, at="C2"),
              unit("far", D, at="C3"))
    r = round_of(s, faces=cards(1))
    r.shoot()
    assert attacks(r) == [("arc", "near", "missile")]


def test_missile_fire_at_the_ordered_target():
    s = state(unit("arc", A, "archers", at="C1"), unit("near", D, at="C2"),
              unit("far", D, at="C3"))
    r = round_of(s, faces=cards(1), orders_={A: orders(targets={"arc": "far"})})
    r.shoot()
    assert attacks(r) == [("arc", "far", "missile")]


def test_missile_out_of_range_is_not_fired():
    s = state(unit("arc", A, "archers", at="A1"), unit("d", D, at="E3"))
    r = round_of(s)
    r.shoot()
    assert r.dice.log == []


def test_a_charge_replaces_the_chargers_melee():
    # reference §1.4: "Mounted units that entered an engagement this round attack with Charge
    # instead of Melee."
    s = state(unit("k", A, "knights", at="C1"), unit("d", D, at="C2"))
    r = round_of(s, orders_={A: orders(moves={"k": ("C2",)})}, faces=cards(1, 2, 3))
    r.move()
    r.charge()
    r.melee()
    assert attacks(r) == [("k", "d", "charge"), ("d", "k", "melee")]


def test_an_exchange_is_simultaneous():
    # Both blows of a melee land even when the first destroys its target.
    s = state(unit("a", A, at="C2"), unit("d", D, at="C2"))
    r = round_of(s, faces=cards(9, 8))   # column 0: card 9 is R, card 8 is H
    r.melee()
    assert len(attacks(r)) == 2
    assert (r.units["d"].position, r.units["d"].hits, r.units["d"].status) == (
        "C3", 1, UnitStatus.ROUTED)
    assert (r.units["a"].position, r.units["a"].hits) == ("C2", 1)


def test_a_routed_unit_does_not_attack_that_round_or_the_next():
    # reference §1.7: "Next round it may not attack".
    s = state(unit("a", A, at="C2", status=UnitStatus.ROUTED, routed_in=2), unit("d", D, at="C2"))
    r = round_of(s, faces=cards(1))
    r.melee()
    assert attacks(r) == [("d", "a", "melee")]
    r.end_round()
    assert r.units["a"].status is UnitStatus.ROUTED   # routed this round (2)
    s = state(unit("a", A, at="C2", status=UnitStatus.ROUTED, routed_in=1), unit("d", D, at="C2"))
    r = round_of(s)
    r.end_round()
    assert r.units["a"].status is UnitStatus.READY


def test_a_hit_unit_tests_morale_and_a_failure_routs():
    # reference §1.7: "When to test: after taking a hit that did not destroy the unit"; "a failed
    # test or an R result makes the unit retreat one area toward its own reserve and take 1 hit".
    s = state(unit("a", A, "elite_infantry", at="C2", card_morale=("sun",), card_hits=3),
              unit("d", D, at="C2"))
    r = round_of(s, faces=[*cards(1, 9), 2])    # a misses; d: card 9 at −1 is H; moon is drawn
    r.melee()
    r.morale()
    u = r.units["a"]
    assert (u.position, u.hits, u.status) == ("C1", 1, UnitStatus.ROUTED)
    assert "morale_breaks" in codes(r.events)


def test_the_battle_ends_when_a_side_has_no_units():
    # reference §1.9: "the battle ends when one side has no units left".
    s = state(unit("a", A, at="C2", status=UnitStatus.DESTROYED), unit("d", D, at="C3"))
    out = resolve_round(s, {}, seed=1)
    assert out.state.finished and out.state.winner is D
    assert out.events[-1].code == "battle_over"


def test_a_withdrawal_gives_the_field_to_the_other_side():
    # reference §1.9: "or when a side withdraws voluntarily at the end of a round. The side
    # holding the field wins."
    s = state(unit("a", A, at="A1"), unit("d", D, at="E3"))
    out = resolve_round(s, {A: orders(withdraw=True)}, seed=1)
    assert out.state.finished and out.state.winner is D


def test_the_last_round_ends_the_battle_with_more_units_on_the_field_winning():
    s = state(unit("a1", A, at="A1"), unit("a2", A, at="B1"), unit("d", D, at="E3"), max_rounds=2)
    out = resolve_round(s, {}, seed=1)
    assert out.state.finished and out.state.winner is A
    s = state(unit("a", A, at="A1"), unit("d", D, at="E3"), max_rounds=2)
    assert resolve_round(s, {}, seed=1).state.winner is D   # a draw: the defender keeps it


def test_a_finished_battle_takes_no_more_rounds():
    s = state(unit("a", A, at="A1"), unit("d", D, at="E3"))
    with pytest.raises(ValueError):
        resolve_round(replace(s, finished=True), {}, seed=1)


def test_reserve_units_cannot_be_attacked():
    s = state(unit("arc", A, "archers", at="C3"), unit("d", D, at=RESERVE))
    r = round_of(s)
    r.shoot()
    assert r.dice.log == []


def test_every_roll_is_logged_with_a_purpose():
    s = state(unit("a", A, at="C2"), unit("d", D, at="C2"))
    out = resolve_round(s, {}, seed=5)
    assert out.rolls and all(r.message for r in out.rolls)
    assert {r.message for r in out.rolls} >= {"Initiative (%(side)s)",
                                              "Battle card: %(unit)s attacks %(target)s"}


def test_two_blows_of_one_exchange_can_both_drive_a_unit_back():
    # The first F sends it from its own line into the reserve; the second finds it there.
    s = state(unit("a", A, at="C1", card_hits=3), unit("d1", D, at="C1"), unit("d2", D, at="C1"),
              cells_per_sector=2)
    r = round_of(s)
    r.apply(r.units["a"], Result.FALL_BACK)
    r.apply(r.units["a"], Result.FALL_BACK)
    r.apply(r.units["a"], Result.ROUT)
    u = r.units["a"]
    assert (u.position, u.hits, u.status) == (RESERVE, 2, UnitStatus.ROUTED)
