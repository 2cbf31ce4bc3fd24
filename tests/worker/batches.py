"""A batch of kingdom turns for the worker tests: build it, wait for workers to resolve it, and
check that every order in it was applied exactly once."""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

import pytest
from celery_workers import queued_messages, unacked_messages, wait_until
from django.utils import timezone
from factories import ArmyFactory, CampaignFactory, KingdomFactory, MembershipFactory

from armies.activity_services import activity_submit
from armies.apply import REASON
from armies.choices import ActivityStatus
from armies.models import Army, ArmyActivity
from campaigns.models import Kingdom, KingdomTurn, Role, TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM
from turns import resolution
from turns.models import TurnReport

FOOD = 100  # each Infantry army eats 1 Food a turn (upkeep)
SWEEP_TIMEOUT = 2  # seconds a turn may stay resolving (or locked) before the sweep hands it back


@dataclass
class Batch:
    campaign: object
    turns: list[KingdomTurn]
    armies_per_kingdom: int
    armies: list[Army] = field(default_factory=list)
    activities: list[ArmyActivity] = field(default_factory=list)

    @property
    def turn_ids(self) -> list[int]:
        return [t.pk for t in self.turns]


def build(*, kingdoms: int, armies: int) -> Batch:
    """Kingdoms with an open turn and Infantry armies in C4, each ordered to deploy to D4. The
    kingdom's Exploration is high enough that every deployment arrives (even a natural 1 only
    lowers a critical success), so each army changes exactly once per resolution."""
    batch = Batch(CampaignFactory.create(), [], armies)
    # The campaign's GM gives every kingdom's orders (a player gives only their own kingdom's).
    player = MembershipFactory.create(campaign=batch.campaign, role=Role.GM).user
    for k in range(kingdoms):
        kingdom = KingdomFactory.create(campaign=batch.campaign, name=f"Kingdom {k}", food=FOOD,
                                 exploration=30, resource_points=50)
        turn = turn_open(actor=SYSTEM, kingdom=kingdom)
        batch.turns.append(turn)
        for a in range(armies):
            army = ArmyFactory.create(kingdom=kingdom, name=f"Army {k}.{a}", hex="C4")
            activity, created = activity_submit(turn=turn, user=player, kind="deploy_army",
                                                army=army, params={"destination": "D4"})
            assert created
            batch.armies.append(army)
            batch.activities.append(activity)
    return batch


def lock_without_sending(batch: Batch) -> None:
    KingdomTurn.objects.filter(pk__in=batch.turn_ids).update(status=TurnStatus.LOCKED,
                                                             locked_at=timezone.now())


def statuses(ids) -> Counter:
    return Counter(KingdomTurn.objects.filter(pk__in=ids).values_list("status", flat=True))


def wait_resolved(ids, *, timeout: float, workers=(), sweep: bool = False) -> None:
    """Poll the database until every turn is resolved; with `sweep`, run the stuck-turn sweep
    every SWEEP_TIMEOUT seconds meanwhile (as the periodic task would)."""
    deadline = time.monotonic() + timeout
    next_sweep = time.monotonic() + SWEEP_TIMEOUT
    while True:
        now = statuses(ids)
        failed = KingdomTurn.objects.filter(pk__in=ids, status=TurnStatus.FAILED)
        assert not failed.exists(), [t.error for t in failed]
        if now[TurnStatus.RESOLVED] == len(ids):
            return
        if time.monotonic() > deadline:
            logs = "\n".join(f"--- {w.name}\n{w.log()[-3000:]}" for w in workers)
            pytest.fail(f"turns not resolved after {timeout}s: {dict(now)}\n{logs}")
        if sweep and time.monotonic() > next_sweep:
            resolution.turns_sweep_stuck()
            next_sweep = time.monotonic() + SWEEP_TIMEOUT
        time.sleep(0.05)


def wait_drained(broker: str, workers, *, tasks: int | None = None, timeout: float = 20) -> None:
    """Wait until the broker holds no message and the workers logged `tasks` results in all."""
    def drained():
        done = sum(sum(w.results().values()) for w in workers)
        return (queued_messages(broker) == 0 and unacked_messages(broker) == 0
                and (tasks is None or done >= tasks))

    wait_until(drained, timeout=timeout, interval=0.1, message="the queue to drain")


def assert_applied_exactly_once(batch: Batch) -> None:
    """Every order applied once, upkeep paid once, one report and one next turn per kingdom."""
    for turn in batch.turns:
        turn.refresh_from_db()
        assert turn.status == TurnStatus.RESOLVED, (turn, turn.error)
        assert TurnReport.objects.filter(turn=turn).count() == 1
        assert turn.history.filter(status=TurnStatus.RESOLVED).count() == 1
        assert not turn.history.filter(status=TurnStatus.FAILED).exists()
        seeds = set(turn.history.exclude(seed=None).values_list("seed", flat=True))
        assert seeds == {turn.seed}  # a retried claim rolls the same dice
        report = turn.report.outcome
        kingdom = Kingdom.objects.get(pk=turn.kingdom_id)
        assert report["upkeep"]["consumption"] == batch.armies_per_kingdom
        assert report["upkeep"]["food_before"] == FOOD
        assert kingdom.food == FOOD - batch.armies_per_kingdom  # upkeep paid once
        assert kingdom.history.filter(history_change_reason=REASON).count() == 1
        assert list(kingdom.turns.order_by("number").values_list("number", "status")) == [
            (1, TurnStatus.RESOLVED), (2, TurnStatus.OPEN)]  # the next turn opened once
    for activity in batch.activities:
        activity.refresh_from_db()
        assert activity.status == ActivityStatus.RESOLVED, activity.result
        assert activity.history.filter(history_change_reason=REASON).count() == 1
    for army in batch.armies:
        army.refresh_from_db()
        assert army.hex == "D4"
        assert army.history.filter(history_change_reason=REASON).count() == 1


