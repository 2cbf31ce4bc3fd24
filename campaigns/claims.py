"""Work on a row exactly once, whatever the workers do (docs/concurrency.md): enqueue after commit,
claim under a row lock with a fresh token, do the work in one transaction that re-checks the claim,
keep a failure's error for the GM, hand the row back and retry after a passing database fault, and
sweep what a dead worker left behind. Kingdom turns, battle scenes and sector rounds all go
through it."""
from __future__ import annotations

import datetime
import logging
import secrets
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from django.conf import settings
from django.db import DatabaseError, transaction
from django.db.models import Model, Q, QuerySet
from django.utils import timezone

from campaigns.faults import drop_broken_connection, is_transient

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


class Seeded(Protocol):
    @property
    def seed(self) -> int | None: ...


def claimed_seed(row: Seeded) -> int:
    """The seed its claim gave the row (kept, so a retry rolls the same dice)."""
    if row.seed is None:
        raise ValueError("the row is not claimed")
    return row.seed


M = TypeVar("M", bound=Model)


@dataclass(frozen=True)
class ClaimedWork(Generic[M]):
    model: type[M]
    waiting: Q                 # the rows a worker may claim
    waiting_status: str        # what a swept row goes back to
    resolving: str
    failed: str
    task: Callable[[], Any]    # the Celery task (imported late: tasks import this module's users)
    locked_rows: Callable[[], QuerySet]  # the row lock taken to apply the work

    def _rows(self) -> QuerySet[Any]:
        # Every claimed model has the claim's fields (status, claim, seed, resolving_since,
        # locked_at, error); they are read and written by name.
        return self.model._default_manager.all()

    def enqueue(self, ids: list[int]) -> None:
        """Send one task per row once the current transaction commits."""
        if not ids:
            return

        def send() -> None:
            task = self.task()
            for pk in ids:
                task.delay(pk)

        transaction.on_commit(send)

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
            row.status = self.resolving
            row.resolving_since = timezone.now()
            row.claim = uuid.uuid4().hex
            if row.seed is None:
                row.seed = secrets.randbits(62)  # kept, so a retry rolls the same dice
            row.save(update_fields=["status", "resolving_since", "claim", "seed"])
            return row.claim

    def run(self, pk: int, work: Callable[[M], None]) -> str:
        """Claim the row and do `work` on it in one transaction; returns "resolved", "skipped" or
        "failed" (the error is kept on the row and nothing of the work is applied). A passing
        database fault fails nothing: the row goes back to waiting and TransientFault is raised,
        for the task to try again."""
        token = self.claim(pk)
        if token is None:
            return "skipped"
        try:
            with transaction.atomic():
                row = self.locked_rows().get(pk=pk)
                if row.status != self.resolving or row.claim != token:
                    return "skipped"  # the sweep gave it to another worker meanwhile
                work(row)
            return "resolved"
        except Exception as error:
            if is_transient(error):
                fault = self._transient(pk, error)
                self._release(pk, token)
                raise fault from error
            # The GM sees the error; the game's data stays as it was.
            log.exception("%s failed", self._name(pk))
            self._fail(pk, token, error)
            return "failed"

    def reopen(self, pk: int) -> bool:
        """Hand a failed row back to the queue (its seed is kept, so the dice fall the same
        way); False if it had not failed."""
        with transaction.atomic():
            row = self._rows().select_for_update().get(pk=pk)
            if row.status != self.failed:
                return False
            row.status = self.waiting_status
            row.locked_at = timezone.now()
            row.error = ""
            row.save(update_fields=["status", "locked_at", "error"])
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
                    row.status = self.waiting_status
                    row.claim = ""
                    row.locked_at = timezone.now()
                    row.save(update_fields=["status", "claim", "locked_at"])
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

    def _fail(self, pk: int, token: str, error: Exception) -> None:
        with transaction.atomic():
            row = self._rows().select_for_update().get(pk=pk)
            if row.status == self.resolving and row.claim == token:
                row.status = self.failed
                row.error = f"{type(error).__name__}: {error}"
                row.save(update_fields=["status", "error"])

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
