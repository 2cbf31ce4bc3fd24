"""The words the sector battle pages and the back office show for the engine's codes."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from battles.sector.models import SectorSide

PHASE_LABELS = {
    "initiative": _("Initiative"),
    "movement": _("Movement"),
    "magic": _("Battle magic"),
    "missile": _("Missile attacks"),
    "charge": _("Charges"),
    "melee": _("Melee"),
    "morale": _("Morale"),
    "end": _("End of the round"),
}
RESULT_LABELS = {
    "-": _("no effect"),
    "F": _("falls back"),
    "H": _("hit"),
    "R": _("rout"),
    "D": _("destroyed"),
}
FATE_LABELS = {
    "intact": _("intact"),
    "damaged": _("damaged"),
    "routed": _("routed"),
    "destroyed": _("destroyed"),
}


def side_label(side: str | None) -> str:
    return str(dict(SectorSide.choices).get(side, side or "—"))
