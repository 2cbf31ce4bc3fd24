"""Army tactics: the catalog and the rules for knowing tactics."""
import pytest

from rules.errors import RuleViolation
from rules.kingmaker.army import ArmyState, stat_block
from rules.kingmaker.conditions import Target
from rules.kingmaker.gear import GearItem, GearKind
from rules.kingmaker.tactics import (
    TACTICS,
    TacticCategory,
    counted_tactics,
    find_tactic,
    initial_tactics,
    learnable_tactics,
    max_tactics,
    tactic_violations,
    validate_tactics,
)
from rules.kingmaker.templates import (
    REGULAR_TEMPLATES,
    SPECIAL_TEMPLATES,
    ArmyType,
    code_for,
    find_template,
)

INFANTRY = REGULAR_TEMPLATES[ArmyType.INFANTRY]
CAVALRY = REGULAR_TEMPLATES[ArmyType.CAVALRY]
SKIRMISHERS = REGULAR_TEMPLATES[ArmyType.SKIRMISHER]
SIEGE = REGULAR_TEMPLATES[ArmyType.SIEGE]
SOOTSCALE = find_template("Sootscale Warriors")
ALL = {"cavalry", "infantry", "siege", "skirmisher"}


def codes(violations):
    return [v.code for v in violations]


# reference/kingmaker-warfare-data.yaml: "# ---- Standard tactics (any army that qualifies) — 21
# entries ----" (name, level, army_types copied from that section)
STANDARD = [
    ("Ambush", 8, {"skirmisher"}),
    ("Bloodied but Unbroken", 5, {"cavalry", "infantry", "skirmisher"}),
    ("Cavalry Experts", 6, {"cavalry"}),
    ("Darkvision", 1, ALL),
    ("Defensive Tactics", 3, ALL),
    ("Explosive Shot", 11, {"siege"}),
    ("Field Triage", 6, {"infantry", "skirmisher"}),
    ("Flaming Shot", 9, ALL),
    ("Flexible Tactics", 5, {"infantry", "skirmisher"}),
    ("Focused Devotion", 3, ALL),
    ("Hold the Line", 1, ALL),
    ("Increased Ammunition", 5, ALL),
    ("Keen Eyed", 1, ALL),
    ("Keep Up the Pressure", 3, ALL),
    ("Live off the Land", 1, {"cavalry", "infantry", "skirmisher"}),
    ("Low-Light Vision", 1, ALL),
    ("Merciless", 5, {"cavalry", "infantry"}),
    ("Opening Salvo", 8, {"cavalry", "siege", "skirmisher"}),
    ("Reckless Flankers", 5, {"cavalry", "skirmisher"}),
    ("Sharpshooter", 5, {"cavalry", "infantry", "skirmisher"}),
    ("Toughened Soldiers", 1, ALL),
]


def test_catalog_has_the_21_standard_tactics():
    # reference/kingmaker-warfare-data.yaml: "# ---- Standard tactics (any army that qualifies) — 21
    # entries ----"
    standard = {t.name for t in TACTICS.values() if t.category is TacticCategory.STANDARD}
    assert standard == {name for name, _level, _types in STANDARD}
    assert len(STANDARD) == 21


@pytest.mark.parametrize(("name", "level", "types"), STANDARD)
def test_standard_tactic_level_and_army_types(name, level, types):
    # seed 003_750bd81a16f66abf.txt: "Чтобы узнать новую тактику, уровень войска должен быть не ниже
    # уровня тактики, а род войска должен быть указан в дескрипторах тактики."
    tactic = find_tactic(name)
    assert tactic.level == level
    assert {t.value for t in tactic.army_types} == types
    assert tactic.repeatable is (name in ("Increased Ammunition", "Toughened Soldiers"))


def test_unique_tactics_belong_to_their_special_army():
    # seed 003_750bd81a16f66abf.txt: "Уникальные тактики: у особых войск есть хотя бы одна
    # уникальная для них тактика."
    for tactic in TACTICS.values():
        if tactic.category is TacticCategory.UNIQUE:
            assert tactic.code in find_template(tactic.unique_to).tactics, tactic.name


def test_unknown_tactic():
    # seed 003_750bd81a16f66abf.txt: "выберите его начальные тактики из списка далее"
    with pytest.raises(RuleViolation) as excinfo:
        find_tactic("dragon_riders")
    assert excinfo.value.codes() == {"unknown_tactic"}
    assert codes(tactic_violations(INFANTRY, 1, ["dragon_riders"])) == ["unknown_tactic"]


