"""Work on a row exactly once, whatever the workers do (docs/concurrency.md): lock the rows that
took their input and enqueue them after commit, claim under a row lock with a fresh token, do the
work in one transaction that re-checks the claim, keep a failure's error for the GM, hand the row
back and retry after a passing database fault, and sweep what a dead worker left behind. Kingdom
turns, battle scenes and sector rounds all go through it; each declares only what differs."""
from __future__ import annotations

import datetime
import functools
import logging
import secrets
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import DatabaseError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.module_loading import import_string

from core.compiled import CompiledRead
from core.faults import drop_broken_connection, is_transient
from core.models import ClaimedModel

log = logging.getLogger(__name__)


class TransientFault(Exception):
    """A passing database fault stopped the work: nothing of it was committed and the row is
    claimable again (or will be, once the sweep finds its lease lapsed); or the commit went
    through just before the connection broke, and the retry finds the work done and skips it."""


# The options of a task that runs a ClaimedWork: acknowledged only once it has run (a message of a
# worker that died is delivered again), and retried with a growing, jittered delay after a passing
# database fault; once the retries are spent, the sweep sends the row again.
TASK_OPTIONS = {
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": (TransientFault,),
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "retry_jitter": True,
    "max_retries": 6,
}
# Rows are sent in batches only when there are enough of them to fill at least this many
# messages (ClaimedWork._batches).
MESSAGES_AT_LEAST = 16


def claimed_seed(row: ClaimedModel) -> int:
    """The seed its claim gave the row (kept, so a retry rolls the same dice)."""
    if row.seed is None:
        raise ValueError("the row is not claimed")
    return row.seed


