"""Army types, regular and special stat-block templates, HP, routing threshold and ammunition."""
from dataclasses import replace

import pytest

from rules.errors import RuleViolation
from rules.kingmaker.army import ArmyState, current_hp, hp_violations, maximum_hp, stat_block
from rules.kingmaker.gear import GearItem, GearKind, WeaponKind
from rules.kingmaker.levels import level_row
from rules.kingmaker.templates import (
    ALL_TEMPLATES,
    HIGH_SAVE,
    REGULAR_TEMPLATES,
    SPECIAL_TEMPLATES,
    ArmyType,
    Save,
    find_template,
)
from rules.records import quick_replace

INFANTRY = REGULAR_TEMPLATES[ArmyType.INFANTRY]
CAVALRY = REGULAR_TEMPLATES[ArmyType.CAVALRY]
SKIRMISHERS = REGULAR_TEMPLATES[ArmyType.SKIRMISHER]
SIEGE = REGULAR_TEMPLATES[ArmyType.SIEGE]


def sb(template, level=None, **kwargs):
    return stat_block(ArmyState(template, template.level if level is None else level, **kwargs))


# --- Regular armies ---------------------------------------------------------------------------

@pytest.mark.parametrize(("army_type", "high"), [
    (ArmyType.INFANTRY, Save.MORALE),
    (ArmyType.CAVALRY, Save.MANEUVER),
    (ArmyType.SKIRMISHER, Save.MANEUVER),
    (ArmyType.SIEGE, Save.MORALE),
])
def test_high_save_by_army_type(army_type, high):
    # seed 003_750bd81a16f66abf.txt: "У войск всегда есть высокий и низкий модификаторы испытания, но
    # какой из них высокий, а какой низкий, зависит от рода войска."
    assert HIGH_SAVE[army_type] is high
    template = REGULAR_TEMPLATES[army_type]
    assert template.save_class is high
    assert sb(template).high_save is high


# (type, adjustment of both saves against the table): reference/kingmaker-warfare-data.yaml,
# Skirmishers "Light and mobile": "AC is 2 below the level table; Maneuver and Morale are each 2
# above it".
SAVE_CASES = [
    (army_type, level)
    for army_type in ArmyType
    for level in range(REGULAR_TEMPLATES[army_type].level, 21)
]


@pytest.mark.parametrize(("army_type", "level"), SAVE_CASES,
                         ids=[f"{t.value}-{lvl}" for t, lvl in SAVE_CASES])
def test_regular_saves_follow_the_table_at_every_level(army_type, level):
    # seed 003_750bd81a16f66abf.txt: "КБ, модификаторы испытаний, атака: указаны в таблице. У войск
    # всегда есть высокий и низкий модификаторы испытания, но какой из них высокий, а какой низкий,
    # зависит от рода войска."
    row = level_row(level)
    extra = 2 if army_type is ArmyType.SKIRMISHER else 0
    block = sb(REGULAR_TEMPLATES[army_type], level)
    if HIGH_SAVE[army_type] is Save.MORALE:
        assert (block.morale, block.maneuver) == (row.high_save + extra, row.low_save + extra)
    else:
        assert (block.maneuver, block.morale) == (row.high_save + extra, row.low_save + extra)
    assert block.scouting == row.scouting
    assert block.standard_dc == row.standard_dc
    assert block.recruitment_dc == row.standard_dc
    assert block.max_tactics == row.max_tactics
    assert block.ac == row.ac - extra
    assert block.morale_dc == block.morale + 10
    assert block.maneuver_dc == block.maneuver + 10
    assert block.scouting_dc == block.scouting + 10
    if army_type is not ArmyType.SIEGE:
        assert block.melee.attack.total == row.attack


