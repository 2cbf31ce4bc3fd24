"""Replaying a resolved round: the stored state, both sides' orders and the seed, through the
engine again, compared with what was stored."""
from __future__ import annotations

import json

from django.utils.translation import gettext as _

from battles.reports import first_difference
from battles.sector import adapters
from battles.sector.models import SectorRound
from rules.cerilia.engine import deploy, resolve_round
from rules.cerilia.field import Side
from rules.cerilia.state import state_data, state_from_data
from rules.data import to_data


def _json(value):
    return json.loads(json.dumps(value))


def replay_round(row: SectorRound) -> dict:
    """The round resolved again from its stored state, orders and seed, as the record stores
    it."""
    before = state_from_data(row.state_before)
    if row.number == 0:
        given = {Side(side): adapters.deployment_from_data(data or {})
                 for side, data in row.orders.items()}
        after, initiative, events, rolls = deploy(before, given), "", [], []
    else:
        given = {Side(side): adapters.round_orders_from_data(data or {})
                 for side, data in row.orders.items()}
        outcome = resolve_round(before, given, row.seed)
        after, initiative = outcome.state, outcome.initiative.value
        events, rolls = to_data(outcome.events), to_data(outcome.rolls)
    return _json({"state_after": state_data(after), "initiative": initiative,
                  "events": events, "rolls": rolls})


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
