"""Write armies as the engine left them (a kingdom turn's outcome, a battle scene's), inside
the caller's transaction.

Writes are batched (a fixed number of queries per table, however many armies changed) and still
leave a simple-history record for every row they touch.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from django.utils import timezone
from simple_history.utils import (
    bulk_create_with_history,
    bulk_update_with_history,
    get_history_manager_for_model,
)

from armies import history as army_history
from armies.models import Army, ArmyCondition, ArmyGear, ArmyTactic, ArmyTemplate
from campaigns.models import Faction, Kingdom
from core.related_rows import with_related_rows
from rules.kingmaker.activities import TurnArmy
from rules.kingmaker.army import stat_block
from rules.kingmaker.turn import KingdomTurnOutcome

REASON = "kingdom turn"


def _army_fields(row: Army, army: TurnArmy) -> None:
    row.hp = stat_block(army.state).hp
    row.hex = army.state.hex
    row.status = army.status
    row.garrisoned = army.garrisoned.value
    row.garrison_relief = army.garrison_relief
    row.garrison_bans = [list(ban) for ban in army.garrison_bans]


def apply_armies(changed: list[TurnArmy], *, reason: str = REASON,
                 read: Mapping[int, Army] | None = None) -> None:
    """Write these armies' state (fields, tactics, gear, conditions) with `reason` in history.
    `read` are army rows this transaction has already read with their tactics, gear and
    conditions (a kingdom turn's, read for its input), by id: they are not read again.
    Battle scenes (battles.apply) write their results through here too."""
    if not changed:
        return
    already = read or {}
    rows = {key: already[key] for key in (a.key for a in changed) if key in already}
    missing = [a.key for a in changed if a.key not in rows]
    if missing:
        rows |= {a.pk: a for a in with_related_rows(Army.objects.filter(pk__in=missing),
                                                     "tactics", "gear", "conditions")}
    creates: dict[type, list] = defaultdict(list)
    deletes: dict[type, list] = defaultdict(list)
    condition_updates: list[ArmyCondition] = []
    snapshots = []
    for army in changed:
        row = rows[army.key]
        _army_fields(row, army)
        snapshots.append(_diff_children(row, army, creates, deletes, condition_updates))
    Army.objects.bulk_update([rows[army.key] for army in changed],
                             ["hp", "hex", "status", "garrisoned", "garrison_relief",
                              "garrison_bans"])
    army_history.record_many([rows[army.key] for army in changed], snapshots, reason=reason)
    _write_children(creates, deletes, condition_updates, reason=reason)


def _children(army_row: Army, army: TurnArmy) -> dict[type, list]:
    """The tactic, gear and condition rows the army should have (unsaved)."""
    gear = []
    paid = army.gear_paid_rp + (None,) * (len(army.state.gear) - len(army.gear_paid_rp))
    for item, price in zip(army.state.gear, paid, strict=False):
        gear.append(ArmyGear(army=army_row, kind=item.kind.value,
                             tier=item.tier.value if item.tier else "",
                             weapon=item.weapon.value if item.weapon else "", doses=item.doses,
                             price_paid_rp=price))
    return {
        ArmyTactic: [ArmyTactic(army=army_row, tactic=code, position=i)
                     for i, code in enumerate(army.state.tactics)],
        ArmyGear: gear,
        ArmyCondition: [ArmyCondition(army=army_row, condition=c.condition.value, value=c.value)
                        for c in army.state.conditions],
    }


def _diff_children(row: Army, army: TurnArmy, creates, deletes, condition_updates
                   ) -> army_history.Snapshot:
    """Queue the changes to the army's child rows; returns the snapshot for its history."""
    wanted = _children(row, army)
    tactics = [t.tactic for t in row.tactics.all()]
    if tactics != [t.tactic for t in wanted[ArmyTactic]]:
        deletes[ArmyTactic] += list(row.tactics.all())
        creates[ArmyTactic] += wanted[ArmyTactic]

    def gear_key(g):
        return (g.kind, g.tier, g.weapon, g.doses, g.price_paid_rp)

    if sorted(map(gear_key, row.gear.all())) != sorted(map(gear_key, wanted[ArmyGear])):
        deletes[ArmyGear] += list(row.gear.all())
        creates[ArmyGear] += wanted[ArmyGear]
    stored = {c.condition: c for c in row.conditions.all()}
    new = {c.condition: c for c in wanted[ArmyCondition]}
    deletes[ArmyCondition] += [c for code, c in stored.items() if code not in new]
    creates[ArmyCondition] += [c for code, c in new.items() if code not in stored]
    for code, condition in new.items():
        if code in stored and stored[code].value != condition.value:
            stored[code].value = condition.value
            condition_updates.append(stored[code])
    return army_history.snapshot(wanted[ArmyTactic], wanted[ArmyGear], wanted[ArmyCondition])


def _write_children(creates, deletes, condition_updates, *, reason: str = REASON) -> None:
    for model, rows in deletes.items():
        _delete_with_history(model, rows, reason=reason)
    for model, rows in creates.items():
        if rows:
            bulk_create_with_history(rows, model, default_change_reason=reason)
    if condition_updates:
        bulk_update_with_history(condition_updates, ArmyCondition, ["value"],
                                 default_change_reason=reason)


def _delete_with_history(model, rows: list, *, reason: str = REASON) -> None:
    """Delete rows in one statement and record each deletion in its history table.

    QuerySet.delete() would record history too, but with one INSERT per row (post_delete)."""
    if not rows:
        return
    history = get_history_manager_for_model(model)
    now = timezone.now()
    names = [f.attname for f in model._meta.concrete_fields]
    history.bulk_create([
        history.model(history_date=now, history_type="-", history_change_reason=reason,
                      **{name: getattr(row, name) for name in names})
        for row in rows])
    # No other table points at these rows, so skipping Django's cascade collector is safe.
    model.objects.filter(pk__in=[row.pk for row in rows])._raw_delete(model.objects.db)


def create_recruited(kingdom: Kingdom, outcome: KingdomTurnOutcome) -> dict[int, int]:
    """Create the armies a kingdom turn recruited; returns engine key -> new army id."""
    if not outcome.recruited:
        return {}
    templates = {t.name: t for t in ArmyTemplate.objects.filter(
        name__in=[r.army.state.template.name for r in outcome.recruited])}
    factions = {f.name: f for f in Faction.objects.filter(
        campaign_id=kingdom.campaign_id,
        name__in=[r.army.faction for r in outcome.recruited if r.army.faction])}
    rows = []
    for recruited in outcome.recruited:
        army = recruited.army
        row = Army(kingdom=kingdom, template=templates[army.state.template.name],
                   faction=factions.get(army.faction) if army.faction else None,
                   name=army.state.name)
        _army_fields(row, army)
        rows.append(row)
    rows = Army.objects.bulk_create(rows)
    if any(row.pk is None for row in rows):  # backends that return no ids from bulk inserts
        saved = {a.name: a for a in Army.objects.filter(
            kingdom=kingdom, status="active", name__in=[r.name for r in rows])}
        rows = [saved[r.name] for r in rows]
    creates: dict[type, list] = defaultdict(list)
    snapshots = []
    for row, recruited in zip(rows, outcome.recruited, strict=True):
        children = _children(row, recruited.army)
        for model, new in children.items():
            creates[model] += new
        snapshots.append(army_history.snapshot(children[ArmyTactic], children[ArmyGear],
                                               children[ArmyCondition]))
    army_history.record_many(rows, snapshots, reason=REASON, history_type="+")
    _write_children(creates, {}, [])
    return {r.army.key: row.pk for r, row in zip(outcome.recruited, rows, strict=True)}