# reference/kingmaker-warfare-data.yaml, regular_armies (printed stat blocks at minimum level):
# level, scouting, recruitment_dc, consumption, ac, maneuver, morale, hp, rout_threshold, melee, ranged
REGULAR_PRINTED = {
    ArmyType.INFANTRY: (1, 7, 15, 1, 16, 4, 10, 4, 2, 9, None),
    ArmyType.CAVALRY: (3, 9, 18, 2, 19, 12, 6, 4, 2, 12, None),
    ArmyType.SKIRMISHER: (5, 12, 20, 1, 20, 17, 11, 4, 2, 15, None),
    ArmyType.SIEGE: (7, 15, 23, 1, 25, 12, 18, 6, 3, None, 15),
}


@pytest.mark.parametrize("army_type", list(ArmyType))
def test_regular_templates_reproduce_the_printed_stat_blocks(army_type):
    # reference/kingmaker-warfare-data.yaml: "- name: Cavalry / level: 3 / ... ac: 19 / maneuver:
    # {modifier: 12, save_class: high} / morale: {modifier: 6, save_class: low} / ... melee: {name:
    # weapons, modifier: 12}"; Siege Engines "ranged: {name: siege engine, modifier: 15, shots: 5}"
    # and "melee: null"
    level, scouting, dc, consumption, ac, maneuver, morale, hp, rt, melee, ranged = \
        REGULAR_PRINTED[army_type]
    template = REGULAR_TEMPLATES[army_type]
    assert template.level == level
    block = sb(template)
    assert block.level == level
    assert (block.scouting, block.recruitment_dc, block.consumption, block.ac, block.maneuver,
            block.morale, block.max_hp, block.hp, block.routing_threshold) == (
        scouting, dc, consumption, ac, maneuver, morale, hp, hp, rt)
    assert (block.melee.attack.total if block.melee else None) == melee
    assert (block.ranged.attack.total if block.ranged else None) == ranged
    assert block.template.special is False
    assert block.template.recruitable is True


def test_skirmishers_are_light_and_mobile():
    # reference/kingmaker-warfare-data.yaml: "Light and mobile ... AC is 2 below the level table;
    # Maneuver and Morale are each 2 above it"
    row = level_row(5)
    block = sb(SKIRMISHERS)
    assert block.ac == row.ac - 2 == 20
    assert block.maneuver == row.high_save + 2 == 17
    assert block.morale == row.low_save + 2 == 11


def test_siege_engines_shoot_at_15_and_have_no_melee():
    # seed 003_750bd81a16f66abf.txt: "Осадные войска обычно предназначены для осад и в ближнем бою не
    # участвуют."; reference/kingmaker-warfare-data.yaml: "Listed ranged modifier (+15) is below the
    # level-7 table attack (+18); use the stat block value"
    block = sb(SIEGE, 7)
    assert block.ranged.attack.total == 15
    assert block.melee is None
    assert set(block.strikes) == {WeaponKind.RANGED}


@pytest.mark.parametrize(("template", "level"), [
    (CAVALRY, 2), (CAVALRY, 1), (SKIRMISHERS, 4), (SIEGE, 6), (SIEGE, 1),
])
def test_regular_type_below_its_minimum_level_raises(template, level):
    # seed 003_750bd81a16f66abf.txt: "Вы не можете рекрутировать войско, чей минимальный уровень выше
    # текущего уровня вашего королевства."
    with pytest.raises(RuleViolation) as excinfo:
        sb(template, level)
    assert excinfo.value.codes() == {"below_minimum_level"}
    assert excinfo.value.violations[0].params["minimum"] == template.level


def test_level_outside_the_table_raises_level_out_of_range():
    # seed 003_750bd81a16f66abf.txt: "ОБЫЧНЫЕ ВОЙСКА В ЗАВИСИМОСТИ ОТ УРОВНЯ" (levels 1 to 20)
    with pytest.raises(RuleViolation) as excinfo:
        sb(INFANTRY, 21)
    assert excinfo.value.codes() == {"level_out_of_range"}


# --- Special armies ---------------------------------------------------------------------------

