"""Module "ambush" before the dice: what a side may order its ambushes and traps, by field, and
phase 0 laying them (seed 001_5d751c33a121b07e.txt, "Засада", "Ловушки"; reference/sector-
modules.md, module "ambush"). orders.py calls the checks, engine.deploy calls `hide`."""
from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import replace

from rules.cerilia.cards import Tag
from rules.cerilia.concealment import (
    MARKERS,
    Ambush,
    AmbushPlan,
    Concealment,
    Marker,
    MarkerMove,
    TrapPlan,
    find_marker,
)
from rules.cerilia.field import coordinates, distance, is_sector
from rules.cerilia.state import AMBUSH_TERRAIN, BattleState, Unit
from rules.cerilia.visibility import line_of_fire, visible
from rules.errors import Violation, _
from rules.sides import Side

NAME_LENGTH = 40
# Reference, ruling: "its own half of the field (rows 1–2 for the attacker, 2–3 for the defender)".
OWN_HALF = {Side.ATTACKER: (1, 2), Side.DEFENDER: (2, 3)}

Plans = tuple[Mapping[str, AmbushPlan], Mapping[str, TrapPlan]]


def half_speed(unit: Unit) -> int:
    """Seed: "Эти маркеры перемещаются с половинной СК"; reference: "half the unit's movement
    points, rounded up (1 → 1, 2 → 1, 3 → 2)"."""
    return (unit.card.movement + 1) // 2


def in_own_half(side: Side, sector: str) -> bool:
    return is_sector(sector) and coordinates(sector)[1] in OWN_HALF[side]


def concealment_key(side: Side, kind: Concealment, name: str) -> str:
    """Ruling: the key comes from the public name, not from the order of declaration, so a key
    the enemy sees tells it neither how many ambushes the side has nor which it laid first."""
    return f"{side.value[0]}-{kind.value}-{hashlib.sha256(name.encode()).hexdigest()[:8]}"


def marker_keys(key: str) -> list[str]:
    """Marker keys are numbered 1..3 whatever the truth: the owner picks which one is true."""
    return [f"{key}-{i}" for i in range(1, MARKERS + 1)]


def _name(name: str, where: str, taken: set[str]) -> list[Violation]:
    if not name.strip() or len(name) > NAME_LENGTH:
        return [Violation("concealment_name", _("Give it a public name of 1 to %(length)s "
                          "characters."), f"{where}.name", {"length": NAME_LENGTH})]
    if name.strip() in taken:
        # Ruling: the markers' top sides must tell the side's ambushes and traps apart.
        return [Violation("concealment_name_taken", _("Another of your ambushes or traps has "
                          "this name."), f"{where}.name")]
    taken.add(name.strip())
    return []


def _ambush_plan(state: BattleState, side: Side, key: str, plan: AmbushPlan,
                 placements: Mapping[str, str], taken: set[str]) -> list[Violation]:
    where = f"ambushes.{key}"
    unit = state.own_unit(side, key)
    if unit is None:
        return [Violation("unit_unknown", _("Not one of your units."), where)]
    if state.scenario.modules.command and unit.has(Tag.INDEPENDENT):
        # Ruling: under module "command" an independent warrior follows its standing orders
        # every round, which a unit in ambush cannot; it does not hide.
        return [Violation("ambush_independent", _("An independent warrior does not hide in "
                          "ambush."), where)]
    if key in placements:
        return [Violation("ambush_placed", _("A unit in ambush is not also deployed on the "
                          "field."), where)]
    if not in_own_half(side, plan.sector):
        return [Violation("ambush_own_half", _("An ambush hides in your own half of the field "
                          "(rows %(rows)s)."), f"{where}.sector",
                          {"rows": "–".join(map(str, OWN_HALF[side]))})]
    if not any(t.sector == plan.sector and t.kind in AMBUSH_TERRAIN for t in state.terrain):
        # Seed: "в лес (овраг)"; "в лесу или в овраге ... (там где можно ставить засаду)".
        return [Violation("ambush_terrain", _("An ambush hides in a forest or a ravine."),
                          f"{where}.sector")]
    return _name(plan.name, where, taken)


