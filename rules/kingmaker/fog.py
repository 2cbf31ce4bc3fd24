"""Fog of war on the campaign map: which hexes and which other kingdoms' armies a kingdom sees at
the end of a turn, the Scouting checks that find armies lying in ambush, whom PCs exploring with an
army meet, and the battlefield a hex gives a battle scene.

Our rulings (docs/rules-notes.md, "Fog of war"):
- A kingdom sees the hexes it claims, and each hex of or next to its armies and its settlements.
- Other kingdoms' armies in a hex it sees are seen, unless in ambush: an army with the Ambush tactic
  or garrisoned (Garrison Army) in its hex. Such an army is found only by a Scouting check of one
  of the kingdom's armies ending its turn in or next to its hex, against its Scouting DC (seed 003,
  line 25). Each such army of ours rolls once, in the order of their keys, until one succeeds.
- Every check rolls its own dice, seeded from the turn's seed, the two armies and what the check is
  for: an army a kingdom does not see changes no other roll, so it leaves no trace in what the
  kingdom sees. Failed checks are the GM's: a kingdom's view holds only what it found.
- Between turns (the map, an Offensive Gambit's targets) a kingdom sees another kingdom's army in
  a hex it sees now when the army is in plain sight, or when its last turn's end found it in
  ambush there and it has not moved (`armies_seen_now`).
"""
from __future__ import annotations

import hashlib
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from rules.degrees import Degree, degree_of_success
from rules.dice import Dice, Roll
from rules.errors import _
from rules.kingmaker.army import ArmyState, stat_block
from rules.kingmaker.battle.setup import Fortification, FortificationKind, Light
from rules.kingmaker.battle.setup import Terrain as BattleTerrain
from rules.kingmaker.campaign_map import CampaignMap, MapHex, Terrain, neighbours
from rules.kingmaker.conditions import Target
from rules.kingmaker.hexes import canonical_hex, hex_distance
from rules.modifiers import Modifier, ModifierKind, Statistic
from rules.sides import Side


@dataclass(frozen=True)
class MapArmy:
    """An active army on the campaign map, as fog of war needs it."""

    key: int
    kingdom: str
    name: str
    hex: str  # "" when it stands nowhere on the map: it neither sees nor is seen
    scouting: Statistic
    tactics: frozenset[str] = frozenset()
    garrisoned: bool = False  # Garrison Army holds it in its hex

    @property
    def in_ambush(self) -> bool:
        return "ambush" in self.tactics or self.garrisoned

    @property
    def scouting_dc(self) -> int:
        # Seed 003: "СЛ разведки равна модификатору Разведки +10".
        return self.scouting.total + 10


def map_army(key: int, kingdom: str, army: ArmyState, *, garrisoned: bool = False) -> MapArmy:
    """The army as fog of war sees it, its Scouting from its stat block (conditions, tactics)."""
    return MapArmy(key, kingdom, army.name, canonical_hex(army.hex),
                   stat_block(army).statistic(Target.SCOUTING), frozenset(army.tactics),
                   garrisoned)


@dataclass(frozen=True)
class ScoutingCheck:
    """One army's Scouting check to find an army in ambush."""

    scout: int
    hidden: int
    hex: str  # the hidden army's
    modifiers: tuple[Modifier, ...]  # the light's and the terrain's, on the scout's Scouting
    modifier: int
    dc: int
    roll: Roll
    degree: Degree

    @property
    def found(self) -> bool:
        return self.degree >= Degree.SUCCESS


@dataclass(frozen=True)
class SeenArmy:
    key: int
    kingdom: str
    name: str
    hex: str
    found_by: ScoutingCheck | None = None  # None: in plain sight


@dataclass(frozen=True)
class KingdomView:
    """What a kingdom saw at the end of a turn: the hexes, and other kingdoms' armies in them."""

    kingdom: str
    hexes: frozenset[str]
    armies: tuple[SeenArmy, ...]  # by key

    @property
    def army_keys(self) -> frozenset[int]:
        return frozenset(a.key for a in self.armies)

    @property
    def ambushes_found(self) -> tuple[SeenArmy, ...]:
        return tuple(a for a in self.armies if a.found_by is not None)

    def sees(self, coord: str) -> bool:
        return canonical_hex(coord) in self.hexes


@dataclass(frozen=True)
class FogOutcome:
    """Every kingdom's view, and every Scouting check rolled (failed ones are for the GM only)."""

    views: Mapping[str, KingdomView] = field(default_factory=dict)
    checks: tuple[ScoutingCheck, ...] = ()


def check_dice(seed: int, purpose: str, scout: int, hidden: int) -> Dice:
    """The dice of one check, seeded from the turn's seed and the check's own key, so the rolls of
    one pair of armies do not depend on which other armies are on the map."""
    digest = hashlib.sha256(f"{seed}:{purpose}:{scout}:{hidden}".encode()).digest()
    return Dice(int.from_bytes(digest[:8], "big"))


