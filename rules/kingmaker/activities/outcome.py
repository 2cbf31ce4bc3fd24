"""What resolving an activity produces (events, the check rolled, a battle to fight, a recruited
army) and what an activity's resolution may ask of the turn being resolved (`Resolution`)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from rules.degrees import Degree
from rules.dice import Dice, Roll
from rules.kingmaker.activities.kinds import Order
from rules.kingmaker.activities.situation import ForeignArmy, KingdomSheet, Situation, TurnArmy
from rules.modifiers import Modifier


@dataclass(frozen=True)
class Event:
    code: str
    message: str
    params: Mapping[str, Any] = field(default_factory=dict)
    army: int | None = None


@dataclass(frozen=True)
class CheckDetail:
    skill: str
    modifiers: tuple[Modifier, ...]
    modifier: int
    dc: int
    dc_parts: tuple[tuple[str, int], ...]
    roll: Roll
    degree: Degree


@dataclass(frozen=True)
class BattleRequest:
    """An Offensive Gambit's battle, fought right after the kingdom turn."""

    order: int
    hex: str
    attackers: tuple[int, ...]
    defenders: tuple[int, ...]
    attacker_initiative: int = 0
    defender_initiative: int = 0
    # Critical success: "one enemy army there becomes shaken 1" as the battle begins (another
    # kingdom's army is only touched by the battle that involves it).
    shaken_defender: int | None = None


@dataclass(frozen=True)
class Recruited:
    order: int
    army: TurnArmy


@dataclass
class Exercises:
    """Warfare Exercises' effect on this turn's army activities."""

    bonus_all: int = 0
    bonus_next: int = 0
    soften_next_critical_failure: bool = False
    worsen_next_failure: bool = False


class Resolution(Protocol):
    """The turn being resolved, as an activity's `resolve` sees it: the state it changes and the
    steps every activity shares (rolling its check, saying what happened, changing an army)."""

    kingdom: KingdomSheet
    armies: dict[int, TurnArmy]
    foreign_armies: dict[int, ForeignArmy]
    recruited: list[Recruited]
    battles: list[BattleRequest]
    exercises: Exercises
    recruiting_blocked: bool
    cost: int  # the RP the activity spent
    dice: Dice

    @property
    def turn_number(self) -> int: ...

    def situation(self) -> Situation: ...

    def check(self, order: Order) -> CheckDetail: ...

    def army_of(self, order: Order) -> TurnArmy: ...

    def say(self, code: str, message: str, army: TurnArmy | None = None,
            **params: Any) -> None: ...

    def set(self, army: TurnArmy, *, level: int | None = None, **changes: Any) -> TurnArmy: ...

    def unrest(self, amount: int) -> None: ...

    def efficient(self, order: Order, army: TurnArmy) -> TurnArmy: ...

    def lose_hp(self, army: TurnArmy, dc: int, purpose: str) -> TurnArmy: ...
