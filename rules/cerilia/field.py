"""The battlefield: sectors A–E × rows 1–3 (row 1 the attacker's line, row 3 the defender's, the
seed's A3…E3), a reserve per side beside its own line, and the edges between sectors."""
from __future__ import annotations

from typing import TypeGuard

from rules.sides import ATTACKER, Side

COLUMNS = "ABCDE"
ROWS = (1, 2, 3)
SECTORS = tuple(f"{column}{row}" for row in ROWS for column in COLUMNS)
RESERVE = "reserve"


def is_sector(name: object) -> TypeGuard[str]:
    return isinstance(name, str) and name in _SECTOR_SET


_SECTOR_SET = frozenset(SECTORS)   # asked at every step and shot: a hash, not a scan


def coordinates(sector: str) -> tuple[int, int]:
    known = _COORDINATES.get(sector)
    if known is not None:
        return known
    return COLUMNS.index(sector[0]), int(sector[1])


# Every phase asks where sectors lie and how far apart they are, many times a round.
_COORDINATES = {s: (COLUMNS.index(s[0]), int(s[1])) for s in SECTORS}


def sector_at(column: int, row: int) -> str | None:
    if 0 <= column < len(COLUMNS) and row in ROWS:
        return f"{COLUMNS[column]}{row}"
    return None


def home_row(side: Side) -> int:
    """The side's own line: "дружественных секторов: A3 B3 C3 D3 E3" for the defender."""
    return 1 if side is ATTACKER else 3


def back_step(side: Side) -> int:
    """The row step toward the side's own line."""
    return -1 if side is ATTACKER else 1


def sector_on_field(column: int, row: int) -> str:
    """The sector at these coordinates, which must lie on the field."""
    sector = sector_at(column, row)
    if sector is None:
        raise ValueError(f"no sector at column {column}, row {row}")
    return sector


def distance(a: str, b: str) -> int:
    """Sectors apart, orthogonally (a reserve is one step from each sector of its own line)."""
    known = _DISTANCES.get((a, b))
    if known is not None:
        return known
    (ac, ar), (bc, br) = coordinates(a), coordinates(b)
    return abs(ac - bc) + abs(ar - br)



_DISTANCES = {(a, b): abs(ca - cb) + abs(ra - rb) for a, (ca, ra) in _COORDINATES.items()
              for b, (cb, rb) in _COORDINATES.items()}
# Each sector's distance to every sector, for a loop that measures from one sector to many
# (a shooter to its marks) without a call per mark.
DISTANCES_FROM = {a: {b: distance(a, b) for b in SECTORS} for a in SECTORS}


def reserve_distance(side: Side, sector: str) -> int:
    """Steps from `side`'s reserve to a sector: one to each sector of its own line."""
    return abs(coordinates(sector)[1] - home_row(side)) + 1


def neighbours(sector: str) -> tuple[str, ...]:
    column, row = coordinates(sector)
    found = (sector_at(column, row - 1), sector_at(column, row + 1), sector_at(column - 1, row),
             sector_at(column + 1, row))
    return tuple(s for s in found if s)


def adjacent(a: str, b: str, side: Side) -> bool:
    """Whether a unit of `side` may step from `a` to `b` (ignoring terrain): orthogonal
    neighbours, or between its reserve and its own line."""
    if a == RESERVE or b == RESERVE:
        other = b if a == RESERVE else a
        return a != b and is_sector(other) and coordinates(other)[1] == home_row(side)
    return is_sector(a) and is_sector(b) and distance(a, b) == 1


def edge(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


def fall_back_step(position: str, side: Side) -> str:
    """One sector toward the side's own line; from its own line, its reserve."""
    known = _FALL_BACK_STEPS[side].get(position)
    return known if known is not None else _fall_back_step(position, side)


def _fall_back_step(position: str, side: Side) -> str:
    column, row = coordinates(position)
    if row == home_row(side):
        return RESERVE
    return sector_on_field(column, row + back_step(side))


# Every retreat and every advance asks it, at every step.
_FALL_BACK_STEPS = {side: {s: _fall_back_step(s, side) for s in SECTORS} for side in Side}


def straight_edges(a: str, b: str) -> list[frozenset[str]]:
    """The edges a missile crosses from `a` to `b`: along the column first, then the row."""
    (ac, ar), (bc, br) = coordinates(a), coordinates(b)
    edges, column, row = [], ac, ar
    while row != br:
        step = 1 if br > row else -1
        edges.append(edge(sector_on_field(column, row), sector_on_field(column, row + step)))
        row += step
    while column != bc:
        step = 1 if bc > column else -1
        edges.append(edge(sector_on_field(column, row), sector_on_field(column + step, row)))
        column += step
    return edges


def toward_attacker(sector: str) -> str:
    """The neighbouring sector on the attacker's side (from row 1, the one behind it)."""
    column, row = coordinates(sector)
    return sector_at(column, row - 1) or sector_on_field(column, row + 1)