def _circumstance(value: int, source: str) -> Modifier:
    return Modifier(ModifierKind.CIRCUMSTANCE, value, source)


def scouting_modifiers(scout: MapArmy, light: Light,
                       terrain: Terrain | None = None) -> tuple[Modifier, ...]:
    """The light's and the scout's own hex's modifiers on its Scouting check."""
    mods: list[Modifier] = []
    darkvision = "darkvision" in scout.tactics
    low_light = darkvision or "low_light_vision" in scout.tactics
    if light is Light.DARK and not darkvision:
        # Seed 003: "Темнота или густой туман ... штраф -4 к проверкам Разведки. Войска с ночным
        # зрением игнорируют такие эффекты темноты."
        mods.append(_circumstance(-4, "darkness"))
    elif light is Light.DIM and not low_light:
        # "Тусклый свет ... штраф -2 к проверкам Разведки. Войска с сумеречным зрением или ночным
        # зрением игнорируют такие эффекты тусклого света."
        mods.append(_circumstance(-2, "dim light"))
    if terrain in (Terrain.SWAMP, Terrain.WATER) and "swamp_dwellers" in scout.tactics:
        # Reference, Swamp Dwellers: "+2 circumstance to Scouting in swamp or water hexes".
        mods.append(_circumstance(2, "swamp_dwellers"))
    return tuple(mods)


def scouting_check(scout: MapArmy, hidden: MapArmy, *, light: Light, seed: int,
                   purpose: str = "fog", terrain: Terrain | None = None) -> ScoutingCheck:
    """`scout` looks for `hidden`: d20 + its Scouting against the hidden army's Scouting DC."""
    mods = scouting_modifiers(scout, light, terrain)
    statistic = scout.scouting.with_modifiers(*mods)
    dice = check_dice(seed, purpose, scout.key, hidden.key)
    roll = dice.d20(purpose=_("Scouting: %(army)s looks for an ambush in %(hex)s"),
                    modifier=statistic.total, army=scout.name, hex=canonical_hex(hidden.hex))
    dc = hidden.scouting_dc
    return ScoutingCheck(scout.key, hidden.key, canonical_hex(hidden.hex), mods, statistic.total,
                         dc, roll, degree_of_success(roll.total, dc, roll.natural))


def _search(hidden: MapArmy, scouts: Sequence[MapArmy], *, light: Light, seed: int, purpose: str,
            campaign_map: CampaignMap | None) -> list[ScoutingCheck]:
    """The checks of `scouts` (by key, until one finds it) for an army in ambush."""
    checks: list[ScoutingCheck] = []
    for scout in sorted(scouts, key=lambda a: a.key):
        place = (campaign_map.hexes.get(canonical_hex(scout.hex)) if campaign_map is not None
                 else None)
        check = scouting_check(scout, hidden, light=light, seed=seed, purpose=purpose,
                               terrain=place.terrain if place else None)
        checks.append(check)
        if check.found:
            break
    return checks


def _placed(armies: Iterable[MapArmy]) -> list[MapArmy]:
    return [a for a in armies if canonical_hex(a.hex)]


def seen_hexes(kingdom: str, campaign_map: CampaignMap, armies: Iterable[MapArmy]
               ) -> frozenset[str]:
    """The hexes the kingdom claims, and each hex of or next to its armies and its settlements
    (hexes past the map's edge included: the map shows only those it holds)."""
    seen = {coord for coord, place in campaign_map.hexes.items() if place.claimed_by == kingdom}
    centres = {canonical_hex(a.hex) for a in _placed(armies) if a.kingdom == kingdom}
    centres |= {coord for coord, place in campaign_map.hexes.items()
                if place.settlement and place.claimed_by == kingdom}
    for centre in centres:
        seen.add(centre)
        seen.update(neighbours(centre).values())
    return frozenset(seen)


def armies_seen_now(kingdom: str, campaign_map: CampaignMap, armies: Iterable[MapArmy],
                    found: Mapping[int, str]) -> tuple[MapArmy, ...]:
    """The other kingdoms' armies `kingdom` sees now, by key: each in a hex it sees now (from
    where `armies` stand) and either in plain sight or in ambush where `found` (its last turn's
    end: army key -> hex) found it. No check is rolled: an ambusher that moved, or that stands
    where the kingdom found none, stays hidden until a turn's end finds it."""
    placed = _placed(armies)
    hexes = seen_hexes(kingdom, campaign_map, placed)
    seen = []
    for army in sorted(placed, key=lambda a: a.key):
        coord = canonical_hex(army.hex)
        if army.kingdom == kingdom or coord not in hexes:
            continue
        if not army.in_ambush or canonical_hex(found.get(army.key, "")) == coord:
            seen.append(army)
    return tuple(seen)


