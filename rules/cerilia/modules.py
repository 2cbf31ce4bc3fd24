"""Seed 001's scenario switches and the records they add to a battle (001_5d751c33a121b07e.txt,
reference/sector-modules.md): which modules a battle plays, the roles a character may have, and
the standing orders of independent warriors. With every module off a battle plays exactly as a
seed 000 battle did; a new scenario starts with all of them on (`ALL_MODULES`; the Django side
sets it when it creates one), while a stored battle without them reads as all off."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar


@dataclass(frozen=True)
class Modules:
    command: bool = False      # orders cost КН/ЗС; independent warriors' standing orders
    ambush: bool = False
    scouting: bool = False
    artifacts: bool = False
    magic_dice: bool = False   # seed 002: the magic phase's dice pool, dispels, bound spells
    data_omit_default: ClassVar[tuple[str, ...]] = ("command", "ambush", "scouting",
                                                    "artifacts", "magic_dice")

    @property
    def any_on(self) -> bool:
        return (self.command or self.ambush or self.scouting or self.artifacts
                or self.magic_dice)


NO_MODULES = Modules()
# Reference: "a new scenario starts with all of them on"; issue 14: magic dice "on for a new
# scenario".
ALL_MODULES = Modules(command=True, ambush=True, scouting=True, artifacts=True, magic_dice=True)


def modules_from_data(data: object) -> Modules:
    if not isinstance(data, dict):
        return NO_MODULES
    return Modules(**{k: bool(v) for k, v in data.items()})


class Role(StrEnum):
    """Reference: a character has "one or more roles — general (command points, КН), hero (will
    points, ЗС), wizard, priest"."""

    GENERAL = "general"
    HERO = "hero"
    WIZARD = "wizard"
    PRIEST = "priest"


# Reference: "with wounds (default 3)"; "КН: a pool per round, default 3"; "ЗС: a pool per
# battle, default 2".
DEFAULT_WOUNDS = 3
DEFAULT_COMMAND = 3
DEFAULT_WILL = 2


class StandingKind(StrEnum):
    """Reference (ruling): "The standing-order vocabulary: `advance_to <sector>`, `hold`,
    `shoot_nearest`, `shoot <unit>`, `scout`"."""

    ADVANCE_TO = "advance_to"
    HOLD = "hold"
    SHOOT_NEAREST = "shoot_nearest"
    SHOOT = "shoot"
    SCOUT = "scout"


@dataclass(frozen=True)
class StandingOrder:
    kind: StandingKind
    target: str | None = None   # the sector of advance_to, the unit of shoot


STANDING_ORDERS = 2   # seed: "Перед игрой игрок определяет 2 приказа"


def standing_from_data(data: object) -> dict[str, tuple[StandingOrder, ...]]:
    if not isinstance(data, dict):
        return {}
    return {key: tuple(StandingOrder(StandingKind(o["kind"]), o.get("target")) for o in given)
            for key, given in data.items()}
