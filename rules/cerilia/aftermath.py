"""What a finished battle leaves for the campaign (reference §1.9): each unit intact, damaged
(hits lost), routed or destroyed, and the side holding the field. Summoned units give
nothing."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.cerilia.state import BattleState, UnitStatus
from rules.sides import Side


class Fate(StrEnum):
    INTACT = "intact"
    DAMAGED = "damaged"
    ROUTED = "routed"
    DESTROYED = "destroyed"


@dataclass(frozen=True)
class UnitFate:
    key: str
    army: int | None
    side: Side
    fate: Fate
    hits_lost: int


@dataclass(frozen=True)
class BattleResult:
    field_holder: Side | None
    units: tuple[UnitFate, ...]


def battle_result(state: BattleState) -> BattleResult:
    fates = []
    for unit in state.units:
        if unit.summoned:
            continue   # "Summoned units give nothing" (T9A and Legion of the Dead alike)
        lost = unit.card.hits - max(unit.hits, 0)
        if not unit.alive:
            fate = Fate.DESTROYED
        elif unit.status is UnitStatus.ROUTED:
            fate = Fate.ROUTED
        elif lost:
            fate = Fate.DAMAGED
        else:
            fate = Fate.INTACT
        fates.append(UnitFate(unit.key, unit.army, unit.side, fate, lost))
    return BattleResult(state.winner, tuple(fates))
