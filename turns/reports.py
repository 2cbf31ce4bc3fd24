"""Turn reports as data: what a resolution did, for the API, the admin and replays.

Messages stay gettext msgids with their parameters, so each reader gets them in their language
(armies.report_text.with_text)."""
from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from armies.report_text import roll_data
from rules.data import to_data
from rules.errors import Violation
from rules.kingmaker.activities import KingdomSheet, TurnArmy
from rules.kingmaker.army import current_hp, maximum_hp
from rules.kingmaker.fog import KingdomView, ScoutingCheck
from rules.kingmaker.turn import ActivityResult, KingdomTurnInput, KingdomTurnOutcome


class TurnReportData(TypedDict):
    """TurnReport.outcome (turns.models.TURN_REPORT: a new shape is a new version there)."""

    turn: int
    seed: int
    kingdom: dict[str, dict[str, int]]  # before, after, delta
    upkeep: dict[str, Any]
    activities: list[ActivityResultData]
    armies: list[dict[str, Any]]
    recruited: list[dict[str, Any]]
    events: list[dict[str, Any]]
    battles: list[dict[str, Any]]
    rolls: list[dict[str, Any]]
    # Only on a campaign map (a report without them reads as before): what the kingdom saw at the
    # turn's end, and the Scouting checks that found nothing, which are the GM's alone
    # (turns.selectors.report_outcome leaves them out for anyone else).
    sight: NotRequired[dict[str, Any]]
    gm_scouting: NotRequired[list[dict[str, Any]]]


# The report's parts only the campaign's GM reads.
GM_ONLY = ("gm_scouting",)


class ActivityResultData(TypedDict, total=False):
    """ArmyActivity.result (armies.models.ACTIVITY_RESULT): the activity as resolved, or only
    the violations of an order that could not be read."""

    activity: int
    kind: str
    army: int | None
    status: str
    check: dict[str, Any] | None
    cost_rp: int
    violations: list[dict[str, Any]]
    events: list[dict[str, Any]]
    recruited_army: int


KINGDOM_FIELDS = ("level", "resource_points", "food", "unrest", "fame", "infamy", "xp")


def _kingdom(sheet: KingdomSheet) -> dict[str, int]:
    return {**{f: getattr(sheet, f) for f in KINGDOM_FIELDS}, **dict(sheet.ruin)}


def army_summary(army: TurnArmy) -> dict[str, Any]:
    return {
        "name": army.state.name,
        "status": army.status,
        "hex": army.state.hex,
        "hp": current_hp(army.state),
        "max_hp": maximum_hp(army.state),
        "conditions": [c.label() for c in army.state.conditions],
        "tactics": list(army.state.tactics),
        "gear": [g.label() for g in army.state.gear],
        "garrisoned": army.garrisoned.value,
    }


def _check(detail) -> dict[str, Any] | None:
    if detail is None:
        return None
    return {
        "skill": detail.skill,
        "modifier": detail.modifier,
        "modifiers": to_data(detail.modifiers),
        "dc": detail.dc,
        "dc_parts": [{"label": label, "value": value} for label, value in detail.dc_parts],
        "roll": detail.roll.natural,
        "total": detail.roll.total,
        "degree": to_data(detail.degree),
    }


def violation_data(violation: Violation) -> dict[str, Any]:
    return {"field": violation.field, "code": violation.code, "message": violation.message,
            "params": dict(violation.params)}


def activity_data(result: ActivityResult, army_ids: dict[int, int]) -> ActivityResultData:
    return {
        "activity": result.order,
        "kind": result.kind.value,
        "army": None if result.army is None else army_ids.get(result.army, result.army),
        "status": result.status,
        "check": _check(result.check),
        "cost_rp": result.cost_rp,
        "violations": [violation_data(v) for v in result.violations],
        "events": to_data(result.events),
    }


def scouting_data(check: ScoutingCheck, army_ids: dict[int, int]) -> dict[str, Any]:
    return {
        "scout": army_ids.get(check.scout, check.scout),
        "hidden": check.hidden,
        "hex": check.hex,
        "modifier": check.modifier,
        "modifiers": to_data(check.modifiers),
        "dc": check.dc,
        "roll": check.roll.natural,
        "total": check.roll.total,
        "degree": to_data(check.degree),
    }


def sight_data(view: KingdomView, army_ids: dict[int, int]) -> dict[str, Any]:
    """What the kingdom saw: its hexes and the other kingdoms' armies in them, each ambush found
    with the check that found it."""
    return {
        "hexes": sorted(view.hexes),
        "armies": [{"army": a.key, "kingdom": a.kingdom, "name": a.name, "hex": a.hex,
                    "found_by": None if a.found_by is None else scouting_data(a.found_by, army_ids)}
                   for a in view.armies],
    }


def report_data(engine_input: KingdomTurnInput, outcome: KingdomTurnOutcome,
                army_ids: dict[int, int]) -> TurnReportData:
    """`army_ids` maps the engine's keys for recruited armies to their new database ids."""
    before = {a.key: army_summary(a) for a in engine_input.armies}
    after = {a.key: army_summary(a) for a in outcome.armies}
    kingdom_before, kingdom_after = _kingdom(engine_input.kingdom), _kingdom(outcome.kingdom)
    data: TurnReportData = {
        "turn": outcome.number,
        "seed": outcome.seed,
        "kingdom": {"before": kingdom_before, "after": kingdom_after,
                    "delta": {k: kingdom_after[k] - kingdom_before[k] for k in kingdom_after
                              if kingdom_after[k] != kingdom_before[k]}},
        "upkeep": {"consumption": outcome.upkeep.consumption,
                   "food_before": outcome.upkeep.food_before, "paid": outcome.upkeep.paid,
                   "events": to_data(outcome.upkeep.events)},
        "activities": [activity_data(result, army_ids) for result in outcome.activities],
        "armies": [{"army": key, "before": before[key], "after": after[key]}
                   for key in before if before[key] != after[key]],
        "recruited": [{"activity": r.order, "army": army_ids.get(r.army.key),
                       "after": army_summary(r.army)} for r in outcome.recruited],
        "events": to_data(outcome.events),
        "battles": to_data(outcome.battles),
        "rolls": [roll_data(r) for r in outcome.rolls],
    }
    if outcome.sight is not None:
        data["sight"] = sight_data(outcome.sight, army_ids)
        data["gm_scouting"] = [scouting_data(c, army_ids) for c in outcome.scouting
                               if not c.found]
    return data