@pytest.mark.parametrize(("template", "level", "tactics", "expected"), [
    (INFANTRY, 1, ["hold_the_line"], []),
    (INFANTRY, 1, ["Hold the Line"], []),
    # wrong army type
    (INFANTRY, 8, ["ambush"], ["wrong_army_type"]),
    (SIEGE, 7, ["engines_of_war", "live_off_the_land"], ["wrong_army_type"]),
    (INFANTRY, 3, ["overrun"], ["wrong_army_type"]),
    # tactic level above army level
    (INFANTRY, 2, ["defensive_tactics"], ["tactic_level_too_high"]),
    (SKIRMISHERS, 7, ["ambush"], ["tactic_level_too_high"]),
    (INFANTRY, 4, ["ambush"], ["wrong_army_type", "tactic_level_too_high"]),
    # duplicates
    (INFANTRY, 4, ["keen_eyed", "keen_eyed"], ["duplicate_tactic"]),
    (INFANTRY, 4, ["toughened_soldiers", "toughened_soldiers"], []),
    (INFANTRY, 5, ["increased_ammunition", "increased_ammunition"], []),
    # too many for the level ("Тактики" column)
    (INFANTRY, 1, ["keen_eyed", "darkvision"], ["too_many_tactics"]),
    (INFANTRY, 3, ["keen_eyed", "darkvision"], ["too_many_tactics"]),
    (INFANTRY, 4, ["keen_eyed", "darkvision"], []),
    (INFANTRY, 4, ["keen_eyed", "darkvision", "hold_the_line"], ["too_many_tactics"]),
    (INFANTRY, 20, ["keen_eyed", "darkvision", "hold_the_line", "toughened_soldiers",
                    "low_light_vision", "merciless"], []),
    (INFANTRY, 20, ["keen_eyed", "darkvision", "hold_the_line", "toughened_soldiers",
                    "low_light_vision", "merciless", "sharpshooter"], ["too_many_tactics"]),
    # cavalry and siege engines: the required first tactic
    (CAVALRY, 3, ["overrun"], []),
    (CAVALRY, 4, ["overrun", "keen_eyed"], []),
    (CAVALRY, 4, ["keen_eyed", "overrun"], ["required_first_tactic"]),
    (CAVALRY, 3, ["keen_eyed"], ["required_first_tactic"]),
    (SIEGE, 7, ["engines_of_war", "darkvision"], []),
    (SIEGE, 7, ["darkvision", "engines_of_war"], ["required_first_tactic"]),
    (CAVALRY, 3, ["overrun", "keen_eyed"], ["too_many_tactics"]),
    # unique tactics of special armies
    (INFANTRY, 8, ["brave"], ["unique_tactic"]),
    (CAVALRY, 8, ["overrun", "trample"], ["unique_tactic"]),
])
def test_tactic_violations_regular(template, level, tactics, expected):
    # seed 003_750bd81a16f66abf.txt: "Чтобы узнать новую тактику, уровень войска должен быть не ниже
    # уровня тактики, а род войска должен быть указан в дескрипторах тактики. Войско не может дважды
    # выучить одну и ту же тактику."; "Тактики: максимальное число одновременно известных войску
    # тактик"; "кавалерия и осадные войска должны выбрать первой тактикой Конную лаву и Орудие войны
    # соответственно"
    assert codes(tactic_violations(template, level, tactics)) == expected


def test_validate_tactics_raises_every_violation():
    # seed 003_750bd81a16f66abf.txt: "Войско не может дважды выучить одну и ту же тактику."
    with pytest.raises(RuleViolation) as excinfo:
        validate_tactics(INFANTRY, 1, ["keen_eyed", "keen_eyed"])
    assert excinfo.value.codes() == {"duplicate_tactic", "too_many_tactics"}
    validate_tactics(INFANTRY, 1, ["keen_eyed"])


@pytest.mark.parametrize("template", SPECIAL_TEMPLATES, ids=lambda t: t.code)
def test_every_special_template_validates_at_its_minimum_level(template):
    # seed 003_750bd81a16f66abf.txt: "Тактики особых войск уже указаны в блоках их параметров"
    assert tactic_violations(template, template.level, template.tactics) == []
    assert counted_tactics(template, template.tactics) <= max_tactics(template.level)


@pytest.mark.parametrize(("name", "counted"), [
    ("Sootscale Warriors", 1),       # darkvision free, accustomed to panic counted
    ("Lizardfolk Defenders", 1),     # live off the land free through swamp dwellers
    ("Greengripe Bombardiers", 2),
    ("Nomen Scouts", 3),
    ("M'botuu Frog Riders", 3),
    ("Tok-Nikrat Scouts", 3),
    ("Tiger Lord Berserkers", 4),
    ("Troll Marauders", 3),
    ("Pitax Horde", 3),
])
def test_special_armies_free_tactics_are_not_counted(name, counted):
    # seed 003_750bd81a16f66abf.txt: "Ночное зрение: у многих особых войск есть тактика Ночное
    # зрение, которую они получают бесплатно. Для таких особых войск она не учитывается в числе
    # известных войску тактик."
    template = find_template(name)
    assert counted_tactics(template, template.tactics) == counted
    assert stat_block(ArmyState(template, template.level, tactics=template.tactics)
                      ).tactics_counted == counted


