"""Battle reports as data: every round, action and roll of a fought scene, for the API, the admin
and replays. Messages stay gettext msgids with their parameters, so each reader gets them in their
language (armies.report_text.with_text)."""
from __future__ import annotations

from typing import Any, TypedDict

from django.utils.translation import gettext_lazy as _

from armies.report_text import roll_data
from rules.data import to_data
from rules.events import core_data
from rules.kingmaker.army import ArmyState, stat_block
from rules.kingmaker.battle.setup import BattleEvent, BattleOutcome, BattleSetup
from rules.sides import Side


class BattleReportData(TypedDict):
    """BattleReport.outcome (battles.models.BATTLE_REPORT: a new shape is a new version there)."""

    seed: int
    finished: bool
    winner: str | None
    fortification_hp: int | None
    names: dict[str, str]
    before: list[dict[str, Any]]
    rounds: list[dict[str, Any]]
    after: list[dict[str, Any]]
    armies: list[dict[str, Any]]
    sides: list[dict[str, Any]]
    rolls: list[dict[str, Any]]


COLUMNS = 10  # the battlefield picture's columns (the engine's ArmySnapshot.cell)


class ArmySummary(TypedDict):
    """An army in a battle report, and BattleParticipant.snapshot
    (battles.models.PARTICIPANT_SNAPSHOT)."""

    name: str
    template: str
    level: int
    hp: int
    max_hp: int
    routing_threshold: int | None  # None: an army that never routs
    conditions: list[str]
    tactics: list[str]
    gear: list[str]


def army_summary(army: ArmyState) -> ArmySummary:
    block = stat_block(army)
    return {
        "name": block.name,
        "template": army.template.name,
        "level": army.level,
        "hp": block.hp,
        "max_hp": block.max_hp,
        "routing_threshold": block.routing_threshold,
        "conditions": [c.label() for c in army.conditions],
        "tactics": list(army.tactics),
        "gear": [g.label() for g in army.gear],
    }


def _check(check) -> dict[str, Any] | None:
    if check is None:
        return None
    return {"roll": check.roll.natural, "modifier": check.modifier, "total": check.roll.total,
            "dc": check.dc, "degree": to_data(check.degree), "purpose": check.roll.purpose,
            "message": check.roll.message, "params": dict(check.roll.params)}


def _event(event: BattleEvent) -> dict[str, Any]:
    return {**core_data(event), "actor": event.actor, "target": event.target,
            "check": _check(event.check), "damage": event.damage}


def _round(record) -> dict[str, Any]:
    return {
        "number": record.number,
        "initiative": list(record.initiative),
        "fortification_hp": record.fortification_hp,
        "armies": [{"army": a.key, "side": a.side.value, "position": a.position.value,
                    "engaged_with": list(a.engaged_with), "hp": a.hp,
                    "conditions": [c.label() for c in a.conditions], "cell": list(a.cell)}
                   for a in record.armies],
    }


def report_data(outcome: BattleOutcome, setup: BattleSetup | None = None) -> BattleReportData:
    """The outcome as data. With the `setup` it was fought from, each army also shows how it
    began; army keys are the armies' database ids."""
    before = {c.key: c for c in setup.combatants} if setup is not None else {}
    events_by_round: dict[int, list] = {}
    for event in outcome.events:
        events_by_round.setdefault(event.round, []).append(_event(event))
    rounds = []
    for record in outcome.rounds:
        rounds.append({**_round(record), "events": events_by_round.pop(record.number, [])})
    return {
        "seed": outcome.seed,
        "finished": outcome.finished,
        "winner": to_data(outcome.winner),
        "fortification_hp": outcome.fortification_hp,
        "names": {str(key): c.army.name for key, c in before.items()},
        # Events outside any recorded round: the set-up before round 1 (round 0) and the aftermath.
        "before": events_by_round.pop(0, []),
        "rounds": rounds,
        "after": [e for number in sorted(events_by_round) for e in events_by_round[number]],
        "armies": [{
            "army": result.key,
            "side": result.side.value,
            "hp_lost": result.hp_lost,
            "defeated": result.defeated,
            "routed": result.routed,
            "fled": result.fled,
            "destroyed": result.destroyed,
            "before": army_summary(before[result.key].army) if result.key in before else None,
            "after": army_summary(result.army),
            "plan": to_data(before[result.key].plan) if result.key in before else None,
        } for result in outcome.armies],
        "sides": [{"side": side.side.value, "won": side.won, "check": _check(side.check),
                   "unrest": side.unrest, "fame": side.fame, "xp": side.xp,
                   "events": [_event(e) for e in side.events]} for side in outcome.sides],
        "rolls": [roll_data(r) for r in outcome.rolls],
    }


