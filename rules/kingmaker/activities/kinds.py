"""What an order of an army activity is, below everything that reads one: the activity kinds,
the parameters' common base and the order (seed 003, "ВОЙСКОВЫЕ ЗАНЯТИЯ")."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar


class ActivityKind(StrEnum):
    RECRUIT_ARMY = "recruit_army"
    WARFARE_EXERCISES = "warfare_exercises"
    TRAIN_ARMY = "train_army"
    OUTFIT_ARMY = "outfit_army"
    DEPLOY_ARMY = "deploy_army"
    RECOVER_ARMY = "recover_army"
    DISBAND_ARMY = "disband_army"
    GARRISON_ARMY = "garrison_army"
    OFFENSIVE_GAMBIT = "offensive_gambit"


SECOND_ACTIVITY_PENALTY = -5


@dataclass(frozen=True)
class ActivityParams:
    """The parameters of an order; each activity's module subclasses it."""


P = TypeVar("P", bound=ActivityParams)


@dataclass(frozen=True)
class Order:
    """One submitted activity. `key` names it in the report; `army` is None for leadership
    activities; `second` marks an efficient army's second activity of the turn."""

    key: int
    kind: ActivityKind
    params: ActivityParams
    army: int | None = None
    second: bool = False

    def params_as(self, kind: type[P]) -> P:
        """The parameters as `kind`, the class PARAMS_OF gives this order's kind."""
        if not isinstance(self.params, kind):
            raise TypeError(f"{self.kind} takes {kind.__name__}, not {type(self.params).__name__}")
        return self.params
