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
# Each member under a name of its own, for the engines' inner loops: on Python 3.11 a member read
# off its class (Side.ATTACKER) takes the slow path of a class whose metaclass has a __getattr__
# (EnumType's), several times the cost of reading a global.
ATTACKER, DEFENDER = Side.ATTACKER, Side.DEFENDER
# Looked up, not built from the class's members on every call: engines ask it in their loops.
_OTHER = {ATTACKER: DEFENDER, DEFENDER: ATTACKER}
