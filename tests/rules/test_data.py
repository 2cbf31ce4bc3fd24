"""rules.data.to_data: engine objects as the JSON stored reports and replays hold, converted by
one converter per class (worked out on first use) exactly as the tests on each value did."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import ClassVar

from rules.data import record_data, to_data


class Degree(IntEnum):
    CRITICAL_SUCCESS = 3


class Colour(Enum):
    RED = "red"


@dataclass(frozen=True)
class Inner:
    colour: Colour
    hidden: int = field(default=0, repr=False)


@dataclass(frozen=True)
class Record:
    data_omit_default: ClassVar[tuple[str, ...]] = ("extra", "marks")
    data_order: ClassVar[tuple[str, ...]] = ("degree", "inner", "counts", "tags", "path",
                                             "extra", "marks")
    inner: Inner
    degree: Degree
    counts: dict
    tags: frozenset
    path: tuple
    extra: int = 0
    marks: list = field(default_factory=list)


def test_each_kind_of_value_converts_as_stored():
    record = Record(Inner(Colour.RED, hidden=5), Degree.CRITICAL_SUCCESS,
                    {Colour.RED: [Degree.CRITICAL_SUCCESS], 2: (1, 2)}, frozenset({"b", "a"}),
                    ("C4", Colour.RED))
    data = record_data(record)
    assert data == {"degree": "critical_success", "inner": {"colour": "red"},
                    "counts": {"red": ["critical_success"], "2": [1, 2]}, "tags": ["a", "b"],
                    "path": ["C4", "red"]}
    assert list(data) == ["degree", "inner", "counts", "tags", "path"]  # the class's data_order


def test_an_omitted_field_is_stored_once_it_leaves_its_default():
    # Twice each: the second conversion goes through the class's kept converter.
    for _ in range(2):
        plain = record_data(Record(Inner(Colour.RED), Degree.CRITICAL_SUCCESS, {}, frozenset(), ()))
        assert "extra" not in plain and "marks" not in plain
        changed = record_data(Record(Inner(Colour.RED), Degree.CRITICAL_SUCCESS, {}, frozenset(),
                                     (), extra=1, marks=[Colour.RED]))
        assert (changed["extra"], changed["marks"]) == (1, ["red"])


def test_a_dataclass_itself_and_plain_values_stay_as_they_are():
    assert to_data(Record) is Record
    assert [to_data(v) for v in (None, True, 1.5, "x")] == [None, True, 1.5, "x"]
