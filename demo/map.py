"""The demo campaign's map: ten columns by eight rows of the Stolen Lands (B2 to K9) around the
demo's settlements and armies (Tatzlford C4, Oleg's Post D6, Varnhold H7, the kobolds at J9).
Forest and hills in the north, mountains in the north-east, the Hooktongue swamp in the
south-east, a lake in the south-west; a river runs south between columns F and G; a road links
Tatzlford, Oleg's Post and Varnhold and crosses the river on a bridge. Each kingdom claims as many
hexes as its size, nearest its settlements first."""
from __future__ import annotations

from campaigns.map_codes import edges_text, parse_coords
from campaigns.map_services import MapChange, map_import
from campaigns.models import Campaign, Kingdom
from core.permissions import SYSTEM
from rules.kingmaker.campaign_map import Edge, Terrain, edge_between, neighbours
from rules.kingmaker.hexes import hex_distance

AREA = "B2-K9"
TERRAIN = {
    Terrain.FOREST: "E2-F4 D2 B5 B6",
    Terrain.HILLS: "G2-H3 I2",
    Terrain.MOUNTAINS: "J2-K4",
    Terrain.SWAMP: "I8-K9 K7",
    Terrain.WATER: "B8-C9",
}
RIVER_COLUMN = "F"          # its hexes' north-east and south-east sides: the river's bank
ROAD = ("C4", "D6", "H7")   # Tatzlford, Oleg's Post, Varnhold
WORK_SITES = ("E3", "G2")   # a lumber camp, a mine
REFUGES = ("H2",)


def _road(stops: tuple[str, ...]) -> list[str]:
    """The hexes of a road through `stops`, each step to the neighbour nearest the next stop."""
    path = [stops[0]]
    for stop in stops[1:]:
        while path[-1] != stop:
            path.append(min(neighbours(path[-1]).values(),
                            key=lambda coord: (hex_distance(coord, stop), coord)))
    return path


def _claims(area: list[str], kingdoms: list[Kingdom]) -> dict[str, str]:
    """Each kingdom's `size` hexes of the area nearest its settlements (the first kingdom first)."""
    claimed: dict[str, str] = {}
    for kingdom in kingdoms:
        homes = [settlement.hex for settlement in kingdom.settlements.all()]
        free = [coord for coord in area if coord not in claimed]
        free.sort(key=lambda coord: (min(hex_distance(coord, home) for home in homes), coord))
        claimed.update({coord: kingdom.name for coord in free[:kingdom.size]})
    return claimed


def map_rows(kingdoms: list[Kingdom]) -> list[dict[str, object]]:
    area = parse_coords(AREA)
    rows: dict[str, dict[str, object]] = {coord: {"coord": coord, "terrain": Terrain.PLAINS}
                                          for coord in area}
    for terrain, coords in TERRAIN.items():
        for coord in parse_coords(coords):
            rows[coord]["terrain"] = terrain
    sides: dict[str, dict[str, set[Edge]]] = {coord: {"roads": set(), "rivers": set(),
                                                      "bridges": set()} for coord in area}
    for coord in area:
        if coord.startswith(RIVER_COLUMN):
            sides[coord]["rivers"] |= {Edge.NE, Edge.SE}
    road = _road(ROAD)
    for here, there in zip(road, road[1:], strict=False):
        edge = edge_between(here, there)
        if edge is None:
            raise ValueError(f"the road jumps from {here} to {there}")
        sides[here]["roads"].add(edge)
        crossing = (edge in sides[here]["rivers"]
                    or edge.opposite in sides.get(there, {}).get("rivers", set()))
        if crossing:
            sides[here]["bridges"].add(edge)
    claims = _claims(area, kingdoms)
    for coord, row in rows.items():
        row.update({feature: edges_text(edges) for feature, edges in sides[coord].items()})
        row.update(work_site=coord in WORK_SITES, refuge=coord in REFUGES,
                   claimed_by=claims.get(coord, ""))
    return list(rows.values())


def demo_map(campaign: Campaign, kingdoms: list[Kingdom]) -> MapChange:
    """Draw the demo map onto the campaign (the project's own write, through the GM's service)."""
    return map_import(actor=SYSTEM, campaign=campaign, rows=map_rows(kingdoms), replace=True)
