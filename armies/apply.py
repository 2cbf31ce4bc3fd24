"""Write armies as the engine left them (a kingdom turn's outcome, a battle scene's), inside
the caller's transaction.

Writes are batched (core.writes: on PostgreSQL one statement for all of them, however many armies
changed) and still leave a simple-history record for every row they touch.
"""
from __future__ import annotations

import functools
import operator
from collections import defaultdict
from collections.abc import Mapping

from armies import history as army_history
from armies.models import Army, ArmyActivity, ArmyCondition, ArmyGear, ArmyTactic
from campaigns.models import Faction, Kingdom
from core.related_rows import rows_of, with_related_rows
from core.writes import Writes, reserve_ids
from rules.kingmaker.activities import TurnArmy
from rules.kingmaker.army import current_hp
from rules.kingmaker.turn import KingdomTurnOutcome

REASON = "kingdom turn"


def _army_fields(row: Army, army: TurnArmy) -> None:
    row.hp = current_hp(army.state)
    row.hex = army.state.hex
    row.status = army.status
    row.garrisoned = army.garrisoned.value
    row.garrison_relief = army.garrison_relief
    row.garrison_bans = [list(ban) for ban in army.garrison_bans]


ARMY_FIELDS = ("hp", "hex", "status", "garrisoned", "garrison_relief", "garrison_bans")


def apply_armies(changed: list[TurnArmy], *, reason: str = REASON,
                 read: Mapping[int, Army] | None = None, writes: Writes | None = None) -> None:
    """Write these armies' state (fields, tactics, gear, conditions) with `reason` in history.
    `read` are army rows this transaction has already read with their tactics, gear and
    conditions (a kingdom turn's, read for its input), by id: they are not read again. Queued on
    `writes` if given (the caller flushes them), else written at once.
    Battle scenes (battles.apply) write their results through here too."""
    if not changed:
        return
    own_writes = writes is None
    writes = Writes() if writes is None else writes
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
    writes.update([rows[army.key] for army in changed], ARMY_FIELDS, history=True, reason=reason,
                  history_values={"children": snapshots})
    _write_children(writes, creates, deletes, condition_updates, reason=reason)
    if own_writes:
        writes.flush()


def _wanted(army: TurnArmy) -> army_history.Snapshot:
    """The tactics, gear and conditions the army should have, as its history's snapshot (their
    rows are made only where they change: armies.history.rows_from)."""
    paid = army.gear_paid_rp + (None,) * (len(army.state.gear) - len(army.gear_paid_rp))
    return {
        "tactics": list(army.state.tactics),
        "gear": [{"kind": item.kind.value, "tier": item.tier.value if item.tier else "",
                  "weapon": item.weapon.value if item.weapon else "", "doses": item.doses,
                  "price_paid_rp": price}
                 for item, price in zip(army.state.gear, paid, strict=False)],
        "conditions": {c.condition.value: c.value for c in army.state.conditions},
    }


# A gear row's and a wanted gear's fields, compared.
_STORED_GEAR = operator.attrgetter(*army_history.GEAR_FIELDS)
_WANTED_GEAR = operator.itemgetter(*army_history.GEAR_FIELDS)


def _diff_children(row: Army, army: TurnArmy, creates, deletes, condition_updates
                   ) -> army_history.Snapshot:
    """Queue the changes to the army's child rows; returns the snapshot for its history."""
    wanted = _wanted(army)
    new_rows = functools.cache(lambda: army_history.rows_from(wanted, row))
    tactics = rows_of(row, "tactics")
    if [t.tactic for t in tactics] != wanted["tactics"]:
        deletes[ArmyTactic] += tactics
        creates[ArmyTactic] += new_rows()[ArmyTactic]
    gear = rows_of(row, "gear")
    if sorted(map(_STORED_GEAR, gear)) != sorted(map(_WANTED_GEAR, wanted["gear"])):
        deletes[ArmyGear] += gear
        creates[ArmyGear] += new_rows()[ArmyGear]
    stored = {c.condition: c for c in rows_of(row, "conditions")}
    new = wanted["conditions"]
    deletes[ArmyCondition] += [c for code, c in stored.items() if code not in new]
    if not new.keys() <= stored.keys():
        creates[ArmyCondition] += [c for c in new_rows()[ArmyCondition]
                                   if c.condition not in stored]
    for code, value in new.items():
        if code in stored and stored[code].value != value:
            stored[code].value = value
            condition_updates.append(stored[code])
    return wanted


def _write_children(writes: Writes, creates, deletes, condition_updates, *, reason: str) -> None:
    # Nothing points at a tactic, gear or condition row: deleting skips the cascade collector.
    for model in deletes:
        writes.delete(deletes[model], history=True, reason=reason)
    for model in creates:
        writes.insert(creates[model], history=True, reason=reason)
    writes.update(condition_updates, ["value"], history=True, reason=reason)


def create_recruited(kingdom: Kingdom, outcome: KingdomTurnOutcome, writes: Writes,
                     orders: Mapping[int, ArmyActivity]) -> dict[int, int]:
    """Queue the armies a kingdom turn recruited on `writes`; returns engine key -> new army id.
    `orders` are the turn's activities by id: a recruit's template is its order's (an order
    without one is never read, so never recruits)."""
    if not outcome.recruited:
        return {}
    named = [r.army.faction for r in outcome.recruited if r.army.faction]
    factions = {f.name: f for f in Faction.objects.filter(
        campaign_id=kingdom.campaign_id, name__in=named)} if named else {}
    rows = []
    # Their ids first: the orders' results, the report and the armies' own rows name them.
    for recruited, pk in zip(outcome.recruited, reserve_ids(Army, len(outcome.recruited)),
                             strict=True):
        army = recruited.army
        row = Army(pk=pk, kingdom=kingdom,
                   template_id=int(orders[recruited.order].params["template"]),
                   faction=factions.get(army.faction) if army.faction else None,
                   name=army.state.name)
        _army_fields(row, army)
        rows.append(row)
    creates: dict[type, list] = defaultdict(list)
    snapshots = []
    for row, recruited in zip(rows, outcome.recruited, strict=True):
        wanted = _wanted(recruited.army)
        for model, new in army_history.rows_from(wanted, row).items():
            creates[model] += new
        snapshots.append(wanted)
    writes.insert(rows, history=True, reason=REASON, history_values={"children": snapshots})
    _write_children(writes, creates, {}, [], reason=REASON)
    return {r.army.key: row.pk for r, row in zip(outcome.recruited, rows, strict=True)}
