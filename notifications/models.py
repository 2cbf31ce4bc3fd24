"""Posts to a campaign's chat: each kept as a row, written in the transaction of what it tells,
so that none is lost and a worker sends each once (notifications.chat_delivery)."""
from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from campaigns.models import Campaign


class ChatStatus(models.TextChoices):
    QUEUED = "queued", _("queued")
    SENT = "sent", _("sent")
    FAILED = "failed", _("failed")


class ChatPost(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="chat_posts",
                                 verbose_name=_("campaign"))
    text = models.TextField(_("text"))
    status = models.CharField(_("status"), max_length=10, choices=ChatStatus.choices,
                              default=ChatStatus.QUEUED)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    error = models.TextField(_("last error"), blank=True)
    created_at = models.DateTimeField(_("queued at"), auto_now_add=True)
    sent_at = models.DateTimeField(_("sent at"), null=True, blank=True)

    class Meta:
        verbose_name = _("chat post")
        verbose_name_plural = _("chat posts")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.text[:60]
