"""Write a fought battle's outcome back to the database, inside the caller's transaction: each
army's HP, conditions and gear (destroyed gear, potion doses drunk), destroyed armies, each
kingdom's unrest, fame and XP, the participants' starting snapshots and the report.

Armies are written through armies.apply.apply_armies (batched, with simple-history records)."""
from __future__ import annotations

from dataclasses import replace

from django.db import transaction
from simple_history.utils import bulk_update_with_history

from armies.apply import apply_armies
from armies.choices import ArmyStatus
from armies.models import Army
from armies.orders import turn_army
from armies.selectors import armies_with_details
from battles.models import BattleParticipant, BattleReport, BattleScene
from battles.reports import army_summary, report_data
from campaigns.models import Kingdom
from rules.data import to_data
from rules.kingmaker.activities import TurnArmy
from rules.kingmaker.battle.setup import ArmyResult, BattleOutcome, BattleSetup
from rules.kingmaker.conditions import Condition, Conditions, gain, reduce
from rules.kingmaker.gear import GearItem

REASON = "battle scene"


def apply_battle(scene: BattleScene, setup: BattleSetup, outcome: BattleOutcome,
                 participants: list[BattleParticipant], kingdoms: dict[int, Kingdom]) -> None:
    """`kingdoms` are the sides' kingdoms, locked by the caller, by id."""
    assert transaction.get_connection().in_atomic_block, "apply inside the scene's transaction"
    assert outcome.finished, "only a finished battle is applied"
    rows = {a.pk: a for a in armies_with_details().filter(
        pk__in=[p.army_id for p in participants])}
    starting = {c.key: c.army for c in setup.combatants}
    changed = [_turn_army(rows[result.key], result) for result in outcome.armies]
    apply_armies(changed, reason=REASON)
    _apply_kingdoms(scene, outcome, kingdoms)
    for participant in participants:
        participant.snapshot = army_summary(starting[participant.army_id])
    bulk_update_with_history(participants, BattleParticipant, ["snapshot"],
                             default_change_reason=REASON)
    BattleReport.objects.create(scene=scene, inputs=to_data(setup),
                                outcome=report_data(outcome, setup))


def _paid(before: TurnArmy, after: tuple[GearItem, ...]) -> tuple[int | None, ...]:
    """The RP paid for each item left: an item keeps its price however many doses remain."""
    left = list(zip(before.state.gear, before.gear_paid_rp, strict=False))
    paid = []
    for item in after:
        match = next((i for i, (old, _price) in enumerate(left) if old.slot() == item.slot()), None)
        paid.append(left.pop(match)[1] if match is not None else None)
    return tuple(paid)


def _turn_army(row: Army, result: ArmyResult) -> TurnArmy:
    """The stored army with the battle's result: what armies.apply knows how to write."""
    before = turn_army(row, row.kingdom.level)
    state = replace(before.state, hp=result.army.hp, conditions=_lasting(before, result),
                    gear=result.army.gear)
    status = ArmyStatus.DESTROYED.value if result.destroyed else before.status
    return replace(before, state=state, status=status,
                   gear_paid_rp=_paid(before, result.army.gear))


def _lasting(before: TurnArmy, result: ArmyResult) -> Conditions:
    """The conditions the army keeps. Fortified is the kingdom's garrison (Garrison Army), not the
    battle's: a scene's fortification covers its garrison only while it fights, and a garrison
    fought outside its walls is fortified again once the battle ends."""
    conditions = reduce(result.army.conditions, Condition.FORTIFIED)
    if before.has(Condition.FORTIFIED) and not result.destroyed:
        conditions = gain(conditions, Condition.FORTIFIED)
    return conditions


def _apply_kingdoms(scene: BattleScene, outcome: BattleOutcome, kingdoms: dict[int, Kingdom]
                    ) -> None:
    for side in outcome.sides:
        kingdom = scene.kingdom_of(side.side)
        if kingdom is None or not (side.unrest or side.fame or side.xp):
            continue
        kingdom = kingdoms[kingdom.pk]
        kingdom.unrest = max(0, kingdom.unrest + side.unrest)
        kingdom.fame = max(0, kingdom.fame + side.fame)
        kingdom.xp = max(0, kingdom.xp + side.xp)
        kingdom._change_reason = REASON
        kingdom.save(update_fields=["unrest", "fame", "xp"])
