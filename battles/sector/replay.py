"""Replaying a resolved round: the stored state, both sides' orders and the seed, through the
engine again, compared with what was stored."""
from __future__ import annotations

import json

from django.utils.translation import gettext as _

from battles.reports import first_difference
from battles.sector import adapters
from battles.sector.models import SectorRound
from battles.sector.resolution import play
from rules.cerilia.state import state_data, state_from_data
from rules.sides import Side


def _json(value):
    return json.loads(json.dumps(value))


def replay_round(row: SectorRound) -> dict:
    """The round resolved again from its stored state, orders and seed, as the record stores
    it."""
    given = {Side(side): adapters.orders_from_data(row.number, data or {})
             for side, data in row.orders.items()}
    played = play(state_from_data(row.state_before), given, row.number, row.seed)
    return _json({"state_after": state_data(played.after), "initiative": played.initiative,
                  "events": played.events, "rolls": played.rolls})


def stored_round(row: SectorRound) -> dict:
    return {"state_after": row.state_after, "initiative": row.initiative or "",
            "events": row.events, "rolls": row.rolls}


def round_difference(row: SectorRound) -> tuple[str, object, object] | None:
    """Where the replay first differs from the record (None: identical)."""
    try:
        replayed = replay_round(row)
    except Exception as error:  # a record the engine cannot read any more is a difference too
        return ("(replay)", _("the stored record"), f"{type(error).__name__}: {error}")
    return first_difference(_json(stored_round(row)), replayed)
