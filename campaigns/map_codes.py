"""How the campaign map's hexes are written in forms, files and columns: the hex sides a road,
river or bridge lies on ("n,se") and the hexes a GM paints at once ("C3 D4", or the rectangle
"C3-F7"). Plain text in, the engine's values out, or a RuleViolation on the given field."""
from __future__ import annotations

import re
from collections.abc import Iterable

from rules.errors import RuleViolation, _
from rules.kingmaker.campaign_map import Edge, hex_name
from rules.kingmaker.hexes import parse_hex

# The columns of a map file, in order (map_services.map_import, map_transfer).
MAP_COLUMNS = ("coord", "terrain", "roads", "rivers", "bridges", "work_site", "refuge", "claimed_by")

# The edge features of a hex, as MapHex (model and engine) names them.
EDGE_FEATURES = ("roads", "rivers", "bridges")

# The most hexes one paint, delete or import may touch: a rectangle "A1-ZZZ9999" would otherwise
# ask for millions of rows.
MAX_HEXES = 5000

_SEPARATORS = re.compile(r"[\s,;]+")
_RANGE = re.compile(r"^([A-Za-z]{1,3}\d{1,4})-([A-Za-z]{1,3}\d{1,4})$")


def parse_edges(text: str | Iterable[str], field: str) -> frozenset[Edge]:
    """The sides named by "n,se" (or a list of codes); blank is none."""
    codes = _SEPARATORS.split(text.strip()) if isinstance(text, str) else list(text)
    found = set()
    for code in codes:
        code = str(code).strip().lower()
        if not code:
            continue
        try:
            found.add(Edge(code))
        except ValueError:
            raise RuleViolation.single(
                "edge_code", _("%(edge)s is not a hex side: use n, ne, se, s, sw or nw."),
                field, edge=code) from None
    return frozenset(found)


def edges_text(edges: Iterable[Edge]) -> str:
    """The sides in one spelling, clockwise from the top: {se, n} -> "n,se"."""
    chosen = set(edges)
    return ",".join(edge.value for edge in Edge if edge in chosen)


def map_coord(text: str, field: str = "coord") -> str:
    """A hex in the one spelling the map stores: " c04" -> "C4"; a RuleViolation on `field` if
    `text` is not a hex."""
    return hex_name(*parse_hex(text, field))


def _rectangle(first: str, last: str, field: str) -> list[str]:
    (col_a, row_a), (col_b, row_b) = parse_hex(first, field), parse_hex(last, field)
    columns = range(min(col_a, col_b), max(col_a, col_b) + 1)
    rows = range(min(row_a, row_b), max(row_a, row_b) + 1)
    if len(columns) * len(rows) > MAX_HEXES:
        raise too_many(field)
    return [hex_name(column, row) for column in columns for row in rows]


def too_many(field: str) -> RuleViolation:
    return RuleViolation.single("too_many_hexes",
                                _("Name at most %(most)s hexes at once."), field, most=MAX_HEXES)


def parse_coords(text: str, field: str = "coords") -> list[str]:
    """The hexes named by `text`, each once, in the order given: hexes separated by spaces, commas
    or lines, and rectangles "C3-F7" (every hex of the columns C to F and the rows 3 to 7)."""
    found: dict[str, None] = {}
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        span = _RANGE.match(token)
        names = _rectangle(span.group(1), span.group(2), field) if span \
            else [map_coord(token, field)]
        found.update(dict.fromkeys(names))
        if len(found) > MAX_HEXES:
            raise too_many(field)
    if not found:
        raise RuleViolation.single("no_hexes", _("Name at least one hex, for example C4."), field)
    return list(found)
