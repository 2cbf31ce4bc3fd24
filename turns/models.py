"""What a kingdom turn did. The turn itself (its number, deadline, status) is the campaign's
schedule: campaigns.models.KingdomTurn, which army orders point at."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from campaigns.models import Kingdom, KingdomTurn
from core.payloads import Payload, VersionedJSONField, register

# turns.reports.TurnReportData; the engine's KingdomTurnInput as data (rules.data.to_data).
TURN_REPORT = register(Payload("turn_report"))
TURN_INPUT = register(Payload("turn_input"))


class TurnReport(models.Model):
    """What the resolution did: every activity with its roll, upkeep, conditions, kingdom deltas.
    `outcome` holds the whole resolution as data; `inputs` what it was resolved from (replays)."""

    turn = models.OneToOneField(KingdomTurn, on_delete=models.CASCADE, related_name="report",
                                verbose_name=_("turn"))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    inputs = VersionedJSONField(_("inputs"), default=dict, payload=TURN_INPUT)
    outcome = VersionedJSONField(_("outcome"), default=dict, payload=TURN_REPORT)
    narration = models.TextField(_("narration"), blank=True, default="", db_default="", help_text=_(
        "The GM's words to the report's readers, shown above it (Markdown)."))

    class Meta:
        # The table it had in campaigns, where the model was until the turns app existed.
        db_table = "campaigns_turnreport"
        verbose_name = _("turn report")
        verbose_name_plural = _("turn reports")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return str(self.turn)


class SupersededTurnReport(models.Model):
    """A turn report the GM undid (turns.undo): kept as it was, beside the turn it no longer
    describes; the turn's next resolution writes a new TurnReport. It names its kingdom and turn
    number itself, so it outlives the turn when an undo of the turn before deletes it."""

    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE,
                                related_name="superseded_reports", verbose_name=_("kingdom"))
    number = models.PositiveIntegerField(_("turn"))
    turn = models.ForeignKey(KingdomTurn, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="superseded_reports", verbose_name=_("turn (still open)"))
    created_at = models.DateTimeField(_("created"))
    inputs = VersionedJSONField(_("inputs"), default=dict, payload=TURN_INPUT)
    outcome = VersionedJSONField(_("outcome"), default=dict, payload=TURN_REPORT)
    narration = models.TextField(_("narration"), blank=True, default="")
    undone_at = models.DateTimeField(_("undone"), auto_now_add=True)
    undone_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                  blank=True, related_name="+", verbose_name=_("undone by"))

    class Meta:
        verbose_name = _("superseded turn report")
        verbose_name_plural = _("superseded turn reports")
        ordering = ["-undone_at"]

    def __str__(self) -> str:
        return f"{self.kingdom} — {_('turn')} {self.number} ({self.undone_at:%Y-%m-%d %H:%M})"