def kingdom_fog(kingdom: str, campaign_map: CampaignMap, armies: Iterable[MapArmy], *,
                light: Light = Light.BRIGHT, seed: int
                ) -> tuple[KingdomView, tuple[ScoutingCheck, ...]]:
    """What `kingdom` sees at the end of a turn, and every Scouting check its armies rolled."""
    placed = _placed(armies)
    hexes = seen_hexes(kingdom, campaign_map, placed)
    ours = [a for a in placed if a.kingdom == kingdom]
    seen: list[SeenArmy] = []
    checks: list[ScoutingCheck] = []
    for other in sorted((a for a in placed if a.kingdom != kingdom), key=lambda a: a.key):
        coord = canonical_hex(other.hex)
        if coord not in hexes:
            continue
        found_by = None
        if other.in_ambush:
            scouts = [a for a in ours if hex_distance(a.hex, coord) <= 1]
            tried = _search(other, scouts, light=light, seed=seed, purpose="fog",
                            campaign_map=campaign_map)
            checks.extend(tried)
            found_by = next((c for c in tried if c.found), None)
            if found_by is None:
                continue
        seen.append(SeenArmy(other.key, other.kingdom, other.name, coord, found_by))
    return KingdomView(kingdom, hexes, tuple(seen)), tuple(checks)


def fog_of_war(campaign_map: CampaignMap, armies: Iterable[MapArmy], kingdoms: Iterable[str], *,
               light: Light = Light.BRIGHT, seed: int) -> FogOutcome:
    """Every kingdom's view at the end of a turn; `light` is the night's light and weather the GM
    set for the turn."""
    armies = tuple(armies)
    views: dict[str, KingdomView] = {}
    checks: list[ScoutingCheck] = []
    for kingdom in sorted(set(kingdoms)):
        view, rolled = kingdom_fog(kingdom, campaign_map, armies, light=light, seed=seed)
        views[kingdom] = view
        checks.extend(rolled)
    return FogOutcome(views, tuple(checks))


# -- exploration ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Encounter:
    """PCs exploring a hex with an army: the enemy armies they meet there, and every check rolled
    (failed ones are for the GM only)."""

    hex: str
    met: tuple[int, ...]
    checks: tuple[ScoutingCheck, ...] = ()


def exploration_encounter(escort: MapArmy, armies: Iterable[MapArmy], *,
                          light: Light = Light.BRIGHT, seed: int,
                          campaign_map: CampaignMap | None = None) -> Encounter:
    """PCs explore the hex of `escort`, an army of their kingdom travelling with them (seed 003,
    line 205): they meet other kingdoms' armies there; one in ambush only if the escort's Scouting
    check finds it. `seed` is the exploration's own (the GM's record of it), not the turn's."""
    coord = canonical_hex(escort.hex)
    met: list[int] = []
    checks: list[ScoutingCheck] = []
    for other in sorted(_placed(armies), key=lambda a: a.key):
        if other.kingdom == escort.kingdom or canonical_hex(other.hex) != coord:
            continue
        if other.in_ambush:
            tried = _search(other, (escort,), light=light, seed=seed, purpose="exploration",
                            campaign_map=campaign_map)
            checks.extend(tried)
            if not any(c.found for c in tried):
                continue
        met.append(other.key)
    return Encounter(coord, tuple(met), tuple(checks))


# -- the battlefield a hex gives ------------------------------------------------------------------

# Seed 003: "Сцена битвы может происходить на крутых склонах гор, в заболоченной местности или
# густом лесу" — our ruling: mountains, swamps and forests, and water (fought on its marshy shores).
DIFFICULT_TERRAIN = frozenset({Terrain.MOUNTAINS, Terrain.SWAMP, Terrain.FOREST, Terrain.WATER})
# Our ruling: a settlement is walled by default with a wooden wall; the GM sets another one (or
# none) on the scene.
SETTLEMENT_FORTIFICATION = FortificationKind.WOODEN_WALL


@dataclass(frozen=True)
class Battleground:
    terrain: BattleTerrain
    water: bool
    fortification: Fortification | None = None


def battleground(place: MapHex, *, attacker: str | None = None, defender: str | None = None,
                 garrisoned: Collection[Side] = ()) -> Battleground:
    """A battle scene's default terrain, water and fortification from its hex: a settlement's wall
    is held by the side whose kingdom claims the hex (none when neither does), unless the other
    side has a garrison (`garrisoned`: the sides with one there) — that one fights from its own
    site, and the wall, not its side's, would bar it."""
    terrain = BattleTerrain.DIFFICULT if place.terrain in DIFFICULT_TERRAIN else BattleTerrain.OPEN
    water = place.terrain in (Terrain.SWAMP, Terrain.WATER)
    holder = None
    if place.settlement and place.claimed_by:
        if place.claimed_by == defender:
            holder = Side.DEFENDER
        elif place.claimed_by == attacker:
            holder = Side.ATTACKER
    if holder is not None and holder.other in garrisoned:
        holder = None
    fortification = Fortification(SETTLEMENT_FORTIFICATION, holder) if holder else None
    return Battleground(terrain, water, fortification)