def test_darkvision_counts_for_regular_armies():
    # seed 003_750bd81a16f66abf.txt: "Для таких особых войск она не учитывается в числе известных
    # войску тактик." (only for special armies that have it)
    assert counted_tactics(INFANTRY, ["darkvision"]) == 1
    assert codes(tactic_violations(INFANTRY, 1, ["darkvision", "keen_eyed"])) == ["too_many_tactics"]


def test_special_army_learning_more_tactics():
    # seed 003_750bd81a16f66abf.txt: "вы можете обучить их новым тактикам только после повышения их
    # уровня."; "Эти тактики учитываются в числе известных тактик"
    own = list(SOOTSCALE.tactics)
    assert codes(tactic_violations(SOOTSCALE, 3, [*own, "keen_eyed"])) == [
        "too_many_tactics", "special_tactics_locked"]
    assert tactic_violations(SOOTSCALE, 4, [*own, "keen_eyed"]) == []
    assert codes(tactic_violations(SOOTSCALE, 8, [*own, "trample"])) == ["unique_tactic"]


@pytest.mark.parametrize(("name", "tactics"), [
    # A free slot at level 5: Live off the Land comes free with Swamp Dwellers.
    ("Lizardfolk Defenders", ["keen_eyed"]),
    # A standard tactic it came with swapped for another.
    ("Pitax Horde", ["live_off_the_land", "toughened_soldiers", "sharpshooter"]),
])
def test_special_army_learns_nothing_new_at_its_minimum_level(name, tactics):
    # seed 003_750bd81a16f66abf.txt: "Тактики особых войск уже указаны в блоках их параметров — вы
    # можете обучить их новым тактикам только после повышения их уровня."
    template = find_template(name)
    known = [*template.tactics, *tactics] if name != "Pitax Horde" else tactics
    violations = tactic_violations(template, template.level, known)
    assert codes(violations) == ["special_tactics_locked"]
    assert violations[0].params["level"] == template.level
    assert tactic_violations(template, template.level + 1, known) == []
    assert learnable_tactics(template, template.level, template.tactics) == []


@pytest.mark.parametrize(("name", "tactics", "missing"), [
    ("Sootscale Warriors", ["darkvision"], "Accustomed to Panic"),
    ("Sootscale Warriors", [], "Darkvision, Accustomed to Panic"),
    ("Tiger Lord Berserkers", ["furious_charge", "reactive_rally", "revel_in_battle"], "Warmongers"),
])
def test_special_army_cannot_lose_its_unique_tactics(name, tactics, missing):
    # seed 003_750bd81a16f66abf.txt: "Уникальные тактики: у особых войск есть хотя бы одна
    # уникальная для них тактика. Эти тактики учитываются в числе известных тактик и не могут быть
    # заменены на новые."
    template = find_template(name)
    violations = tactic_violations(template, template.level, tactics)
    assert codes(violations) == ["unique_tactic_removed"]
    assert violations[0].params["tactics"] == missing


def test_special_army_may_replace_a_standard_tactic_it_came_with():
    # seed 003_750bd81a16f66abf.txt: "Уникальные тактики: у особых войск есть хотя бы одна
    # уникальная для них тактика. Эти тактики учитываются в числе известных тактик и не могут быть
    # заменены на новые." (only the unique ones); Pitax Horde's tactics are all standard
    # (reference/kingmaker-warfare-data.yaml: "tactics: [Live off the Land, Toughened Soldiers,
    # Merciless]"), so at level 12 it may swap Merciless for Sharpshooter.
    pitax = find_template("Pitax Horde")
    assert tactic_violations(pitax, 12, ["live_off_the_land", "toughened_soldiers",
                                         "sharpshooter"]) == []


def test_initial_tactics():
    # seed 003_750bd81a16f66abf.txt: "Когда вы рекрутируете обычное войско, выберите любую доступную
    # ему тактику (но обратите внимание, что кавалерия и осадные войска должны выбрать первой тактикой
    # Конную лаву и Орудие войны соответственно). Тактики особых войск уже указаны в блоках их
    # параметров"
    assert initial_tactics(INFANTRY, ["Hold the Line"]) == ("hold_the_line",)
    assert initial_tactics(INFANTRY, []) == ()
    assert initial_tactics(CAVALRY, []) == ("overrun",)
    assert initial_tactics(CAVALRY, ["Keen Eyed"]) == ("overrun", "keen_eyed")
    assert initial_tactics(CAVALRY, ["keen_eyed", "overrun"]) == ("overrun", "keen_eyed")
    assert initial_tactics(SIEGE, ["darkvision"]) == ("engines_of_war", "darkvision")
    assert initial_tactics(SOOTSCALE, ["keen_eyed"]) == ("darkvision", "accustomed_to_panic")


