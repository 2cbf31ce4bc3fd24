"""Pathfinder 2e checks: degrees of success and flat checks."""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from rules.dice import Dice, Roll
from rules.records import quick_init


class Degree(IntEnum):
    CRITICAL_FAILURE = 0
    FAILURE = 1
    SUCCESS = 2
    CRITICAL_SUCCESS = 3

    def shifted(self, steps: int) -> Degree:
        # By position in `_DEGREES`, not `Degree(...)`: checks are shifted thousands of times.
        return _DEGREES[min(max(self + steps, 0), 3)]


_DEGREES = tuple(Degree)


def degree_of_success(total: int, dc: int, natural: int | None = None) -> Degree:
    """Meet the DC by 10+: critical success; meet it: success; miss by 10+: critical failure.

    A natural 20 raises the result one degree and a natural 1 lowers it one degree.
    """
    # By position in `_DEGREES` (reading `Degree.SUCCESS` through the enum class costs more than
    # the rest: every check of both engines is graded here).
    if total >= dc + 10:
        degree = 3
    elif total >= dc:
        degree = 2
    elif total <= dc - 10:
        degree = 0
    else:
        degree = 1
    if natural == 20:
        return _DEGREES[degree + 1] if degree < 3 else _DEGREES[3]
    if natural == 1:
        return _DEGREES[degree - 1] if degree else _DEGREES[0]
    return _DEGREES[degree]


@quick_init
@dataclass(frozen=True)
class CheckResult:
    roll: Roll
    modifier: int
    dc: int
    degree: Degree

    @property
    def total(self) -> int:
        return self.roll.total


def check(dice: Dice, *, modifier: int, dc: int, purpose: str, **params: Any) -> CheckResult:
    """Roll d20 + modifier against a DC and grade it."""
    roll = dice.d20(purpose=purpose, modifier=modifier, **params)
    return CheckResult(roll, modifier, dc, degree_of_success(roll.total, dc, roll.natural))


@quick_init
@dataclass(frozen=True)
class FlatCheckResult:
    dc: int
    roll: Roll | None
    success: bool


def flat_check(dice: Dice, *, dc: int, purpose: str, **params: Any) -> FlatCheckResult:
    """A d20 with no modifiers against a DC: DC 1 or less always succeeds, DC 21+ always fails."""
    if dc <= 1:
        return FlatCheckResult(dc, None, True)
    if dc >= 21:
        return FlatCheckResult(dc, None, False)
    roll = dice.d20(purpose=purpose, **params)
    return FlatCheckResult(dc, roll, roll.total >= dc)
