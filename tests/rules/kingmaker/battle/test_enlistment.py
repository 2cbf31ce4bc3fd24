"""Who may fight in a battle scene (rules.kingmaker.battle.enlistment)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from rules.kingmaker.battle.enlistment import Enlistment, enlistment_violations
from rules.kingmaker.conditions import Condition, ConditionState

OURS, THEIRS = 1, 2
GUARD = Enlistment(army="Guard", kingdom=OURS, hex="C4", active=True, conditions=(),
                   side_kingdom=OURS, other_kingdom=THEIRS, scene_hex="C4")


def codes(enlistment: Enlistment) -> list[str]:
    return [v.code for v in enlistment_violations(enlistment)]


def test_an_army_of_the_sides_kingdom_in_the_battles_hex_fights():
    assert codes(GUARD) == []
    assert codes(replace(GUARD, hex=" c4")) == []


def test_an_army_fights_on_its_own_kingdoms_side():
    assert codes(replace(GUARD, side_kingdom=THEIRS, other_kingdom=OURS)) == ["participant_side"]
    # A side that is no kingdom's (monsters) takes any army but the other side's.
    assert codes(replace(GUARD, side_kingdom=None, other_kingdom=THEIRS)) == []
    assert codes(replace(GUARD, side_kingdom=None, other_kingdom=OURS)) == ["participant_side"]


@pytest.mark.parametrize(("hex_", "target", "expected"), [
    ("C5", False, ["participant_elsewhere"]),
    ("C5", True, []),
    ("C6", True, ["participant_elsewhere"]),
    ("Q😀", False, ["participant_elsewhere"]),
])
def test_an_army_fights_in_the_battles_hex_and_a_gambits_target_next_to_it(hex_, target,
                                                                           expected):
    # reference kingmaker-warfare-data.yaml, Offensive Gambit: "Requires at least one of your
    # armies in the same hex as an enemy army"; "The war encounter happens right after the
    # Kingdom turn ends" (our ruling: the target may have stepped into a neighbouring hex).
    assert codes(replace(GUARD, hex=hex_, gambit_target=target)) == expected


def test_a_defeated_or_destroyed_army_does_not_fight():
    # seed 003_750bd81a16f66abf.txt: "Разгромленное войско не может совершать боевые действия."
    defeated = (ConditionState(Condition.DEFEATED),)
    assert codes(replace(GUARD, conditions=defeated)) == ["participant_defeated"]
    # seed 003_750bd81a16f66abf.txt: "Уничтожено : войско уничтожено полностью, его не
    # восстановить"
    assert codes(replace(GUARD, active=False)) == ["not_active"]


@pytest.mark.parametrize(("fortified", "holds", "expected"), [
    (False, True, []),                          # the side's own walls
    (True, False, ["garrison_side"]),           # never the enemy's walls
    (True, None, []),                           # a garrison fights from its own site
    (False, None, ["garrison_not_fortified"]),  # an army that is no garrison has no walls
])
def test_a_garrison_fights_from_its_own_walls_only(fortified, holds, expected):
    # seed 003_750bd81a16f66abf.txt: "Когда гарнизон создан, войско защищено, пока не использует
    # боевое действие с дескриптором «манёвр»".
    conditions = (ConditionState(Condition.FORTIFIED),) if fortified else ()
    assert codes(replace(GUARD, garrisoned=True, holds_fortification=holds,
                         conditions=conditions)) == expected


def test_a_battle_off_the_map_takes_its_armies_wherever_they_stand():
    # Our ruling: a battle the GM sets up without a hex has no place for an army to be away from.
    assert codes(replace(GUARD, scene_hex=None, hex="Q9")) == []
