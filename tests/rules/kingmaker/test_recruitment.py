"""Recruiting an army: the seven steps of "ПРОЦЕСС РЕКРУТИРОВАНИЯ ВОЙСКА"."""
from dataclasses import replace

import pytest

from rules.errors import RuleViolation
from rules.kingmaker.army import stat_block
from rules.kingmaker.conditions import Condition, ConditionState
from rules.kingmaker.recruitment import (
    KingdomState,
    RecruitmentOrder,
    recruit,
    recruitment_violations,
)
from rules.kingmaker.templates import REGULAR_TEMPLATES, ArmyType, find_template

INFANTRY = REGULAR_TEMPLATES[ArmyType.INFANTRY]
CAVALRY = REGULAR_TEMPLATES[ArmyType.CAVALRY]
SIEGE = REGULAR_TEMPLATES[ArmyType.SIEGE]
SOOTSCALE = find_template("Sootscale Warriors")
NOMEN = find_template("Nomen Scouts")

KINGDOM = KingdomState(
    level=8,
    consumption=3,
    settlement_hexes=frozenset({"C4", "D7"}),
    factions_with_relations=frozenset({"Sootscale kobolds", "Nomen centaurs", "Trolls"}),
    factions_recruited=frozenset({"Nomen centaurs"}),
    army_names=frozenset({"The Guard"}),
)


def codes(kingdom, order):
    return [v.code for v in recruitment_violations(kingdom, order)]


def infantry_order(**kwargs):
    values = {"template": INFANTRY, "name": "First Foot", "hex": "C4", "tactics": ("hold_the_line",)}
    values.update(kwargs)
    return RecruitmentOrder(**values)


def sootscale_order(**kwargs):
    values = {"template": SOOTSCALE, "name": "Kobold Spears", "hex": "Q9",
              "faction": "Sootscale kobolds"}
    values.update(kwargs)
    return RecruitmentOrder(**values)


def test_a_valid_regular_order():
    # seed 003_750bd81a16f66abf.txt: "ЭТАП 1. ВЫБЕРИТЕ РОД ВОЙСК ДЛЯ ОБЫЧНОГО ВОЙСКА"
    assert codes(KINGDOM, infantry_order()) == []


@pytest.mark.parametrize(("template", "kingdom_level", "tactics", "expected"), [
    (CAVALRY, 2, (), ["template_level_too_high"]),
    (CAVALRY, 3, (), []),
    (SIEGE, 6, (), ["template_level_too_high"]),
    (SIEGE, 7, (), []),
    (REGULAR_TEMPLATES[ArmyType.SKIRMISHER], 4, ("keen_eyed",), ["template_level_too_high"]),
    (REGULAR_TEMPLATES[ArmyType.SKIRMISHER], 5, ("keen_eyed",), []),
])
def test_template_level_above_the_kingdom_is_rejected(template, kingdom_level, tactics, expected):
    # seed 003_750bd81a16f66abf.txt: "Вы не можете рекрутировать войско, чей минимальный уровень выше
    # текущего уровня вашего королевства."
    order = infantry_order(template=template, tactics=tactics)
    assert codes(replace(KINGDOM, level=kingdom_level), order) == expected


def test_special_army_above_the_kingdom_level_is_rejected():
    # seed 003_750bd81a16f66abf.txt: "Уровень особых войск показывает минимальный уровень королевства,
    # на котором их можно рекрутировать."
    order = sootscale_order()
    assert codes(replace(KINGDOM, level=2), order) == ["template_level_too_high"]
    assert codes(replace(KINGDOM, level=3), order) == []


def test_special_army_needs_diplomatic_relations():
    # seed 003_750bd81a16f66abf.txt: "Чтобы нанять особое войско, вам нужно сначала установить
    # дипломатические отношения с соответствующей фракцией"
    assert codes(KINGDOM, sootscale_order(faction="Mivoni boggards")) == ["no_diplomatic_relations"]
    assert codes(KINGDOM, sootscale_order(faction=None)) == ["faction_required"]
    assert codes(KINGDOM, sootscale_order()) == []


