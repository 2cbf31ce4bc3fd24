"""`quick_init` makes a frozen dataclass cheaper to make and changes nothing else about it;
`quick_replace` copies one as `dataclasses.replace` does."""
from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError, dataclass, field, fields, replace
from enum import StrEnum

import pytest

from rules.records import quick_init, quick_replace


@dataclass(frozen=True)
class Plain:
    name: str
    faces: tuple[int, ...]
    bonus: int = 2
    params: dict[str, int] = field(default_factory=dict)


@quick_init
@dataclass(frozen=True)
class Quick:
    name: str
    faces: tuple[int, ...]
    bonus: int = 2
    params: dict[str, int] = field(default_factory=dict)


@quick_init
@dataclass(frozen=True)
class Point:
    x: int
    y: int = 0


@quick_init
@dataclass(frozen=True)
class Point3(Point):
    z: int = 0


def test_it_is_made_as_the_dataclass_makes_it():
    for args, kwargs in [(("a", (1,)), {}), (("b", (2, 3), 5), {}),
                         (("c",), {"faces": (4,), "params": {"x": 1}}), ((), {"name": "d",
                                                                               "faces": ()})]:
        quick, plain = Quick(*args, **kwargs), Plain(*args, **kwargs)
        assert vars(quick) == vars(plain)
        assert repr(quick).removeprefix("Quick") == repr(plain).removeprefix("Plain")


def test_a_default_factory_gives_each_record_its_own_value():
    first, second = Quick("a", ()), Quick("b", ())
    assert first.params == {} and first.params is not second.params


def test_equality_hashing_replace_pickling_and_inheritance_are_the_dataclasses():
    record = Quick("a", (1,), 3)
    assert record == Quick("a", (1,), 3) and record != Quick("a", (1,), 4)
    assert hash(Point3(1, 2, 3)) == hash(Point3(1, 2, 3)) and len({Point(1), Point(1, 0)}) == 1
    assert replace(record, bonus=4) == Quick("a", (1,), 4)
    assert pickle.loads(pickle.dumps(record)) == record
    assert vars(Point3(1, z=7)) == {"x": 1, "y": 0, "z": 7}
    with pytest.raises(TypeError):
        Quick("a")  # a field without a default must be given, as before


class Mood(StrEnum):
    CALM = "calm"
    ANGRY = "angry"


@quick_init
@dataclass(frozen=True)
class Soldier:
    name: str
    mood: Mood = Mood.CALM   # a default of a type Python lets change: taken off the class
    rank: int = 1


def test_a_default_taken_off_the_class_is_still_the_default():
    assert "mood" not in vars(Soldier) and vars(Soldier)["rank"] == 1
    assert Soldier("a").mood is Mood.CALM and Soldier("a", Mood.ANGRY).mood is Mood.ANGRY
    assert [f.default for f in fields(Soldier)] == [fields(Soldier)[0].default, Mood.CALM, 1]
    assert replace(Soldier("a", Mood.ANGRY), name="b") == Soldier("b", Mood.ANGRY)
    assert quick_replace(Soldier("a"), rank=2) == Soldier("a", Mood.CALM, 2)
    assert pickle.loads(pickle.dumps(Soldier("a"))) == Soldier("a")
    assert repr(Soldier("a")) == "Soldier(name='a', mood=<Mood.CALM: 'calm'>, rank=1)"


def test_it_stays_frozen():
    record = Quick("a", (1,))
    with pytest.raises(FrozenInstanceError):
        record.bonus = 3


def test_it_refuses_what_it_cannot_make_faster():
    @dataclass
    class Mutable:
        value: int

    @dataclass(frozen=True, slots=True)
    class Slotted:
        value: int

    for cls in (Mutable, Slotted):
        with pytest.raises(TypeError):
            quick_init(cls)


def test_quick_replace_gives_what_replace_gives():
    for record, changes in [(Plain("a", (1,), 3, {"x": 1}), {"bonus": 4}),
                            (Quick("a", (1,)), {"name": "b", "faces": (2, 3)}),
                            (Point3(1, 2, 3), {"z": 7}), (Point(1), {})]:
        before = dict(vars(record))
        copy, expected = quick_replace(record, **changes), replace(record, **changes)
        assert type(copy) is type(expected) and vars(copy) == vars(expected)
        assert copy == expected and copy is not record and vars(record) == before
    assert hash(quick_replace(Point3(1, 2, 3), z=7)) == hash(Point3(1, 2, 7))


def test_quick_replace_shares_values_as_replace_does_and_stays_frozen():
    record = Plain("a", (1,))
    copy = quick_replace(record, bonus=5)
    assert copy.params is record.params
    with pytest.raises(FrozenInstanceError):
        copy.bonus = 3


def test_quick_replace_refuses_what_replace_would():
    @dataclass(frozen=True)
    class Derived:
        value: int
        double: int = field(init=False, default=0)

    @dataclass(frozen=True)
    class Checked:
        value: int

        def __post_init__(self):
            if self.value < 0:
                raise ValueError(self.value)

    with pytest.raises(TypeError):
        quick_replace(Point(1), w=2)   # no such field
    for record in (Derived(1), Checked(1)):
        with pytest.raises(TypeError):
            quick_replace(record, value=2)


def test_a_copy_keeps_nothing_derived_from_the_old_fields():
    # An army state keeps its stat block on itself (rules.kingmaker.army.stat_block): a copy
    # with other fields must not take it along.
    record = Quick("a", (1,))
    record.__dict__["_derived"] = "of a"
    copy = quick_replace(record, name="b")
    assert copy == Quick("b", (1,)) and "_derived" not in copy.__dict__
    assert vars(quick_replace(Quick("a", (1,)), name="b")) == vars(Quick("b", (1,)))