# reference/kingmaker-warfare-data.yaml, special_armies (printed at minimum level):
# name: (type, level, scouting, recruitment_dc, consumption, ac, maneuver, morale, hp, rout_threshold,
#        melee, ranged)
SPECIAL_PRINTED = {
    "Sootscale Warriors": (ArmyType.INFANTRY, 3, 9, 20, 1, 20, 14, 5, 4, 3, 12, 12),
    "Lizardfolk Defenders": (ArmyType.SKIRMISHER, 5, 14, 22, 1, 23, 9, 15, 4, 2, 12, 12),
    "Greengripe Bombardiers": (ArmyType.SIEGE, 7, 13, 28, 2, 25, 12, 18, 6, 3, 19, 18),
    "Nomen Scouts": (ArmyType.CAVALRY, 8, 18, 26, -1, 27, 14, 19, 4, None, 20, 20),
    "M'botuu Frog Riders": (ArmyType.CAVALRY, 10, 19, 32, 2, 27, 22, 18, 6, 3, 25, 23),
    "Tok-Nikrat Scouts": (ArmyType.SKIRMISHER, 10, 20, 32, 1, 31, 22, 18, 4, 2, 23, 23),
    "Tiger Lord Berserkers": (ArmyType.INFANTRY, 12, 23, 32, 1, 32, 19, 25, 6, 2, 28, None),
    "Troll Marauders": (ArmyType.INFANTRY, 8, 16, None, None, 28, 13, 19, 5, 1, 20, None),
    # "hp: "4 (+1 Toughened Soldiers = 5)""
    "Pitax Horde": (ArmyType.INFANTRY, 10, 19, None, None, 30, 22, 16, 5, 2, 25, None),
}


def test_all_nine_special_templates_exist():
    # seed 003_750bd81a16f66abf.txt: "Когда вы рекрутируете особое войско из встреченных вами
    # существ, ведущий выдаёт вам блок параметров этого войска"
    assert sorted(t.name for t in SPECIAL_TEMPLATES) == sorted(SPECIAL_PRINTED)
    assert all(t.special for t in SPECIAL_TEMPLATES)
    assert len(ALL_TEMPLATES) == 13


@pytest.mark.parametrize("name", list(SPECIAL_PRINTED))
def test_special_template_at_minimum_level_equals_the_printed_block(name):
    # seed 003_750bd81a16f66abf.txt: "В блоках параметров особых войск указаны СЛ и модификаторы
    # минимального уровня, а следом за ними в скобках указаны поправки."
    army_type, level, scouting, dc, consumption, ac, maneuver, morale, hp, rt, melee, ranged = \
        SPECIAL_PRINTED[name]
    template = find_template(name)
    assert template.name == name
    assert (template.army_type, template.level) == (army_type, level)
    block = sb(template, tactics=template.tactics)
    assert (block.scouting, block.recruitment_dc, block.consumption, block.ac, block.maneuver,
            block.morale, block.max_hp, block.routing_threshold) == (
        scouting, dc, consumption, ac, maneuver, morale, hp, rt)
    assert (block.melee.attack.total if block.melee else None) == melee
    assert (block.ranged.attack.total if block.ranged else None) == ranged


SPECIAL_LEVEL_CASES = [(name, level) for name, printed in SPECIAL_PRINTED.items()
                       for level in (printed[1] + 1, 15, 20) if level >= printed[1] + 1]


