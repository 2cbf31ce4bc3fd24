"""The two sides of a battle, for both battle engines (Kingmaker scenes and Cerilia sector
battles) and the apps that store and show them."""
from __future__ import annotations

from enum import StrEnum


class Side(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"

    @property
    def other(self) -> Side:
        return _OTHER[self]


# Both sides in the enum's order: engines loop over them in their inner loops, and iterating
# the enum class itself costs more.
SIDES = tuple(Side)
# Looked up, not built from the class's members on every call: engines ask it in their loops.
_OTHER = {Side.ATTACKER: Side.DEFENDER, Side.DEFENDER: Side.ATTACKER}
