"""What a reader may see of a campaign's map: `map_view(user, campaign)` is the one access function
the map page and the map API read (docs/rules-notes.md, "Fog of war" and "What the map shows").

Our ruling: the map's geography is public, armies are not. Every reader of the campaign gets every
hex's terrain, roads, rivers, bridges, settlement, work site, refuge and claimant. The GM sees
every army with its conditions. A player sees the hexes their kingdom sees now (rules.kingmaker.fog
.seen_hexes from where the armies stand: its territory, and each hex of or next to its armies and
settlements), their own armies with their conditions, and another kingdom's army only in a hex
they see and not in ambush, unless their last turn report found it there and it has not moved
(rules.kingmaker.fog.armies_seen_now, the same sight that decides an Offensive Gambit's targets).
Nothing else about another kingdom's armies reaches the player: not their number, not their hexes.
"""
from __future__ import annotations

from dataclasses import dataclass

from armies.adapters import army_state
from armies.models import Army
from armies.orders import campaign_armies, map_army_of, seen_armies
from campaigns.adapters import campaign_map
from campaigns.models import Campaign, Kingdom
from campaigns.selectors import is_campaign_gm, visible_kingdoms
from rules.kingmaker.army import stat_block
from rules.kingmaker.campaign_map import CampaignMap
from rules.kingmaker.fog import MapArmy, seen_hexes
from rules.kingmaker.hexes import canonical_hex
from turns.selectors import kingdom_reports


@dataclass(frozen=True)
class ArmyOnMap:
    id: int
    name: str
    kingdom: str
    kingdom_id: int
    hex: str
    own: bool  # the reader commands it: their kingdom's, or any army for the GM
    found: bool = False  # an army in ambush the reader's kingdom found at its last turn's end
    in_ambush: bool = False  # told only to whoever commands it
    garrisoned: bool = False
    hp: int | None = None
    max_hp: int | None = None
    conditions: tuple[tuple[str, int, str], ...] = ()  # (condition, value, label)


@dataclass(frozen=True)
class MapView:
    campaign: Campaign
    gm: bool
    kingdoms: tuple[Kingdom, ...]  # the reader's own kingdoms (none for the GM)
    campaign_map: CampaignMap
    seen: frozenset[str] | None  # the hexes the reader sees; None: every one (the GM)
    armies: tuple[ArmyOnMap, ...]  # by hex, then id

    def sees(self, coord: str) -> bool:
        return self.seen is None or canonical_hex(coord) in self.seen

    def armies_in(self, coord: str) -> tuple[ArmyOnMap, ...]:
        coord = canonical_hex(coord)
        return tuple(a for a in self.armies if a.hex == coord)


def found_in_last_report(kingdom: Kingdom) -> dict[int, str]:
    """The armies in ambush the kingdom's last turn report found, with the hex it found them in."""
    report = kingdom_reports(kingdom).first()
    sight = (report.outcome.get("sight") if report is not None else None) or {}
    return {a["army"]: a["hex"] for a in sight.get("armies", []) if a.get("found_by")}


def _on_map(army: Army, fog: MapArmy, *, own: bool, found: bool = False) -> ArmyOnMap:
    if not own:
        return ArmyOnMap(army.pk, army.name, army.kingdom.name, army.kingdom_id,
                         canonical_hex(army.hex), False, found)
    block = stat_block(army_state(army))
    return ArmyOnMap(army.pk, army.name, army.kingdom.name, army.kingdom_id,
                     canonical_hex(army.hex), True, found, fog.in_ambush, bool(army.garrisoned),
                     block.hp, block.max_hp,
                     tuple((c.condition, c.value, str(c)) for c in army.conditions.all()))


def map_view(user, campaign: Campaign) -> MapView | None:
    """What `user` may see of the campaign's map; None when they neither run the campaign nor
    play one of its kingdoms."""
    painted = campaign_map(campaign.pk)
    armies = campaign_armies(campaign.pk)
    fog = {a.pk: map_army_of(a) for a in armies}
    placed = [a for a in armies if canonical_hex(a.hex)]
    if is_campaign_gm(user, campaign.pk):
        return MapView(campaign, True, (), painted, None,
                       tuple(_on_map(a, fog[a.pk], own=True) for a in _ordered(placed)))
    kingdoms = tuple(visible_kingdoms(user).filter(campaign=campaign).order_by("pk"))
    if not kingdoms:
        return None
    ours = {k.pk for k in kingdoms}
    seen: set[str] = set()
    visible: set[int] = set()
    for kingdom in kingdoms:
        seen |= seen_hexes(kingdom.name, painted, fog.values())
        # The same sight as the kingdom's orders (armies.orders.seen_armies): one rule decides.
        visible |= seen_armies(kingdom, painted, tuple(fog.values())) or frozenset()
    shown = []
    for army in _ordered(placed):
        if army.kingdom_id in ours:
            shown.append(_on_map(army, fog[army.pk], own=True))
        elif army.pk in visible:
            hidden = fog[army.pk].in_ambush
            shown.append(_on_map(army, fog[army.pk], own=False, found=hidden))
    return MapView(campaign, False, kingdoms, painted, frozenset(seen), tuple(shown))


def _ordered(armies: list[Army]) -> list[Army]:
    return sorted(armies, key=lambda a: (canonical_hex(a.hex), a.pk))
