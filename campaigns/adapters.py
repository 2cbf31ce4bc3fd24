"""Campaign models as the engine reads them: the campaign map."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models import OuterRef, QuerySet, Subquery

from campaigns.map_codes import map_coord, parse_edges
from campaigns.models import Campaign, MapHex, Settlement
from core.compiled import CompiledRead
from core.related_rows import json_objects
from rules.errors import RuleViolation
from rules.kingmaker.campaign_map import CampaignMap, Terrain
from rules.kingmaker.campaign_map import MapHex as HexState
from rules.kingmaker.hexes import canonical_hex


def _hex_of(values: Mapping[str, Any], claimed_by: str | None, settlement: str) -> HexState:
    """A hex from its stored values (a row's, or the JSON of map_lists: SQLite's booleans are
    0 and 1 there)."""
    return HexState(coord=values["coord"], terrain=Terrain(values["terrain"]),
                    roads=parse_edges(values["roads"], "roads"),
                    rivers=parse_edges(values["rivers"], "rivers"),
                    bridges=parse_edges(values["bridges"], "bridges"), settlement=settlement,
                    work_site=bool(values["work_site"]), refuge=bool(values["refuge"]),
                    claimed_by=claimed_by or "")


def hex_state(row: MapHex, settlement: str = "") -> HexState:
    """A stored hex as the engine's MapHex (`claimed_by` read through the row's cached kingdom)."""
    return _hex_of(row.__dict__, row.claimed_by.name if row.claimed_by is not None else "",
                   settlement)


def _names_by_hex(settlements: Iterable[tuple[str, str]]) -> dict[str, str]:
    found: dict[str, list[str]] = {}
    for name, where in settlements:
        found.setdefault(canonical_hex(where), []).append(name)
    return {where: ", ".join(names) for where, names in found.items()}


def settlement_names(campaign: Campaign | int) -> dict[str, str]:
    """Each hex with a settlement, canonical, to its settlements' names ("A, B" when several)."""
    return _names_by_hex(Settlement.objects.filter(kingdom__campaign=campaign)
                         .order_by("name").values_list("name", "hex"))


def _built(campaign: Campaign | int, rows: Iterable[MapHex]) -> CampaignMap:
    """The map of the stored hexes `rows` (their claimants cached), each settlement naming the
    hex it is in when the map holds it: the map gains no hex from a settlement."""
    settlements = settlement_names(campaign)
    return CampaignMap.of(hex_state(row, settlements.get(row.coord, "")) for row in rows)


def _rows(campaign: Campaign | int) -> QuerySet[MapHex]:
    return MapHex.objects.filter(campaign=campaign).select_related("claimed_by")


# The campaign's map read as values in the statement of a hot read that reaches the campaign's
# id (an order's submission, a kingdom turn), in the order campaign_map reads it; map_of_lists
# makes the same map of them.
MAP_LISTS = ("map_hex_rows", "map_settlement_rows")
_HEX_COLUMNS = ("coord", "terrain", "roads", "rivers", "bridges", "work_site", "refuge")


def map_lists(campaign: str) -> dict[str, Subquery]:
    """Annotations reading MAP_LISTS in the query of a model that reaches the campaign's id
    through `campaign` (e.g. "kingdom__campaign_id" for turns)."""
    campaign_id = OuterRef(campaign)
    return {
        "map_hex_rows": json_objects(MapHex.objects.filter(campaign_id=campaign_id)
                                     .order_by("coord"), *_HEX_COLUMNS, "claimed_by__name"),
        "map_settlement_rows": json_objects(
            Settlement.objects.filter(kingdom__campaign_id=campaign_id).order_by("name"),
            "name", "hex"),
    }


def map_of_lists(hex_rows: list[dict[str, Any]], settlement_rows: list[dict[str, Any]]
                 ) -> CampaignMap | None:
    """campaign_map_or_none of MAP_LISTS as map_lists read them."""
    if not hex_rows:
        return None
    settlements = _names_by_hex((s["name"], s["hex"]) for s in settlement_rows)
    return CampaignMap.of(_hex_of(row, row["claimed_by__name"], settlements.get(row["coord"], ""))
                          for row in hex_rows)


def campaign_map(campaign: Campaign | int) -> CampaignMap:
    """The campaign's map for the rules, in two queries (hexes with their claimant, settlements);
    a campaign without a map keeps an empty one."""
    return _built(campaign, _rows(campaign))


def campaign_map_or_none(campaign: Campaign | int) -> CampaignMap | None:
    """The campaign's map for the rules, or None for a campaign without a hex (its orders declare
    their hexes' facts, as before the map); one query without a map, two with one."""
    rows = _MAP_ROWS.fetch(campaign=campaign if isinstance(campaign, int) else campaign.pk)
    return _built(campaign, rows) if rows else None


# Every order submission and kingdom turn reads the map: its SQL is compiled once.
_MAP_ROWS = CompiledRead(_rows, campaign=int)


def map_hex_at(campaign: Campaign | int, coord: str) -> HexState | None:
    """One hex of the campaign's map as the engine reads it, None when the map does not hold it."""
    try:
        coord = map_coord(coord)
    except RuleViolation:
        return None
    row = _rows(campaign).filter(coord=coord).first()
    if row is None:
        return None
    return hex_state(row, settlement_names(campaign).get(row.coord, ""))
