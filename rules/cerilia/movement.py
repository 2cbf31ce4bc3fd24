"""The movement phase of a round (mixed into engine.Round): movement points, engagement, the
terrain that stops units or cuts the way (seed 000: "Влияние на Перемещение"), scouts finding
hidden units."""
from __future__ import annotations

from rules.cerilia.cards import Tag
from rules.cerilia.field import RESERVE, adjacent
from rules.cerilia.markers import Markers
from rules.cerilia.state import (
    STOPPING_TERRAIN,
    TerrainKind,
    Unit,
)
from rules.errors import _
from rules.sides import ATTACKER, Side

# Forest, and a ravine (seed 001, ruling: movement as forest), stop mounted units only.
_STOPPING_MOUNTED = frozenset({TerrainKind.FOREST, TerrainKind.RAVINE})


class Movement(Markers):

    def move(self) -> None:
        self.phase = "movement"
        for side in self.sides_in_order():
            for key, path in self.orders[side].moves.items():
                unit = self.units.get(key)
                # Only its own units, and no further than their movement points: the orders
                # reach the engine as submitted (orders.order_violations reports the same).
                if unit is not None and unit.side is side and unit.alive and path \
                        and unit.ambush is None:   # an ambush moves by its markers
                    self.move_unit(unit, tuple(path)[:unit.card.movement])
            self.move_markers(side)
        self.reveal_by_scouts()

    # Hooks module "ambush" fills in (ambush.py, traps.py); without it they do nothing.

    def move_markers(self, side: Side) -> None:
        """Lay or move the side's ambush markers, in its turn of the movement phase."""

    def trapped(self, unit: Unit, sector: str) -> bool:
        """Whether `unit`, having entered `sector`, set off a trap there and moves no further."""
        return False

    def move_unit(self, unit: Unit, path: tuple[str, ...]) -> None:
        if self.engaged(unit):
            self.say("holds", _("%(unit)s is engaged and holds its ground."), unit)
            return
        if unit.hidden:
            # "Длительность: Пока Отряд не будет раскрыт или не совершит любое Действие."
            unit = self.reveal(unit, _("%(unit)s moves and is seen."))
        travelled = [unit.position]
        for step in path:
            here = unit.position
            blocked = self.step_blocked(unit, here, step)
            if blocked:
                self.say("stopped", _("%(unit)s cannot go on to %(sector)s: %(reason)s."), unit,
                         sector=step, reason=blocked)
                break
            unit = self.put(unit, step)
            travelled.append(step)
            if self.trapped(unit, step):
                break
            if self.engaged(unit):
                self.say("engages", _("%(unit)s enters %(sector)s and engages the enemy."), unit,
                         sector=step)
                if unit.card.charge is not None:
                    self.charging[unit.key] = tuple(travelled)
                break
            if self.stops_in(unit, step):
                self.say("terrain_stop", _("%(unit)s stops in the terrain of %(sector)s."), unit,
                         sector=step)
                break
        else:
            if len(travelled) > 1:
                self.say("moves", _("%(unit)s moves to %(sector)s."), unit, sector=unit.position)

    def step_blocked(self, unit: Unit, here: str, step: str) -> str | None:
        if not adjacent(here, step, unit.side):
            return _("not next to it")
        barrier = self.barrier(here, step, unit)
        if barrier:
            return barrier
        if step != RESERVE and self.terrain.fortification(step) and unit.side is ATTACKER \
                and unit.has(Tag.MOUNTED):
            # "Ездовые Отряды Атакующего Игрока не могут войти в сектор с Укреплением".
            return _("mounted units cannot enter the fortification")
        if self.free_cell(step, unit.side) is None:
            return _("no free cell")
        return None

    def stops_in(self, unit: Unit, sector: str) -> bool:
        if unit.has(Tag.FREE_MOVEMENT):
            return False
        kinds = self.terrain.kinds(sector)
        # Forest: "Ездовые Отряды ... должны совершить остановку"; swamp and hills: "Все Отряды".
        # A ravine (seed 001), ruling: movement as forest.
        return bool(kinds & STOPPING_TERRAIN) or (
            bool(kinds & _STOPPING_MOUNTED) and unit.has(Tag.MOUNTED))

    def reveal_by_scouts(self) -> None:
        # "Только Отряд Разведчиков может обнаружить сокрытый Отряд."
        for unit in [u for u in self.units.values() if u.hidden]:
            if unit.on_field and any(
                    s.has(Tag.SCOUT) for s in self.at(unit.position, unit.side.other)):
                self.reveal(unit, _("Scouts find %(unit)s."))
