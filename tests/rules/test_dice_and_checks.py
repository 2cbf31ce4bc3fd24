"""Dice (the one source of randomness) and PF2e degrees of success / flat checks."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.checks import Degree, check, degree_of_success, flat_check
from rules.dice import Dice

SEEDS = st.integers(min_value=0, max_value=2**32)


# --- Dice -------------------------------------------------------------------------------------

# seed 003_750bd81a16f66abf.txt: "беспорядки повышаются на 1d6 и один из типов раздора по выбору
# игроков — на 1" (the engine rolls such expressions; same seed -> same rolls, so a resolution
# can be replayed).
@settings(max_examples=50, deadline=None, database=None)
@given(seed=SEEDS, expressions=st.lists(st.sampled_from(["1d6", "1d4", "d20", "2d6+1", "d20-2"]),
                                        min_size=1, max_size=8))
def test_same_seed_and_calls_give_the_same_log(seed, expressions):
    first, second = Dice(seed), Dice(seed)
    for i, expression in enumerate(expressions):
        first.roll(expression, purpose=f"roll {i}")
        second.roll(expression, purpose=f"roll {i}")
    assert first.log == second.log
    assert len(first.log) == len(expressions)


# seed 003_750bd81a16f66abf.txt: "Беспорядки повышаются на 1d4." (dice expressions: each die's
# face lies on the die and the total is the faces plus the modifier).
@settings(max_examples=50, deadline=None, database=None)
@given(seed=SEEDS, count=st.integers(1, 5), sides=st.sampled_from([4, 6, 8, 10, 12, 20]),
       modifier=st.integers(-10, 10))
def test_roll_faces_and_total(seed, count, sides, modifier):
    expression = f"{count}d{sides}{modifier:+d}"
    roll = Dice(seed).roll(expression, purpose="test")
    assert len(roll.faces) == count
    assert all(1 <= face <= sides for face in roll.faces)
    assert roll.modifier == modifier
    assert roll.total == sum(roll.faces) + modifier


def test_every_roll_is_logged_with_its_purpose():
    # seed 003_750bd81a16f66abf.txt: "При получении урона потрясённое войско должно пройти чистую
    # проверку со СЛ 11." (every die, e.g. this flat check, is logged with why it was rolled)
    dice = Dice(7)
    a = dice.roll("1d4", purpose="unrest")
    b = dice.d20(purpose="shaken flat check")
    c = dice.d20(purpose="attack", modifier=5)
    assert dice.log == [a, b, c]
    assert [r.purpose for r in dice.log] == ["unrest", "shaken flat check", "attack"]
    assert [r.expression for r in dice.log] == ["1d4", "1d20", "1d20+5"]
    assert c.total == c.natural + 5
    assert dice.d20(purpose="x", modifier=-3).expression == "1d20-3"


def test_a_purpose_is_a_msgid_with_its_parameters_so_readers_get_their_language():
    dice = Dice(7)
    roll = dice.d20(purpose="Shaken army takes damage (%(army)s)", army="Tatzlford Guard")
    assert roll.message == "Shaken army takes damage (%(army)s)"
    assert roll.params == {"army": "Tatzlford Guard"}
    assert roll.purpose == "Shaken army takes damage (Tatzlford Guard)"
    unrest = dice.roll("1d4", purpose="Unrest: %(army)s is lost", army="Tatzlford Guard")
    assert unrest.purpose == "Unrest: Tatzlford Guard is lost"
    assert check(dice, modifier=2, dc=15, purpose="%(step)s (%(army)s)", step="Battle",
                 army="A").roll.purpose == "Battle (A)"
    assert flat_check(dice, dc=11, purpose="Flat (%(army)s)", army="A").roll.params == {"army": "A"}
    # Parameters do not touch the random stream: the same seed gives the same faces.
    plain = Dice(7)
    assert [plain.d20(purpose="x").faces, plain.roll("1d4", purpose="y").faces] == \
        [roll.faces, unrest.faces]


@pytest.mark.parametrize(("expression", "count", "sides", "modifier"), [
    ("2d6+1", 2, 6, 1),
    ("d20-2", 1, 20, -2),
    ("1d4", 1, 4, 0),
    (" 3d8 + 4 ", 3, 8, 4),
    ("d6", 1, 6, 0),
])
def test_expression_parsing(expression, count, sides, modifier):
    # seed 003_750bd81a16f66abf.txt: "беспорядки повышаются на 1d6" / "Беспорядки повышаются на 1d4."
    roll = Dice(1).roll(expression, purpose="parse")
    assert len(roll.faces) == count
    assert all(1 <= f <= sides for f in roll.faces)
    assert roll.modifier == modifier
    assert roll.expression == expression.replace(" ", "")


@pytest.mark.parametrize("expression", ["", "d", "20", "2x6", "0d6", "2d0", "d20+", "1d6*2",
                                        "1d6+1d4", "abc", "-1d6", "d-6"])
def test_bad_expressions_raise_value_error(expression):
    # seed 003_750bd81a16f66abf.txt: "беспорядки повышаются на 1d6" (only such expressions are dice)
    dice = Dice(1)
    with pytest.raises(ValueError):
        dice.roll(expression, purpose="bad")
    assert dice.log == []


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


def test_d20_is_the_same_roll_as_its_expression():
    # The fast path must keep replays identical to rolling "1d20+N".
    from rules.dice import Dice

    fast, slow = Dice(99), Dice(99)
    for modifier in (0, 7, -3):
        assert fast.d20(purpose="p", modifier=modifier) == \
            slow.roll("1d20" if modifier == 0 else f"1d20{modifier:+d}", purpose="p")