@dataclass(frozen=True)
class ClaimedWork:
    """One kind of work: which rows take input, which wait for a worker, its statuses, the Celery
    task that runs one row and the work itself."""

    model: type[ClaimedModel]
    task: str                  # the Celery task's dotted path (its module imports the declarer)
    work: Callable[[Any], None]  # done on the claimed row, under its lock, in one transaction
    taking_input: Q            # the rows `lock` sends on: they still take orders or plans
    waiting: Q                 # the rows a worker may claim
    waiting_status: str        # what a locked, swept or reopened row's status is
    resolving: str
    failed: str
    related: tuple[str, ...] = ()  # read along with the row under its lock
    locked: tuple[str, ...] = ("self",)  # the row and those of `related` locked with it
    # Claim the row in the work's own transaction (a kingdom turn: one transaction, not two): a
    # row being worked on stays waiting, under the work's lock, which the sweep skips; a dead
    # worker's transaction rolls back and leaves it waiting, for the sweep to send again.
    claim_with_work: bool = False
    # Called with the ids of the rows just locked, in the transaction that locks them: what the
    # work must read as it stood at the lock (a kingdom turn's snapshot of the campaign's armies).
    on_lock: Callable[[list[int]], None] | None = None
    # The Celery task that runs several rows in turn, and the most rows one of its messages
    # carries: a worker's own work per message (receiving it, handing it to its pool, the
    # acknowledgement, asking for the next) cost a kingdom turn about a fifth of its time.
    batch_task: str | None = None
    batch_size: int = 1

    def _rows(self) -> QuerySet[Any]:
        # Every claimed model has the claim's fields (status, claim, seed, resolving_since,
        # locked_at, error); they are read and written by name.
        return self.model._default_manager.all()

    def enqueue(self, ids: list[int]) -> None:
        """Send the rows' tasks once the current transaction commits (`_batches`)."""
        if not ids:
            return

        def send() -> None:
            for batch in self._batches(ids):
                if self.batch_task is not None and len(batch) > 1:
                    import_string(self.batch_task).delay(batch)
                else:
                    import_string(self.task).delay(batch[0])

        transaction.on_commit(send)

    def _batches(self, ids: list[int]) -> list[list[int]]:
        """A message a row while they are few, so that every worker starts on one at once;
        batches of at most `batch_size` once they are many, yet at least MESSAGES_AT_LEAST of
        them, so that no worker is left alone with a long batch at the end (a worker takes a
        message at a time)."""
        size = max(1, min(self.batch_size, len(ids) // MESSAGES_AT_LEAST)) if self.batch_task else 1
        return [ids[start:start + size] for start in range(0, len(ids), size)]

    @transaction.atomic
    def lock(self, rows: QuerySet, *, enqueue: bool = True, with_waiting: bool = False
             ) -> list[int]:
        """Lock those of `rows` still taking input (no more of it) and, unless told not to,
        enqueue them; with_waiting, gather those of `rows` already locked and waiting for a
        worker too (enqueued again: a duplicate is skipped). Returns the ids, newly locked first.
        A row another transaction holds is left for the next time."""
        fresh = list(rows.select_for_update(skip_locked=True, of=("self",))
                     .filter(self.taking_input).values_list("pk", flat=True))
        self._rows().filter(self.taking_input, pk__in=fresh).update(
            status=self.waiting_status, locked_at=timezone.now())
        if fresh and self.on_lock is not None:
            self.on_lock(fresh)
        ids = fresh
        if with_waiting:
            ids = fresh + list(rows.filter(self.waiting).exclude(pk__in=fresh)
                               .values_list("pk", flat=True))
        if enqueue:
            self.enqueue(ids)
        return ids

    def lock_held(self, row: ClaimedModel) -> None:
        """Lock this row, which the caller's transaction holds under its row lock and found
        taking input, and enqueue it; unlike `lock`, the row's history records it."""
        row.set_status(self.waiting_status, locked_at=timezone.now())
        if self.on_lock is not None:
            self.on_lock([row.pk])
        self.enqueue([row.pk])

    def claim(self, pk: int) -> str | None:
        """Move a waiting row to resolving and return its claim token; None if it is not ours to
        take (claimed already, done, failed, or not waiting). Raises TransientFault if a passing
        database fault stopped it."""
        try:
            return self._claim(pk)
        except DatabaseError as error:
            if not is_transient(error):
                raise
            raise self._transient(pk, error) from error

    def _claim(self, pk: int) -> str | None:
        with transaction.atomic():
            row = self._rows().select_for_update().filter(self.waiting, pk=pk).first()
            if row is None:
                return None
            # The seed is drawn once and kept, so a retry rolls the same dice.
            seed = secrets.randbits(62) if row.seed is None else row.seed
            row.set_status(self.resolving, resolving_since=timezone.now(), claim=uuid.uuid4().hex,
                           seed=seed)
            return row.claim

    def run(self, pk: int) -> str:
        """Claim the row and do the work on it in one transaction; returns "resolved", "skipped"
        or "failed" (the error is kept on the row and nothing of the work is applied). A passing
        database fault fails nothing: the row goes back to waiting and TransientFault is raised,
        for the task to try again."""
        token = None
        if not self.claim_with_work:
            token = self.claim(pk)
            if token is None:
                return "skipped"
        drawn: list[int] = []  # the seed a claim with the work drew
        try:
            with transaction.atomic():
                row = self._taken(pk, token, drawn)
                if row is None:
                    return "skipped"
                self.work(row)
            return "resolved"
        except Exception as error:
            if is_transient(error):
                fault = self._transient(pk, error)
                if token is None:
                    self._keep_seed(pk, drawn)
                else:
                    self._release(pk, token)
                raise fault from error
            # The GM sees the error; the game's data stays as it was.
            log.exception("%s failed", self._name(pk))
            self._fail(pk, token, error, drawn)
            return "failed"

    def run_batch(self, pks: list[int]) -> list[str]:
        """`run` on each row in turn, each in its own transaction, as tasks of their own would.
        What `run` raises for one row (a passing database fault; or a fault while it kept the
        row's failure) leaves the others to be done, then is raised: a passing fault first, for
        the task to try again, whose rows done by then are skipped; any other leaves its row to
        the sweep, as its own task would."""
        results: list[str] = []
        errors: list[Exception] = []
        for pk in pks:
            try:
                results.append(self.run(pk))
            except Exception as error:
                errors.append(error)
        if errors:
            raise next((e for e in errors if isinstance(e, TransientFault)), errors[0])
        return results

    def _taken(self, pk: int, token: str | None, drawn: list[int]) -> ClaimedModel | None:
        """The row to work on, under its lock: ours by `token`, or (claimed with the work)
        still waiting, with its seed drawn; None if it is not ours to work on."""
        if token is not None:
            row = self._locked_rows().get(pk=pk)
            # Else the sweep gave it to another worker meanwhile.
            return row if row.status == self.resolving and row.claim == token else None
        found = self._waiting_row.fetch(pk=pk)
        row = found[0] if found else None
        if row is not None:  # else done, failed, or another worker's
            # The seed is drawn once and kept (a failure keeps it too), so a retry rolls the
            # same dice.
            row.seed = secrets.randbits(62) if row.seed is None else row.seed
            drawn.append(row.seed)
        return row

    def _keep_seed(self, pk: int, drawn: list[int]) -> None:
        """Store the seed a rolled-back claim drew, so that the retry rolls the same dice; if the
        database is still out of reach, the retry draws another (nothing was applied)."""
        if not drawn:
            return
        try:
            self._rows().filter(self.waiting, pk=pk, seed__isnull=True).update(seed=drawn[0])
        except DatabaseError as error:
            if not is_transient(error):
                raise
            drop_broken_connection()

    @functools.cached_property
    def _waiting_row(self) -> CompiledRead:
        """The row if it still waits, under _locked_rows' lock: compiled once (core.compiled),
        as every turn claimed with its work reads it."""
        return CompiledRead(lambda pk: self._locked_rows().filter(self.waiting, pk=pk), pk=int)

    def _locked_rows(self) -> QuerySet:
        """The row lock taken to do the work: the row's own and those of `locked` (a nullable
        join cannot be locked, and the work locks what else it writes itself)."""
        rows = self._rows().select_for_update(of=self.locked)
        # select_related() with no names would follow every foreign key.
        return rows.select_related(*self.related) if self.related else rows

    def reopen(self, pk: int) -> bool:
        """Hand a failed row back to the queue (its seed is kept, so the dice fall the same
        way); False if it had not failed."""
        with transaction.atomic():
            row = self._rows().select_for_update().get(pk=pk)
            if row.status != self.failed:
                return False
            row.set_status(self.waiting_status, locked_at=timezone.now(), error="")
            self.enqueue([pk])
            return True

    def _release(self, pk: int, token: str) -> None:
        """Hand our claim back, so that the retry claims the row at once. If the database is
        still out of reach, the row stays resolving and the sweep hands it back once the lease
        has lapsed."""
        try:
            with transaction.atomic():
                row = self._rows().select_for_update().get(pk=pk)
                if row.status == self.resolving and row.claim == token:
                    row.set_status(self.waiting_status, claim="", locked_at=timezone.now())
        except DatabaseError as error:
            if not is_transient(error):
                raise
            drop_broken_connection()
            log.warning("%s stays claimed until its lease lapses: %s", self._name(pk), error)

    def _transient(self, pk: int, error: Exception) -> TransientFault:
        log.warning("%s: a passing database fault, tried again: %s", self._name(pk), error)
        drop_broken_connection()
        return TransientFault(f"{self._name(pk)}: {error}")

    def _name(self, pk: int) -> str:
        return f"{self.model._meta.verbose_name} {pk}"

    def _fail(self, pk: int, token: str | None, error: Exception, drawn: list[int]) -> None:
        ours = self.waiting if token is None else Q(status=self.resolving, claim=token)
        with transaction.atomic():
            row = self._rows().select_for_update().filter(ours, pk=pk).first()
            if row is not None:
                row.set_status(self.failed, error=f"{type(error).__name__}: {error}",
                               seed=drawn[0] if drawn else row.seed)

    def sweep(self, *, now: datetime.datetime | None = None) -> list[int]:
        """Rows whose claim's lease has lapsed (resolving for longer than
        MUSTER_RESOLVING_TIMEOUT_SECONDS: their worker died) go back to waiting, and they and rows
        waiting that long (their message was lost, or their retries ran out) are enqueued again.
        A row a worker still holds under its lock is skipped, however long it takes: the lease
        lapses only for work nobody is doing. A stuck row's claim is void, so a late commit from
        its old worker is refused; a duplicate message is skipped."""
        now = now or timezone.now()
        cutoff = now - datetime.timedelta(seconds=settings.MUSTER_RESOLVING_TIMEOUT_SECONDS)
        rows = self._rows()
        with transaction.atomic():
            stuck = list(rows.select_for_update(skip_locked=True)
                         .filter(status=self.resolving, resolving_since__lt=cutoff)
                         .values_list("pk", flat=True))
            rows.filter(pk__in=stuck).update(status=self.waiting_status, claim="", locked_at=now)
            waiting = list(rows.select_for_update(skip_locked=True)
                           .filter(self.waiting, locked_at__lt=cutoff)
                           .values_list("pk", flat=True))
            # Restart their clock, so the next sweep does not send them again straight away.
            rows.filter(pk__in=waiting).update(locked_at=now)
            self.enqueue(stuck + waiting)
        return stuck + waiting