@pytest.mark.parametrize(("name", "level"), SPECIAL_LEVEL_CASES)
def test_special_template_above_minimum_is_table_plus_adjustment(name, level):
    # seed 003_750bd81a16f66abf.txt: "Когда персонажи игроков рекрутируют особое войско уровнем выше
    # минимального, измените СЛ и модификаторы этого войска согласно значениям для обычного войска в
    # таблице выше, а потом внесите поправки, указанные в скобках."
    _t, minimum, scouting, dc, _c, ac, maneuver, morale, _hp, _rt, melee, ranged = \
        SPECIAL_PRINTED[name]
    template = find_template(name)
    low, high = level_row(minimum), level_row(level)
    if maneuver >= morale:
        man_table_low, man_table_high = low.high_save, high.high_save
        mor_table_low, mor_table_high = low.low_save, high.low_save
    else:
        man_table_low, man_table_high = low.low_save, high.low_save
        mor_table_low, mor_table_high = low.high_save, high.high_save
    block = sb(template, level, tactics=template.tactics)
    assert block.scouting == high.scouting + (scouting - low.scouting)
    assert block.ac == high.ac + (ac - low.ac)
    assert block.maneuver == man_table_high + (maneuver - man_table_low)
    assert block.morale == mor_table_high + (morale - mor_table_low)
    assert block.recruitment_dc == (None if dc is None else high.standard_dc + (dc - low.standard_dc))
    assert (block.melee.attack.total if block.melee else None) == (
        None if melee is None else high.attack + (melee - low.attack))
    assert (block.ranged.attack.total if block.ranged else None) == (
        None if ranged is None else high.attack + (ranged - low.attack))


def test_sootscale_warriors_at_level_6():
    # seed 003_750bd81a16f66abf.txt: "измените СЛ и модификаторы этого войска согласно значениям для
    # обычного войска в таблице выше, а потом внесите поправки, указанные в скобках."
    # Level 3 printed: AC 20 (+1), maneuver 14 (+2), morale 5 (-1), DC 20 (+2), scouting 9 (+0),
    # melee 12 (+0); level-6 table: AC 24, high 17, low 11, DC 22, scouting 14, attack 17.
    block = sb(find_template("Sootscale Warriors"), 6, tactics=("darkvision", "accustomed_to_panic"))
    assert block.ac == 25
    assert block.maneuver == 19
    assert block.morale == 10
    assert block.recruitment_dc == 24
    assert block.scouting == 14
    assert block.melee.attack.total == 17
    assert block.ranged.attack.total == 17
    assert find_template("Sootscale Warriors").adjustments() == {
        "scouting": 0, "ac": 1, "maneuver": 2, "morale": -1, "recruitment_dc": 2, "melee": 0,
        "ranged": 0}


def test_tiger_lord_berserkers_at_level_20():
    # seed 003_750bd81a16f66abf.txt: "измените СЛ и модификаторы этого войска согласно значениям для
    # обычного войска в таблице выше, а потом внесите поправки, указанные в скобках."
    # Level 12 printed vs table: scouting 23 (+1), AC 32 (-1), morale 25 (high, +0), maneuver 19
    # (low, +0), DC 32 (+2), melee 28 (+2); level-20 table: 33, 45, 36, 30, 40, 38.
    template = find_template("tiger_lord_berserkers")
    block = sb(template, 20, tactics=template.tactics)
    assert (block.scouting, block.ac, block.morale, block.maneuver, block.recruitment_dc,
            block.melee.attack.total, block.ranged) == (34, 44, 36, 30, 42, 40, None)


@pytest.mark.parametrize(("name", "level"), [
    ("Sootscale Warriors", 2), ("Nomen Scouts", 7), ("Tiger Lord Berserkers", 11),
    ("Greengripe Bombardiers", 1),
])
def test_special_template_below_minimum_level_raises(name, level):
    # seed 003_750bd81a16f66abf.txt: "Уровень особых войск показывает минимальный уровень
    # королевства, на котором их можно рекрутировать."
    with pytest.raises(RuleViolation) as excinfo:
        find_template(name).check_level(level)
    assert excinfo.value.codes() == {"below_minimum_level"}


