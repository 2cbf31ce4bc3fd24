"""The columns of work done exactly once (core.claims.ClaimedWork): kingdom turns, battle scenes
and sector battles' rounds inherit them; each keeps its own `status` and its choices."""
from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class ClaimedModel(models.Model):
    """A row a worker claims under a lease: when it was locked (no more input), since when a
    worker holds it, that worker's claim token, the seed its dice are rolled from (drawn once,
    so a retry rolls the same dice) and the error of a failed attempt, kept for the GM."""

    seed = models.BigIntegerField(_("seed"), null=True, blank=True)
    locked_at = models.DateTimeField(_("locked"), null=True, blank=True)
    resolving_since = models.DateTimeField(_("resolving since"), null=True, blank=True)
    # The token of the worker doing the work; a swept row's old worker cannot commit.
    claim = models.CharField(_("claim"), max_length=32, blank=True, editable=False)
    error = models.TextField(_("error"), blank=True)

    class Meta:
        abstract = True

    def set_status(self, status: str, **fields: object) -> None:
        """Move the row to `status` with these fields, saving only them (and recording the move
        in the row's history). Each concrete model has its own `status` field."""
        self.status = status
        for name, value in fields.items():
            setattr(self, name, value)
        self.save(update_fields=["status", *fields])
