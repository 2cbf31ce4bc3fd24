"""Passing database faults heal themselves: a turn that meets one while it is claimed or resolved
is handed back and its task tried again; it is resolved once and never marked failed."""
from __future__ import annotations

import datetime
import sqlite3

import psycopg
import pytest
from django.conf import settings
from django.db import IntegrityError, InterfaceError, OperationalError
from django.utils import timezone
from factories import ArmyFactory, KingdomFactory
from psycopg import errors

from armies.activity_services import activity_submit
from campaigns.models import Kingdom, KingdomTurn, TurnStatus
from campaigns.services import turn_open
from core.claims import ClaimedWork, TransientFault
from core.faults import is_transient
from core.permissions import SYSTEM
from turns import resolution
from turns.models import TurnReport
from turns.tasks import resolve_kingdom_turn, resolve_kingdom_turns

pytestmark = pytest.mark.django_db


def wrapped(cause: Exception, kind=OperationalError) -> Exception:
    """The error as Django raises it: its own class, the driver's error as the cause."""
    error = kind(str(cause))
    error.__cause__ = cause
    return error


@pytest.mark.parametrize("error", [
    wrapped(errors.SerializationFailure("could not serialize access")),
    wrapped(errors.DeadlockDetected("deadlock detected")),
    wrapped(errors.AdminShutdown("terminating connection due to administrator command")),
    wrapped(errors.LockNotAvailable("could not obtain lock")),
    wrapped(psycopg.OperationalError("server closed the connection unexpectedly")),
    wrapped(sqlite3.OperationalError("database is locked")),
    InterfaceError("connection already closed"),
], ids=repr)
def test_passing_faults_are_transient(error):
    assert is_transient(error)


@pytest.mark.parametrize("error", [
    wrapped(errors.QueryCanceled("canceling statement due to statement timeout")),
    wrapped(sqlite3.OperationalError("no such table: campaigns_kingdomturn")),
    wrapped(errors.UniqueViolation("duplicate key"), IntegrityError),
    RuntimeError("the dice fell off the table"),
], ids=repr)
def test_the_works_own_errors_are_not_transient(error):
    assert not is_transient(error)


@pytest.fixture
def turn(kingdom, player):
    Kingdom.objects.filter(pk=kingdom.pk).update(food=10)
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    army = ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    activity_submit(turn=turn, user=player, kind="deploy_army", army=army,
                    params={"destination": "D4"})
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED,
                                                  locked_at=timezone.now())
    return turn


def assert_resolved_once(turn):
    turn.refresh_from_db()
    assert turn.status == TurnStatus.RESOLVED
    assert TurnReport.objects.filter(turn=turn).count() == 1
    assert Kingdom.objects.get(pk=turn.kingdom_id).food == 9  # upkeep paid once
    assert not turn.history.filter(status=TurnStatus.FAILED).exists()
    assert set(turn.history.exclude(seed=None).values_list("seed", flat=True)) == {turn.seed}


def test_a_fault_while_resolving_is_retried_and_the_turn_resolves_once(turn, monkeypatch,
                                                                       fails_once):
    flaky = fails_once(resolution.resolve_turn)
    monkeypatch.setattr(resolution, "resolve_turn", flaky)
    # In-process Celery runs the retry at once, where a worker would wait a little.
    assert resolve_kingdom_turn.delay(turn.pk).get() == "resolved"
    assert len(flaky.calls) == 2
    assert_resolved_once(turn)
    # A kingdom turn is claimed in its work's transaction: the failed try left nothing, the
    # retry claimed and resolved it.
    assert list(turn.history.order_by("history_id").values_list("status", flat=True)) == [
        TurnStatus.OPEN, TurnStatus.RESOLVED]


def _another_locked_turn(turn):
    other = turn_open(actor=SYSTEM, kingdom=KingdomFactory(campaign=turn.kingdom.campaign))
    KingdomTurn.objects.filter(pk=other.pk).update(status=TurnStatus.LOCKED,
                                                   locked_at=timezone.now())
    return other


def test_a_fault_in_a_batch_leaves_the_others_to_be_resolved_and_retries_the_batch(
        turn, monkeypatch, fails_once):
    other = _another_locked_turn(turn)
    flaky = fails_once(resolution.resolve_turn)
    monkeypatch.setattr(resolution, "resolve_turn", flaky)
    # The first try: the fault hands `turn` back, `other` is resolved, and the batch is tried
    # again (at once, in-process), which resolves `turn` and skips `other`.
    assert resolve_kingdom_turns.delay([turn.pk, other.pk]).get() == ["resolved", "skipped"]
    assert len(flaky.calls) == 3
    assert_resolved_once(turn)
    other.refresh_from_db()
    assert other.status == TurnStatus.RESOLVED
    assert TurnReport.objects.filter(turn=other).count() == 1


