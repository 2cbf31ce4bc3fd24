"""The Upkeep phase for armies: what each army eats, and when a hungry army breaks up
(seed 003, "Потребление"; reference kingdom_links)."""
from dataclasses import replace

import pytest

from rules.kingmaker.activities import Garrisoned, TurnArmy
from rules.kingmaker.army import ArmyState
from rules.kingmaker.conditions import Condition, ConditionState
from rules.kingmaker.templates import REGULAR_TEMPLATES, ArmyType, find_template
from rules.kingmaker.upkeep import (
    DISBANDS_AT,
    RUIN_KINDS,
    army_consumption,
    breaks_from_hunger,
    kingdom_army_consumption,
    ruin_to_raise,
)

INFANTRY = REGULAR_TEMPLATES[ArmyType.INFANTRY]
CAVALRY = REGULAR_TEMPLATES[ArmyType.CAVALRY]
SKIRMISHERS = REGULAR_TEMPLATES[ArmyType.SKIRMISHER]
SIEGE = REGULAR_TEMPLATES[ArmyType.SIEGE]
NOMEN = find_template("Nomen Scouts")
FROGS = find_template("M'botuu Frog Riders")
LIZARDFOLK = find_template("Lizardfolk Defenders")
SETTLEMENTS = frozenset({"C4"})


def army(template=INFANTRY, *, tactics=("hold_the_line",), hex="C4", conditions=(), key=1, **extra):
    state = ArmyState(template=template, level=max(template.level, 10), tactics=tactics,
                      conditions=tuple(conditions), name=f"Army {key}", hex=hex)
    return TurnArmy(key=key, state=state, **extra)


@pytest.mark.parametrize(("template", "consumption"), [
    (INFANTRY, 1), (CAVALRY, 2), (SKIRMISHERS, 1), (SIEGE, 1), (FROGS, 2),
])
def test_army_consumption_is_the_stat_block_value(template, consumption):
    # seed 003_750bd81a16f66abf.txt: "Потребление: здесь указывается количество товаров (еда),
    # которое потребляет войско во время фазы содержания."
    assert army_consumption(army(template, tactics=template.tactics or ("overrun",)),
                            SETTLEMENTS) == consumption


def test_self_sufficient_army_feeds_the_kingdom():
    # reference kingdom_links Consumption modifiers: "Nomen Scouts' Self-Sufficient: no consumption
    # and -1 to the kingdom total"
    nomen = army(NOMEN, tactics=NOMEN.tactics)
    assert army_consumption(nomen, SETTLEMENTS) == -1
    assert kingdom_army_consumption([nomen, army(CAVALRY, tactics=("overrun",), key=2)],
                                    SETTLEMENTS) == 1
    # The kingdom never eats less than nothing.
    assert kingdom_army_consumption([nomen], SETTLEMENTS) == 0


@pytest.mark.parametrize(("template", "garrisoned", "relief", "consumption"), [
    (CAVALRY, Garrisoned.UNTIL_DEPLOYED, True, 1),       # 2 - 2 = 0, minimum 1
    (FROGS, Garrisoned.UNTIL_DEPLOYED, True, 1),
    (INFANTRY, Garrisoned.UNTIL_DEPLOYED, True, 1),
    (CAVALRY, Garrisoned.UNTIL_DEPLOYED, False, 2),      # success: fortified, no relief
    (CAVALRY, Garrisoned.UNTIL_NEXT_TURN, False, 2),     # failure: fortified briefly
    (CAVALRY, Garrisoned.NO, True, 2),                   # relief only while garrisoned
])
def test_garrison_critical_success_lowers_consumption_by_two_minimum_one(
        template, garrisoned, relief, consumption):
    # reference army_activities Garrison Army: "critical_success: Fortified until next deployed; its
    # Consumption drops by 2 (minimum 1) while garrisoned"
    garrison = army(template, tactics=template.tactics or ("overrun",), garrisoned=garrisoned,
                    garrison_relief=relief)
    assert army_consumption(garrison, SETTLEMENTS) == consumption