def test_one_army_per_faction():
    # seed 003_750bd81a16f66abf.txt: "Из каждой фракции существ может быть рекрутировано только одно
    # войско."
    order = RecruitmentOrder(NOMEN, "Centaur Riders", "F1", faction="Nomen centaurs")
    assert codes(KINGDOM, order) == ["faction_already_recruited"]
    fresh = replace(KINGDOM, factions_recruited=frozenset(),
                    factions_with_relations=KINGDOM.factions_with_relations)
    assert codes(fresh, order) == []


def test_regular_army_starts_in_a_settlement_hex():
    # seed 003_750bd81a16f66abf.txt: "Обычное войско начинает игру в гексе с одним из поселений
    # вашего королевства."
    assert codes(KINGDOM, infantry_order(hex="D7")) == []
    assert codes(KINGDOM, infantry_order(hex="Q9")) == ["not_a_settlement_hex"]
    assert codes(KINGDOM, infantry_order(hex="")) == ["hex_required"]


def test_special_army_may_start_anywhere():
    # seed 003_750bd81a16f66abf.txt: "Особое войско начинает игру в том гексе, где вы впервые
    # встретили его представителей и рекрутировали их."
    assert "Q9" not in KINGDOM.settlement_hexes
    assert codes(KINGDOM, sootscale_order(hex="Q9")) == []
    assert codes(KINGDOM, sootscale_order(hex="")) == ["hex_required"]


@pytest.mark.parametrize("hex_", ["Q😀", "9Q", "somewhere"])
def test_a_special_army_starts_in_a_map_hex(hex_):
    # seed 003_750bd81a16f66abf.txt: "Особое войско начинает игру в том гексе, где вы впервые
    # встретили его представителей" - a hex of the map, written as the map names it.
    assert codes(KINGDOM, sootscale_order(hex=hex_)) == ["hex_format"]


@pytest.mark.parametrize(("name", "expected"), [
    ("Second Foot", []),
    ("", ["name_required"]),
    ("   ", ["name_required"]),
    ("The Guard", ["name_taken"]),
    ("the guard", ["name_taken"]),
    ("  THE GUARD ", ["name_taken"]),
])
def test_name_required_and_unique(name, expected):
    # seed 003_750bd81a16f66abf.txt: "ЭТАП 7. НАЗОВИТЕ ВОЙСКО ... Дайте своему войску уникальное
    # название"
    assert codes(KINGDOM, infantry_order(name=name)) == expected


@pytest.mark.parametrize(("order", "consumption"), [
    (infantry_order(), 3 + 1),
    (infantry_order(template=CAVALRY, tactics=("overrun", "keen_eyed")), 3 + 2),
    (RecruitmentOrder(NOMEN, "Centaurs", "F1", faction="Sootscale kobolds"), 3 - 1),
])
def test_consumption_is_added_to_the_kingdoms(order, consumption):
    # seed 003_750bd81a16f66abf.txt: "Когда вы рекрутируете войско, потребление вашего королеве 1ва
    # вырастает на значение потребления этого войска."
    assert recruit(KINGDOM, order).kingdom_consumption == consumption


@pytest.mark.parametrize(("order", "kingdom_level"), [
    (infantry_order(), 1),
    (infantry_order(), 8),
    (infantry_order(template=SIEGE, tactics=()), 12),
    (sootscale_order(), 6),
])
def test_new_army_level_is_the_kingdom_level(order, kingdom_level):
    # seed 003_750bd81a16f66abf.txt: "При рекрутировании войска его уровень становится равен уровню
    # вашего королевства."
    result = recruit(replace(KINGDOM, level=kingdom_level), order)
    assert result.army.level == kingdom_level
    assert stat_block(result.army).level == kingdom_level


def test_recruited_army_state():
    # seed 003_750bd81a16f66abf.txt: "ЭТАП 5. РАСПОЛОЖИТЕ ВОЙСКО" / "ЭТАП 7. НАЗОВИТЕ ВОЙСКО"
    army = recruit(KINGDOM, infantry_order(name="  First Foot ")).army
    assert army.name == "First Foot"
    assert army.hex == "C4"
    assert army.template is INFANTRY
    assert army.tactics == ("hold_the_line",)
    assert army.gear == ()
    assert army.conditions == ()
    assert army.hp is None
    block = stat_block(army)
    assert (block.hp, block.ac, block.morale) == (4, 27, 19)