def test_a_failed_turn_in_a_batch_fails_alone(turn, monkeypatch):
    other = _another_locked_turn(turn)
    real = resolution.resolve_turn

    def broken_for_turn(engine_input, seed):
        if engine_input.number == turn.number and engine_input.kingdom.name == turn.kingdom.name:
            raise RuntimeError("the dice fell off the table")
        return real(engine_input, seed)

    monkeypatch.setattr(resolution, "resolve_turn", broken_for_turn)
    assert resolve_kingdom_turns.delay([turn.pk, other.pk]).get() == ["failed", "resolved"]
    turn.refresh_from_db()
    other.refresh_from_db()
    assert (turn.status, other.status) == (TurnStatus.FAILED, TurnStatus.RESOLVED)


def test_an_error_keeping_a_failure_leaves_the_batch_s_other_turns_resolved(turn, monkeypatch):
    """A fault while the failure is kept (outside the work's transaction) is raised by the
    batch, as by the turn's own task, once its other turns are done."""
    other = _another_locked_turn(turn)
    real = resolution.resolve_turn

    def broken_for_turn(engine_input, seed):
        if engine_input.kingdom.name == turn.kingdom.name:
            raise RuntimeError("the dice fell off the table")
        return real(engine_input, seed)

    def cannot_keep(*args):
        raise OperationalError("no such table: campaigns_kingdomturn")

    monkeypatch.setattr(resolution, "resolve_turn", broken_for_turn)
    monkeypatch.setattr(ClaimedWork, "_fail", cannot_keep)
    with pytest.raises(OperationalError):
        resolution.turns_resolve([turn.pk, other.pk])
    other.refresh_from_db()
    assert other.status == TurnStatus.RESOLVED
    turn.refresh_from_db()
    assert turn.status == TurnStatus.LOCKED  # for the sweep, nothing applied


def test_a_fault_while_claiming_is_retried(turn, monkeypatch, fails_once):
    monkeypatch.setattr(ClaimedWork, "_locked_rows", fails_once(ClaimedWork._locked_rows))
    assert resolve_kingdom_turn.delay(turn.pk).get() == "resolved"
    assert_resolved_once(turn)


def test_a_fault_that_outlasts_the_retries_leaves_the_turn_to_the_sweep(
        turn, monkeypatch, django_capture_on_commit_callbacks):
    def down(*args, **kwargs):
        raise wrapped(psycopg.OperationalError("connection refused"))

    monkeypatch.setattr(resolution, "resolve_turn", down)
    with pytest.raises(TransientFault):
        resolution.turn_resolve(turn.pk)
    turn.refresh_from_db()
    assert (turn.status, turn.claim, turn.error) == (TurnStatus.LOCKED, "", "")
    drawn = turn.seed
    assert drawn is not None  # kept, so the retry rolls the same dice
    monkeypatch.undo()
    assert resolution.turns_sweep_stuck() == []  # still within its lease
    later = timezone.now() + datetime.timedelta(seconds=settings.MUSTER_RESOLVING_TIMEOUT_SECONDS)
    with django_capture_on_commit_callbacks(execute=True):
        assert resolution.turns_sweep_stuck(now=later + datetime.timedelta(seconds=1)) == [
            turn.pk]
    assert_resolved_once(turn)
    assert turn.seed == drawn


def test_a_redelivered_message_for_a_resolved_turn_does_nothing(turn):
    assert resolve_kingdom_turn.delay(turn.pk).get() == "resolved"
    assert resolve_kingdom_turn.delay(turn.pk).get() == "skipped"
    assert_resolved_once(turn)


def test_every_sweep_runs_every_minute_within_a_five_minute_bound():
    from django_celery_beat.models import PeriodicTask

    sweeps = PeriodicTask.objects.filter(task__contains="sweep_stuck")
    assert sorted(sweeps.values_list("task", flat=True)) == [
        "battles.tasks.sweep_stuck_scenes", "battles.tasks.sweep_stuck_sector_rounds",
        "campaigns.tasks.sweep_stuck_turns"]
    assert {task.crontab.minute for task in sweeps} == {"*"}
    # A dead worker's work is back in the queue one lease and at most one sweep later.
    assert settings.MUSTER_RESOLVING_TIMEOUT_SECONDS + 60 <= 5 * 60
