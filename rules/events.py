"""The one shape of a battle log event, shared by both battle engines: a Kingmaker scene's
BattleEvent (rules.kingmaker.battle.setup) and a Cerilia sector battle's Event
(rules.cerilia.board) extend it with what only they know. Whatever renders or filters events
(the reports, the report pages, the sector views) can read either through this part alone."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.data import to_data

# The keys of the shared part in an event stored as data (rules.data.to_data): both engines'
# stored events carry them, whatever else each adds.
CORE_FIELDS = ("round", "code", "message", "params")


@dataclass(frozen=True)
class Event:
    round: int              # 0: before a scene's first round; a sector battle counts from 1
    code: str               # what happened ("advance", "rout_check", "attack", "battle_over")
    message: str            # gettext msgid with %(name)s parameters
    params: Mapping[str, Any] = field(default_factory=dict)


def core_data(event: Event) -> dict[str, Any]:
    """The shared part of either engine's event as data, keyed as both store it."""
    return {name: to_data(getattr(event, name)) for name in CORE_FIELDS}

