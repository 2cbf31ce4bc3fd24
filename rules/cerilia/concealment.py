"""Seed 001's hidden play on the field (001_5d751c33a121b07e.txt, "Засада", "Ловушки";
reference/sector-modules.md, module "ambush"): an ambushing battalion or a trap, known to the
enemy only by its public name and, once laid, by three markers of which one is true. These are
the records a battle stores; the module's rules live beside them (ambush.py, traps.py,
scouting.py)."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from rules.errors import _
from rules.sides import Side

# Seed: "три маркера (два ложных и один истинный)"; traps: "так же кладет три маркера".
MARKERS = 3


class Concealment(StrEnum):
    AMBUSH = "ambush"
    TRAP = "trap"


CONCEALMENT_LABELS = {Concealment.AMBUSH: _("ambush"), Concealment.TRAP: _("trap")}


@dataclass(frozen=True)
class Marker:
    """One marker on the field. Its key is public (the enemy's attack orders name it); `true`
    is the underside ("на нижней - истинный это маркер или ложный"), its owner's alone."""

    key: str
    sector: str
    true: bool = False


@dataclass(frozen=True)
class Ambush:
    """An ambushing battalion or a trap of one side. `name` is the top side of its markers
    ("пометка игрока, что это за батальон"), public; `sector` where it was laid and `unit` (an
    ambush's battalion) are secret until it is revealed. An ambush lays its markers with its
    first Move; a trap's are laid in phase 0."""

    key: str
    side: Side
    kind: Concealment
    name: str
    sector: str
    unit: str | None = None      # an ambush: the battalion hiding in it
    card: str | None = None      # a trap: its card in the GM's catalog
    attack: int = 0              # a trap: its card's attack value
    markers: tuple[Marker, ...] = ()
    over: bool = False           # an ambush revealed, a trap spent
    data_omit_default: ClassVar[tuple[str, ...]] = ("unit", "card", "attack", "markers", "over")

    @property
    def true_marker(self) -> Marker | None:
        return next((m for m in self.markers if m.true), None)


def find_marker(ambushes: Iterable[Ambush], key: str) -> tuple[Ambush, Marker] | None:
    """The ambush or trap whose marker on the field has this key."""
    for ambush in ambushes:
        for marker in ambush.markers:
            if marker.key == key and not ambush.over:
                return ambush, marker
    return None


@dataclass(frozen=True)
class TrapCard:
    """A trap in the GM's catalog. Reference, ruling: "a trap is a card with an attack value,
    drawn on the battle deck against the trapped unit's defense like any attack; the GM's
    catalog ships "Trap" (attack 3)"."""

    code: str
    name: str
    attack: int


TRAP = TrapCard("trap", _("Trap"), 3)


@dataclass(frozen=True)
class TrapSupply:
    """A trap the scenario gives a side to lay in phase 0."""

    key: str
    side: Side
    card: TrapCard


# The orders' shapes for the module (orders.py re-exports them; they live here so that the
# module's rules, which orders.py calls, can read them without an import cycle).

@dataclass(frozen=True)
class AmbushPlan:
    """Phase 0, module "ambush": a unit hides in `sector` ("Перед началом игры игроки указывают,
    какие батальоны будут находиться в засаде"); `name` is its markers' public top side."""

    sector: str
    name: str


@dataclass(frozen=True)
class TrapPlan:
    """Phase 0, module "ambush": a trap of the scenario's supply laid as three markers, the one
    at index `real` real ("один из которых реальный, а остальные – ложны")."""

    name: str
    sectors: tuple[str, ...]
    real: int = 0


@dataclass(frozen=True)
class MarkerMove:
    """The one order of an ambushing unit when it is Move: each marker's path (at half speed),
    and, the first time, which of the three laid markers is true. Later, `paths[i]` is the
    path of the i-th marker still on the field, in key order (a marker without one stays)."""

    paths: tuple[tuple[str, ...], ...]
    true: int = 0
