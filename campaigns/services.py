"""Writes about campaigns and kingdoms."""
from __future__ import annotations

from django.db import transaction

from armies.selectors import active_armies, army_violations
from campaigns.models import Kingdom
from rules.errors import Violation
from rules.kingmaker.levels import check_level


@transaction.atomic
def kingdom_set_level(*, kingdom: Kingdom, level: int) -> dict:
    """Set the kingdom's level; its armies follow (seed 003, "ПОВЫШЕНИЕ УРОВНЯ ВОЙСКА").

    Returns, per army, what it now breaks (e.g. gear above a lowered level) for the GM to mend.
    """
    check_level(level, "level")
    kingdom = Kingdom.objects.select_for_update().get(pk=kingdom.pk)
    kingdom.level = level
    kingdom.save(update_fields=["level"])
    broken: dict = {}
    for army in active_armies(kingdom):
        violations: list[Violation] = army_violations(army)
        if violations:
            broken[army] = violations
    return broken
