"""Writes of a campaign's map: paint hexes in bulk, delete them, import and export them.

Each write is the GM's (check_runs_campaign), checks every hex and value before it changes a row,
and runs in one transaction that holds the campaign's row, so a bad hex or row leaves the map as
it was and two painters of one map take turns. A road, river or bridge is stored on the side of
the hex it was painted on; the engine reads it from both sides (CampaignMap), so removing one
removes it from both.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.db import transaction
from simple_history.utils import bulk_create_with_history, bulk_update_with_history
from tablib import Dataset

from campaigns.map_codes import (
    EDGE_FEATURES,
    MAP_COLUMNS,
    MAX_HEXES,
    edges_text,
    map_coord,
    parse_coords,
    parse_edges,
    too_many,
)
from campaigns.map_transfer import MapHexResource
from campaigns.models import Campaign, Kingdom, MapHex
from campaigns.permissions import check_runs_campaign
from core.permissions import SYSTEM
from rules.errors import RuleViolation, Violation, _, raise_if_any
from rules.kingmaker.campaign_map import Edge, Terrain, neighbour

_FLAGS = {"": False, "0": False, "false": False, "no": False, "n": False,
          "1": True, "true": True, "yes": True, "y": True, "x": True}


class Keep:
    """A paint that leaves this value of each hex as it is (the default)."""

    def __repr__(self) -> str:
        return "KEEP"


KEEP = Keep()


@dataclass(frozen=True)
class MapChange:
    """What a write did: how many hexes it created, changed and deleted."""

    created: int = 0
    changed: int = 0
    deleted: int = 0


def check_runs_map(actor, campaign_id: int) -> None:
    check_runs_campaign(actor, campaign_id, "map_gm_only",
                        _("Only the game master edits the campaign map."))


def _locked(campaign: Campaign) -> Campaign:
    return Campaign.objects.select_for_update().get(pk=campaign.pk)


def _coords(coords: str | Iterable[str], field: str = "coords") -> list[str]:
    if isinstance(coords, str):
        return parse_coords(coords, field)
    found = list(dict.fromkeys(map_coord(coord, field) for coord in coords))
    if not found:
        raise RuleViolation.single("no_hexes", _("Name at least one hex, for example C4."), field)
    if len(found) > MAX_HEXES:
        raise too_many(field)
    return found


def _terrain(value: str, field: str = "terrain") -> Terrain:
    try:
        return Terrain(str(value).strip().lower() or Terrain.PLAINS)
    except ValueError:
        raise RuleViolation.single(
            "terrain", _("%(terrain)s is not a terrain: use one of %(choices)s."), field,
            terrain=value, choices=", ".join(t.value for t in Terrain)) from None


def _own_kingdom(campaign: Campaign, kingdom: Kingdom) -> Kingdom:
    if kingdom.campaign_id != campaign.pk:
        raise RuleViolation.single("kingdom_campaign",
                                   _("This kingdom belongs to another campaign."), "claimed_by")
    return kingdom


def _features(changes: Mapping[str, str | Iterable[str]] | None) -> dict[str, frozenset[Edge]]:
    found = {}
    for feature, edges in (changes or {}).items():
        if feature not in EDGE_FEATURES:
            raise RuleViolation.single("edge_feature",
                                       _("%(feature)s is not a road, river or bridge."),
                                       "feature", feature=feature)
        found[feature] = parse_edges(edges, "edges")
    return found


def _user(actor):
    return None if actor is SYSTEM else actor


@transaction.atomic
def map_paint(*, actor, campaign: Campaign, coords: str | Iterable[str],
              terrain: str | None = None, claimed_by: Kingdom | None | Keep = KEEP,
              work_site: bool | None = None, refuge: bool | None = None,
              add_edges: Mapping[str, str | Iterable[str]] | None = None,
              remove_edges: Mapping[str, str | Iterable[str]] | None = None) -> MapChange:
    """Paint every hex of `coords` (hexes and rectangles "C3-F7" as text, or a list of hexes),
    creating those the map lacks (plains unless `terrain` says): `terrain`, `work_site` and
    `refuge` when given, `claimed_by` when given (None: wild land), and the roads, rivers or
    bridges of `add_edges` / `remove_edges` ({"roads": "n,se"}) on those sides. Raises NotPermitted
    unless `actor` runs the campaign, RuleViolation (fields coords, terrain, claimed_by, feature,
    edges) for a bad value; either way nothing changes."""
    check_runs_map(actor, campaign.pk)
    campaign = _locked(campaign)
    names = _coords(coords)
    new_terrain = None if terrain is None else _terrain(terrain)
    if isinstance(claimed_by, Kingdom):
        _own_kingdom(campaign, claimed_by)
    added, removed = _features(add_edges), _features(remove_edges)
    # A side removed here is also removed where the hex across it names it.
    far: dict[str, set[tuple[str, Edge]]] = {}
    for name in names:
        for feature, edges in removed.items():
            for edge in edges:
                other = neighbour(name, edge)
                if other is not None:
                    far.setdefault(other, set()).add((feature, edge.opposite))
    rows = {row.coord: row for row in MapHex.objects.filter(
        campaign=campaign, coord__in=[*names, *far])}
    created: list[MapHex] = []
    changed: list[MapHex] = []
    for name in names:
        row = rows.get(name)
        if row is None:
            row = MapHex(campaign=campaign, coord=name)
            created.append(row)
        else:
            changed.append(row)
        if new_terrain is not None:
            row.terrain = new_terrain
        if not isinstance(claimed_by, Keep):
            row.claimed_by = claimed_by
        if work_site is not None:
            row.work_site = work_site
        if refuge is not None:
            row.refuge = refuge
        for feature in EDGE_FEATURES:
            edges = parse_edges(getattr(row, feature), feature)
            edges = (edges | added.get(feature, frozenset())) - removed.get(feature, frozenset())
            setattr(row, feature, edges_text(edges))
    painted = set(names)
    for other, sides in far.items():
        row = rows.get(other)
        if row is None:
            continue
        for feature, edge in sides:
            setattr(row, feature, edges_text(parse_edges(getattr(row, feature), feature) - {edge}))
        if other not in painted:
            changed.append(row)
    if created:
        bulk_create_with_history(created, MapHex, default_user=_user(actor))
    if changed:
        bulk_update_with_history(changed, MapHex, ["terrain", "claimed_by", "work_site", "refuge",
                                                   *EDGE_FEATURES], default_user=_user(actor))
    return MapChange(created=len(created), changed=len(changed))


@transaction.atomic
def map_delete(*, actor, campaign: Campaign, coords: str | Iterable[str]) -> MapChange:
    """Take the hexes of `coords` off the map (those it holds); raises NotPermitted unless `actor`
    runs the campaign, RuleViolation on coords for a bad hex (and nothing is deleted)."""
    check_runs_map(actor, campaign.pk)
    campaign = _locked(campaign)
    names = _coords(coords)
    deleted, _by_model = MapHex.objects.filter(campaign=campaign, coord__in=names).delete()
    return MapChange(deleted=deleted)


def _flag(value: object, field: str) -> bool:
    if isinstance(value, bool):
        return value
    text = "" if value is None else str(value).strip().lower()
    if text not in _FLAGS:
        raise RuleViolation.single("flag", _("%(value)s is neither yes nor no: write 1 or 0."),
                                   field, value=value)
    return _FLAGS[text]


def _text(value: object) -> str:
    return "" if value is None else str(value).strip()


def _hex_of_row(campaign: Campaign, kingdoms: Mapping[str, Kingdom],
                row: Mapping[str, object]) -> MapHex:
    """The hex a row describes, or a RuleViolation listing every bad value of the row."""
    found = MapHex(campaign=campaign)
    violations: list[Violation] = []

    def take(field: str, read) -> None:
        try:
            setattr(found, field, read(row.get(field), field))
        except RuleViolation as error:
            violations.extend(error.violations)

    take("coord", lambda value, field: map_coord(_text(value), field))
    take("terrain", lambda value, field: _terrain(_text(value), field).value)
    for feature in EDGE_FEATURES:
        take(feature, lambda value, field: edges_text(parse_edges(
            value if isinstance(value, list) else _text(value), field)))
    take("work_site", _flag)
    take("refuge", _flag)

    def kingdom(value, field):
        name = _text(value)
        if name and name not in kingdoms:
            raise RuleViolation.single("unknown_kingdom",
                                       _("%(kingdom)s is not a kingdom of this campaign."),
                                       field, kingdom=name)
        return kingdoms.get(name)

    take("claimed_by", kingdom)
    raise_if_any(violations)
    return found


@transaction.atomic
def map_import(*, actor, campaign: Campaign, rows: Iterable[Mapping[str, object]],
               replace: bool = False) -> MapChange:
    """Write the hexes of `rows` (dicts keyed by MAP_COLUMNS; a blank value is the default: plains,
    no side, no flag, wild land) onto the campaign's map: a hex the map holds takes the row's
    values, a new one is created; with `replace`, hexes no row names are deleted. Raises
    NotPermitted unless `actor` runs the campaign; RuleViolation with every bad value, each on
    its column with the row's number (1 for the first row) as the `row` parameter, and nothing
    is written."""
    check_runs_map(actor, campaign.pk)
    campaign = _locked(campaign)
    kingdoms = {k.name: k for k in Kingdom.objects.filter(campaign=campaign)}
    hexes: dict[str, MapHex] = {}
    violations: list[Violation] = []
    for number, row in enumerate(rows, start=1):
        if number > MAX_HEXES:
            raise too_many("rows")
        try:
            found = _hex_of_row(campaign, kingdoms, row)
        except RuleViolation as error:
            violations += [Violation(v.code, v.message, v.field, {**v.params, "row": number})
                           for v in error.violations]
            continue
        if found.coord in hexes:
            violations.append(Violation("duplicate_hex", _("%(hex)s is on two rows."), "coord",
                                        {"hex": found.coord, "row": number}))
        hexes[found.coord] = found
    raise_if_any(violations)
    existing = {row.coord: row for row in MapHex.objects.filter(campaign=campaign)}
    created: list[MapHex] = []
    changed: list[MapHex] = []
    for coord, found in hexes.items():
        held = existing.get(coord)
        if held is None:
            created.append(found)
            continue
        for column in MAP_COLUMNS[1:]:
            setattr(held, column, getattr(found, column))
        changed.append(held)
    deleted = 0
    if replace:
        deleted, _by_model = MapHex.objects.filter(campaign=campaign).exclude(
            coord__in=list(hexes)).delete()
    if created:
        bulk_create_with_history(created, MapHex, default_user=_user(actor))
    if changed:
        bulk_update_with_history(changed, MapHex, list(MAP_COLUMNS[1:]), default_user=_user(actor))
    return MapChange(created=len(created), changed=len(changed), deleted=deleted)


def map_export(*, actor, campaign: Campaign) -> Dataset:
    """The campaign's hexes as map_import reads them back (MapHexResource's columns). Raises
    NotPermitted unless `actor` runs the campaign: the map holds what players may not see."""
    check_runs_map(actor, campaign.pk)
    return MapHexResource(campaign).export()
