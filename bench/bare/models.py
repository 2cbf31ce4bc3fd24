"""The bench's trivial model: the least a DRF create can store (bench/api.py only)."""
from __future__ import annotations

from django.conf import settings
from django.db import models


class BareNote(models.Model):
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    text = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.text
