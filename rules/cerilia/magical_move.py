"""Module "magic dice", magical move (seed 002_eb4cf75b750af884.txt, XI.7.A "Магическое
Движение"; reference: 'spells or abilities "magical move N" move a unit N sectors in the magic
phase by the movement rules'): "Haste" moves one of the caster's side's units by the movement
phase's own rules (Movement.move_unit), then lets it take another cell of its sector and a
character join it. The orders' checks are magical_move_orders.py; at cast time the same
conditions are looked at again, for the field may have changed since the orders were given."""
from __future__ import annotations

from dataclasses import replace

from rules.cerilia.magical_move_orders import reaches, unfit
from rules.cerilia.movement import Movement
from rules.cerilia.orders import SpellOrder
from rules.cerilia.spells import MAGICAL_MOVES, SPELL_LABELS
from rules.cerilia.state import Caster, Unit
from rules.cerilia.visibility import caster_position
from rules.errors import _


def cast(r: Movement, caster: Caster, order: SpellOrder, moved: set[str]) -> None:
    """Cast a magical move; `moved` holds the units moved by magic in this magic phase ("Если
    подразделение уже производило магическое перемещение в эту фазу магии, выполнять его второй
    раз оно не может")."""
    label = SPELL_LABELS[order.spell]
    unit = r.units.get(order.unit or "")
    if unit is None or not unit.alive or unit.side is not caster.side:
        r.fizzle(caster, label, _("no such unit"))
        return
    state = r.state()
    if not reaches(state, caster, unit):
        r.fizzle(caster, label, _("the unit is out of reach"))
        return
    if unit.key in moved:
        r.fizzle(caster, label, _("the unit has moved by magic this phase"))
        return
    reason = unfit(state, unit)
    if reason:
        r.fizzle(caster, label, reason % {"unit": unit.name})
        return
    moved.add(unit.key)
    r.say("magical_move", _("%(caster)s casts %(spell)s on %(unit)s."), unit,
          caster=caster.name, spell=label)
    # "производятся по тем же правилам, что и перемещения в суб-фазу Движения Подразделений":
    # the movement phase's steps, blocks, terrain stops and engagement; the range "используется
    # вместо Дальности Наступления или Дальности Марша".
    r.move_unit(unit, tuple(order.path)[:MAGICAL_MOVES[order.spell]])
    # Ruling: a unit moved by magic into the enemy engages it but has not charged (the charge
    # is the movement phase's; a magic move is not one).
    r.charging.pop(unit.key, None)
    unit = r.units[unit.key]
    if order.cell is not None:
        _change_cell(r, unit, order.cell)
    if order.joins is not None:
        _join(r, r.units[unit.key], order.joins)


def _change_cell(r: Movement, unit: Unit, cell: int) -> None:
    """Seed: "повороты, развороты, реформирование ... также могут быть произведены"; on a
    sector's front line that is its cell. Ruling: only a cell no unit of its side holds (a
    hidden one included: the side knows its own), else it keeps its own."""
    if not unit.on_field or cell == unit.cell:
        return
    taken = {u.cell for u in r.at(unit.position, unit.side, hidden=True) if u.key != unit.key}
    if cell in taken or not 0 <= cell < r.start.scenario.cells_per_sector:
        r.say("cell_kept", _("%(unit)s cannot take cell %(cell)s and keeps its own."), unit,
              cell=cell + 1, to=frozenset({unit.side}))
        return
    r.units[unit.key] = replace(unit, cell=cell)
    r.say("cell_changed", _("%(unit)s moves to cell %(cell)s of %(sector)s."), unit,
          cell=cell + 1, sector=unit.position)


def _join(r: Movement, unit: Unit, key: str) -> None:
    """Seed: "присоединение к подразделениям и покидание их, также могут быть произведены".
    Ruling: a character of the side standing where the moved unit ends (with another unit or
    in the reserve) joins it, leaving the unit it was with; the characters already with the
    moved unit went along with it. Only its side is told (where its characters are is its
    own)."""
    character = r.casters.get(key)
    if character is None or character.killed or character.side is not unit.side \
            or not unit.alive or character.unit == unit.key:
        return
    if caster_position(r.state(), character) != unit.position:
        r.say("join_fails", _("%(character)s is not where %(unit)s stands and cannot join "
              "it."), unit, character=character.name, to=frozenset({unit.side}))
        return
    r.casters[key] = replace(character, unit=unit.key)
    r.say("joins", _("%(character)s joins %(unit)s."), unit, character=character.name,
          to=frozenset({unit.side}))

