"""The Upkeep phase for armies: what each army eats and what happens when the kingdom cannot pay.

Seed 003: "Потребление: здесь указывается количество товаров (еда), которое потребляет войско во
время фазы содержания. Если вы не сможете оплатить потребление в этот ход королевства, ваше войско
увеличит измотанность и потрясение на 1. Войско, измотанность или потрясение которого достигнет 4
или более, немедленно распущено. В этом случае беспорядки повышаются на 1d4, а один из типов
раздора (на выбор игроков) — на 1."
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules.kingmaker.activities import Garrisoned, TurnArmy
from rules.kingmaker.conditions import Condition, as_mapping

DISBANDS_AT = 4
RUIN_KINDS = ("corruption", "crime", "decay", "strife")


def army_consumption(army: TurnArmy, settlement_hexes: frozenset[str]) -> int:
    """One army's Food per Upkeep. Negative for an army that lowers the kingdom's consumption
    (Self-Sufficient); the kingdom's total never goes below zero."""
    consumption = army.state.template.consumption or 0
    if consumption <= 0:
        return consumption
    garrisoned = army.garrisoned is not Garrisoned.NO
    if garrisoned and army.garrison_relief:
        # Garrison Army critical success: "its Consumption drops by 2 (minimum 1)".
        consumption = max(consumption - 2, 1)
    if "live_off_the_land" in army.state.tactics and not garrisoned and \
            army.state.hex not in settlement_hexes:
        # Live off the Land: "in a hex without a settlement and not garrisoned, its Consumption is
        # 1 lower".
        consumption -= 1
    return consumption


def kingdom_army_consumption(armies: Iterable[TurnArmy], settlement_hexes: frozenset[str]) -> int:
    """The Food the kingdom's armies eat this Upkeep; never below zero."""
    return max(sum(army_consumption(a, settlement_hexes) for a in armies if a.active), 0)


def breaks_from_hunger(army: TurnArmy) -> bool:
    conditions = as_mapping(army.state.conditions)
    return conditions.get(Condition.WEARY, 0) >= DISBANDS_AT or \
        conditions.get(Condition.SHAKEN, 0) >= DISBANDS_AT


def ruin_to_raise(ruin: Mapping[str, int], choice: str) -> str:
    """The players pick which ruin rises; without a choice, the lowest one (the first on a tie)."""
    if choice in RUIN_KINDS:
        return choice
    return min(RUIN_KINDS, key=lambda kind: ruin.get(kind, 0))
