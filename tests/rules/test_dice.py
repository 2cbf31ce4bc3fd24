"""Dice: the one source of randomness, seeded and logged."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.degrees import check, flat_check
from rules.dice import Dice

SEEDS = st.integers(min_value=0, max_value=2**32)


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


def test_d20_is_the_same_roll_as_its_expression():
    # The fast path must keep replays identical to rolling "1d20+N".
    fast, slow = Dice(99), Dice(99)
    for modifier in (0, 7, -3):
        assert fast.d20(purpose="p", modifier=modifier) == \
            slow.roll("1d20" if modifier == 0 else f"1d20{modifier:+d}", purpose="p")


# seed 003_750bd81a16f66abf.txt: "совершает проверку Разведки, и результат проверки становится его
# значением инициативы" — a replay needs every d20 of the fast path to be the face `randint` gives.
@settings(max_examples=50, deadline=None, database=None)
@given(seed=SEEDS, faces=st.integers(1, 200))
def test_a_d20_face_is_the_face_randint_draws(seed, faces):
    dice, bare = Dice(seed), random.Random(seed)
    assert [dice.d20_face() for _ in range(faces)] == [bare.randint(1, 20) for _ in range(faces)]
    # And the stream goes on from the same place.
    assert dice.roll("1d6", purpose="after").faces == (bare.randint(1, 6),)


@settings(max_examples=50, deadline=None, database=None)
@given(seed=SEEDS, sides=st.integers(1, 40), faces=st.integers(1, 100))
def test_a_face_is_the_face_randint_draws(seed, sides, faces):
    dice, bare = Dice(seed), random.Random(seed)
    assert [dice.face(sides) for _ in range(faces)] == [bare.randint(1, sides)
                                                        for _ in range(faces)]
    assert dice.roll(f"3d{sides}", purpose="after").faces == tuple(bare.randint(1, sides)
                                                                   for _ in range(3))


# The dice seed their generator without `random.Random.__init__` around it: the same state as
# `random.Random(seed)` for any int seed (a claimed seed is 62 bits, a fog's a 64-bit digest; the
# tests' run below zero), and the same generator otherwise.
@settings(max_examples=50, deadline=None, database=None)
@given(seed=st.integers(min_value=-2**70, max_value=2**70))
def test_the_dice_start_where_random_starts(seed):
    dice, bare = Dice(seed), random.Random(seed)
    assert dice._random.getstate() == bare.getstate()
    assert type(dice._random) is random.Random
    assert dice._random.gauss(0, 1) == bare.gauss(0, 1)


@pytest.mark.parametrize("seed", ["a fog's digest", b"bytes", True, 2.5])
def test_the_dice_start_where_random_starts_whatever_the_seed(seed):
    # A seed that is not an int is seeded by `random.Random` itself: a string through sha512,
    # not through Python's hash, which changes from run to run.
    assert Dice(seed)._random.getstate() == random.Random(seed).getstate()