def _labels() -> dict[str, dict[str, Any]]:
    return {
        # A scene's sides in the plural, as the report's headings have them.
        "side": {Side.ATTACKER.value: _("attackers"), Side.DEFENDER.value: _("defenders")},
        "position": {"nearby": _("nearby"), "engaged": _("engaged"), "distant": _("distant"),
                     "fled": _("fled")},
        "degree": {"critical_success": _("critical success"), "success": _("success"),
                   "failure": _("failure"), "critical_failure": _("critical failure")},
    }


def _labelled(data: Any, labels) -> Any:
    """Add `<name>_label` beside each side, position and degree code, in the active language."""
    if isinstance(data, dict):
        extra = {f"{k}_label": labels[k].get(v, v) for k, v in data.items()
                 if k in labels and isinstance(v, str)}
        return {**{k: _labelled(v, labels) for k, v in data.items()}, **extra}
    if isinstance(data, list):
        return [_labelled(v, labels) for v in data]
    return data


def with_names(data: dict[str, Any]) -> dict[str, Any]:
    """The report for templates: each army's name beside its key (a template cannot look a key
    up in `names`), the battlefield picture of each round, and labels for the codes."""
    names = data.get("names", {})
    data = _labelled(data, _labels())

    def name(key) -> str:
        return names.get(str(key), str(key))

    def grid(armies) -> list[list[list[str]]]:
        """The battlefield picture: rows of COLUMNS cells, each the names of the armies in it."""
        on_field = [a for a in armies if a["cell"][0] >= 0]
        rows: list[list[list[str]]] = [[[] for _column in range(COLUMNS)]
                for _row in range(max((a["cell"][1] for a in on_field), default=-1) + 1)]
        for army in on_field:
            column, row = army["cell"]
            rows[row][min(column, COLUMNS - 1)].append(name(army["army"]))
        return rows

    return {
        **data,
        "rounds": [{**r, "armies": [{**a, "name": name(a["army"]),
                                     "engaged_with_names": [name(k) for k in a["engaged_with"]]}
                                    for a in r["armies"]],
                    "initiative_names": [name(k) for k in r["initiative"]],
                    "grid": grid(r["armies"])}
                   for r in data.get("rounds", [])],
        "armies": [{**a, "name": (a.get("after") or {}).get("name") or name(a["army"])}
                   for a in data.get("armies", [])],
    }


# Keys reports gained after some were stored (roll purposes as msgids with their parameters): a
# replay of an older report leaves them out where the stored report has none.
LATER_KEYS = frozenset({"message", "params"})


def as_old_as(replayed: Any, stored: Any) -> Any:
    """The replayed report without the keys the stored one predates."""
    if isinstance(replayed, dict) and isinstance(stored, dict):
        return {k: as_old_as(v, stored.get(k)) for k, v in replayed.items()
                if k in stored or k not in LATER_KEYS}
    if isinstance(replayed, list) and isinstance(stored, list):
        return [as_old_as(v, stored[i] if i < len(stored) else None)
                for i, v in enumerate(replayed)]
    return replayed


def first_difference(stored: Any, replayed: Any, path: str = "") -> tuple[str, Any, Any] | None:
    """Where two reports first differ (a path such as "rounds[2].events[0].damage", and both
    values), or None when they are identical."""
    if isinstance(stored, dict) and isinstance(replayed, dict):
        for key in list(stored) + [k for k in replayed if k not in stored]:
            if key not in stored or key not in replayed:
                return (f"{path}.{key}".lstrip("."), stored.get(key), replayed.get(key))
            found = first_difference(stored[key], replayed[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(stored, list) and isinstance(replayed, list):
        for index, (a, b) in enumerate(zip(stored, replayed, strict=False)):
            found = first_difference(a, b, f"{path}[{index}]")
            if found:
                return found
        if len(stored) != len(replayed):
            index = min(len(stored), len(replayed))
            return (f"{path}[{index}]".lstrip("."), stored[index] if index < len(stored) else None,
                    replayed[index] if index < len(replayed) else None)
        return None
    if stored != replayed or type(stored) is not type(replayed):
        return (path.lstrip(".") or "(whole report)", stored, replayed)
    return None
