"""The regular army table by level, control DC and kingdom size modifier."""
import pytest

from rules.errors import RuleViolation
from rules.kingmaker.levels import (
    ARMY_LEVEL_TABLE,
    MAX_LEVEL,
    MIN_LEVEL,
    check_level,
    control_dc,
    kingdom_size_modifier,
    level_row,
)

# seed 003_750bd81a16f66abf.txt, "ОБЫЧНЫЕ ВОЙСКА":
# "Уровень	Разведка	Стандартная СЛ	КБ	Высокий модификатор испытаний	Низкий модификатор испытаний
#  Атака	Тактики" — the rows below are copied from the seed.
SEED_TABLE = """
1	+7	15	16	+10	+4	+9	1
2	+8	16	18	+11	+5	+11	1
3	+9	18	19	+12	+6	+12	1
4	+11	19	21	+14	+8	+14	2
5	+12	20	22	+15	+9	+15	2
6	+14	22	24	+17	+11	+17	2
7	+15	23	25	+18	+12	+18	2
8	+16	24	27	+19	+13	+20	3
9	+18	26	28	+21	+15	+21	3
10	+19	27	30	+22	+16	+23	3
11	+21	28	31	+24	+18	+24	3
12	+22	30	33	+25	+19	+26	4
13	+23	31	34	+26	+20	+27	4
14	+25	32	36	+28	+22	+29	4
15	+26	34	37	+29	+23	+30	4
16	+28	35	39	+30	+25	+32	5
17	+29	36	40	+32	+26	+33	5
18	+30	38	42	+33	+27	+35	5
19	+32	39	43	+35	+29	+36	5
20	+33	40	45	+36	+30	+38	6
"""
SEED_ROWS = [tuple(int(cell) for cell in line.split("\t"))
             for line in SEED_TABLE.strip().splitlines()]


def test_seed_table_has_twenty_rows():
    # seed 003_750bd81a16f66abf.txt: "В таблице выше указаны параметры обычных войск в зависимости от
    # их уровня."
    assert [row[0] for row in SEED_ROWS] == list(range(1, 21))
    assert (MIN_LEVEL, MAX_LEVEL) == (1, 20)
    assert sorted(ARMY_LEVEL_TABLE) == list(range(1, 21))


@pytest.mark.parametrize("seed_row", SEED_ROWS, ids=[f"level{r[0]}" for r in SEED_ROWS])
def test_every_row_matches_the_seed(seed_row):
    # seed 003_750bd81a16f66abf.txt: "Уровень	Разведка	Стандартная СЛ	КБ	Высокий модификатор
    # испытаний	Низкий модификатор испытаний	Атака	Тактики" (row copied into SEED_TABLE above)
    level, scouting, standard_dc, ac, high, low, attack, tactics = seed_row
    row = level_row(level)
    assert (row.level, row.scouting, row.standard_dc, row.ac, row.high_save, row.low_save,
            row.attack, row.max_tactics) == (level, scouting, standard_dc, ac, high, low, attack,
                                             tactics)


@pytest.mark.parametrize("level", [0, -1, 21, 100, 2.0, "3", None])
def test_out_of_range_levels_raise(level):
    # seed 003_750bd81a16f66abf.txt: the table has levels "1" to "20" ("ОБЫЧНЫЕ ВОЙСКА В ЗАВИСИМОСТИ
    # ОТ УРОВНЯ")
    with pytest.raises(RuleViolation) as excinfo:
        level_row(level)
    assert excinfo.value.codes() == {"level_out_of_range"}
    violation = excinfo.value.violations[0]
    assert violation.field == "level"
    assert violation.params["level"] == level
    assert str(violation) == f"Level must be a whole number from 1 to 20, not {level}."


def test_check_level_names_the_field():
    # seed 003_750bd81a16f66abf.txt: "При рекрутировании войска его уровень становится равен уровню
    # вашего королевства."
    assert check_level(20) == 20
    with pytest.raises(RuleViolation) as excinfo:
        check_level(21, "kingdom")
    assert excinfo.value.violations[0].field == "kingdom"


@pytest.mark.parametrize(("size", "modifier"), [
    (1, 0), (9, 0), (10, 1), (24, 1), (25, 2), (49, 2), (50, 3), (99, 3), (100, 4), (500, 4),
])
def test_kingdom_size_modifier(size, modifier):
    # reference/kingmaker-warfare-data.yaml: "the kingdom size modifier (size 1-9: +0, 10-24: +1,
    # 25-49: +2, 50-99: +3, 100+: +4)"
    assert kingdom_size_modifier(size) == modifier


@pytest.mark.parametrize(("kingdom_level", "size", "dc"), [
    (1, 1, 15), (1, 10, 16), (3, 24, 19), (5, 25, 22), (8, 50, 27), (12, 99, 33), (20, 100, 44),
])
def test_control_dc(kingdom_level, size, dc):
    # reference/kingmaker-warfare-data.yaml: ""Control DC" = the standard DC for the kingdom's level
    # (the army table's "Стандартная СЛ" column) + the kingdom size modifier"
    assert control_dc(kingdom_level, size) == dc


def test_control_dc_rejects_a_kingdom_level_outside_the_table():
    # seed 003_750bd81a16f66abf.txt: "Стандартная СЛ: используется как СЛ рекрутирования войска"
    # (the table only has levels 1-20)
    with pytest.raises(RuleViolation) as excinfo:
        control_dc(21, 5)
    assert excinfo.value.codes() == {"level_out_of_range"}
