"""Module "magic dice", magical move (seed 002_eb4cf75b750af884.txt, XI.7.A "Магическое
Движение"): what the rules object to in a spell order that moves a unit ("Haste"). The move
itself is magical_move.py; orders.order_violations calls `violations` here.

Seed: "Все такие перемещения производятся по тем же правилам, что и перемещения в суб-фазу
Движения Подразделений ... подразделения, которые отступают, подразделения со Случайной
Дальностью Перемещения или подразделения, которые находятся в ближнем бою, не могут быть
перемещены таким образом"; "Если подразделение уже производило магическое перемещение в эту фазу
магии, выполнять его второй раз оно не может"."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from rules.cerilia.field import RESERVE, SECTORS, adjacent
from rules.cerilia.spells import MAGICAL_MOVES, Spell
from rules.cerilia.state import BattleState, Caster, Unit, UnitStatus
from rules.cerilia.visibility import caster_position, engaged, in_reach
from rules.errors import Violation, _
from rules.sides import Side


class MoveOrder(Protocol):
    """The parts of orders.SpellOrder a magical move reads (orders.py imports this module)."""

    @property
    def spell(self) -> Spell: ...
    @property
    def unit(self) -> str | None: ...
    @property
    def path(self) -> tuple[str, ...]: ...
    @property
    def cell(self) -> int | None: ...
    @property
    def joins(self) -> str | None: ...


def random_movement(unit: Unit) -> bool:
    """Ruling: "Случайная Дальность Перемещения" — no card of today's sector battles moves a
    random distance (a card's movement is a fixed number of sectors), so none is excluded for
    it; this is the one place to say so when such a card comes."""
    return False


def reaches(state: BattleState, caster: Caster, unit: Unit) -> bool:
    """Ruling: Haste reaches as far as the seed's reaching spells do: the caster's sector or one
    next to it (from the reserve, the side's own line); a unit in the reserve only from there."""
    if unit.position == RESERVE:
        return caster_position(state, caster) == RESERVE
    return in_reach(state, caster, unit.position)


def unfit(state: BattleState, unit: Unit) -> str | None:
    """Why `unit` cannot be moved by magic now, or None. Ruling: a unit in ambush (module
    "ambush") moves by its markers only, as in the movement phase."""
    if unit.status is UnitStatus.ROUTED:
        return _("%(unit)s is routed")
    if engaged(state, unit):
        return _("%(unit)s is engaged")
    if random_movement(unit):
        return _("%(unit)s moves a random distance")
    if unit.ambush is not None:
        return _("%(unit)s lies in ambush")
    return None


def _unit_checks(state: BattleState, side: Side, caster: Caster, order: MoveOrder,
                 where: str) -> tuple[Unit | None, list[Violation]]:
    unit = next((u for u in state.units if u.key == order.unit and u.side is side and u.alive),
                None)
    if unit is None:
        return None, [Violation("unit_unknown", _("Choose one of your units."), f"{where}.unit")]
    if not reaches(state, caster, unit):
        return None, [Violation("spell_range", _("The unit must stand in the caster's sector "
                                "or next to it."), f"{where}.unit")]
    reason = unfit(state, unit)
    if reason:
        return None, [Violation("magical_move_unfit", _("%(reason)s and cannot move by magic."),
                                f"{where}.unit", {"reason": reason % {"unit": unit.name}})]
    return unit, []


def _path_checks(state: BattleState, side: Side, unit: Unit, start: str, order: MoveOrder, where: str
                 ) -> list[Violation]:
    found: list[Violation] = []
    reach = MAGICAL_MOVES[order.spell]
    if len(order.path) > reach:
        # "этот показатель используется вместо Дальности Наступления или Дальности Марша".
        found.append(Violation("too_far", _("A magical move goes %(points)s sectors at most."),
                               f"{where}.path", {"points": reach}))
    steps = (start, *order.path)
    if any(p != RESERVE and p not in SECTORS for p in order.path) or not all(
            adjacent(a, b, side) for a, b in zip(steps, steps[1:], strict=False)):
        found.append(Violation("path_not_adjacent", _("Each step goes to a neighbouring "
                               "sector (or between your reserve and your own line)."),
                               f"{where}.path"))
    if order.cell is not None and not 0 <= order.cell < state.scenario.cells_per_sector:
        found.append(Violation("cell_unknown", _("Not a cell of the sector."), f"{where}.cell"))
    return found


def _joins_checks(state: BattleState, side: Side, order: MoveOrder, where: str
                  ) -> list[Violation]:
    if order.joins is None:
        return []
    character = next((c for c in state.characters if c.key == order.joins and c.side is side
                      and not c.killed), None)
    if character is None:
        return [Violation("character_unknown", _("Not one of your characters."),
                          f"{where}.joins")]
    return []


def violations(state: BattleState, side: Side, spells: Mapping[str, MoveOrder],
               moves: Mapping[str, tuple[str, ...]]) -> list[Violation]:
    """The side's magical moves: each names one of its units fit to move, within the caster's
    reach, along adjacent sectors no further than the spell's range, starting where the unit's
    move this round ends; at most one per unit."""
    if not state.scenario.modules.magic_dice:
        return []   # without the module Haste is no spell anyone knows (spell_unknown)
    found: list[Violation] = []
    moved: set[str] = set()
    for key, order in spells.items():
        caster = next((c for c in state.casters if c.key == key and c.side is side), None)
        if order.spell not in MAGICAL_MOVES or caster is None or caster.killed:
            continue   # orders._caster_violations reports those
        where = f"spells.{key}"
        unit, refused = _unit_checks(state, side, caster, order, where)
        found += refused
        if unit is None:
            continue
        if unit.key in moved:
            found.append(Violation("magical_move_once", _("%(unit)s moves by magic once a "
                                   "magic phase."), f"{where}.unit", {"unit": unit.name}))
        moved.add(unit.key)
        start = tuple(moves.get(unit.key, ()))[-1:] or (unit.position,)
        found += _path_checks(state, side, unit, start[0], order, where)
        found += _joins_checks(state, side, order, where)
    return found