def _trap_plan(state: BattleState, side: Side, key: str, plan: TrapPlan, taken: set[str]
               ) -> list[Violation]:
    where = f"traps.{key}"
    if not any(s.key == key and s.side is side for s in state.scenario.traps):
        return [Violation("trap_unknown", _("Not one of your traps."), where)]
    found = _name(plan.name, where, taken)
    if len(plan.sectors) != MARKERS:
        # Seed: "игрок так же кладет три маркера засады".
        found.append(Violation("trap_three", _("Lay a trap as 3 markers."), f"{where}.sectors"))
    # Ruling: the three markers need not lie in three sectors; each lies in the own half.
    found += [Violation("trap_own_half", _("A trap lies in your own half of the field (rows "
                        "%(rows)s)."), f"{where}.sectors.{i}",
                        {"rows": "–".join(map(str, OWN_HALF[side]))})
              for i, sector in enumerate(plan.sectors) if not in_own_half(side, sector)]
    if not 0 <= plan.real < MARKERS:
        found.append(Violation("trap_real", _("Say which of the 3 markers is the real trap."),
                               f"{where}.real"))
    return found


def plan_violations(state: BattleState, side: Side, ambushes: Mapping[str, AmbushPlan],
                    traps: Mapping[str, TrapPlan], placements: Mapping[str, str]
                    ) -> list[Violation]:
    """Phase 0: the units a side names in ambush and the traps it lays."""
    if not state.scenario.modules.ambush:
        return [Violation("no_ambush_module", _("This battle has no ambushes or traps."),
                          f"{kind}.{key}") for kind, given in (("ambushes", ambushes),
                                                               ("traps", traps))
                for key in given]
    taken: set[str] = set()
    return [*(v for key, plan in ambushes.items()
              for v in _ambush_plan(state, side, key, plan, placements, taken)),
            *(v for key, plan in traps.items() for v in _trap_plan(state, side, key, plan, taken))]


def hide(state: BattleState, plans: Mapping[Side, Plans]) -> BattleState:
    """Phase 0 (plans valid by `plan_violations`): each named unit hides in its sector, out of
    the enemy's sight and off the cells (cell -1: it takes none until revealed), its ambush
    recorded without markers; each trap laid as its three markers."""
    if not state.scenario.modules.ambush:
        return state
    units = {u.key: u for u in state.units}
    records: list[Ambush] = list(state.ambushes)
    for side in Side:
        ambushes, traps = plans.get(side, ({}, {}))
        for unit_key, plan in ambushes.items():
            key = concealment_key(side, Concealment.AMBUSH, plan.name.strip())
            records.append(Ambush(key, side, Concealment.AMBUSH, plan.name.strip(), plan.sector,
                                  unit=unit_key))
            units[unit_key] = replace(units[unit_key], position=plan.sector, cell=-1, ambush=key)
        supplies = {s.key: s for s in state.scenario.traps if s.side is side}
        for supply_key, trap in traps.items():
            card = supplies[supply_key].card
            key = concealment_key(side, Concealment.TRAP, trap.name.strip())
            markers = tuple(Marker(m, sector, i == trap.real)
                            for i, (m, sector) in enumerate(zip(marker_keys(key), trap.sectors,
                                                                strict=True)))
            records.append(Ambush(key, side, Concealment.TRAP, trap.name.strip(),
                                  trap.sectors[trap.real], card=card.code, attack=card.attack,
                                  markers=markers))
    return replace(state, units=tuple(units.values()), ambushes=tuple(records))


# -- a round's orders -------------------------------------------------------------------------

def live_ambush(state: BattleState, side: Side, key: str) -> Ambush | None:
    """The side's ambush `key` whose battalion still hides."""
    ambush = next((a for a in state.ambushes if a.key == key), None)
    if ambush is None or ambush.side is not side:
        return None
    unit = state.own_unit(side, ambush.unit or "")
    return ambush if unit is not None and unit.hides_in(ambush) else None


def _path(start: str, path: tuple[str, ...], points: int, where: str) -> list[Violation]:
    if len(path) > points:
        return [Violation("marker_too_far", _("Markers move at half speed: %(points)s "
                          "sectors."), where, {"points": points})]
    steps = (start, *path)
    # Ruling: markers move from sector to sector on the field, never into a reserve.
    if not all(is_sector(s) for s in path) or not all(
            distance(a, b) == 1 for a, b in zip(steps, steps[1:], strict=False)):
        return [Violation("path_not_adjacent", _("Each step goes to a neighbouring sector."),
                          where)]
    return []


