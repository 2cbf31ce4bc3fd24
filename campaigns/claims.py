"""Work on a row exactly once, whatever the workers do (docs/concurrency.md): enqueue after commit,
claim under a row lock with a fresh token, do the work in one transaction that re-checks the claim,
keep a failure's error for the GM, and sweep what a dead worker left behind. Kingdom turns and
battle scenes both go through it."""
from __future__ import annotations

import datetime
import logging
import secrets
import uuid
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.db.models import Model, Q, QuerySet
from django.utils import timezone

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ClaimedWork:
    model: type[Model]
    waiting: Q                 # the rows a worker may claim
    waiting_status: str        # what a swept row goes back to
    resolving: str
    failed: str
    task: Callable[[], object]  # the Celery task (imported late: tasks import this module's users)
    locked_rows: Callable[[], QuerySet]  # the row lock taken to apply the work

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
        take (claimed already, done, failed, or not waiting)."""
        with transaction.atomic():
            row = self.model.objects.select_for_update().filter(self.waiting, pk=pk).first()
            if row is None:
                return None
            row.status = self.resolving
            row.resolving_since = timezone.now()
            row.claim = uuid.uuid4().hex
            if row.seed is None:
                row.seed = secrets.randbits(62)  # kept, so a retry rolls the same dice
            row.save(update_fields=["status", "resolving_since", "claim", "seed"])
            return row.claim

    def run(self, pk: int, work: Callable[[Model], None]) -> str:
        """Claim the row and do `work` on it in one transaction; returns "resolved", "skipped" or
        "failed" (the error is kept on the row and nothing of the work is applied)."""
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
        except Exception as error:  # the GM sees the error; the game's data stays as it was
            log.exception("%s %s failed", self.model._meta.verbose_name, pk)
            self._fail(pk, token, error)
            return "failed"

    def reopen(self, pk: int) -> bool:
        """Hand a failed row back to the queue (its seed is kept, so the dice fall the same
        way); False if it had not failed."""
        with transaction.atomic():
            row = self.model.objects.select_for_update().get(pk=pk)
            if row.status != self.failed:
                return False
            row.status = self.waiting_status
            row.locked_at = timezone.now()
            row.error = ""
            row.save(update_fields=["status", "locked_at", "error"])
            self.enqueue([pk])
            return True

    def _fail(self, pk: int, token: str, error: Exception) -> None:
        with transaction.atomic():
            row = self.model.objects.select_for_update().get(pk=pk)
            if row.status == self.resolving and row.claim == token:
                row.status = self.failed
                row.error = f"{type(error).__name__}: {error}"
                row.save(update_fields=["status", "error"])

    def sweep(self, *, now: datetime.datetime | None = None) -> list[int]:
        """Rows left in resolving past the timeout (their worker died) go back to waiting, and
        they and rows waiting that long (their message was lost) are enqueued again. A stuck row's
        claim is void, so a late commit from its old worker is refused; a duplicate message is
        skipped."""
        now = now or timezone.now()
        cutoff = now - datetime.timedelta(seconds=settings.MUSTER_RESOLVING_TIMEOUT_SECONDS)
        rows = self.model.objects
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
