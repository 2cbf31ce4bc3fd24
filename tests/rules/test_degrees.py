"""PF2e degrees of success, checks and flat checks."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.degrees import Degree, check, degree_of_success, flat_check
from rules.dice import Dice

SEEDS = st.integers(min_value=0, max_value=2**32)


# --- Degrees of success -----------------------------------------------------------------------

@pytest.mark.parametrize(("total", "dc", "expected"), [
    (30, 20, Degree.CRITICAL_SUCCESS),
    (35, 20, Degree.CRITICAL_SUCCESS),
    (29, 20, Degree.SUCCESS),
    (20, 20, Degree.SUCCESS),
    (19, 20, Degree.FAILURE),
    (11, 20, Degree.FAILURE),
    (10, 20, Degree.CRITICAL_FAILURE),
    (0, 20, Degree.CRITICAL_FAILURE),
])
def test_degree_of_success_boundaries(total, dc, expected):
    # reference/kingmaker-warfare-data.yaml: "Critical success if the result meets or beats the DC
    # by 10+; success if it meets the DC; failure if below; critical failure if it misses by 10+."
    assert degree_of_success(total, dc) is expected


@pytest.mark.parametrize(("total", "dc", "natural", "expected"), [
    (20, 20, 20, Degree.CRITICAL_SUCCESS),   # success -> critical success
    (15, 20, 20, Degree.SUCCESS),            # failure -> success
    (5, 20, 20, Degree.FAILURE),             # critical failure -> failure
    (40, 20, 20, Degree.CRITICAL_SUCCESS),   # clamps at critical success
    (20, 20, 1, Degree.FAILURE),             # success -> failure
    (30, 20, 1, Degree.SUCCESS),             # critical success -> success
    (15, 20, 1, Degree.CRITICAL_FAILURE),    # failure -> critical failure
    (5, 20, 1, Degree.CRITICAL_FAILURE),     # clamps at critical failure
    (20, 20, 10, Degree.SUCCESS),            # other naturals change nothing
])
def test_natural_20_and_natural_1(total, dc, natural, expected):
    # reference/kingmaker-warfare-data.yaml: "A die showing 20 improves the degree one step; a 1
    # worsens it one step"
    assert degree_of_success(total, dc, natural) is expected


@settings(max_examples=200, deadline=None, database=None)
@given(dc=st.integers(-10, 60), a=st.integers(-20, 80), b=st.integers(-20, 80),
       natural=st.sampled_from([None, 1, 2, 10, 19, 20]))
def test_degree_of_success_is_monotonic_in_the_total(dc, a, b, natural):
    # reference/kingmaker-warfare-data.yaml: "Critical success if the result meets or beats the DC
    # by 10+; success if it meets the DC; failure if below; critical failure if it misses by 10+."
    low, high = sorted((a, b))
    assert degree_of_success(low, dc, natural) <= degree_of_success(high, dc, natural)


@settings(max_examples=50, deadline=None, database=None)
@given(seed=SEEDS, modifier=st.integers(-5, 30), dc=st.integers(5, 45))
def test_check_grades_d20_plus_modifier(seed, modifier, dc):
    # reference/kingmaker-warfare-data.yaml: "Maneuver actions roll Maneuver vs the opponent's
    # Maneuver DC ... attack actions roll vs AC"
    dice = Dice(seed)
    result = check(dice, modifier=modifier, dc=dc, purpose="maneuver")
    assert dice.log == [result.roll]
    assert result.total == result.roll.natural + modifier
    assert result.degree is degree_of_success(result.total, dc, result.roll.natural)
    assert result.roll.purpose == "maneuver"


# --- Flat checks -------------------------------------------------------------------------------

@pytest.mark.parametrize("dc", [1, 0, -3])
def test_flat_check_dc_1_or_less_succeeds_without_rolling(dc):
    # reference/kingmaker-warfare-data.yaml: "DC 1 or less = automatic success, DC 21+ = automatic
    # failure"
    dice = Dice(3)
    result = flat_check(dice, dc=dc, purpose="flat")
    assert result.success is True
    assert result.roll is None
    assert dice.log == []


@pytest.mark.parametrize("dc", [21, 22, 40])
def test_flat_check_dc_21_or_more_fails_without_rolling(dc):
    # reference/kingmaker-warfare-data.yaml: "DC 1 or less = automatic success, DC 21+ = automatic
    # failure"
    dice = Dice(3)
    result = flat_check(dice, dc=dc, purpose="flat")
    assert result.success is False
    assert result.roll is None
    assert dice.log == []


@settings(max_examples=100, deadline=None, database=None)
@given(seed=SEEDS, dc=st.integers(2, 20))
def test_flat_check_is_a_plain_d20_against_the_dc(seed, dc):
    # seed 003_750bd81a16f66abf.txt: "При получении урона потрясённое войско должно пройти чистую
    # проверку со СЛ 11. При провале потрясение увеличится на 1."
    dice = Dice(seed)
    result = flat_check(dice, dc=dc, purpose="shaken")
    assert dice.log == [result.roll]
    assert result.roll.expression == "1d20"
    assert result.roll.modifier == 0
    assert result.success is (result.roll.natural >= dc)


def test_flat_check_dc_11_both_outcomes_occur():
    # seed 003_750bd81a16f66abf.txt: "потрясённое войско должно пройти чистую проверку со СЛ 11"
    outcomes = {flat_check(Dice(seed), dc=11, purpose="shaken").success for seed in range(40)}
    assert outcomes == {True, False}