def test_nomen_scouts_have_no_routing_threshold_and_negative_consumption():
    # seed 003_750bd81a16f66abf.txt: "войско, состоящее из существ с невосприимчивостью к ужасу, и
    # вовсе не имеет ПБ."; reference/kingmaker-warfare-data.yaml: "consumption: -1 ... no RT
    # (Brave); consumption -1 from Self-Sufficient"
    template = find_template("Nomen Scouts")
    assert template.routing_threshold is None
    assert template.consumption == -1
    block = sb(template, 12, tactics=template.tactics)
    assert block.routing_threshold is None
    assert block.consumption == -1


@pytest.mark.parametrize("name", ["Troll Marauders", "Pitax Horde"])
def test_enemy_armies_are_not_recruitable(name):
    # reference/kingmaker-warfare-data.yaml: "recruitment_dc: null, consumption: null ... notes:
    # "Enemy army (not recruitable)""
    template = find_template(name)
    assert template.recruitable is False
    block = sb(template, tactics=template.tactics)
    assert block.recruitment_dc is None
    assert block.consumption is None


@pytest.mark.parametrize("name", [n for n in SPECIAL_PRINTED
                                  if n not in ("Troll Marauders", "Pitax Horde")])
def test_other_special_armies_are_recruitable(name):
    # seed 003_750bd81a16f66abf.txt: "Чтобы нанять особое войско, вам нужно сначала установить
    # дипломатические отношения с соответствующей фракцией"
    assert find_template(name).recruitable is True


def test_find_template_by_name_or_code_and_unknown():
    # seed 003_750bd81a16f66abf.txt: "Выберите род войска из четырёх основных вариантов: пехота,
    # кавалерия, разведчики и осадные войска."
    assert find_template("M'botuu Frog Riders") is find_template("mbotuu_frog_riders")
    assert find_template("Siege Engines") is SIEGE
    with pytest.raises(RuleViolation) as excinfo:
        find_template("Dragons")
    assert excinfo.value.codes() == {"unknown_template"}


# --- Ammunition -------------------------------------------------------------------------------

@pytest.mark.parametrize(("template", "level", "tactics", "gear", "ammunition"), [
    (INFANTRY, 1, (), (), None),
    (CAVALRY, 3, ("overrun",), (), None),
    (SIEGE, 7, ("engines_of_war",), (), 5),
    (find_template("Sootscale Warriors"), 3, ("darkvision", "accustomed_to_panic"), (), 5),
    (find_template("Tiger Lord Berserkers"), 12, (), (), None),
    (INFANTRY, 1, (), (GearItem(GearKind.ADDITIONAL_WEAPON),), 5),
    (INFANTRY, 5, ("increased_ammunition",), (), None),
    (SIEGE, 7, ("engines_of_war", "increased_ammunition"), (), 7),
    (SIEGE, 12, ("engines_of_war", "increased_ammunition", "increased_ammunition"), (), 9),
    (INFANTRY, 5, ("increased_ammunition",), (GearItem(GearKind.ADDITIONAL_WEAPON),), 7),
])
def test_ammunition(template, level, tactics, gear, ammunition):
    # seed 003_750bd81a16f66abf.txt: "Войско может применять дистанционный Удар до 5 раз за каждую
    # сцену битвы, после чего у него кончаются боеприпасы (если у него нет тактики Увеличенный
    # боезапас)."; reference/kingmaker-warfare-data.yaml: "+2 ranged Strikes per war encounter"
    assert sb(template, level, tactics=tactics, gear=gear).ammunition == ammunition


# --- HP and routing threshold ------------------------------------------------------------------

