"""What a kingdom turn did. The turn itself (its number, deadline, status) is the campaign's
schedule: campaigns.models.KingdomTurn, which army orders point at."""
from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from campaigns.models import KingdomTurn
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
