"""The `statblock` management command: the GM's quick reference for a stat block."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

PROJECT_DIR = Path(__file__).resolve().parents[4]


def statblock(*args: str) -> str:
    out = StringIO()
    call_command("statblock", *args, stdout=out)
    return out.getvalue()


def statblock_json(*args: str) -> dict:
    return json.loads(statblock(*args, "--json"))


def test_infantry_level_1_json_gives_the_tables_values():
    # seed 003_750bd81a16f66abf.txt: "1	+7	15	16	+10	+4	+9	1"
    block = statblock_json("--type", "infantry", "--level", "1")
    expected = {
        "level": 1, "type": "infantry", "scouting": 7, "standard_dc": 15, "recruitment_dc": 15,
        "ac": 16, "maneuver": 4, "morale": 10, "melee": 9, "ranged": None, "hp": 4,
        "routing_threshold": 2, "max_tactics": 1, "consumption": 1,
    }
    assert {key: block[key] for key in expected} == expected


def test_infantry_level_10_json_follows_the_table():
    # seed 003_750bd81a16f66abf.txt: "10	+19	27	30	+22	+16	+23	3"
    block = statblock_json("--type", "infantry", "--level", "10")
    assert (block["scouting"], block["standard_dc"], block["ac"], block["morale"],
            block["maneuver"], block["melee"], block["max_tactics"]) == (19, 27, 30, 22, 16, 23, 3)


def test_text_output_names_the_army_and_its_values():
    text = statblock("--type", "infantry", "--level", "1")
    assert text.splitlines()[0] == "Infantry — army 1 (infantry)"
    assert "AC 16; Maneuver +4; Morale +10 (high save: morale)" in text
    assert "Melee: weapons +9" in text


@pytest.mark.django_db
def test_a_shipped_special_template_is_adjusted_to_the_asked_level():
    # seed 003_750bd81a16f66abf.txt: "Когда персонажи игроков рекрутируют особое войско уровнем
    # выше минимального, измените СЛ и модификаторы этого войска согласно значениям для обычного
    # войска в таблице выше, а потом внесите поправки, указанные в скобках."
    # seed 003_750bd81a16f66abf.txt: "6	+14	22	24	+17	+11	+17	2"
    # Sootscale Warriors (level 3: AC 20, Maneuver +14, Morale +5, DC 20, attacks +12) differ from
    # the level 3 row (AC 19, high +12, low +6, DC 18, attack +12) by AC +1, Maneuver +2,
    # Morale -1, DC +2, attacks +0.
    block = statblock_json("--template", "Sootscale Warriors", "--level", "6")
    assert (block["level"], block["type"], block["special"]) == (6, "infantry", True)
    assert (block["scouting"], block["ac"], block["maneuver"], block["morale"],
            block["recruitment_dc"], block["melee"], block["ranged"]) == (14, 25, 19, 10, 24, 17, 17)
    assert block["tactics"] == ["darkvision", "accustomed_to_panic"]
    assert block["tactics_counted"] == 1  # "Для таких особых войск она не учитывается"


@pytest.mark.django_db
def test_template_names_are_matched_without_case():
    assert statblock_json("--template", "sootscale warriors", "--level", "3")["ac"] == 20


def test_greater_magic_armor_adds_2_ac():
    # seed 003_750bd81a16f66abf.txt: "Тип: улучшенная магическая броня. Уровень: 11. Цена: 50 ПР."
    # and "КБ войска повышается на 2."
    plain = statblock_json("--type", "infantry", "--level", "11")
    armored = statblock_json("--type", "infantry", "--level", "11", "--gear", "magic_armor:greater")
    assert plain["ac"] == 31
    assert armored["ac"] == 33


def test_magic_weapons_raise_the_strike():
    # seed 003_750bd81a16f66abf.txt: "Удар войска этим оружием увеличивается на 1."
    block = statblock_json("--type", "infantry", "--level", "2", "--gear", "magic_weapons")
    assert block["melee"] == 11 + 1


def test_weary_2_lowers_ac_and_maneuver_by_2():
    # seed 003_750bd81a16f66abf.txt: "Измотанное войско получает ситуативный штраф к КБ, проверкам
    # Манёвра и проверкам войсковых занятий, равный значению состояния."
    block = statblock_json("--type", "infantry", "--level", "1", "--condition", "weary:2")
    assert (block["ac"], block["maneuver"]) == (16 - 2, 4 - 2)


def test_outflanked_and_weary_3_penalties_do_not_stack():
    # seed 003_750bd81a16f66abf.txt: "Окружено : противник наступает со всех сторон, и войско должно
    # рассредоточить силы, чтобы защищаться, а потом получает ситуативный штраф -2 к КБ."
    # Both are circumstance penalties: only the worse (weary 3) applies (PF2e stacking).
    block = statblock_json("--type", "infantry", "--level", "1", "--condition", "outflanked",
                           "--condition", "weary:3")
    assert block["ac"] == 16 - 3


def test_outflanked_alone_lowers_ac_by_2():
    # seed 003_750bd81a16f66abf.txt: "а потом получает ситуативный штраф -2 к КБ."
    block = statblock_json("--type", "infantry", "--level", "1", "--condition", "outflanked")
    assert block["ac"] == 16 - 2


def test_mired_4_is_pinned():
    # seed 003_750bd81a16f66abf.txt: "Если войско завязнет 4, оно станет взятым в котёл ."; "Взято
    # в котёл : ... Оно окружено" (-2 to AC, as outflanked).
    block = statblock_json("--type", "infantry", "--level", "1", "--condition", "mired:4")
    assert block["conditions"] == ["pinned"]
    assert block["ac"] == 16 - 2
    assert statblock_json("--type", "infantry", "--level", "1", "--condition", "mired:4",
                          "--hp", "4")["conditions"] == ["pinned"]


def test_shaken_4_routs():
    # seed 003_750bd81a16f66abf.txt: "Когда потрясение войска достигнет 4, оно обращено в бегство
    # ."; "Пока войско обращено в бегство, оно получает ситуативный штраф -2 к проверкам Боевого
    # духа." (circumstance, so shaken 4's -4 is the one that applies)
    block = statblock_json("--type", "infantry", "--level", "1", "--condition", "shaken:4")
    assert block["conditions"] == ["routed", "shaken 4"]
    assert block["morale"] == 10 - 4


def test_toughened_soldiers_raise_max_hp():
    block = statblock_json("--type", "infantry", "--level", "1", "--tactic", "toughened_soldiers")
    assert (block["hp"], block["max_hp"]) == (5, 5)


@pytest.mark.parametrize(("args", "message"), [
    (["--type", "infantry", "--level", "5", "--gear", "plate_mail"], "Unknown gear: plate_mail."),
    (["--type", "infantry", "--level", "5", "--condition", "sleepy"],
     "Unknown condition: sleepy."),
    # Engines of War: "Cannot take gear".
    (["--type", "siege", "--level", "7", "--gear", "healing_potions"],
     "Siege engines cannot take gear."),
    # seed 003_750bd81a16f66abf.txt: "Тип: магическая броня. Уровень: 5. Цена: 25 ПР."
    (["--type", "infantry", "--level", "4", "--gear", "magic_armor"],
     "magic_armor is a level 5 item; this army is level 4."),
    (["--type", "siege", "--level", "3"],
     "Siege Engines cannot be fielded below level 7 (asked: level 3)."),
    # seed 003_750bd81a16f66abf.txt: "1	+7	15	16	+10	+4	+9	1" .. "20	+33	40	45	+36	+30	+38	6"
    (["--type", "infantry", "--level", "0"],
     "Level must be a whole number from 1 to 20, not 0."),
    (["--type", "infantry", "--level", "21"],
     "Level must be a whole number from 1 to 20, not 21."),
    (["--level", "3"], "Give either --type or --template."),
    (["--type", "infantry", "--template", "Infantry", "--level", "3"],
     "Give either --type or --template."),
    (["--type", "infantry", "--level", "1", "--tactic", "ambush"],
     "Ambush cannot be learned by infantry armies."),
    (["--type", "infantry", "--level", "1", "--hp", "-1"], "HP cannot be negative."),
    (["--type", "infantry", "--level", "1", "--condition", "weary:1", "--condition", "weary:2"],
     "Each condition can be listed only once."),
    (["--type", "infantry", "--level", "1", "--hp", "0"], "An army at 0 HP is defeated."),
])
def test_invalid_stat_block_requests_raise_command_error(args, message):
    with pytest.raises(CommandError) as excinfo:
        statblock(*args)
    assert message in str(excinfo.value)


@pytest.mark.django_db
def test_an_unknown_template_raises_command_error():
    with pytest.raises(CommandError, match="Unknown army template: Dragon Riders."):
        statblock("--template", "Dragon Riders", "--level", "5")


@pytest.mark.django_db
def test_a_special_template_below_its_minimum_level_raises_command_error():
    # seed 003_750bd81a16f66abf.txt: "Уровень особых войск показывает минимальный уровень
    # королевства, на котором их можно рекрутировать."
    with pytest.raises(CommandError,
                       match=r"Sootscale Warriors cannot be fielded below level 3 \(asked: level 2\)"):
        statblock("--template", "Sootscale Warriors", "--level", "2")


def test_the_command_exits_non_zero_with_a_clear_message_for_a_bad_level():
    # Runs against the real settings: this error path needs no database.
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    result = subprocess.run(
        [sys.executable, "manage.py", "statblock", "--type", "infantry", "--level", "30",
         "--json"],
        cwd=PROJECT_DIR, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode != 0
    assert result.stdout == ""
    assert "Level must be a whole number from 1 to 20, not 30." in result.stderr
    assert "Traceback" not in result.stderr
