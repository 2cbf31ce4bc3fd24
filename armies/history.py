"""An army's history covers its tactics, gear and conditions.

Each historical Army row carries a snapshot of the army's tactics, gear and conditions
(`children`), written whenever the army or any of them changes. Why a snapshot rather than merging
the child models' own history rows into the army's page: a version of the army is then one row,
with who made it, that the admin's "Changes" column diffs and its revert restores as a whole.
Child rows alone cannot say which of them belonged to a version (the admin saves an army before
its inlines, a turn deletes and recreates them), so a revert could not restore them faithfully.
The child models keep their own history as well: the detail of each row.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypedDict

from django.db import models
from django.dispatch import receiver
from simple_history.signals import pre_create_historical_record

from armies.adapters import condition_state, gear_item
from armies.models import Army, ArmyCondition, ArmyGear, ArmyTactic
from core.writes import history_model, history_rows
from rules.kingmaker.conditions import ConditionState
from rules.kingmaker.gear import GearItem


class Snapshot(TypedDict):
    """ArmyHistory.children (armies.models.ARMY_CHILDREN: a new shape is a new version there)."""

    tactics: list[str]
    gear: list[dict[str, Any]]  # GEAR_FIELDS
    conditions: dict[str, int]


GEAR_FIELDS = ("kind", "tier", "weapon", "doses", "price_paid_rp")


def snapshot(tactics: Iterable[ArmyTactic], gear: Iterable[ArmyGear],
             conditions: Iterable[ArmyCondition]) -> Snapshot:
    """The army's tactics (in the order learned), gear and conditions as stored JSON."""
    return {
        "tactics": [t.tactic for t in sorted(tactics, key=lambda t: t.position)],
        "gear": [{name: getattr(g, name) for name in GEAR_FIELDS} for g in gear],
        "conditions": {c.condition: c.value for c in conditions},
    }


def stored_snapshot(army_id: int) -> Snapshot:
    return snapshot(ArmyTactic.objects.filter(army_id=army_id),
                    ArmyGear.objects.filter(army_id=army_id),
                    ArmyCondition.objects.filter(army_id=army_id))


def rows_from(children: Snapshot, army: Army) -> dict[type[models.Model], list[Any]]:
    """The (unsaved) tactic, gear and condition rows of a snapshot, for `army`."""
    return {
        ArmyTactic: [ArmyTactic(army=army, tactic=code, position=i)
                     for i, code in enumerate(children.get("tactics", []))],
        ArmyGear: [ArmyGear(army=army, **{name: g.get(name) for name in GEAR_FIELDS})
                   for g in children.get("gear", [])],
        ArmyCondition: [ArmyCondition(army=army, condition=code, value=value)
                        for code, value in children.get("conditions", {}).items()],
    }


class StateChildren(TypedDict):
    tactics: list[str]
    gear: list[GearItem]
    conditions: list[ConditionState]


def state_children(children: Snapshot, army: Army) -> StateChildren:
    """A snapshot as `armies.adapters.army_state`'s tactics, gear and conditions."""
    rows = rows_from(children, army)
    return {"tactics": [t.tactic for t in rows[ArmyTactic]],
            "gear": [gear_item(g) for g in rows[ArmyGear]],
            "conditions": [condition_state(c) for c in rows[ArmyCondition]]}


def described(children: Snapshot | None, army: Army) -> dict[str, str]:
    """Each kind of child in words, as the army page names them ("Keen Eyed, Hold the Line")."""
    if children is None:
        return {}
    return {str(model._meta.verbose_name_plural): ", ".join(str(row) for row in rows) or "—"
            for model, rows in rows_from(children, army).items()}


@receiver(pre_create_historical_record, sender=Army.history.model)
def _take_snapshot(sender, instance: Army, history_instance, **kwargs) -> None:
    """A row saved the ordinary way (the admin, a service) carries what the army has now."""
    if history_instance.children is None and instance.pk is not None:
        history_instance.children = stored_snapshot(instance.pk)


def record(army: Army, *, reason: str = "", history_type: str = "~") -> None:
    """Add a row to the army's history for a change to its tactics, gear or conditions (or for
    a save made without history), naming the acting user."""
    record_many([army], [stored_snapshot(army.pk)], reason=reason, history_type=history_type)


def record_many(armies: Sequence[Army], snapshots: Sequence[Snapshot], *, reason: str,
                history_type: str = "~") -> None:
    """One INSERT for all the armies' history rows, each with its snapshot."""
    rows = history_rows(list(armies), reason=reason, history_type=history_type)
    for row, children in zip(rows, snapshots, strict=True):
        row.children = children
    history_model(Army).objects.bulk_create(rows)


def refresh_latest(army: Army) -> None:
    """The admin saves the army before its inlines: its latest row takes the inlines' result."""
    latest = Army.history.filter(id=army.pk).order_by("-history_date", "-history_id").first()
    if latest is not None:
        latest.children = stored_snapshot(army.pk)
        latest.save(update_fields=["children"])
