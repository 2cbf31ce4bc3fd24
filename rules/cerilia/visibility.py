"""What a side can see: hidden (invisible) units, fog, and night."""
from __future__ import annotations

from collections.abc import Iterable

from rules.cerilia.field import (
    RESERVE,
    distance,
    edge,
    home_row,
    is_sector,
    reserve_distance,
    straight_edges,
)
from rules.cerilia.round_terrain import RoundTerrain
from rules.cerilia.state import (
    BattleState,
    Caster,
    Effect,
    EffectKind,
    Terrain,
    TerrainKind,
    Unit,
)
from rules.sides import ATTACKER, Side


def fogged(state: BattleState, sector: str) -> bool:
    return fogged_among(state.effects, sector)


def fogged_among(effects: Iterable[Effect], sector: str) -> bool:
    return any(e.kind is EffectKind.FOG and e.sector == sector for e in effects)


def line_of_fire(terrain: Iterable[Terrain], effects: Iterable[Effect], a: str, b: str,
                 reach: int) -> bool:
    """Whether missiles from sector `a` reach sector `b`: within `reach` sectors, and no cliffs,
    fog or wall in the way. The round's shots (Combat.clear_shot) and the orders' checks of
    attacks from ambush and on markers read this one rule."""
    if distance(a, b) > reach:
        return False
    # The round's terrain (Combat.clear_shot, at every shot) knows each sector's kinds.
    kinds = terrain.kinds(b) if isinstance(terrain, RoundTerrain) \
        else {t.kind for t in terrain if t.sector == b}
    if TerrainKind.CLIFFS in kinds:
        return False   # Cliffs: "не могут быть ... обстреляны с помощью Дистанционной Атаки"
    effects = tuple(effects)
    if not effects:
        return True   # no fog, no wall
    if a != b and any(e.kind is EffectKind.FOG and e.sector in (a, b) for e in effects):
        return False   # Fog: "в него и из него нельзя направлять Дальнобойные Атаки"
    # Walls: "Перемещения, а также Дальнобойные Атаки запрещены между сектором ... и сектором"
    walls = {edge(e.sector, e.toward) for e in effects
             if e.kind is EffectKind.WALL and e.sector and e.toward}
    return not walls or not any(crossing in walls for crossing in straight_edges(a, b))


def visible(state: BattleState, side: Side, unit: Unit) -> bool:
    """Whether `side` sees `unit`: its own always; an enemy unless it is invisible, in fog
    without a unit of `side` beside it in the sector, or at night away from every unit of
    `side` (more than one sector off)."""
    if unit.side is side:
        return True
    if not unit.alive or unit.concealed:
        return False
    return seen_from(eyes(state.units, side), state.night, state.effects, unit)


def eyes(units: Iterable[Unit], side: Side) -> frozenset[str]:
    """The sectors `side` looks from. Ruling (module "ambush"): a unit in ambush lends its side
    no eyes at night or in fog; shots at what only it could see would tell the enemy where its
    true marker lies."""
    return frozenset(u.position for u in units
                     if u.side is side and u.on_field and u.ambush is None)


def seen_from(own: frozenset[str], night: bool, effects: Iterable[Effect], unit: Unit) -> bool:
    """visible's rule for an enemy unit neither invisible nor in ambush, looked at from the
    sectors `own` (eyes): a round reads it from its live units without freezing a state."""
    if unit.position == RESERVE:
        # Fog lies on sectors only; the night covers the reserve like any sector.
        return not night or any(reserve_distance(unit.side, p) <= 1 for p in own)
    if unit.position not in own and fogged_among(effects, unit.position):
        return False
    if night and not any(distance(p, unit.position) <= 1 for p in own):
        return False
    return True


def engaged(state: BattleState, unit: Unit) -> bool:
    return engaged_among(state.units, state.terrain, unit)


def engaged_among(units: Iterable[Unit], terrain: Iterable[Terrain], unit: Unit) -> bool:
    """Two sides in one sector are engaged; an enemy it cannot see (invisible or in ambush) does not
    count,
    and a fortification with no defender in sight fights as a unit of its own (so an invisible
    defender in it gives nothing away)."""
    if not unit.on_field:
        return False
    if any(u.side is not unit.side and u.on_field and not u.concealed
           and u.position == unit.position
           for u in units):
        return True
    return unit.side is ATTACKER and any(
        t.kind is TerrainKind.FORTIFICATION and t.sector == unit.position for t in terrain)


def caster_position(state: BattleState, caster: Caster) -> str:
    unit = next((u for u in state.units if u.key == caster.unit), None)
    if unit is None or not unit.alive:
        return RESERVE
    return unit.position


def in_reach(state: BattleState, caster: Caster, sector: str) -> bool:
    """The caster's sector or one next to it (from the reserve: the side's own line). The
    reserve itself (where a character with no unit waits, caster_position) is no sector: out of
    every caster's reach."""
    if not is_sector(sector):
        return False
    here = caster_position(state, caster)
    if here == RESERVE:
        return int(sector[1]) == home_row(caster.side)
    return sector == here or distance(here, sector) == 1
