"""One round of a sector battle: initiative, movement, battle magic, missile, charge, melee,
morale and retreats, the end check (reference/battle-cores.md §1.4, with seed 000's terrain
cards and spells). `deploy` plays phase 0; `resolve_round` every round after it."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from rules.cerilia import (
    ambush_orders,
    command,
    magic,
    magic_dice,
    magical_move,
    ranks,
    scouting,
    victory,
)
from rules.cerilia.ambush import AmbushRules
from rules.cerilia.artifact_orders import unit_signs
from rules.cerilia.artifacts import Artifacts
from rules.cerilia.board import Event
from rules.cerilia.cards import FORTIFICATION_DEFENDERS, SIGNS
from rules.cerilia.deck import Result
from rules.cerilia.field import RESERVE, toward_attacker
from rules.cerilia.orders import Deployment, RoundOrders, SpellOrder
from rules.cerilia.spells import MAGICAL_MOVES
from rules.cerilia.state import (
    DIRECTED_TERRAIN,
    HELD_TERRAIN,
    BattleState,
    Caster,
    Terrain,
    TerrainKind,
    UnitStatus,
)
from rules.dice import Roll
from rules.errors import _
from rules.records import quick_init, quick_replace
from rules.sides import ATTACKER, DEFENDER, SIDES, Side


@quick_init
@dataclass(frozen=True)
class RoundOutcome:
    state: BattleState
    initiative: Side
    events: tuple[Event, ...]
    rolls: tuple[Roll, ...]


class Round(AmbushRules, Artifacts):
    """One round's phases, in order, on the working copy (AmbushRules over Movement and
    Combat: module "ambush" fills their hooks; Artifacts: module "artifacts")."""

    recorded: Mapping[str, object]   # end_round: module "magic dice"'s state changes

    # -- the round ------------------------------------------------------------------------

    def run(self) -> RoundOutcome:
        self.roll_initiative()
        for phase in (self.use_artifacts, self.move, self.scout, self.cast, self.shoot,
                      self.charge, self.melee, self.morale):
            phase()
        self.end_round()
        first, _second = self.sides_in_order()
        return RoundOutcome(self.state(finished=self.finished, winner=self.winner,
                                       **self.recorded),
                            first, tuple(self.events), tuple(self.dice.log))

    def roll_initiative(self) -> None:
        # Reference §1.4: "Initiative. Each side draws or rolls"; a tie goes to the defender.
        # The sides' names as `_value_`, not `value`: the enum's `value` is a property, two
        # calls on Python 3.11 (every round, and every attack's result, reads them).
        purpose = _("Initiative (%(side)s)")
        attacker = self.dice.roll("1d10", purpose=purpose, side=ATTACKER._value_).total
        defender = self.dice.roll("1d10", purpose=purpose, side=DEFENDER._value_).total
        self.initiative = ATTACKER if attacker > defender else DEFENDER
        self.say("initiative", _("Initiative to %(side)s (%(attacker)s against %(defender)s), "
                 "who acts first."), side=self.initiative._value_,
                 attacker=attacker, defender=defender)

    # -- scouting (module "scouting"): right after the movement phase ----------------------

    def scout(self) -> None:
        scouting.scout_all(self)

    # -- battle magic ---------------------------------------------------------------------

    def cast(self) -> None:
        self.phase = "magic"
        self.magic_moved: set[str] = set()   # module "magic dice": units moved by magic
        if self.start.scenario.modules.magic_dice:
            magic_dice.magic_phase(self, self.cast_bound_spells, self.take_effect)
            return
        for side in self.sides_in_order():
            for key, order in self.orders[side].spells.items():
                # A side casts with its own casters only, each once ("one spell per caster").
                caster = self.casters.get(key)
                if caster is not None and (caster.side is not side or caster.killed):
                    caster = None
                if caster is not None:
                    self.take_effect(caster, order)
            self.cast_bound_spells(side)   # module "artifacts": after its casters' spells

    def take_effect(self, caster: Caster, order: SpellOrder) -> None:
        """A spell cast (and not dispelled) takes effect: a magical move by the movement rules
        (module "magic dice" only), any other spell by magic.cast."""
        if order.spell not in MAGICAL_MOVES:
            magic.cast(self, caster, order)
        elif self.start.scenario.modules.magic_dice:
            magical_move.cast(self, caster, order, self.magic_moved)

    # -- morale and the end ---------------------------------------------------------------

    def morale(self) -> None:
        self.phase = "morale"
        if not self.hit:
            return   # no unit took a hit: no test (and no order of the units to read)
        for key in self.units.in_order(self.hit):
            unit = self.units[key]
            if not unit.alive or key in self.moved_back:
                continue
            # A blessing's sign, and module "artifacts": a banner's.
            signs = unit_signs(unit, self.effects)
            if self.start.scenario.modules.magic_dice:
                signs |= ranks.standard_signs(unit)   # "standard bearer (one more morale sign)"
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
        routed = UnitStatus.ROUTED   # read once: a member off its class is slow (rules.sides)
        rallying = [unit for unit in self.units.values()
                    if unit.status is routed and unit.routed_in < self.number]
        for unit in rallying:
            self.units[unit.key] = quick_replace(unit, status=UnitStatus.READY)
        if self.effects:   # most rounds have no spell or artifact in force
            self.effects = [quick_replace(e, rounds_left=e.rounds_left - 1) for e in self.effects
                            if e.rounds_left > 1
                            and (e.unit is None or self.units.get(e.unit, None) is not None
                                 and self.units[e.unit].alive)]
        for sector, side in list(self.held.items()):
            # Only units in sight hold ground: an invisible holder would give itself away.
            if not self.at(sector, side):
                del self.held[sector]
        self.finished, self.winner = self.end_check()
        self.recorded = victory.recorded(self, self.finished)   # module "magic dice"
        if self.finished:
            self.say("battle_over", _("The battle is over; the field is held by %(side)s."),
                     side=self.winner.value if self.winner else "—")

    def end_check(self) -> tuple[bool, Side | None]:
        alive = {side: self.units.side_units(side) for side in SIDES}
        for side in SIDES:
            if not alive[side]:
                return True, side.other if alive[side.other] else None
        for side in self.sides_in_order():
            if self.orders[side].withdraw:
                self.say("withdraws", _("Withdrawal: %(side)s leaves the field."), side=side.value)
                return True, side.other
        if self.number >= self.start.scenario.max_rounds:
            if self.start.scenario.modules.magic_dice:
                return True, victory.round_limit_holder(self)
            on_field = {side: sum(u.on_field for u in alive[side]) for side in SIDES}
            # The last round ends it: the side with more units on the field holds it; a draw
            # leaves the field with the defender.
            return True, ATTACKER if on_field[ATTACKER] > on_field[DEFENDER] \
                else DEFENDER
        return False, None


def _pay(state: BattleState, side: Side, given: RoundOrders
         ) -> tuple[BattleState, RoundOrders, Event]:
    """Module "command": the orders the side can pay for (orders.order_violations refused the
    rest at submission), its ЗС spent off its heroes, its replaced standing orders in force,
    and its independent units' standing orders among its moves, targets and scouts."""
    paid = command.bill(state, side, given.moves, given.targets, given.standing, given.scouts,
                        markers=given.markers)
    unpaid = {key for key, (where, _price) in paid.owed.items() if where in paid.unpaid}
    following = {key for key in state.standing if key not in unpaid}
    standing = {**state.standing, **{k: tuple(v) for k, v in given.standing.items()
                                     if k not in unpaid and k in paid.owed}}
    casters = tuple(replace(c, will=paid.will_left.get(c.key, c.will)) for c in state.casters)
    state = replace(state, standing=standing, casters=casters)
    moves, targets = command.standing_moves(state, side)
    scouts = command.standing_scouts(state, side)
    kept = replace(
        given,
        moves={**{k: p for k, p in given.moves.items() if k not in unpaid | following},
               **{k: p for k, p in moves.items() if k not in scouts}},
        targets={**{k: t for k, t in given.targets.items() if k not in unpaid | following},
                 **{k: t for k, t in targets.items() if k not in scouts}},
        scouts=(*(k for k in given.scouts if k not in unpaid | following), *scouts),
        markers={k: m for k, m in given.markers.items() if f"markers.{k}" not in paid.unpaid},
        standing={})
    spent = Event(state.round + 1, "orders", "points_spent", _("%(side)s spends %(command)s command "
                  "points and %(will)s will points on its orders."),
                  {"side": side.value, "command": paid.command, "will": sum(paid.will.values())},
                  frozenset({side}))
    return state, kept, spent


