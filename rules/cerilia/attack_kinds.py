"""The kinds of attack a sector battle knows, and their names in the log."""
from __future__ import annotations

from rules.errors import _

MELEE, CHARGE, MISSILE = "melee", "charge", "missile"
ATTACK_LABELS = {MELEE: _("melee"), CHARGE: _("charge"), MISSILE: _("missile")}
