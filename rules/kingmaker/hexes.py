"""Hex map coordinates as the GM writes them ("C4": column letters, row number).

Our ruling: the map is a grid of flat-topped hexes in columns, odd columns (A, C, E, ...) set half a
hex up, as on the Kingmaker poster map. Distance is counted in hexes through cube coordinates.
"""
from __future__ import annotations

import re

from rules.errors import RuleViolation, Violation, _

_HEX = re.compile(r"^\s*([A-Za-z]{1,3})\s*(\d{1,4})\s*$")


def parse_hex(text: str, field: str = "hex") -> tuple[int, int]:
    """Return (column, row): the column counted from 0 (A is 0, AA is 26), the row as written."""
    match = _HEX.match(text or "")
    if not match:
        raise RuleViolation.single("hex_format",
                                   _("%(hex)s is not a map hex: write its column letters and row "
                                     "number, for example C4."), field, hex=text)
    column = 0
    for letter in match.group(1).upper():
        column = column * 26 + (ord(letter) - ord("A") + 1)
    return column - 1, int(match.group(2))


def hex_violations(text: str, field: str = "hex") -> list[Violation]:
    """What is wrong with `text` as a map hex (nothing, or its one violation)."""
    try:
        parse_hex(text, field)
    except RuleViolation as error:
        return list(error.violations)
    return []


def canonical_hex(text: str) -> str:
    """A hex as written, in one spelling: " c 04" -> "C4" (the campaign map keys its hexes so);
    text that is not a hex is only trimmed and upper-cased (not checked)."""
    match = _HEX.match(text or "")
    if match:
        return f"{match.group(1).upper()}{int(match.group(2))}"
    return (text or "").strip().upper().replace(" ", "")


def normalize_hex(text: str, field: str = "hex") -> str:
    """The hex in its one spelling; raises RuleViolation if it is not a map hex."""
    parse_hex(text, field)
    return canonical_hex(text)


def hex_distance(start: str, end: str, field: str = "hex") -> int:
    (col_a, row_a), (col_b, row_b) = parse_hex(start, field), parse_hex(end, field)

    def cube(column: int, row: int) -> tuple[int, int, int]:
        x = column
        z = row - (column - (column & 1)) // 2
        return x, -x - z, z

    ax, ay, az = cube(col_a, row_a)
    bx, by, bz = cube(col_b, row_b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def same_hex(a: str, b: str) -> bool:
    """Whether two hexes as written ("c4", " C4") are the same one."""
    return canonical_hex(a) == canonical_hex(b)
