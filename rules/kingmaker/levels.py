"""The regular army table by level (seed 003, "ОБЫЧНЫЕ ВОЙСКА В ЗАВИСИМОСТИ ОТ УРОВНЯ")."""
from __future__ import annotations

from dataclasses import dataclass

from rules.errors import RuleViolation, _

MIN_LEVEL = 1
MAX_LEVEL = 20


@dataclass(frozen=True)
class LevelRow:
    level: int
    scouting: int
    standard_dc: int
    ac: int
    high_save: int
    low_save: int
    attack: int
    max_tactics: int


# Уровень, Разведка, Стандартная СЛ, КБ, Высокий/Низкий модификатор испытаний, Атака, Тактики.
_TABLE = (
    (1, 7, 15, 16, 10, 4, 9, 1),
    (2, 8, 16, 18, 11, 5, 11, 1),
    (3, 9, 18, 19, 12, 6, 12, 1),
    (4, 11, 19, 21, 14, 8, 14, 2),
    (5, 12, 20, 22, 15, 9, 15, 2),
    (6, 14, 22, 24, 17, 11, 17, 2),
    (7, 15, 23, 25, 18, 12, 18, 2),
    (8, 16, 24, 27, 19, 13, 20, 3),
    (9, 18, 26, 28, 21, 15, 21, 3),
    (10, 19, 27, 30, 22, 16, 23, 3),
    (11, 21, 28, 31, 24, 18, 24, 3),
    (12, 22, 30, 33, 25, 19, 26, 4),
    (13, 23, 31, 34, 26, 20, 27, 4),
    (14, 25, 32, 36, 28, 22, 29, 4),
    (15, 26, 34, 37, 29, 23, 30, 4),
    (16, 28, 35, 39, 30, 25, 32, 5),
    (17, 29, 36, 40, 32, 26, 33, 5),
    (18, 30, 38, 42, 33, 27, 35, 5),
    (19, 32, 39, 43, 35, 29, 36, 5),
    (20, 33, 40, 45, 36, 30, 38, 6),
)
ARMY_LEVEL_TABLE: dict[int, LevelRow] = {row[0]: LevelRow(*row) for row in _TABLE}


def check_level(level: int, field: str = "level") -> int:
    if not isinstance(level, int) or not MIN_LEVEL <= level <= MAX_LEVEL:
        raise RuleViolation.single(
            "level_out_of_range",
            _("Level must be a whole number from %(min)s to %(max)s, not %(level)s."),
            field,
            min=MIN_LEVEL,
            max=MAX_LEVEL,
            level=level,
        )
    return level


def level_row(level: int) -> LevelRow:
    return ARMY_LEVEL_TABLE[check_level(level)]


def kingdom_size_modifier(size: int) -> int:
    """Our ruling: size 1-9 +0, 10-24 +1, 25-49 +2, 50-99 +3, 100+ +4."""
    for threshold, modifier in ((100, 4), (50, 3), (25, 2), (10, 1)):
        if size >= threshold:
            return modifier
    return 0


def control_dc(kingdom_level: int, kingdom_size: int) -> int:
    """Our ruling: the standard DC for the kingdom's level plus the kingdom size modifier."""
    return level_row(kingdom_level).standard_dc + kingdom_size_modifier(kingdom_size)