def resolve_round(state: BattleState, orders: Mapping[Side, RoundOrders], seed: int
                  ) -> RoundOutcome:
    if state.finished:
        raise ValueError("the battle is over")
    if not state.scenario.modules.command:
        return Round(state, orders, seed).run()
    kept: dict[Side, RoundOrders] = {}
    spent: list[Event] = []
    for side in Side:
        state, kept[side], event = _pay(state, side, orders.get(side, RoundOrders()))
        spent.append(event)
    outcome = Round(state, kept, seed).run()
    return replace(outcome, events=(*spent, *outcome.events))


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
            units[key] = quick_replace(units[key], position=position, cell=cell)
    terrain = list(state.terrain)
    defender = deployments.get(DEFENDER, Deployment())
    # "Защитнику также необходимо указать одно направление" — for cliffs and river only; a
    # defender who names none by the deadline gets the way toward the attacker's line cut.
    terrain = [replace(t, toward=defender.directions.get(t.sector) or t.toward
                       or toward_attacker(t.sector))
               if t.kind in DIRECTED_TERRAIN else t for t in terrain]
    if defender.fortification and state.scenario.fortification_level:
        terrain.append(Terrain(TerrainKind.FORTIFICATION, defender.fortification,
                               level=state.scenario.fortification_level,
                               hits=FORTIFICATION_DEFENDERS.hits))
    held, holdable = {}, {t.sector for t in terrain if t.kind in HELD_TERRAIN}
    for unit in units.values():
        if unit.on_field and unit.position in holdable:
            held[unit.position] = unit.side
    standing = {key: tuple(given) for side in Side
                for key, given in deployments.get(side, Deployment()).standing.items()} \
        if state.scenario.modules.command else {}
    state = quick_replace(state, units=tuple(units.values()), terrain=tuple(terrain), held=held,
                    standing=standing)
    return ambush_orders.hide(state, {side: (d.ambushes, d.traps)
                                      for side, d in deployments.items()})