def test_garrison_relief_with_a_bigger_army():
    # reference army_activities Garrison Army: "its Consumption drops by 2 (minimum 1) while
    # garrisoned"
    big = replace(INFANTRY, consumption=5)
    garrison = army(big, garrisoned=Garrisoned.UNTIL_DEPLOYED, garrison_relief=True)
    assert army_consumption(garrison, SETTLEMENTS) == 3


@pytest.mark.parametrize(("hex", "garrisoned", "consumption"), [
    ("F9", Garrisoned.NO, 1),               # away from settlements: 2 - 1
    ("C4", Garrisoned.NO, 2),               # in a settlement hex: full
    ("F9", Garrisoned.UNTIL_DEPLOYED, 2),   # garrisoned: full
    ("F9", Garrisoned.UNTIL_NEXT_TURN, 2),
])
def test_live_off_the_land(hex, garrisoned, consumption):
    # reference tactics Live off the Land / kingdom_links: "Live off the Land -1 in a
    # non-settlement hex when not garrisoned"
    foragers = army(CAVALRY, tactics=("overrun", "live_off_the_land"), hex=hex, garrisoned=garrisoned)
    assert army_consumption(foragers, SETTLEMENTS) == consumption


def test_live_off_the_land_for_a_one_food_army_eats_nothing():
    # reference kingdom_links Consumption modifiers: "Live off the Land -1 in a non-settlement hex
    # when not garrisoned"
    lizardfolk = army(LIZARDFOLK, tactics=LIZARDFOLK.tactics, hex="Q9")
    assert army_consumption(lizardfolk, SETTLEMENTS) == 0
    assert army_consumption(army(LIZARDFOLK, tactics=LIZARDFOLK.tactics, hex="C4"), SETTLEMENTS) == 1


def test_kingdom_consumption_sums_active_armies_only():
    # reference kingdom_links Consumption modifiers: "Disband removes the army's Consumption"
    armies = [
        army(INFANTRY, key=1),
        army(CAVALRY, tactics=("overrun",), key=2),
        army(CAVALRY, tactics=("overrun",), key=3, status="disbanded"),
        army(SIEGE, tactics=("engines_of_war",), key=4, status="destroyed"),
    ]
    assert kingdom_army_consumption(armies, SETTLEMENTS) == 3
    assert kingdom_army_consumption([], SETTLEMENTS) == 0


def cs(condition, value):
    return ConditionState(condition, value)


@pytest.mark.parametrize(("conditions", "breaks"), [
    ([], False),
    ([cs(Condition.WEARY, 3), cs(Condition.SHAKEN, 3)], False),
    ([cs(Condition.WEARY, 4)], True),
    ([cs(Condition.SHAKEN, 4)], True),
    ([cs(Condition.WEARY, 5), cs(Condition.SHAKEN, 1)], True),
    ([cs(Condition.MIRED, 3), cs(Condition.WEARY, 1)], False),
])
def test_an_army_at_weary_or_shaken_four_breaks(conditions, breaks):
    # seed 003_750bd81a16f66abf.txt: "Войско, измотанность или потрясение которого достигнет 4 или
    # более, немедленно распущено."
    assert DISBANDS_AT == 4
    assert breaks_from_hunger(army(conditions=conditions)) is breaks


@pytest.mark.parametrize("choice", RUIN_KINDS)
def test_the_players_choose_the_ruin(choice):
    # seed 003_750bd81a16f66abf.txt: "В этом случае беспорядки повышаются на 1d4, а один из типов
    # раздора (на выбор игроков) — на 1."
    assert ruin_to_raise({"corruption": 0, "crime": 9, "decay": 9, "strife": 9}, choice) == choice


@pytest.mark.parametrize(("ruin", "expected"), [
    ({}, "corruption"),
    ({"corruption": 2, "crime": 1, "decay": 3, "strife": 4}, "crime"),
    ({"corruption": 2, "crime": 2, "decay": 1, "strife": 1}, "decay"),
    ({"corruption": 1, "crime": 1, "decay": 1}, "strife"),
])
def test_without_a_choice_the_lowest_ruin_rises(ruin, expected):
    # seed 003_750bd81a16f66abf.txt: "а один из типов раздора (на выбор игроков) — на 1" (no choice
    # given: our default is the lowest ruin, the first on a tie)
    assert ruin_to_raise(ruin, "") == expected
    assert ruin_to_raise(ruin, "not a ruin") == expected
