"""The two sides of a battle, for both battle engines (Kingmaker scenes and Cerilia sector
battles) and the apps that store and show them."""
from __future__ import annotations

from enum import StrEnum


class Side(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"

    @property
    def other(self) -> Side:
        return Side.DEFENDER if self is Side.ATTACKER else Side.ATTACKER

    # The sector battle's field (rules.cerilia.field) has a row per side's line; it is kept here
    # so that the one Side serves the sector engine and its pictures as it did.
    @property
    def home_row(self) -> int:
        """The side's own line: "дружественных секторов: A3 B3 C3 D3 E3" for the defender."""
        return 1 if self is Side.ATTACKER else 3

    @property
    def back(self) -> int:
        """The row step toward the side's own line."""
        return -1 if self is Side.ATTACKER else 1
