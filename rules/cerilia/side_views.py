"""What one side may see of a battle, computed on the server: its own units, casters and spells
in full; of the enemy only the units it can see (not invisible ones, not those hidden by fog or
night), their cells numbered among those it sees; illusory terrain as the real thing unless it
is its own illusion; the deck as a count; the round's events it witnessed. Nothing else leaves
the server."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from rules.cerilia import victory
from rules.cerilia.board import Event
from rules.cerilia.field import SECTORS
from rules.cerilia.state import HELD_TERRAIN, UNIT_EFFECTS, BattleState, Effect, Terrain, Unit
from rules.cerilia.visibility import visible
from rules.data import record_data, to_data
from rules.sides import Side


def _unit(unit: Unit, own: bool, cell: int) -> dict[str, Any]:
    data = {"key": unit.key, "side": unit.side.value, "name": unit.name,
            "card": to_data(unit.card), "hits": unit.hits, "position": unit.position,
            "cell": cell, "status": unit.status.value, "summoned": unit.summoned}
    # Module "magic dice" (ruling): models and wounds are public on the table, shown wherever
    # the unit's hits are; only when they differ from a unit's defaults.
    data.update({name: getattr(unit, name) for name in ("wounds_lost", "standard_taken")
                 if getattr(unit, name)})
    if own:
        data["hidden"] = unit.hidden
        if unit.ambush is not None:
            data["ambush"] = unit.ambush
    return data


def _concealment(state: BattleState, side: Side) -> dict[str, Any]:
    """Module "ambush": its own ambushes and traps with the truth; of the enemy's only the
    markers on the field, by the public name on their top side ("На верхней стороне – пометка
    игрока, что это за батальон, а на нижней - истинный это маркер или ложный"): never which
    is true or real, never an ambush that has laid none."""
    markers = [{"key": m.key, "kind": a.kind.value, "name": a.name, "sector": m.sector}
               for a in state.ambushes if a.side is not side and not a.over for m in a.markers]
    return {"ambushes": [to_data(a) for a in state.ambushes if a.side is side],
            "markers": sorted(markers, key=lambda m: m["key"])}


def _shown_cells(units: list[Unit], side: Side) -> dict[str, int]:
    """The enemy's cells as `side` sees them: numbered in order among the units it sees in each
    sector, so an empty cell never shows where an unseen unit stands."""
    by_sector: dict[str, list[Unit]] = {}
    for unit in units:
        if unit.side is not side and unit.cell >= 0:
            by_sector.setdefault(unit.position, []).append(unit)
    return {unit.key: shown for group in by_sector.values()
            for shown, unit in enumerate(sorted(group, key=lambda u: u.cell))}


def _terrain(state: BattleState, side: Side, sector: str) -> list[dict[str, Any]]:
    illusion = next((i for i in state.illusions if i.sector == sector), None)
    real = [to_data(t) for t in state.terrain if t.sector == sector]
    if illusion is None:
        return real
    # Shaped exactly like a real card, so nothing in it tells the enemy it is an illusion.
    shown = to_data(Terrain(illusion.kind, sector, illusion.toward))
    if illusion.side is side:
        return [*real, {**shown, "illusory": True}]
    return [shown]   # "players see the illusion, the server resolves the truth"


def _held_by(state: BattleState, side: Side, sector: str, seen: list[Unit]) -> str | None:
    """Who holds the hills or cliffs, if the holder is `side` or a unit of it in sight there."""
    holder = state.held.get(sector)
    shown = {t["kind"] for t in _terrain(state, side, sector)}
    if not shown & set(HELD_TERRAIN):
        return None
    if holder is None or not (holder is side or any(u.side is holder and u.position == sector
                                                    for u in seen)):
        return None
    return holder.value


def _effect(effect: Effect, side: Side) -> dict[str, Any]:
    """A spell in force; how long the enemy's lasts would give away its 1d3."""
    data = record_data(effect)
    if effect.side is not side:
        data.pop("rounds_left")
    return data


def _own_artifacts(state: BattleState, side: Side) -> list[dict[str, Any]]:
    """Module "artifacts": the artifacts the side's characters carry, with the uses they have
    left and who carries each; never the enemy's (what it carries, or how often it may still
    use it, is its own)."""
    bearers = {key: c.key for c in state.casters if c.side is side for key in c.carries}
    return [{**record_data(a), "carried_by": bearers[a.key]} for a in state.artifacts
            if a.key in bearers]


def hidden_marks(state: BattleState, side: Side) -> dict[str, int]:
    """Seed 000, mass invisibility: "На карте он будет отмечен статусом []": each sector where
    the enemy hides invisible units → how many "[]" marks it shows. Ruling: one mark per hidden
    unit, counted by sector, never its cell or anything of it; only where `side` would see the
    unit were it not invisible (fog and night hide the mark as they hide a unit). An ambushing
    unit shows nothing (reference: "The enemy sees nothing of an ambush that has not moved")."""
    marks: dict[str, int] = {}
    for unit in state.units:
        if unit.side is not side and unit.hidden and unit.ambush is None and unit.on_field \
                and visible(state, side, replace(unit, hidden=False)):
            marks[unit.position] = marks.get(unit.position, 0) + 1
    return {sector: marks[sector] for sector in SECTORS if sector in marks}


def side_view(state: BattleState, side: Side, events: Iterable[Event] = ()) -> dict[str, Any]:
    units = [u for u in state.units if u.side is side or visible(state, side, u)]
    effects = [e for e in state.effects if e.kind not in UNIT_EFFECTS or e.side is side
               or any(u.key == e.unit for u in units)]
    cells = _shown_cells(units, side)
    # Only with the module on, so a battle without it shows what it always showed.
    extra: dict[str, Any] = {"artifacts": _own_artifacts(state, side)} \
        if state.scenario.modules.artifacts else {}
    concealment = _concealment(state, side) if state.scenario.modules.ambush else {}
    if state.scenario.modules.magic_dice:
        # Module "magic dice", ruling: the tally as the side knows it, whole at the end.
        extra["victory_points"] = {s.value: points
                                   for s, points in victory.known(state, side).items()}
    return {
        **concealment,
        "side": side.value,
        "round": state.round,
        "night": state.night,
        "finished": state.finished,
        "winner": state.winner.value if state.winner else None,
        "cells_per_sector": state.scenario.cells_per_sector,
        "sectors": {sector: {"terrain": _terrain(state, side, sector),
                             "held_by": _held_by(state, side, sector, units)}
                    for sector in SECTORS},
        "effects": [_effect(e, side) for e in effects],
        "hidden_marks": hidden_marks(state, side),
        "units": [_unit(u, u.side is side, cells.get(u.key, u.cell)) for u in units
                  if u.alive or u.side is side],
        "casters": [to_data(c) for c in state.casters if c.side is side],
        "deck_left": len(state.deck),
        # Who else witnessed an event is not the side's to know: an enemy that saw a move,
        # unseen, would give away that it stands near.
        "events": [to_data(replace(e, visible_to=frozenset({side}))) for e in events
                   if side in e.visible_to],
        **extra,
    }


def full_view(state: BattleState, events: Iterable[Event] = ()) -> dict[str, Any]:
    """The GM's view: everything, the truth under illusions and the hidden units included."""
    return {**to_data(state), "events": [to_data(e) for e in events]}
