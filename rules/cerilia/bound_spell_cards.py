"""Seed 002's bound spells (002_eb4cf75b750af884.txt, XI.6.A «Использование связанных
заклинаний»): a spell a unit card, a character or an artifact carries, with its power level
"x/y", the dispel target when it is used on 2 or 3 dice («Заклинание с силой 5/9 сотворено на 3
кубиках, то для его разрушения надо бросить 9 и более»). Records only: the rules are in
magic_dice.py, the orders in magic_dice_orders.py."""
from __future__ import annotations

from dataclasses import dataclass

# «на каком количестве кубиков активируется заклинание - на 2 или на 3».
BOUND_DICE = (2, 3)
# Ruling: a card or an artifact that names no power level (or none that reads "x/y") has 4/7.
DEFAULT_POWER = "4/7"


@dataclass(frozen=True)
class BoundSpell:
    spell: str
    power: str = DEFAULT_POWER


def parse_power(power: str) -> tuple[int, int] | None:
    """"x/y" → (x, y), both at least 1 and x ≤ y; None if it is not one."""
    parts = power.split("/")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        return None
    low, high = int(parts[0]), int(parts[1])
    return (low, high) if 1 <= low <= high else None


def power_level(power: str, dice: int) -> int:
    """The total a dispel must reach: x when used on 2 dice, y on 3."""
    parsed = parse_power(power) or parse_power(DEFAULT_POWER)
    assert parsed is not None
    return parsed[0] if dice == BOUND_DICE[0] else parsed[1]
