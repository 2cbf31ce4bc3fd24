"""What a side submits: its deployment in phase 0, then each round its moves, missile targets,
spells and whether it withdraws; and what the rules object to in them, by field."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import ClassVar

from rules.cerilia import (
    ambush_orders,
    artifact_orders,
    command,
    magic_dice_orders,
    magical_move_orders,
    wound_orders,
)
from rules.cerilia.artifact_orders import ArtifactUse as ArtifactUse  # re-exported: an order shape
from rules.cerilia.cards import LEGION_OF_THE_DEAD, SIGNS
from rules.cerilia.concealment import AmbushPlan as AmbushPlan
from rules.cerilia.concealment import MarkerMove as MarkerMove
from rules.cerilia.concealment import TrapPlan as TrapPlan
from rules.cerilia.concealment import find_marker
from rules.cerilia.field import (
    RESERVE,
    SECTORS,
    adjacent,
    coordinates,
    distance,
    home_row,
    is_sector,
)
from rules.cerilia.magic_dice_orders import BoundUse as BoundUse  # re-exported: order shapes
from rules.cerilia.magic_dice_orders import DispelRule as DispelRule
from rules.cerilia.modules import StandingOrder
from rules.cerilia.scouting_orders import scouting_violations
from rules.cerilia.spells import (
    DIRECTED_SPELLS,
    PRIEST_RESULTS,
    SECTOR_SPELLS,
    Spell,
    gives_away_ambush,
    hides_an_ambush,
    school_spells,
)
from rules.cerilia.state import DIRECTED_TERRAIN, FORTIFICATION, BattleState, Caster, TerrainKind
from rules.cerilia.visibility import caster_position, engaged, in_reach, visible
from rules.errors import Violation, _
from rules.records import quick_init
from rules.sides import Side


@quick_init
@dataclass(frozen=True)
class Deployment:
    placements: Mapping[str, str] = field(default_factory=dict)  # unit → sector (else reserve)
    fortification: str | None = None     # the defender's sector for the fortification card
    directions: Mapping[str, str] = field(default_factory=dict)  # cliffs/river sector → toward
    # Module "command": each independent unit's 2 standing orders.
    standing: Mapping[str, tuple[StandingOrder, ...]] = field(default_factory=dict)
    # Module "ambush": the units hiding (unit → plan) and the traps laid (supply key → plan).
    ambushes: Mapping[str, AmbushPlan] = field(default_factory=dict)
    traps: Mapping[str, TrapPlan] = field(default_factory=dict)
    data_omit_default: ClassVar[tuple[str, ...]] = ("standing", "ambushes", "traps")


@dataclass(frozen=True)
class SpellOrder:
    spell: Spell
    sector: str | None = None
    toward: str | None = None
    unit: str | None = None
    terrain: TerrainKind | None = None   # what illusory terrain shows
    sign: str | None = None              # the morale sign a blessing adds
    # Module "magic dice": the power dice it is cast with (1–5); ignored with the module off.
    dice: int = 0
    # Module "magic dice", a magical move (magical_move.py): the sectors the unit enters, the
    # cell it takes in the last one, a character of the side that joins it there.
    path: tuple[str, ...] = ()
    cell: int | None = None
    joins: str | None = None
    data_omit_default: ClassVar[tuple[str, ...]] = ("dice", "path", "cell", "joins")


@quick_init   # each side's orders, every round
@dataclass(frozen=True)
class RoundOrders:
    moves: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # unit → sectors entered
    targets: Mapping[str, str] = field(default_factory=dict)   # unit → the enemy it attacks
    spells: Mapping[str, SpellOrder] = field(default_factory=dict)      # caster → its spell
    withdraw: bool = False
    # Module "command": an independent unit's new pair of standing orders (2 points for each
    # order that differs from the pair it has).
    standing: Mapping[str, tuple[StandingOrder, ...]] = field(default_factory=dict)
    # Module "ambush": an ambush's markers laid or moved (ambush → its move).
    markers: Mapping[str, MarkerMove] = field(default_factory=dict)
    # Module "scouting": the units that scout their forest or ravine this round.
    scouts: tuple[str, ...] = ()
    # Module "artifacts": character → the artifact it uses this round.
    artifacts: Mapping[str, ArtifactUse] = field(default_factory=dict)
    # Module "scouting": the side's ambushes that, when enemy scouts miss them ("0 провалов"),
    # are placed and strike the scouts at once (by default they stay hidden).
    strike_scouts: tuple[str, ...] = ()
    # Seed 000's hidden units: the sectors whose hidden unit the side reveals first when
    # several block one retreat ("выбирает, какой из сокрытых Отрядов будет раскрыт").
    reveal_first: tuple[str, ...] = ()
    # Module "magic dice": the bound spells the side's units and characters use, and its dispel
    # plan, rules in priority order (never shown to the enemy).
    bound: tuple[BoundUse, ...] = ()
    dispel: tuple[DispelRule, ...] = ()
    data_omit_default: ClassVar[tuple[str, ...]] = ("standing", "markers", "scouts", "artifacts",
                                                    "strike_scouts", "reveal_first", "bound",
                                                    "dispel")


HOLD = RoundOrders()


def _placement_violations(state: BattleState, side: Side, placements: Mapping[str, str]
                          ) -> list[Violation]:
    found: list[Violation] = []
    used: dict[str, int] = {}
    for key, position in placements.items():
        where = f"placements.{key}"
        if state.own_unit(side, key) is None:
            found.append(Violation("unit_unknown", _("Not one of your units."), where))
        elif position != RESERVE and not (is_sector(position)
                                          and coordinates(position)[1] == home_row(side)):
            found.append(Violation("deploy_own_line", _("Deploy on your own line (%(row)s) or "
                                   "in the reserve."), where, {"row": home_row(side)}))
        elif position != RESERVE:
            used[position] = used.get(position, 0) + 1
            if used[position] > state.scenario.cells_per_sector:
                found.append(Violation("cells_full", _("%(sector)s has %(cells)s cells for "
                                       "your units."), where,
                                       {"sector": position,
                                        "cells": state.scenario.cells_per_sector}))
    return found


def _fortification_violations(state: BattleState, side: Side, sector: str | None
                              ) -> list[Violation]:
    if sector is None:
        return []
    if side is not Side.DEFENDER or not state.scenario.fortification_level:
        return [Violation("no_fortification", _("Only the defender places the scenario's "
                          "fortification."), "fortification")]
    if not (is_sector(sector) and coordinates(sector)[1] == home_row(Side.DEFENDER)):
        # "в один из своих дружественных секторов: A3 B3 C3 D3 E3".
        return [Violation("fortification_own_line", _("The fortification stands in one of "
                          "your sectors A3 B3 C3 D3 E3."), "fortification")]
    return []


def _direction_violations(state: BattleState, side: Side, directions: Mapping[str, str]
                          ) -> list[Violation]:
    """The directions named (only the defender's, for cliffs or a river without one), then
    those the defender still owes."""
    found: list[Violation] = []
    needing = {t.sector for t in state.terrain if t.kind in DIRECTED_TERRAIN and not t.toward}
    for sector, toward in directions.items():
        where = f"directions.{sector}"
        if side is not Side.DEFENDER or sector not in needing:
            found.append(Violation("no_direction", _("No cliffs or river here wait for a "
                                   "direction."), where))
        elif not (is_sector(toward) and distance(sector, toward) == 1):
            found.append(Violation("direction_neighbour", _("Name a sector next to %(sector)s."),
                                   where, {"sector": sector}))
    if side is Side.DEFENDER:
        for sector in sorted(needing - set(directions)):
            # "Защитнику также необходимо указать одно направление".
            found.append(Violation("direction_required", _("Name the direction the terrain in "
                                   "%(sector)s cuts off."), f"directions.{sector}",
                                   {"sector": sector}))
    return found


def deployment_violations(state: BattleState, side: Side, deployment: Deployment
                          ) -> list[Violation]:
    return [*_placement_violations(state, side, deployment.placements),
            *_fortification_violations(state, side, deployment.fortification),
            *_direction_violations(state, side, deployment.directions),
            *command.standing_violations(state, side, deployment.standing, deploying=True),
            *ambush_orders.plan_violations(state, side, deployment.ambushes, deployment.traps,
                                           deployment.placements)]


def _next_to(sector: str | None, toward: str | None) -> bool:
    return is_sector(sector) and is_sector(toward) and distance(sector, toward) == 1


def _sector_checks(state: BattleState, side: Side, caster: Caster, order: SpellOrder,
                   where: str) -> list[Violation]:
    found: list[Violation] = []
    if order.spell in SECTOR_SPELLS | DIRECTED_SPELLS and not is_sector(order.sector):
        found.append(Violation("sector_required", _("Choose a sector."), f"{where}.sector"))
    if order.spell in DIRECTED_SPELLS and not _next_to(order.sector, order.toward):
        found.append(Violation("direction_neighbour", _("Name a sector next to the wall's."),
                               f"{where}.toward"))
    return found


def _illusion_checks(state: BattleState, side: Side, caster: Caster, order: SpellOrder,
                     where: str) -> list[Violation]:
    if order.spell is not Spell.ILLUSORY_TERRAIN:
        return []
    if order.terrain is None or order.terrain is TerrainKind.FORTIFICATION:
        return [Violation("terrain_required", _("Choose the terrain the illusion shows."),
                          f"{where}.terrain")]
    if order.terrain in DIRECTED_TERRAIN and not _next_to(order.sector, order.toward):
        # Illusory cliffs or a river show a direction, as the real cards must.
        return [Violation("direction_neighbour", _("Name a sector next to the illusion's."),
                          f"{where}.toward")]
    return []


def _summon_checks(state: BattleState, side: Side, caster: Caster, order: SpellOrder,
                   where: str) -> list[Violation]:
    if order.spell is Spell.SUMMON_LEGION and is_sector(order.sector) \
            and not in_reach(state, caster, order.sector):
        # "в сектор, в котором находится Заклинатель, или в соседний сектор".
        return [Violation("summon_range", _("Summon into the caster's sector or one next "
                          "to it."), f"{where}.sector")]
    return []


def _own_unit_checks(state: BattleState, side: Side, caster: Caster, order: SpellOrder,
                     where: str) -> list[Violation]:
    """Mass invisibility and a blessing: one of the side's own units (a blessing's in the
    priest's sector), and a blessing's sign if one is named."""
    if order.spell not in (Spell.MASS_INVISIBILITY, Spell.BLESS):
        return []
    found: list[Violation] = []
    unit = state.own_unit(side, order.unit or "")
    if unit is None:
        found.append(Violation("unit_unknown", _("Choose one of your units."), f"{where}.unit"))
    elif order.spell is Spell.BLESS and unit.position != caster_position(state, caster):
        # "Жрец может Благословить один дружеский Отряд ... в своем секторе".
        found.append(Violation("bless_range", _("A priest blesses a unit in his own "
                               "sector."), f"{where}.unit"))
    if order.sign is not None and order.sign not in SIGNS:
        found.append(Violation("sign_unknown", _("Not a morale sign."), f"{where}.sign"))
    return found


def _enemy_target_checks(state: BattleState, side: Side, caster: Caster, order: SpellOrder,
                         where: str) -> list[Violation]:
    """A priest's spells at an enemy unit: one the side sees on the field, within reach (and
    for turn undead, the Legion of the Dead)."""
    if order.spell not in PRIEST_RESULTS:
        return []
    target = next((u for u in state.units if u.key == order.unit), None)
    if target is None or target.side is side or not visible(state, side, target) \
            or not target.on_field:
        return [Violation("target_unknown", _("Choose an enemy unit you can see."),
                          f"{where}.unit")]
    if not in_reach(state, caster, target.position):
        return [Violation("spell_range", _("The target must stand in the caster's "
                          "sector or next to it."), f"{where}.unit")]
    if order.spell is Spell.TURN_UNDEAD and target.card.code != LEGION_OF_THE_DEAD.code:
        # "Прогнать Нежить - действует только против Легиона Мертвых."
        return [Violation("turn_undead_legion", _("Turn undead works only against the "
                          "Legion of the Dead."), f"{where}.unit")]
    return []


def _ambush_checks(state: BattleState, side: Side, caster: Caster, order: SpellOrder,
                   where: str) -> list[Violation]:
    hiding = state.own_unit(side, order.unit or "")
    if hiding is not None and hides_an_ambush(state, caster, order.spell, hiding.key):
        return [Violation("invisibility_in_ambush", _("%(unit)s hides in ambush: mass "
                          "invisibility would give the ambush away."), f"{where}.unit",
                          {"unit": hiding.name})]
    if gives_away_ambush(state, caster, order.spell, order.unit):
        return [Violation("caster_in_ambush", _("%(caster)s hides in ambush: this spell, cast "
                          "from there, would give the ambush away."), where,
                          {"caster": caster.name})]
    return []


def _wound_checks(state: BattleState, side: Side, caster: Caster, order: SpellOrder,
                  where: str) -> list[Violation]:
    return wound_orders.target_violations(state, side, caster, order.spell, order.unit, where)


# Each check looks at one part of a spell order; they report in this order.
_SPELL_CHECKS: tuple[Callable[[BattleState, Side, Caster, SpellOrder, str], list[Violation]],
                     ...] = (_ambush_checks, _sector_checks, _illusion_checks, _summon_checks,
                             _own_unit_checks, _enemy_target_checks, _wound_checks)


def _spell_violations(state: BattleState, side: Side, caster: Caster, order: SpellOrder,
                      where: str) -> list[Violation]:
    school = school_spells(caster.school, state.scenario.modules) \
        if caster.school and not caster.killed else frozenset()
    known = caster.spells or school
    if order.spell not in known or order.spell not in school:
        return [Violation("spell_unknown", _("%(caster)s does not know this spell."),
                          f"{where}.spell", {"caster": caster.name})]
    return [v for check in _SPELL_CHECKS for v in check(state, side, caster, order, where)]


def may_aim_at_fortification(side: Side, terrain_kinds: Iterable[str]) -> bool:
    """Whether the side may order missiles at the fortification itself: the attacker, when the
    field has one (seed 000: "Укрепление получает Урон только в том случае, если в секторе с
    Укреплением нет дружественных Отрядов")."""
    return side is Side.ATTACKER and TerrainKind.FORTIFICATION in set(terrain_kinds)


def _move_violations(state: BattleState, side: Side, key: str, path: tuple[str, ...]
                     ) -> list[Violation]:
    where = f"moves.{key}"
    unit = state.own_unit(side, key)
    if unit is None:
        return [Violation("unit_unknown", _("Not one of your units."), where)]
    if not path:
        return []
    found: list[Violation] = []
    if len(path) > unit.card.movement:
        found.append(Violation("too_far", _("%(unit)s has %(points)s movement points."),
                               where, {"unit": unit.name, "points": unit.card.movement}))
    steps = (unit.position, *path)
    if any(p != RESERVE and p not in SECTORS for p in path) or not all(
            adjacent(a, b, side) for a, b in zip(steps, steps[1:], strict=False)):
        found.append(Violation("path_not_adjacent", _("Each step goes to a neighbouring "
                               "sector (or between your reserve and your own line)."), where))
    elif engaged(state, unit):
        found.append(Violation("engaged_holds", _("%(unit)s is engaged and holds its "
                               "ground."), where, {"unit": unit.name}))
    return found


def _target_violations(state: BattleState, side: Side, key: str, target_key: str
                       ) -> list[Violation]:
    where = f"targets.{key}"
    unit = state.own_unit(side, key)
    if unit is None:
        return [Violation("unit_unknown", _("Not one of your units."), where)]
    if find_marker(state.ambushes, target_key) is not None:
        return ambush_orders.marker_target_violations(state, side, unit, target_key)
    if target_key == FORTIFICATION and may_aim_at_fortification(
            side, (t.kind for t in state.terrain)):
        return []   # its missiles strike the walls if no defender stands in them
    target = next((u for u in state.units if u.key == target_key), None)
    if target is None or target.side is side or not visible(state, side, target):
        return [Violation("target_unknown", _("Choose an enemy unit you can see."), where)]
    return []


def _caster_violations(state: BattleState, side: Side, key: str, spell: SpellOrder
                       ) -> list[Violation]:
    where = f"spells.{key}"
    caster = next((c for c in state.casters if c.key == key and c.side is side), None)
    if caster is None:
        return [Violation("caster_unknown", _("Not one of your casters."), where)]
    return _spell_violations(state, side, caster, spell, where)


def bound_spell_order(use: ArtifactUse, spell: Spell) -> SpellOrder:
    """Module "artifacts": an artifact's bound spell as a spell order, aimed where the use says
    (its `target` the sector or the unit, as the spell is aimed)."""
    at_sector = spell in SECTOR_SPELLS | DIRECTED_SPELLS
    return SpellOrder(spell, sector=use.target if at_sector else None, toward=use.toward,
                      unit=None if at_sector else use.target, terrain=use.terrain,
                      sign=use.sign)


def bound_use_order(use: BoundUse, spell: Spell) -> SpellOrder:
    """Module "magic dice": a unit's or character's bound spell as a spell order, aimed where
    the use says."""
    return SpellOrder(spell, use.sector, use.toward, use.unit, use.terrain, use.sign)


def _bound_spell_checks(state: BattleState, side: Side, bearer: Caster, use: ArtifactUse,
                        spell: Spell, where: str) -> list[Violation]:
    """A bound spell's aim, checked as the bearer's own order of that spell would be (whatever
    its school knows: the spell is the artifact's); its sector or unit is the use's target."""
    order = bound_spell_order(use, spell)
    found = [v for check in _SPELL_CHECKS for v in check(state, side, bearer, order, where)]
    aimed = (f"{where}.sector", f"{where}.unit")
    return [replace(v, field=f"{where}.target") if v.field in aimed else v for v in found]


def _bound_use_checks(state: BattleState, side: Side, holder: Caster, spell: str,
                      use: BoundUse, where: str) -> list[Violation]:
    """Module "magic dice": a bound spell's aim, checked as the holder's own order of that
    spell would be (whatever it knows: the spell is bound to it)."""
    order = bound_use_order(use, Spell(spell))
    return [v for check in _SPELL_CHECKS for v in check(state, side, holder, order, where)]


def _reveal_first_violations(sectors: tuple[str, ...]) -> list[Violation]:
    """The side names the enemy's "[]" marks it would see revealed first by their sector, as
    its view shows them (seed 000: "выбирает, какой из сокрытых Отрядов будет раскрыт")."""
    return [Violation("sector_required", _("Choose a sector."), f"reveal_first.{i}")
            for i, sector in enumerate(sectors) if not is_sector(sector)]


def order_violations(state: BattleState, side: Side, orders: RoundOrders) -> list[Violation]:
    return [*(v for key, path in orders.moves.items()
              for v in _move_violations(state, side, key, path)),
            *(v for key, target in orders.targets.items()
              for v in _target_violations(state, side, key, target)),
            *(v for key, spell in orders.spells.items()
              for v in _caster_violations(state, side, key, spell)),
            *ambush_orders.round_violations(state, side, orders.moves, orders.targets,
                                            orders.markers),
            *command.command_violations(state, side, orders.moves, orders.targets,
                                        orders.standing, orders.scouts,
                                        markers=orders.markers),
            *artifact_orders.use_violations(state, side, orders.artifacts,
                                            _bound_spell_checks),
            *scouting_violations(state, side, orders.scouts, orders.moves, orders.targets,
                                 orders.strike_scouts),
            *_reveal_first_violations(orders.reveal_first),
            *magical_move_orders.violations(state, side, orders.spells, orders.moves),
            *magic_dice_orders.magic_dice_violations(
                state, side, {k: o.dice for k, o in orders.spells.items()}, orders.bound,
                orders.dispel, _bound_use_checks,
                {k: u.dice for k, u in orders.artifacts.items()})]


def side_orders_violations(state: BattleState, side: Side, given: Deployment | RoundOrders
                           ) -> list[Violation]:
    """Everything wrong with a side's orders: its deployment (round 0) or a round's orders."""
    if isinstance(given, Deployment):
        return deployment_violations(state, side, given)
    return order_violations(state, side, given)