def test_learnable_tactics_for_a_new_level_1_infantry():
    # seed 003_750bd81a16f66abf.txt: "Чтобы узнать новую тактику, уровень войска должен быть не ниже
    # уровня тактики, а род войска должен быть указан в дескрипторах тактики."
    assert {t.code for t in learnable_tactics(INFANTRY, 1, [])} == {
        "darkvision", "hold_the_line", "keen_eyed", "live_off_the_land", "low_light_vision",
        "toughened_soldiers"}
    assert learnable_tactics(INFANTRY, 1, ["keen_eyed"]) == []


def test_learnable_tactics_only_returns_valid_additions():
    # seed 003_750bd81a16f66abf.txt: "Войско не может дважды выучить одну и ту же тактику."
    learnable = {t.code for t in learnable_tactics(INFANTRY, 4, ["toughened_soldiers"])}
    assert learnable == {"darkvision", "defensive_tactics", "focused_devotion", "hold_the_line",
                         "keen_eyed", "keep_up_the_pressure", "live_off_the_land",
                         "low_light_vision", "toughened_soldiers"}
    assert "keen_eyed" not in {t.code for t in learnable_tactics(INFANTRY, 4, ["keen_eyed"])}
    for code in learnable:
        assert tactic_violations(INFANTRY, 4, ["toughened_soldiers", code]) == []
    assert [t.code for t in learnable_tactics(CAVALRY, 3, [])] == ["overrun"]
    assert [t.code for t in learnable_tactics(SIEGE, 7, [])] == ["engines_of_war"]


def test_code_for():
    # reference/kingmaker-warfare-data.yaml: "name: "M'botuu Frog Riders"", "Low-Light Vision"
    assert code_for("M'botuu Frog Riders") == "mbotuu_frog_riders"
    assert code_for("Low-Light Vision") == "low_light_vision"
    assert code_for("Keep Up the Pressure") == "keep_up_the_pressure"


# --- always-on tactic effects on the stat block -------------------------------------------------

def block(level, tactics, **kwargs):
    return stat_block(ArmyState(INFANTRY, level, tactics=tuple(tactics), **kwargs))


def test_keen_eyed_and_hold_the_line():
    # reference/kingmaker-warfare-data.yaml: Keen Eyed "+2 status to initiative (Scouting) checks";
    # Hold the Line "+1 status to Morale checks against routing"
    assert block(1, ["keen_eyed"]).scouting == 7 + 2
    hold = block(1, ["hold_the_line"])
    assert (hold.statistic(Target.ROUT_CHECK).total, hold.morale) == (11, 10)


@pytest.mark.parametrize(("level", "bonus"), [(3, 1), (8, 1), (9, 2), (16, 2), (17, 3), (20, 3)])
def test_focused_devotion(level, bonus):
    # reference/kingmaker-warfare-data.yaml: Focused Devotion "+1 status to Morale checks to Rally
    # (+2 at level 9, +3 at 17)"
    b = block(level, ["focused_devotion"])
    assert b.statistic(Target.RALLY).total == b.morale + bonus


@pytest.mark.parametrize(("level", "hp", "bonus"), [(5, 2, 1), (5, 3, 0), (9, 1, 1), (10, 2, 2),
                                                    (10, 3, 0)])
def test_bloodied_but_unbroken(level, hp, bonus):
    # reference/kingmaker-warfare-data.yaml: Bloodied but Unbroken "While HP <= Rout Threshold: +1
    # status to AC, Maneuver, Morale and attack rolls (+2 from level 10)"
    plain, b = block(level, []), block(level, ["bloodied_but_unbroken"], hp=hp)
    assert (b.ac, b.maneuver, b.morale, b.melee.attack.total) == (
        plain.ac + bonus, plain.maneuver + bonus, plain.morale + bonus,
        plain.melee.attack.total + bonus)


SHARPSHOOTER = [(5, -2), (8, -2), (9, -1), (14, -1), (15, 0), (20, 0)]


@pytest.mark.parametrize(("level", "melee"), SHARPSHOOTER)
def test_sharpshooter(level, melee):
    # reference/kingmaker-warfare-data.yaml: Sharpshooter "+1 status to ranged Strikes, -2 status to
    # melee Strikes (melee penalty -1 at level 9, none at 15)"
    b = block(level, ["sharpshooter"], gear=(GearItem(GearKind.ADDITIONAL_WEAPON),))
    plain = block(level, [], gear=(GearItem(GearKind.ADDITIONAL_WEAPON),))
    assert b.ranged.attack.total == plain.ranged.attack.total + 1
    assert b.melee.attack.total == plain.melee.attack.total + melee