def _marker_move(state: BattleState, side: Side, key: str, move: MarkerMove,
                 targets: Mapping[str, str]) -> list[Violation]:
    where = f"markers.{key}"
    ambush = live_ambush(state, side, key)
    if ambush is None or ambush.unit is None:
        return [Violation("ambush_unknown", _("Not one of your ambushes in hiding."), where)]
    unit = state.unit(ambush.unit)
    if ambush.unit in targets:
        # Seed: "может отдать один приказ находящемуся в засаде батальону".
        return [Violation("ambush_one_order", _("An ambush takes one order a round: move its "
                          "markers or attack."), where)]
    found: list[Violation] = []
    markers = ambush.markers
    if not markers:
        # Seed: "выкладываются три маркера (два ложных и один истинный)".
        if len(move.paths) != MARKERS:
            found.append(Violation("markers_three", _("Laying its markers, give a path for "
                                   "each of the 3 (an empty one stays)."), f"{where}.paths"))
        if not 0 <= move.true < MARKERS:
            found.append(Violation("marker_true", _("Say which of the 3 markers is true."),
                                   f"{where}.true"))
        starts = [ambush.sector] * MARKERS
    else:
        if len(move.paths) > len(markers):
            found.append(Violation("markers_too_many", _("%(ambush)s has %(count)s markers on "
                                   "the field."), f"{where}.paths",
                                   {"ambush": ambush.name, "count": len(markers)}))
        starts = [m.sector for m in sorted(markers, key=lambda m: m.key)]
    for i, (start, path) in enumerate(zip(starts, move.paths, strict=False)):
        found += _path(start, tuple(path), half_speed(unit), f"{where}.paths.{i}")
    return found


def _shoots_at(state: BattleState, unit: Unit, sector: str) -> bool:
    """Whether the unit's missiles reach `sector` by the rule the round fires by
    (Combat.clear_shot)."""
    return unit.card.missile is not None and line_of_fire(
        state.terrain, state.effects, unit.position, sector, unit.card.missile_range)


def _ambush_attack(state: BattleState, side: Side, unit: Unit, target_key: str
                   ) -> list[Violation]:
    """An attack from ambush: melee on an enemy in its (true marker's) sector, else missiles
    with a clear shot. Whether the target is an enemy it sees, orders.py checks."""
    where = f"targets.{unit.key}"
    if find_marker(state.ambushes, target_key) is not None:
        # Ruling: an ambush strikes battalions; only units on the table turn markers over.
        return [Violation("ambush_attacks_units", _("An ambush attacks enemy units, not "
                          "markers."), where)]
    target = next((u for u in state.units if u.key == target_key), None)
    if target is None or not target.on_field or not visible(state, side, target):
        return []
    if target.position == unit.position:
        return []
    if not _shoots_at(state, unit, target.position):
        return [Violation("ambush_out_of_reach", _("From its hiding place %(unit)s reaches "
                          "only an enemy in its sector, or one its missiles reach (in range, "
                          "with no cliffs, fog or wall in the way)."), where,
                          {"unit": unit.name})]
    return []


def marker_target_violations(state: BattleState, side: Side, unit: Unit, marker_key: str
                             ) -> list[Violation]:
    """An attack on an enemy marker (seed: "Противник имеет право атаковать один из
    выставленных маркеров"): melee in its sector, or missiles with a clear shot."""
    where = f"targets.{unit.key}"
    found = find_marker(state.ambushes, marker_key)
    if found is None or found[0].side is side:
        return [Violation("target_unknown", _("Choose an enemy unit you can see."), where)]
    if unit.ambush is not None:
        return _ambush_attack(state, side, unit, marker_key)
    sector = found[1].sector
    if not unit.on_field or (sector != unit.position and not _shoots_at(state, unit, sector)):
        return [Violation("marker_out_of_reach", _("%(unit)s reaches a marker only in its own "
                          "sector, or one its missiles reach (in range, with no cliffs, fog or "
                          "wall in the way)."), where, {"unit": unit.name})]
    return []


def round_violations(state: BattleState, side: Side, moves: Mapping[str, tuple[str, ...]],
                     targets: Mapping[str, str], markers: Mapping[str, MarkerMove]
                     ) -> list[Violation]:
    """A round's orders to the side's ambushes: marker moves, no ordinary moves, attacks from
    ambush within reach. (Attacks on enemy markers: `marker_target_violations`.)"""
    if not state.scenario.modules.ambush:
        return [Violation("no_ambush_module", _("This battle has no ambushes or traps."),
                          f"markers.{key}") for key in markers]
    found = [v for key, move in markers.items()
             for v in _marker_move(state, side, key, move, targets)]
    for key in moves:
        unit = state.own_unit(side, key)
        if unit is not None and unit.ambush is not None:
            found.append(Violation("ambush_moves_markers", _("A unit in ambush moves with its "
                                   "markers."), f"moves.{key}"))
    for key, target in targets.items():
        unit = state.own_unit(side, key)
        if unit is not None and unit.ambush is not None \
                and find_marker(state.ambushes, target) is None:
            found += _ambush_attack(state, side, unit, target)
    return found
