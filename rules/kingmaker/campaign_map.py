"""A campaign's hex map as the rules read it: terrain, roads, rivers and bridges on hex edges,
settlements, work sites, refuges and the kingdom that claims each hex.

Our ruling (README, "The campaign map"): the grid is rules.kingmaker.hexes' — flat-topped hexes in
columns, odd columns (A, C, E, ...) half a hex up, written "C4". A road, river or bridge lies on
the edge between two hexes; either hex may name it, and the map answers the same from both sides.
A hex the map does not hold is off the map.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from rules.errors import RuleViolation, _
from rules.kingmaker.hexes import canonical_hex, parse_hex


class Terrain(StrEnum):
    PLAINS = "plains"
    FOREST = "forest"
    HILLS = "hills"
    MOUNTAINS = "mountains"
    SWAMP = "swamp"
    WATER = "water"
    DESERT = "desert"


TERRAIN_LABELS = {Terrain.PLAINS: _("plains"), Terrain.FOREST: _("forest"),
                  Terrain.HILLS: _("hills"), Terrain.MOUNTAINS: _("mountains"),
                  Terrain.SWAMP: _("swamp"), Terrain.WATER: _("water"),
                  Terrain.DESERT: _("desert")}


class Edge(StrEnum):
    """The six sides of a flat-topped hex, clockwise from the top."""

    N = "n"
    NE = "ne"
    SE = "se"
    S = "s"
    SW = "sw"
    NW = "nw"

    @property
    def opposite(self) -> Edge:
        order = list(Edge)
        return order[(order.index(self) + 3) % 6]


_OPPOSITE = {edge: edge.opposite for edge in Edge}


EDGE_LABELS = {Edge.N: _("north"), Edge.NE: _("north-east"), Edge.SE: _("south-east"),
               Edge.S: _("south"), Edge.SW: _("south-west"), Edge.NW: _("north-west")}

# Axial steps (column, axial row) of each side: the axial row is the written row less half the
# column, so that one table serves odd and even columns alike.
_STEPS = {Edge.N: (0, -1), Edge.NE: (1, -1), Edge.SE: (1, 0),
          Edge.S: (0, 1), Edge.SW: (-1, 1), Edge.NW: (-1, 0)}


def _letters(column: int) -> str:
    text = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        text = chr(ord("A") + rest) + text
    return text


def hex_name(column: int, row: int) -> str:
    """The written hex of a (column from 0, row) pair: (2, 4) -> "C4"."""
    return f"{_letters(column)}{row}"


def neighbour(coord: str, edge: Edge) -> str | None:
    """The hex across `edge` of `coord`, or None past the grid's first column or row."""
    column, row = parse_hex(coord)
    axial_row = row - (column - (column & 1)) // 2
    step_column, step_row = _STEPS[edge]
    column, axial_row = column + step_column, axial_row + step_row
    row = axial_row + (column - (column & 1)) // 2
    if column < 0 or row < 0:
        return None
    return hex_name(column, row)


def neighbours(coord: str) -> dict[Edge, str]:
    """Each side of `coord` with the hex across it (sides past the grid's edge left out)."""
    found = {edge: neighbour(coord, edge) for edge in Edge}
    return {edge: name for edge, name in found.items() if name is not None}


def edge_between(a: str, b: str) -> Edge | None:
    """The side of `a` that `b` lies across, or None when they are not next to each other."""
    b = canonical_hex(b)
    return next((edge for edge, name in neighbours(a).items() if name == b), None)


@dataclass(frozen=True)
class MapHex:
    coord: str
    terrain: Terrain = Terrain.PLAINS
    roads: frozenset[Edge] = frozenset()
    rivers: frozenset[Edge] = frozenset()
    bridges: frozenset[Edge] = frozenset()
    settlement: str = ""
    work_site: bool = False
    refuge: bool = False
    claimed_by: str = ""  # the claiming kingdom's name; "" for wild land


@dataclass(frozen=True)
class CampaignMap:
    hexes: Mapping[str, MapHex] = field(default_factory=dict)
    # Deploy Army routes already found on this map (rules.kingmaker.map_routes.route), by what
    # was asked: a map is not changed once built, so an answer holds for as long as the map does.
    # Not part of the map's value: not compared, shown or stored.
    routes: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    @classmethod
    def of(cls, hexes: Iterable[MapHex]) -> CampaignMap:
        return cls({canonical_hex(h.coord): h for h in hexes})

    def __contains__(self, coord: object) -> bool:
        return isinstance(coord, str) and canonical_hex(coord) in self.hexes

    def at(self, coord: str, field_name: str = "hex") -> MapHex:
        """The hex, or a RuleViolation on `field_name` when the map does not hold it."""
        parse_hex(coord, field_name)
        found = self.hexes.get(canonical_hex(coord))
        if found is None:
            raise RuleViolation.single("off_the_map", _("%(hex)s is not on the campaign map."),
                                       field_name, hex=coord)
        return found

    def _on_edge(self, a: str, b: str, kind: str) -> bool:
        edge = edge_between(a, b)
        if edge is None:
            return False
        return self.on_side(canonical_hex(a), edge, canonical_hex(b), kind)

    def on_side(self, a: str, edge: Edge, b: str, kind: str) -> bool:
        """Whether the side `edge` of hex `a`, with `b` across it (both written canonically),
        carries `kind` ("roads", "rivers" or "bridges"), painted from either hex. For a search
        that already knows the side: road_between and the rest find it again."""
        here, there = self.hexes.get(a), self.hexes.get(b)
        return bool((here and edge in getattr(here, kind))
                    or (there and _OPPOSITE[edge] in getattr(there, kind)))

    def road_between(self, a: str, b: str) -> bool:
        return self._on_edge(a, b, "roads")

    def river_between(self, a: str, b: str) -> bool:
        return self._on_edge(a, b, "rivers")

    def bridge_between(self, a: str, b: str) -> bool:
        return self._on_edge(a, b, "bridges")
