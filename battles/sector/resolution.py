"""Resolving a sector battle's round exactly once (docs/concurrency.md, core.claims): a
closed round is claimed under a row lock, resolved through rules.cerilia, and written in one
transaction with its record (inputs, seed, events, rolls); then the next round opens, or the
battle ends and its aftermath is exported to the campaign's armies."""
from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Q
from django.utils import timezone

from armies.choices import ArmyStatus
from armies.models import Army
from battles import signals
from battles.sector import adapters
from battles.sector.models import BattleStatus, SectorBattle, SectorRound
from core.claims import ClaimedWork, claimed_seed
from rules.cerilia.aftermath import Fate, battle_result
from rules.cerilia.engine import deploy, resolve_round
from rules.cerilia.state import BattleState, state_data, state_from_data
from rules.data import to_data
from rules.errors import RuleViolation
from rules.sides import Side


def round_seed(battle_seed: int, number: int) -> int:
    """Each round's dice from the battle's one seed, so any round replays on its own."""
    return (battle_seed * 1_000_003 + number) % (1 << 62)


def _stored_orders(battle: SectorBattle, side: Side, current):
    row = battle.orders.filter(round=battle.round, side=side.value).first()
    try:
        return adapters.side_orders(current, battle.round, side,
                                    row.orders if row is not None else {})
    except RuleViolation:
        # Orders were checked when submitted and the state has not moved since; a side whose
        # orders no longer hold simply holds.
        return adapters.orders_from_data(battle.round, {})


@dataclass(frozen=True)
class Played:
    """What playing a round gives, as its record stores it (data, but the state)."""

    after: BattleState
    initiative: str
    events: list
    rolls: list


def play(state: BattleState, given, number: int, seed: int) -> Played:
    """Round `number` (0: the deployment) from `state` with both sides' orders."""
    if number == 0:
        return Played(deploy(state, given), "", [], [])
    outcome = resolve_round(state, given, seed)
    return Played(outcome.state, outcome.initiative.value, to_data(outcome.events),
                  to_data(outcome.rolls))


def _resolve_locked(battle: SectorBattle) -> None:
    current = state_from_data(battle.state)
    given = {side: _stored_orders(battle, side, current) for side in Side}
    number = battle.round
    seed = round_seed(claimed_seed(battle), number) if number else 0
    played = play(current, given, number, seed)
    after = played.after
    SectorRound.objects.create(
        battle=battle, number=number, seed=seed, state_before=battle.state,
        orders={side.value: to_data(given[side]) for side in Side},
        state_after=state_data(after), initiative=played.initiative, events=played.events,
        rolls=played.rolls)
    battle.state = state_data(after)
    battle.locked_at = None
    if after.finished:
        battle.status = BattleStatus.FINISHED
        battle.winner = after.winner.value if after.winner else ""
        result = battle_result(after)
        battle.result = to_data(result)
        battle.deadline = None
        _export(result)
    else:
        battle.status = BattleStatus.OPEN
        battle.round = number + 1
        battle.deadline = timezone.now() + datetime.timedelta(hours=battle.round_hours)
    battle.save()
    # Mailed once this transaction commits; a mail that fails is logged, the round stays.
    signals.sector_round_ready.send(sender=SectorBattle, battle=battle)


def _export(result) -> None:
    """Destroyed units' armies are destroyed in the campaign (row by row: history records)."""
    destroyed = [u.army for u in result.units if u.army and u.fate is Fate.DESTROYED]
    for army in Army.objects.filter(pk__in=destroyed, status=ArmyStatus.ACTIVE):
        army.status = ArmyStatus.DESTROYED
        army._change_reason = "sector battle"
        army.save(update_fields=["status"])


ROUNDS = ClaimedWork(
    model=SectorBattle,
    task="battles.tasks.resolve_sector_round",
    work=_resolve_locked,
    # An open round takes orders until it is closed.
    taking_input=Q(status=BattleStatus.OPEN, locked_at__isnull=True),
    waiting=Q(status=BattleStatus.OPEN, locked_at__isnull=False),
    waiting_status=BattleStatus.OPEN,
    resolving=BattleStatus.RESOLVING,
    failed=BattleStatus.FAILED,
)
round_resolve = ROUNDS.run
rounds_sweep_stuck = ROUNDS.sweep
