"""Warfare Exercises, a leadership activity our campaigns unlock: drills that help (or, botched,
hurt) this turn's army activities."""
from __future__ import annotations

from dataclasses import dataclass

from rules.degrees import Degree
from rules.errors import Violation, _
from rules.kingmaker.activities.base import ActivityDefinition, CheckSpec, control
from rules.kingmaker.activities.kinds import ActivityKind, ActivityParams, Order
from rules.kingmaker.activities.outcome import CheckDetail, Resolution
from rules.kingmaker.activities.situation import Situation, TurnArmy


@dataclass(frozen=True)
class WarfareExercises(ActivityParams):
    pass


def _validate(situation: Situation, army: None, params: WarfareExercises) -> list[Violation]:
    if not situation.kingdom.warfare_exercises_unlocked:
        return [Violation("activity_locked",
                          _("Warfare Exercises is not unlocked in this campaign."), "kind")]
    return []


def _check(situation: Situation, params: WarfareExercises, army: TurnArmy | None) -> CheckSpec:
    return CheckSpec("warfare", control(situation))


def _resolve(turn: Resolution, order: Order) -> CheckDetail:
    detail = turn.check(order)
    level = turn.kingdom.level
    bonus = 3 if level >= 15 else 2 if level >= 9 else 1
    if detail.degree is Degree.CRITICAL_SUCCESS:
        turn.exercises.bonus_all = bonus
        turn.exercises.soften_next_critical_failure = True
        turn.say("exercises_all", _("Army activities this turn: +%(bonus)s."), bonus=bonus)
    elif detail.degree is Degree.SUCCESS:
        turn.exercises.bonus_next = bonus
        turn.say("exercises_first", _("The first army activity: +%(bonus)s."), bonus=bonus)
    elif detail.degree is Degree.CRITICAL_FAILURE:
        turn.exercises.worsen_next_failure = True
        turn.say("exercises_botched", _("The next failed army activity becomes a critical failure."))
    return detail


DEFINITION = ActivityDefinition(
    kind=ActivityKind.WARFARE_EXERCISES,
    label=_("Warfare Exercises"),
    params=WarfareExercises,
    validate=_validate,
    check=_check,
    resolve=_resolve,
    leadership=True,
    description="Warfare Exercises (a leadership activity: no army; no parameters).",
)
