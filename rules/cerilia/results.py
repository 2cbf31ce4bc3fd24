"""What an attack's result does to a unit (mixed into engine.Round under combat.Combat): hits
(a wound off the next model with module "magic dice"), routs, falling back and blocked
retreats, hidden units striking a retreat, destruction, and hits on a fortification."""
from __future__ import annotations

from typing import Any

from rules.cerilia import ranks, victory
from rules.cerilia.attack_kinds import CHARGE, MELEE
from rules.cerilia.deck import Result
from rules.cerilia.field import RESERVE, SECTORS, fall_back_step
from rules.cerilia.markers import Markers
from rules.cerilia.state import Unit, UnitStatus
from rules.errors import _
from rules.records import quick_replace
from rules.sides import DEFENDER, Side


class Results(Markers):
    # The kind of attack whose result is being applied (None: a spell, morale, a trap...; set
    # by Combat): module "magic dice" takes a standard whose bearer falls to an enemy melee
    # attack.
    blow: str | None = None

    # -- results --------------------------------------------------------------------------

    def apply(self, unit: Unit, outcome: Result) -> None:
        unit = self.units[unit.key]
        if not unit.alive or outcome is Result.NONE:
            return
        if outcome is Result.DESTROYED:
            self.destroy(unit, _("%(unit)s is destroyed."))
            return
        if outcome is Result.HIT:
            self.lose_hit(unit)
            return
        in_fort = unit.side is DEFENDER and self.terrain.fortification(unit.position) is not None
        if in_fort:
            # "Дружественные Отряды игнорируют результаты F и R и остаются в секторе с
            # Укреплением, но все равно получают 1 Повреждение при результате R."
            self.say("holds_fortification", _("%(unit)s holds the fortification."), unit)
            if outcome is Result.ROUT:
                self.lose_hit(unit, morale=False)
            return
        if outcome is Result.ROUT:
            unit = quick_replace(unit, status=UnitStatus.ROUTED, routed_in=self.number)
            self.units[unit.key] = unit
        if unit.position == RESERVE:
            # An earlier blow of the same (simultaneous) exchange already drove it off the
            # field: there is nowhere further back; a rout still costs its hit.
            if outcome is Result.ROUT:
                self.lose_hit(unit, morale=False)
            return
        unit = self.fall_back(unit)
        if outcome is Result.ROUT and unit.alive:
            self.lose_hit(unit, morale=False)

    def lose_hit(self, unit: Unit, *, morale: bool = True) -> None:
        unit = self.units[unit.key]
        if self.start.scenario.modules.magic_dice:   # a wound off the next model (ranks.py)
            unit, lost = ranks.take_wound(unit, melee=self.blow in (MELEE, CHARGE))
            told = ranks.told_loss(unit, lost)
            if told is not None:
                self.say(told[0], told[1], unit, model=told[2])
        else:
            unit = quick_replace(unit, hits=unit.hits - 1)
        self.units[unit.key] = unit
        if unit.hits <= 0:
            self.destroy(unit, _("%(unit)s loses its last hit and is destroyed."))
        else:
            self.say("hit", _("%(unit)s takes a hit (%(hits)s left)."), unit, hits=unit.hits)
            if morale:
                self.hit.add(unit.key)

    def destroy(self, unit: Unit, message: str, **params: Any) -> None:
        # Told to the sides that saw the unit before it fell: a unit lost in fog or night,
        # unseen by the enemy, must not show up in the enemy's events.
        to = self.witnesses((unit,))
        self.units[unit.key] = quick_replace(unit, status=UnitStatus.DESTROYED, hits=0)
        self.say("destroyed", message, unit, to=to, **params)
        victory.scored(self, unit, to)
        self.characters_lose(unit)

    def fall_back(self, unit: Unit) -> Unit:
        """One sector toward its own side; blocked (destroyed) by an enemy-held sector, the edge
        of the field, cliffs, a river or a wall; a hidden enemy in the way strikes it down."""
        self.moved_back.add(unit.key)
        self.charging.pop(unit.key, None)
        here = unit.position
        while True:
            step = fall_back_step(here, unit.side)
            if step == RESERVE and not self.start.scenario.retreat_into_reserve:
                self.destroy(unit, _("%(unit)s is driven off the field and destroyed."))
                return self.units[unit.key]
            barrier = self.barrier(here, step, None)
            if barrier:
                # Cliffs, river: "путь для данного Отряда будет заблокирован, даже если сектор
                # свободен от Отрядов Противника, и отряд будет уничтожен".
                self.destroy(unit, _("%(unit)s cannot fall back across the %(reason)s and is "
                                     "destroyed."), reason=barrier)
                return self.units[unit.key]
            if step != RESERVE:
                if self.at(step, unit.side.other):
                    self.destroy(unit, _("%(unit)s finds its retreat cut off and is "
                                         "destroyed."))
                    return self.units[unit.key]
                lurking = [u for u in self.at(step, unit.side.other, hidden=True)
                           if u.hidden and u.key not in self.hidden_struck]
                if lurking:
                    # "невидимый Отряд обязан напасть на Отступающие Отряды ... после
                    # уничтожения Отступающей Боевой Единицы сокрытый Отряд должен быть раскрыт".
                    striker = self.revealed_first(lurking, unit.side)
                    self.hidden_struck.add(striker.key)
                    self.destroy(unit, _("%(unit)s runs into an unseen enemy and is "
                                         "destroyed."))
                    self.reveal(striker, _("%(unit)s strikes from hiding and is seen."))
                    return self.units[unit.key]
            if self.free_cell(step, unit.side) is not None:
                unit = self.put(unit, step)
                self.say("falls_back", _("%(unit)s falls back to %(sector)s."), unit,
                         sector=step)
                return unit
            here = step   # no cell free among its own: it falls back further

    def revealed_first(self, lurking: list[Unit], retreating: Side) -> Unit:
        """Seed 000: "Если сокрытых Отрядов больше, чем 1 и все они закрывают путь отступающим
        Отрядам, значит Противник ... выбирает, какой из сокрытых Отрядов будет раскрыт". The
        retreating side knows them only as "[]" marks by sector, so its orders rank sectors
        (RoundOrders.reveal_first); unnamed ones come after, and within a sector the first in
        cell order (the reference's default)."""
        ranked = self.orders[retreating].reveal_first

        def rank(unit: Unit) -> tuple[int, int, int]:
            named = ranked.index(unit.position) if unit.position in ranked else len(ranked)
            return named, SECTORS.index(unit.position), unit.cell

        return min(lurking, key=rank)

    def strike_fortification(self, sector: str, outcome: Result) -> None:
        fort = self.terrain.fortification(sector)
        if fort is None or outcome in (Result.NONE, Result.FALL_BACK):
            return
        hits = 0 if outcome is Result.DESTROYED else fort.hits - 1
        self.terrain.remove(fort)
        if hits > 0:
            self.terrain.append(quick_replace(fort, hits=hits))
            self.say("fortification_hit", _("The fortification in %(sector)s takes a hit."),
                     sector=sector)
        else:
            # "В случае Уничтожения Укрепления, данная Карточка будет снята с Поля Боя."
            self.say("fortification_destroyed", _("The fortification in %(sector)s is "
                     "destroyed."), sector=sector)
