"""The two sides of a battle, for both battle engines (Kingmaker scenes and Cerilia sector
battles) and the apps that store and show them."""
from __future__ import annotations

from enum import StrEnum


class Side(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"

    # The enemy side: a plain attribute of each member (set below), not a property, as the
    # engines ask it in their inner loops and a property is a call each time.
    other: Side


# Both sides in the enum's order: engines loop over them in their inner loops, and iterating
# the enum class itself costs more.
SIDES = tuple(Side)
# Each member under a name of its own, for the engines' inner loops: on Python 3.11 a member read
# off its class (Side.ATTACKER) takes the slow path of a class whose metaclass has a __getattr__
# (EnumType's), several times the cost of reading a global.
ATTACKER, DEFENDER = Side.ATTACKER, Side.DEFENDER
ATTACKER.other, DEFENDER.other = DEFENDER, ATTACKER
