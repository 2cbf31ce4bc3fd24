"""The battlefield, the nine-card battle deck and what its results do (seed 000_9b71fb8594a033d1.txt
on reference/battle-cores.md §1.2, §1.5–1.7)."""
import pytest
from cerilia_support import A, D, ScriptedDice, round_of, state, unit

from rules.cerilia import deck
from rules.cerilia.cards import CATALOG, SIGNS, card_violations
from rules.cerilia.deck import FULL_DECK, TABLE, Result
from rules.cerilia.field import (
    RESERVE,
    SECTORS,
    adjacent,
    fall_back_step,
    home_row,
    neighbours,
    straight_edges,
)
from rules.cerilia.state import UnitStatus
from rules.dice import Dice

N, F, H, R, DD = Result.NONE, Result.FALL_BACK, Result.HIT, Result.ROUT, Result.DESTROYED


# -- the field -----------------------------------------------------------------------------------

def test_fifteen_sectors_and_the_defenders_line_is_row_3():
    # seed 000_9b71fb8594a033d1.txt: "в один из своих дружественных секторов: A3 B3 C3 D3 E3".
    assert len(SECTORS) == 15
    assert home_row(D) == 3 and home_row(A) == 1


def test_reserve_is_next_to_every_sector_of_its_own_line_only():
    # reference §1.2: "Each reserve is adjacent to every area of its own side's line."
    for column in "ABCDE":
        assert adjacent(RESERVE, f"{column}1", A) and adjacent(f"{column}1", RESERVE, A)
        assert adjacent(RESERVE, f"{column}3", D)
        assert not adjacent(RESERVE, f"{column}3", A)
        assert not adjacent(RESERVE, f"{column}2", D)


def test_neighbours_are_orthogonal():
    assert set(neighbours("C2")) == {"C1", "C3", "B2", "D2"}
    assert set(neighbours("A1")) == {"A2", "B1"}
    assert not adjacent("B2", "C3", A)


def test_fall_back_goes_one_sector_toward_the_own_line_then_the_reserve():
    assert fall_back_step("C2", A) == "C1" and fall_back_step("C2", D) == "C3"
    assert fall_back_step("C1", A) == RESERVE and fall_back_step("C3", D) == RESERVE
    assert fall_back_step("C3", A) == "C2"


def test_a_missile_path_crosses_the_edges_between():
    assert straight_edges("C1", "C3") == [frozenset({"C1", "C2"}), frozenset({"C2", "C3"})]
    assert straight_edges("C2", "C2") == []


# -- the deck ------------------------------------------------------------------------------------

def test_the_nine_card_table():
    # reference §1.5: "At +3, eight of the nine give a good result for the attacker (H, R or D).
    # At −3 only two do. In between, the count of good results rises 2, 3, 4, 5, 6, 7, 8".
    assert FULL_DECK == tuple(range(1, 10))
    good = [sum(TABLE[c][i] in (H, R, DD) for c in FULL_DECK) for i in range(7)]
    assert good == [2, 3, 4, 5, 6, 7, 8]
    assert TABLE[1] == (N,) * 7
    assert TABLE[9] == (H, H, H, R, DD, DD, DD)
    assert [TABLE[c][0] for c in FULL_DECK] == [N, N, N, N, F, F, F, H, H]


@pytest.mark.parametrize(("difference", "column"), [(-9, -3), (-3, -3), (0, 0), (2, 2), (7, 3)])
def test_the_difference_is_clamped_to_minus_three_plus_three(difference, column):
    # reference §1.5: "clamp the result to −3…+3, then draw a battle card".
    assert deck.column(difference) == column
    assert deck.result(9, difference) == TABLE[9][column + 3]


def test_a_drawn_card_leaves_the_deck():
    card, rest = deck.draw(ScriptedDice(4), FULL_DECK, purpose="test")
    assert card == 4 and rest == (1, 2, 3, 5, 6, 7, 8, 9)
    card, rest = deck.draw(ScriptedDice(4), rest, purpose="test")
    assert card == 5 and 5 not in rest and len(rest) == 7


def test_an_empty_deck_is_shuffled_again():
    # reference §1.10: "a server-side shuffled 9-card battle deck per battle, reshuffled when it
    # runs out".
    card, rest = deck.draw(ScriptedDice(9), (), purpose="test")
    assert card == 9 and rest == tuple(range(1, 9))


def test_nine_draws_use_each_card_once():
    dice, rest, seen = Dice(7), FULL_DECK, []
    for _ in range(9):
        card, rest = deck.draw(dice, rest, purpose="test")
        seen.append(card)
    assert sorted(seen) == list(FULL_DECK) and rest == ()
    assert all(r.expression.startswith("1d") for r in dice.log)


# -- what the results do -------------------------------------------------------------------------

def test_f_falls_back_one_sector_toward_its_own_side():
    # seed 000 reads F as the target falling back (reference §1 preamble).
    r = round_of(state(unit("d", D, at="C2")))
    r.apply(r.units["d"], F)
    assert r.units["d"].position == "C3" and r.units["d"].hits == 2
    assert r.units["d"].status is UnitStatus.READY


def test_r_falls_back_and_takes_one_hit():
    # reference §1.6: "R (rout) ... The fragment adds 'and takes 1 damage'".
    r = round_of(state(unit("a", A, at="C2")))
    r.apply(r.units["a"], R)
    u = r.units["a"]
    assert (u.position, u.hits, u.status) == ("C1", 1, UnitStatus.ROUTED)


def test_h_costs_one_hit_and_zero_hits_destroy():
    # reference §1.6: "H (hit): the target loses 1 of its Hits. At 0 Hits it is destroyed".
    r = round_of(state(unit("a", A, at="C2")))
    r.apply(r.units["a"], H)
    assert r.units["a"].hits == 1 and r.units["a"].alive
    r.apply(r.units["a"], H)
    assert not r.units["a"].alive


def test_d_destroys():
    r = round_of(state(unit("a", A, "elite_infantry", at="C2")))
    r.apply(r.units["a"], DD)
    assert r.units["a"].status is UnitStatus.DESTROYED


def test_none_does_nothing():
    r = round_of(state(unit("a", A, at="C2")))
    r.apply(r.units["a"], N)
    assert r.units["a"] == r.start.units[0]


@pytest.mark.parametrize(("sign", "holds"), [(1, True), (2, True), (3, False)])
def test_morale_test_draws_one_of_three_signs(sign, holds):
    # reference §1.10: "draw one of 3 symbols uniformly; the unit passes if it owns that symbol".
    r = round_of(state(unit("a", A, at="C2", card_morale=SIGNS[:2])), faces=[sign])
    r.hit.add("a")
    r.morale()
    assert r.dice.log[0].expression == "1d3"
    assert (r.units["a"].status is UnitStatus.READY) is holds
    assert r.units["a"].position == ("C2" if holds else "C1")


def test_a_unit_that_fell_back_takes_no_morale_test():
    r = round_of(state(unit("a", A, at="C2")))
    r.hit.add("a")
    r.apply(r.units["a"], F)
    r.morale()
    assert r.dice.log == []


def test_catalog_cards_are_valid_and_broken_ones_name_their_field():
    assert all(card_violations(c) is None for c in CATALOG.values())
    from dataclasses import replace
    broken = card_violations(replace(CATALOG["archers"], morale=frozenset(), hits=0,
                                     missile_range=0))
    assert {v.field for v in broken.violations} == {"morale", "hits", "missile_range"}
