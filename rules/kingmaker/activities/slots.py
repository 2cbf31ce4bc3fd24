"""One activity per army per turn, and an efficient army's second one (seed 003)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from rules.errors import Violation, _
from rules.kingmaker.activities.kinds import ActivityKind
from rules.kingmaker.activities.registry import LEADERSHIP


class Slot(Protocol):
    """What the one-activity rule reads of an order: who acts, and whether as a second activity."""

    @property
    def key(self) -> int: ...
    @property
    def kind(self) -> ActivityKind: ...
    @property
    def army(self) -> int | None: ...
    @property
    def second(self) -> bool: ...


@dataclass(frozen=True)
class OrderSlot:
    """An order's slot alone, for a stored order whose parameters may no longer convert."""

    key: int
    kind: ActivityKind
    army: int | None = None
    second: bool = False


def order_slot_violations(order: Slot, others: Sequence[Slot]) -> list[Violation]:
    """One activity per army per turn; an efficient army's second one is ordered separately.

    Seed 003: "каждое войско, существующее в королевстве, может выполнить одно из войсковых
    занятий"; "Эффективно: ... немедленно может совершить ещё одно ... со штрафом -5".
    """
    if order.kind in LEADERSHIP:
        if order.second:
            return [Violation("second_not_army", _("Only an army takes a second activity."),
                              "second")]
        return []
    same = [o for o in others if o.army == order.army and o.key != order.key]
    if any(o.second == order.second for o in same):
        if order.second:
            return [Violation("second_taken", _("This army already has a second activity."),
                              "second")]
        return [Violation("one_activity",
                          _("This army already has its activity for this turn; an efficient army "
                            "may add a second one."), "army")]
    return []
