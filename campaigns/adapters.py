"""Campaign models as the engine reads them: the campaign map."""
from __future__ import annotations

from collections.abc import Iterable

from django.db.models import QuerySet

from campaigns.map_codes import map_coord, parse_edges
from campaigns.models import Campaign, MapHex, Settlement
from core.compiled import CompiledRead
from rules.errors import RuleViolation
from rules.kingmaker.campaign_map import CampaignMap, Terrain
from rules.kingmaker.campaign_map import MapHex as HexState
from rules.kingmaker.hexes import canonical_hex


def hex_state(row: MapHex, settlement: str = "") -> HexState:
    """A stored hex as the engine's MapHex (`claimed_by` read through the row's cached kingdom)."""
    return HexState(coord=row.coord, terrain=Terrain(row.terrain),
                    roads=parse_edges(row.roads, "roads"), rivers=parse_edges(row.rivers, "rivers"),
                    bridges=parse_edges(row.bridges, "bridges"), settlement=settlement,
                    work_site=row.work_site, refuge=row.refuge,
                    claimed_by=row.claimed_by.name if row.claimed_by is not None else "")


def settlement_names(campaign: Campaign | int) -> dict[str, str]:
    """Each hex with a settlement, canonical, to its settlements' names ("A, B" when several)."""
    found: dict[str, list[str]] = {}
    for name, where in (Settlement.objects.filter(kingdom__campaign=campaign)
                        .order_by("name").values_list("name", "hex")):
        found.setdefault(canonical_hex(where), []).append(name)
    return {where: ", ".join(names) for where, names in found.items()}


def _built(campaign: Campaign | int, rows: Iterable[MapHex]) -> CampaignMap:
    """The map of the stored hexes `rows` (their claimants cached), each settlement naming the
    hex it is in when the map holds it: the map gains no hex from a settlement."""
    settlements = settlement_names(campaign)
    return CampaignMap.of(hex_state(row, settlements.get(row.coord, "")) for row in rows)


def _rows(campaign: Campaign | int) -> QuerySet[MapHex]:
    return MapHex.objects.filter(campaign=campaign).select_related("claimed_by")


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