@pytest.mark.parametrize(("template", "tactics", "max_hp", "rt"), [
    (INFANTRY, (), 4, 2),
    (INFANTRY, ("toughened_soldiers",), 5, 2),
    (INFANTRY, ("toughened_soldiers", "toughened_soldiers"), 6, 3),
    (INFANTRY, ("hold_the_line",), 4, 1),
    (INFANTRY, ("hold_the_line", "toughened_soldiers"), 5, 2),
    (SIEGE, ("engines_of_war",), 6, 3),
    (SIEGE, ("engines_of_war", "hold_the_line"), 6, 2),
    (SIEGE, ("engines_of_war", "toughened_soldiers", "hold_the_line"), 7, 2),
])
def test_hp_and_routing_threshold(template, tactics, max_hp, rt):
    # seed 003_750bd81a16f66abf.txt: "Порог бегства (ПБ) указан в скобках после ПЗ. ПБ обычно равен
    # половине максимума ПЗ войска."; reference/kingmaker-warfare-data.yaml: Toughened Soldiers
    # "+1 maximum HP"; Hold the Line "Rout Threshold becomes 1/4 of max HP (round up)"
    block = sb(template, 20, tactics=tactics)
    assert block.max_hp == max_hp
    assert block.hp == max_hp
    assert block.routing_threshold == rt


@pytest.mark.parametrize(("hp", "expected"), [(None, 4), (3, 3), (0, 0), (-2, 0), (9, 4)])
def test_current_hp_is_between_0_and_max(hp, expected):
    # seed 003_750bd81a16f66abf.txt: "ПЗ войска нельзя опустить ниже 0."
    assert sb(INFANTRY, hp=hp).hp == expected


def test_stat_block_as_dict_summarises_the_block():
    # seed 003_750bd81a16f66abf.txt: "СЛ разведки равна модификатору Разведки +10."
    data = sb(CAVALRY, 3, tactics=("overrun",), name="Riders").as_dict()
    assert data["name"] == "Riders"
    assert data["type"] == "cavalry"
    assert data["high_save"] == "maneuver"
    assert (data["scouting"], data["scouting_dc"]) == (9, 19)
    assert (data["ac"], data["maneuver"], data["morale"], data["melee"], data["ranged"]) == (
        19, 12, 6, 12, None)
    assert (data["maneuver_dc"], data["morale_dc"]) == (22, 16)
    assert data["tactics"] == ["overrun"]
    assert data["tactics_counted"] == 1
    assert data["max_tactics"] == 1


def test_hp_above_the_maximum_is_refused():
    # seed 003_750bd81a16f66abf.txt: "ПЗ: пункты здоровья войска. ... ПБ обычно равен половине
    # максимума ПЗ войска": an army's HP runs from 0 to its maximum.
    maximum = sb(INFANTRY).max_hp
    assert hp_violations(ArmyState(INFANTRY, INFANTRY.level, hp=maximum)) == []
    (too_many,) = hp_violations(ArmyState(INFANTRY, INFANTRY.level, hp=maximum + 1))
    assert (too_many.code, too_many.field) == ("hp_above_max", "hp")


def test_a_state_s_stat_block_is_derived_once_and_a_changed_state_gets_its_own():
    # A kingdom turn asks for the same states' stat blocks many times (rules.kingmaker.army).
    state = ArmyState(INFANTRY, 5, hp=2)
    assert stat_block(state) is stat_block(state)
    assert stat_block(state) == stat_block(ArmyState(INFANTRY, 5, hp=2))
    hurt = replace(state, hp=1)
    assert stat_block(hurt).hp == 1 and stat_block(state).hp == 2
    assert stat_block(quick_replace(state, hp=1)).hp == 1  # the quick copy too
    assert state == ArmyState(INFANTRY, 5, hp=2)  # what is kept is no field


@pytest.mark.parametrize("tactics", [(), ("toughened_soldiers",),
                                     ("toughened_soldiers", "toughened_soldiers")])
@pytest.mark.parametrize("hp", [None, -1, 0, 2, 4, 5, 6, 99])
def test_the_hp_a_turn_writes_and_reports_is_the_stat_block_s(tactics, hp):
    # What a turn stores (armies.apply) and reports (turns.reports) without deriving the block.
    state = ArmyState(INFANTRY, 5, tactics=tactics, hp=hp)
    assert (current_hp(state), maximum_hp(state)) == (stat_block(state).hp, stat_block(state).max_hp)
