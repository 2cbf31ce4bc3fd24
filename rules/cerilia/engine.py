"""One round of a sector battle: initiative, movement, battle magic, missile, charge, melee,
morale and retreats, the end check (reference/battle-cores.md §1.4, with seed 000's terrain
cards and spells). `deploy` plays phase 0; `resolve_round` every round after it."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.cerilia import magic
from rules.cerilia.cards import FORTIFICATION_DEFENDERS, SIGNS, Tag
from rules.cerilia.combat import Combat
from rules.cerilia.deck import Result
from rules.cerilia.field import RESERVE, Side, edge, is_sector, toward_attacker
from rules.cerilia.movement import Movement
from rules.cerilia.orders import HOLD, Deployment, RoundOrders
from rules.cerilia.state import (
    DIRECTED_TERRAIN,
    HELD_TERRAIN,
    TERRAIN_LABELS,
    BattleState,
    EffectKind,
    Terrain,
    TerrainKind,
    Unit,
    UnitStatus,
)
from rules.cerilia.visibility import engaged_among, visible
from rules.dice import Dice, Roll
from rules.errors import _


@dataclass(frozen=True)
class Event:
    round: int
    phase: str
    code: str
    message: str
    params: Mapping[str, Any] = field(default_factory=dict)
    visible_to: frozenset[Side] = frozenset(Side)
    card: int | None = None
    result: str | None = None


@dataclass(frozen=True)
class RoundOutcome:
    state: BattleState
    initiative: Side | None
    events: tuple[Event, ...]
    rolls: tuple[Roll, ...]


class Round(Movement, Combat):
    """The working copy of one round; `state` freezes it back."""

    def __init__(self, state: BattleState, orders: Mapping[Side, RoundOrders], seed: int):
        self.dice = Dice(seed)
        self.start = state
        self.orders = {side: orders.get(side, HOLD) for side in Side}
        self.number = state.round + 1
        self.units: dict[str, Unit] = {u.key: u for u in state.units}
        self.terrain = list(state.terrain)
        self.illusions = list(state.illusions)
        self.effects = list(state.effects)
        self.night = state.night
        self.deck = state.deck
        self.held = dict(state.held)
        self.events: list[Event] = []
        self.phase = "initiative"
        self.initiative: Side | None = None
        self.charging: dict[str, tuple[str, ...]] = {}   # unit → the sectors it charged through
        self.hit: set[str] = set()
        self.moved_back: set[str] = set()
        self.hidden_struck: set[str] = set()
        self.charged: set[str] = set()
        self.finished, self.winner = False, None

    # -- reading the field ----------------------------------------------------------------

    def state(self, **changes) -> BattleState:
        return replace(self.start, units=tuple(self.units.values()), terrain=tuple(self.terrain),
                       illusions=tuple(self.illusions), effects=tuple(self.effects),
                       night=self.night, deck=self.deck, held=dict(self.held),
                       round=self.number, **changes)

    def sees(self, side: Side, unit: Unit) -> bool:
        return visible(self.state(), side, unit)

    def at(self, sector: str, side: Side, *, hidden: bool = False) -> list[Unit]:
        """The units of `side` in `sector` in cell order (invisible ones only if asked)."""
        found = [u for u in self.units.values() if u.side is side and u.alive
                 and u.position == sector and (hidden or not u.hidden)]
        return sorted(found, key=lambda u: u.cell)

    def fortification(self, sector: str) -> Terrain | None:
        return next((t for t in self.terrain if t.kind is TerrainKind.FORTIFICATION
                     and t.sector == sector), None)

    def has_terrain(self, sector: str, kind: TerrainKind) -> bool:
        return any(t.kind is kind and t.sector == sector for t in self.terrain)

    def shows_held_terrain(self, sector: str) -> bool:
        return any(self.has_terrain(sector, k) for k in HELD_TERRAIN) or any(
            i.sector == sector and i.kind in HELD_TERRAIN for i in self.illusions)

    def barrier(self, a: str, b: str, unit: Unit | None) -> str | None:
        """What blocks the way between two sectors: a wall always; cliffs or a river unless
        `unit` moves freely through terrain (None: a retreat, which nothing lets through)."""
        if a == RESERVE or b == RESERVE:
            return None
        crossing = edge(a, b)
        for effect in self.effects:
            if effect.kind is EffectKind.WALL and edge(effect.sector, effect.toward) == crossing:
                return _("wall")
        for terrain in self.terrain:
            if terrain.kind in DIRECTED_TERRAIN and terrain.toward \
                    and edge(terrain.sector, terrain.toward) == crossing:
                if unit is None or not unit.has(Tag.FREE_MOVEMENT):
                    return TERRAIN_LABELS[terrain.kind]
        return None

    def free_cell(self, sector: str, side: Side) -> int | None:
        if sector == RESERVE:
            return -1
        taken = {u.cell for u in self.at(sector, side, hidden=True)}
        return next((c for c in range(self.start.scenario.cells_per_sector) if c not in taken),
                    None)

    def put(self, unit: Unit, position: str) -> Unit:
        cell = self.free_cell(position, unit.side)
        unit = replace(unit, position=position, cell=-1 if cell is None else cell)
        self.units[unit.key] = unit
        if is_sector(position) and self.shows_held_terrain(position) \
                and self.held.get(position) is not unit.side \
                and not self.at(position, unit.side.other):
            # "Все Отряды, которые первыми заняли Холмы (Скалы) прежде Отрядов Противника"; no
            # enemy in sight there, so an invisible holder lets the ground go (it would give
            # itself away otherwise). Illusory hills are held too, so the enemy's view cannot
            # tell them from real ones; the bonuses look at the real terrain only.
            self.held[position] = unit.side
        return unit

    def say(self, code: str, message: str, *units: Unit | None, card: int | None = None,
            outcome: Result | None = None, to: frozenset[Side] | None = None, **params) -> None:
        """Log an event; a side reads it only if it sees every unit it names."""
        named = [u for u in units if u is not None]
        if to is None:
            to = frozenset(s for s in Side if all(self.sees(s, u) for u in named))
        for role, unit in zip(("unit", "target"), named, strict=False):
            params.setdefault(role, unit.name)
        self.events.append(Event(self.number, self.phase, code, message, params, to, card,
                                 outcome.value if outcome else None))

    def engaged(self, unit: Unit) -> bool:
        return engaged_among(self.units.values(), self.terrain, unit)

    def reveal(self, unit: Unit, message: str) -> Unit:
        unit = replace(unit, hidden=False)
        self.units[unit.key] = unit
        self.say("revealed", message, unit)
        return unit

    # -- the round ------------------------------------------------------------------------

    def run(self) -> RoundOutcome:
        self.roll_initiative()
        for phase in (self.move, self.cast, self.shoot, self.charge, self.melee, self.morale):
            phase()
        self.end_round()
        return RoundOutcome(self.state(finished=self.finished, winner=self.winner),
                            self.initiative, tuple(self.events), tuple(self.dice.log))

    def sides_in_order(self) -> tuple[Side, Side]:
        return (self.initiative, self.initiative.other)

    def roll_initiative(self) -> None:
        # Reference §1.4: "Initiative. Each side draws or rolls"; a tie goes to the defender.
        rolls = {side: self.dice.roll("1d10", purpose=_("Initiative (%(side)s)"),
                                      side=side.value).total for side in Side}
        self.initiative = Side.ATTACKER if rolls[Side.ATTACKER] > rolls[Side.DEFENDER] \
            else Side.DEFENDER
        self.say("initiative", _("Initiative to %(side)s (%(attacker)s against %(defender)s), "
                 "who acts first."), side=self.initiative.value,
                 attacker=rolls[Side.ATTACKER], defender=rolls[Side.DEFENDER])

    # -- battle magic ---------------------------------------------------------------------

    def cast(self) -> None:
        self.phase = "magic"
        for side in self.sides_in_order():
            for key, order in self.orders[side].spells.items():
                # A side casts with its own casters only, each once ("one spell per caster").
                caster = next((c for c in self.start.casters if c.key == key
                               and c.side is side), None)
                if caster is not None:
                    magic.cast(self, caster, order)

    # -- morale and the end ---------------------------------------------------------------

    def morale(self) -> None:
        self.phase = "morale"
        for key in sorted(self.hit, key=list(self.units).index):
            unit = self.units[key]
            if not unit.alive or key in self.moved_back:
                continue
            signs = set(unit.card.morale) | {e.sign for e in self.effects
                                            if e.kind is EffectKind.BLESS and e.unit == key
                                            and e.sign}
            drawn = SIGNS[self.dice.roll("1d3", purpose=_("Morale: %(unit)s"),
                                         unit=unit.name).total - 1]
            if drawn in signs:
                self.say("morale_holds", _("%(unit)s holds (%(sign)s)."), unit, sign=drawn)
            else:
                self.say("morale_breaks", _("%(unit)s breaks (%(sign)s) and routs."), unit,
                         sign=drawn)
                self.apply(unit, Result.ROUT)

    def end_round(self) -> None:
        self.phase = "end"
        for key, unit in list(self.units.items()):
            if unit.status is UnitStatus.ROUTED and unit.routed_in < self.number:
                self.units[key] = replace(unit, status=UnitStatus.READY)
        self.effects = [replace(e, rounds_left=e.rounds_left - 1) for e in self.effects
                        if e.rounds_left > 1
                        and (e.unit is None or self.units.get(e.unit, None) is not None
                             and self.units[e.unit].alive)]
        for sector, side in list(self.held.items()):
            # Only units in sight hold ground: an invisible holder would give itself away.
            if not self.at(sector, side):
                del self.held[sector]
        self.finished, self.winner = self.end_check()
        if self.finished:
            self.say("battle_over", _("The battle is over; the field is held by %(side)s."),
                     side=self.winner.value if self.winner else "—")

    def end_check(self) -> tuple[bool, Side | None]:
        alive = {side: self.side_units(side) for side in Side}
        for side in Side:
            if not alive[side]:
                return True, side.other if alive[side.other] else None
        for side in self.sides_in_order():
            if self.orders[side].withdraw:
                self.say("withdraws", _("Withdrawal: %(side)s leaves the field."), side=side.value)
                return True, side.other
        if self.number >= self.start.scenario.max_rounds:
            on_field = {side: sum(u.on_field for u in alive[side]) for side in Side}
            # The last round ends it: the side with more units on the field holds it; a draw
            # leaves the field with the defender.
            return True, Side.ATTACKER if on_field[Side.ATTACKER] > on_field[Side.DEFENDER] \
                else Side.DEFENDER
        return False, None


def resolve_round(state: BattleState, orders: Mapping[Side, RoundOrders], seed: int
                  ) -> RoundOutcome:
    if state.finished:
        raise ValueError("the battle is over")
    return Round(state, orders, seed).run()


def deploy(state: BattleState, deployments: Mapping[Side, Deployment]) -> BattleState:
    """Phase 0: units to their sectors (the rest wait in reserve), the defender's fortification
    and the directions of cliffs and rivers. The deployments are taken to be valid
    (orders.deployment_violations)."""
    units = {u.key: u for u in state.units}
    cells: dict[tuple[str, Side], int] = {}
    for side in Side:
        for key, position in deployments.get(side, Deployment()).placements.items():
            cell = -1
            if position != RESERVE:
                cell = cells.get((position, side), 0)
                cells[(position, side)] = cell + 1
            units[key] = replace(units[key], position=position, cell=cell)
    terrain = list(state.terrain)
    defender = deployments.get(Side.DEFENDER, Deployment())
    # "Защитнику также необходимо указать одно направление" — for cliffs and river only; a
    # defender who names none by the deadline gets the way toward the attacker's line cut.
    terrain = [replace(t, toward=defender.directions.get(t.sector) or t.toward
                       or toward_attacker(t.sector))
               if t.kind in DIRECTED_TERRAIN else t for t in terrain]
    if defender.fortification and state.scenario.fortification_level:
        terrain.append(Terrain(TerrainKind.FORTIFICATION, defender.fortification,
                               level=state.scenario.fortification_level,
                               hits=FORTIFICATION_DEFENDERS.hits))
    held = {}
    for unit in units.values():
        if unit.on_field and any(t.sector == unit.position and t.kind in HELD_TERRAIN
                                 for t in terrain):
            held[unit.position] = unit.side
    return replace(state, units=tuple(units.values()), terrain=tuple(terrain), held=held)

