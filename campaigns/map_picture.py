"""The campaign map drawn as SVG shapes, for a server-rendered page: flat-topped hexes in columns,
odd columns (A, C, E, ...) half a hex up (rules.kingmaker.hexes), every place of the map's
bounding box drawn, the empty ones as outlines. Geometry only: the template draws the shapes."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from rules.kingmaker.campaign_map import CampaignMap, Edge, MapHex, hex_name, neighbour
from rules.kingmaker.hexes import parse_hex

SIZE = 28.0  # a hex's radius, in SVG units
HEIGHT = math.sqrt(3) * SIZE
MARGIN = 4.0

# Fill of each terrain and the outline of each claiming kingdom (in the order they are given).
TERRAIN_COLOURS = {"plains": "#d9e8a6", "forest": "#6fa35a", "hills": "#c7a96b",
                   "mountains": "#9b8f86", "swamp": "#7f9c8a", "water": "#8cc3e8",
                   "desert": "#ecd9a0"}
KINGDOM_COLOURS = ("#c0392b", "#2e5fa3", "#8e44ad", "#d35400", "#16a085", "#7f8c8d")
# The angle of the middle of each side, clockwise from the top (SVG's y grows downwards).
_SIDE_ANGLES = {edge: 270 + 60 * index for index, edge in enumerate(Edge)}


def _point(x: float, y: float, angle: float, distance: float) -> tuple[float, float]:
    return (round(x + distance * math.cos(math.radians(angle)), 1),
            round(y + distance * math.sin(math.radians(angle)), 1))


@dataclass(frozen=True)
class HexShape:
    coord: str
    x: float
    y: float
    points: str
    fill: str
    stroke: str = "#555"
    held: MapHex | None = None
    roads: tuple[tuple[float, float], ...] = ()       # ends of half-roads from the centre
    rivers: tuple[tuple[float, float, float, float], ...] = ()
    bridges: tuple[tuple[float, float, float, float], ...] = ()
    marks: str = ""
    title: str = ""


@dataclass(frozen=True)
class Picture:
    width: float
    height: float
    hexes: tuple[HexShape, ...] = ()
    kingdoms: dict[str, str] = field(default_factory=dict)   # name -> colour


def _side(x: float, y: float, edge: Edge) -> tuple[float, float, float, float]:
    """The two corners of a side."""
    middle = _SIDE_ANGLES[edge]
    (x1, y1), (x2, y2) = _point(x, y, middle - 30, SIZE), _point(x, y, middle + 30, SIZE)
    return x1, y1, x2, y2


def _bridge(x: float, y: float, edge: Edge) -> tuple[float, float, float, float]:
    """A short plank across the side's middle."""
    mid = _SIDE_ANGLES[edge]
    (x1, y1), (x2, y2) = _point(x, y, mid, SIZE * 0.62), _point(x, y, mid, SIZE * 1.1)
    return x1, y1, x2, y2


def picture(campaign_map: CampaignMap, kingdoms: list[str], words: dict[str, str]) -> Picture:
    """The map's bounding box (one empty place around it, to paint new hexes), each hex with
    its fill, claimant's outline, roads, rivers, bridges and marks. `words` labels a hex's tooltip
    (terrain names, "work site", "refuge"), in the reader's language."""
    colours = {name: KINGDOM_COLOURS[index % len(KINGDOM_COLOURS)]
               for index, name in enumerate(kingdoms)}
    places = [parse_hex(coord) for coord in campaign_map.hexes] or [(0, 1)]
    first_col = max(min(c for c, _r in places) - 1, 0)
    last_col = max(c for c, _r in places) + 1
    first_row = max(min(r for _c, r in places) - 1, 0)
    last_row = max(r for _c, r in places) + 1
    shapes = []
    for column in range(first_col, last_col + 1):
        for row in range(first_row, last_row + 1):
            x = MARGIN + SIZE + (column - first_col) * 1.5 * SIZE
            y = MARGIN + HEIGHT / 2 + (row - first_row) * HEIGHT + (HEIGHT / 2 if column % 2 else 0)
            shapes.append(_shape(campaign_map, hex_name(column, row), x, y, colours, words))
    width = MARGIN * 2 + SIZE * 2 + (last_col - first_col) * 1.5 * SIZE
    height = MARGIN * 2 + HEIGHT * (last_row - first_row + 1.5)
    return Picture(round(width, 1), round(height, 1), tuple(shapes), colours)


def _shape(campaign_map: CampaignMap, coord: str, x: float, y: float,
           colours: dict[str, str], words: dict[str, str]) -> HexShape:
    corners = " ".join(f"{px},{py}" for px, py in
                       (_point(x, y, angle, SIZE - 0.5) for angle in range(0, 360, 60)))
    held = campaign_map.hexes.get(coord)
    if held is None:
        return HexShape(coord, round(x, 1), round(y, 1), corners, "none", "#bbb", title=coord)
    roads = []
    for edge in Edge:
        other = neighbour(coord, edge)
        if edge in held.roads or (other is not None
                                  and campaign_map.on_side(coord, edge, other, "roads")):
            roads.append(_point(x, y, _SIDE_ANGLES[edge], HEIGHT / 2))
    marks = ("⚒" if held.work_site else "") + ("⛨" if held.refuge else "")
    about = [coord, words.get(held.terrain, held.terrain)]
    about += [held.settlement] if held.settlement else []
    about += [held.claimed_by] if held.claimed_by else []
    about += [words["work_site"]] if held.work_site else []
    about += [words["refuge"]] if held.refuge else []
    return HexShape(coord, round(x, 1), round(y, 1), corners,
                    TERRAIN_COLOURS.get(held.terrain, "#fff"),
                    colours.get(held.claimed_by, "#555"), held, tuple(roads),
                    tuple(_side(x, y, edge) for edge in Edge if edge in held.rivers),
                    tuple(_bridge(x, y, edge) for edge in Edge if edge in held.bridges),
                    marks, " · ".join(about))
