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