def test_sootscale_recruited_above_its_minimum_level():
    # seed 003_750bd81a16f66abf.txt: "Когда персонажи игроков рекрутируют особое войско уровнем выше
    # минимального, измените СЛ и модификаторы этого войска согласно значениям для обычного войска в
    # таблице выше, а потом внесите поправки, указанные в скобках."
    army = recruit(replace(KINGDOM, level=6), sootscale_order(tactics=("keen_eyed",))).army
    assert army.tactics == ("darkvision", "accustomed_to_panic")
    block = stat_block(army)
    assert (block.ac, block.maneuver, block.morale, block.recruitment_dc) == (25, 19, 10, 24)


def test_critical_success_makes_the_army_efficient():
    # reference/kingmaker-warfare-data.yaml: Recruit Army "critical_success: "Army joins and starts
    # efficient""
    assert recruit(KINGDOM, infantry_order(efficient=True)).army.conditions == (
        ConditionState(Condition.EFFICIENT),)
    assert recruit(KINGDOM, infantry_order(efficient=False)).army.conditions == ()


@pytest.mark.parametrize("name", ["Troll Marauders", "Pitax Horde"])
def test_not_recruitable_templates_are_rejected(name):
    # reference/kingmaker-warfare-data.yaml: "notes: "Enemy army (not recruitable)""
    order = RecruitmentOrder(find_template(name), "Monsters", "A1", faction="Trolls")
    kingdom = replace(KINGDOM, level=12)
    assert codes(kingdom, order) == ["not_recruitable"]
    with pytest.raises(RuleViolation) as excinfo:
        recruit(kingdom, order)
    assert excinfo.value.codes() == {"not_recruitable"}


def test_cavalry_gets_overrun_as_its_first_tactic():
    # seed 003_750bd81a16f66abf.txt: "кавалерия и осадные войска должны выбрать первой тактикой Конную
    # лаву и Орудие войны соответственно"
    assert recruit(replace(KINGDOM, level=3), infantry_order(template=CAVALRY, tactics=())
                   ).army.tactics == ("overrun",)
    assert recruit(replace(KINGDOM, level=4), infantry_order(template=CAVALRY,
                                                             tactics=("keen_eyed",))
                   ).army.tactics == ("overrun", "keen_eyed")
    assert recruit(replace(KINGDOM, level=7), infantry_order(template=SIEGE, tactics=())
                   ).army.tactics == ("engines_of_war",)
    # at level 3 cavalry has one tactic slot, which overrun fills
    assert codes(replace(KINGDOM, level=3), infantry_order(template=CAVALRY,
                                                           tactics=("keen_eyed",))) == [
        "too_many_tactics"]


def test_regular_army_needs_a_first_tactic():
    # seed 003_750bd81a16f66abf.txt: "Каждое войско обучено минимум одной тактике. Когда вы
    # рекрутируете обычное войско, выберите любую доступную ему тактику"
    assert codes(KINGDOM, infantry_order(tactics=())) == ["tactic_required"]
    assert codes(replace(KINGDOM, level=2), infantry_order(tactics=("defensive_tactics",))) == [
        "tactic_level_too_high"]
    assert codes(KINGDOM, infantry_order(tactics=("ambush",))) == ["wrong_army_type"]


def test_recruit_raises_every_violation():
    # seed 003_750bd81a16f66abf.txt: "ПРОЦЕСС РЕКРУТИРОВАНИЯ ВОЙСКА"
    with pytest.raises(RuleViolation) as excinfo:
        recruit(KINGDOM, infantry_order(name="the guard", hex="Q9", tactics=()))
    assert excinfo.value.codes() == {"name_taken", "not_a_settlement_hex", "tactic_required"}
    assert {v.field for v in excinfo.value.violations} == {"name", "hex", "tactics"}


def test_kingdom_level_outside_the_table_is_rejected():
    # seed 003_750bd81a16f66abf.txt: "При рекрутировании войска его уровень становится равен уровню
    # вашего королевства." (a level of the table: 1-20)
    with pytest.raises(RuleViolation) as excinfo:
        recruitment_violations(replace(KINGDOM, level=0), infantry_order())
    assert excinfo.value.codes() == {"level_out_of_range"}
