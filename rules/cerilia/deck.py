"""The nine-card battle deck (reference §1.5): attack value minus the target's defense, clamped to
−3…+3, picks the column; the drawn card's entry is the result. The server holds the deck: cards
drawn are gone until it runs out and is shuffled again."""
from __future__ import annotations

from enum import StrEnum
from typing import Any

from rules.dice import Dice


class Result(StrEnum):
    NONE = "-"
    FALL_BACK = "F"
    HIT = "H"
    ROUT = "R"
    DESTROYED = "D"


_N, _F, _H, _R, _D = Result.NONE, Result.FALL_BACK, Result.HIT, Result.ROUT, Result.DESTROYED
# Card number → results for the columns −3, −2, −1, 0, +1, +2, +3.
TABLE: dict[int, tuple[Result, ...]] = {
    1: (_N, _N, _N, _N, _N, _N, _N),
    2: (_N, _N, _N, _N, _N, _N, _H),
    3: (_N, _N, _N, _N, _F, _H, _H),
    4: (_N, _F, _N, _F, _H, _H, _H),
    5: (_F, _F, _F, _H, _H, _H, _H),
    6: (_F, _F, _H, _H, _H, _H, _R),
    7: (_F, _H, _H, _H, _H, _H, _R),
    8: (_H, _H, _H, _H, _R, _R, _D),
    9: (_H, _H, _H, _R, _D, _D, _D),
}
FULL_DECK = tuple(TABLE)
# The roll that draws a card from what is left of the deck, by the number of cards left.
_DRAW = {left: f"1d{left}" for left in range(1, len(FULL_DECK) + 1)}


def column(difference: int) -> int:
    """"Difference clamped to −3…+3"."""
    return -3 if difference < -3 else 3 if difference > 3 else difference


def result(card: int, difference: int) -> Result:
    return TABLE[card][column(difference) + 3]


def draw(dice: Dice, remaining: tuple[int, ...], *, purpose: str, **params: Any
         ) -> tuple[int, tuple[int, ...]]:
    """Draw a card from what is left of the deck (a fresh deck when it is empty); drawing at
    random from the rest is the same as drawing the top card of a shuffled deck."""
    if not remaining:
        remaining = FULL_DECK
    left = len(remaining)
    index = dice.roll(_DRAW[left], purpose=purpose, **params).total - 1
    return remaining[index], remaining[:index] + remaining[index + 1:]
