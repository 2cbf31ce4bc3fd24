"""Module "command" (seed 001_5d751c33a121b07e.txt, "Самостоятельные воины"; reference/sector-
modules.md): orders cost command points (КН) of the side's general or will points (ЗС) of a hero,
independent warriors carry out their two standing orders for free, and replacing one costs 2.
Pure functions on the state and a side's orders; the engine and orders.py call them only when
the scenario has the module on."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rules.cerilia import scouting_orders
from rules.cerilia.cards import Tag
from rules.cerilia.field import RESERVE, SECTORS, adjacent, distance, is_sector
from rules.cerilia.modules import STANDING_ORDERS, Role, StandingKind, StandingOrder
from rules.cerilia.state import BattleState, Caster, Unit
from rules.cerilia.visibility import caster_position, visible
from rules.errors import Violation, _
from rules.sides import Side

# Reference, ruling: "each unit that receives an order in a round (a move, a missile target
# ...; melee needs no order) costs 1 point".
ORDER_PRICE = 1
# Seed: "затратить 2 КН (ЗС) за каждый заменяемый приказ".
REPLACE_PRICE = 2

Standing = Mapping[str, tuple[StandingOrder, ...]]


@dataclass(frozen=True)
class Bill:
    """What a side's orders cost this round and who pays: the general's КН (a pool per round,
    shared by the side's generals) and each hero's ЗС; `unpaid` the fields no one could pay
    for. The engine, the orders' check and the side's view all read this one reckoning."""

    command: int = 0
    will: Mapping[str, int] = field(default_factory=dict)    # hero → ЗС spent
    unpaid: tuple[str, ...] = ()
    left: int = 0     # КН the side has left this round
    owed: Mapping[str, tuple[str, int]] = field(default_factory=dict)   # `prices`
    total: int = 0    # what all its priced orders cost
    will_left: Mapping[str, int] = field(default_factory=dict)   # hero → ЗС left for the battle


def independent(unit: Unit) -> bool:
    return unit.has(Tag.INDEPENDENT)


def _free(state: BattleState, unit: Unit) -> bool:
    """An independent unit with its standing orders: "без затраты КН ... или ЗС героя"."""
    return independent(unit) and bool(state.standing.get(unit.key))


def command_pool(state: BattleState, side: Side) -> int:
    """Reference: "from the side's general (КН: a pool per round, default 3)"."""
    return sum(c.command for c in state.casters if c.side is side and c.is_a(Role.GENERAL))


def _heroes(state: BattleState, side: Side) -> list[Caster]:
    return [c for c in state.casters if c.side is side and c.is_a(Role.HERO)]


def replaced(state: BattleState, key: str, given: tuple[StandingOrder, ...]) -> int:
    """How many of the unit's standing orders the new pair replaces."""
    old = state.standing.get(key, ())
    return sum(1 for i, order in enumerate(given) if i >= len(old) or old[i] != order)


def prices(state: BattleState, side: Side, moves: Mapping[str, tuple[str, ...]],
           targets: Mapping[str, str], standing: Standing, scouts: Iterable[str] = (), *,
           markers: Iterable[str] = ()) -> dict[str, tuple[str, int]]:
    """Each ordered unit → (the field its price is charged to, the price). Independent units
    pay only for replaced standing orders ("без затраты КН капитана (генерала) или ЗС героя").
    Reference: "a move, a missile target, a scouting or ambush order" costs 1 point; an
    ambush's one order (its markers moved, or an attack from ambush, melee too) costs as a move
    does."""
    found: dict[str, tuple[str, int]] = {}
    for key in markers:
        ambush = next((a for a in state.ambushes if a.key == key and a.side is side), None)
        hiding = state.own_unit(side, ambush.unit) if ambush is not None and ambush.unit else None
        if hiding is not None:
            found[hiding.key] = (f"markers.{key}", ORDER_PRICE)
    for key, given in standing.items():
        unit = state.own_unit(side, key)
        if unit is not None and independent(unit):
            found[key] = (f"standing.{key}", REPLACE_PRICE * replaced(state, key, given))
    for key, path in moves.items():
        unit = state.own_unit(side, key)
        if unit is not None and path and not _free(state, unit) and key not in found:
            found[key] = (f"moves.{key}", ORDER_PRICE)
    for key in targets:
        unit = state.own_unit(side, key)
        # A target is a missile order only for a unit with missiles; melee needs no order.
        if unit is not None and (unit.card.missile is not None or unit.ambush is not None) \
                and not _free(state, unit) and key not in found:
            found[key] = (f"targets.{key}", ORDER_PRICE)
    for key in scouts if state.scenario.modules.scouting else ():
        unit = state.own_unit(side, key)
        if unit is not None and not _free(state, unit) and key not in found:
            found[key] = (f"scouts.{key}", ORDER_PRICE)
    return {k: v for k, v in found.items() if v[1]}


def bill(state: BattleState, side: Side, moves: Mapping[str, tuple[str, ...]],
         targets: Mapping[str, str], standing: Standing, scouts: Iterable[str] = (), *,
         markers: Iterable[str] = ()) -> Bill:
    """Ruling: the general pays first, beginning with the units no hero stands beside; a hero
    pays with its ЗС for units in its own sector ("from a hero standing in the unit's sector");
    each unit's price is paid whole by one of them."""
    owed = prices(state, side, moves, targets, standing, scouts, markers=markers)
    heroes = _heroes(state, side)
    will = {h.key: h.will for h in heroes}
    units = {u.key: u for u in state.units}

    def beside(key: str) -> list[Caster]:
        return [h for h in heroes if caster_position(state, h) == units[key].position]

    order = sorted(owed, key=lambda k: (bool(beside(k)), list(owed).index(k)))
    pool = command_pool(state, side)
    spent: dict[str, int] = {}
    unpaid: list[str] = []
    for key in order:
        where, price = owed[key]
        if price <= pool:
            pool -= price
            continue
        hero = next((h for h in beside(key) if will[h.key] >= price), None)
        if hero is None:
            unpaid.append(where)
            continue
        will[hero.key] -= price
        spent[hero.key] = spent.get(hero.key, 0) + price
    return Bill(command_pool(state, side) - pool, spent, tuple(sorted(unpaid)), pool, owed,
                sum(price for _where, price in owed.values()), will)


def _standing_violations(state: BattleState, side: Side, key: str,
                         given: tuple[StandingOrder, ...]) -> list[Violation]:
    where = f"standing.{key}"
    unit = state.own_unit(side, key)
    if unit is None or not independent(unit):
        return [Violation("not_independent", _("Only independent warriors take standing "
                          "orders."), where)]
    if len(given) != STANDING_ORDERS:
        # Seed: "Перед игрой игрок определяет 2 приказа".
        return [Violation("standing_two", _("Give %(unit)s exactly 2 standing orders."), where,
                          {"unit": unit.name})]
    for i, order in enumerate(given):
        aim = order.target
        if order.kind is StandingKind.ADVANCE_TO and not is_sector(aim):
            return [Violation("sector_required", _("Choose a sector."), f"{where}.{i}")]
        if order.kind is StandingKind.SHOOT and (
                (enemy := state.own_unit(side.other, aim or "")) is None
                or not visible(state, side, enemy)):
            return [Violation("target_unknown", _("Choose an enemy unit you can see."),
                              f"{where}.{i}")]
    return []


def standing_violations(state: BattleState, side: Side, standing: Standing, *,
                        deploying: bool) -> list[Violation]:
    """Phase 0: every independent unit of the side gets its 2 orders; later, only replaced."""
    if not state.scenario.modules.command:
        return [Violation("no_command_module", _("This battle has no standing orders."),
                          f"standing.{key}") for key in standing]
    found = [v for key, given in standing.items()
             for v in _standing_violations(state, side, key, given)]
    if deploying:
        found += [Violation("standing_required", _("Give %(unit)s its 2 standing orders."),
                            f"standing.{u.key}", {"unit": u.name})
                  for u in state.side_units(side) if independent(u) and u.key not in standing]
    return found


def command_violations(state: BattleState, side: Side, moves: Mapping[str, tuple[str, ...]],
                       targets: Mapping[str, str], standing: Standing,
                       scouts: Iterable[str] = (), *, markers: Iterable[str] = ()
                       ) -> list[Violation]:
    """A round's orders under the module: independent units follow their standing orders
    (replacing one is the way to change them), and the side must be able to pay."""
    if not state.scenario.modules.command:
        return standing_violations(state, side, standing, deploying=False)
    found = standing_violations(state, side, standing, deploying=False)
    scouts = tuple(scouts)
    for kind, keys in (("moves", moves), ("targets", targets), ("scouts", scouts)):
        for key in keys:
            unit = state.own_unit(side, key)
            if unit is not None and independent(unit) and state.standing.get(key):
                found.append(Violation("independent_standing", _("%(unit)s follows its "
                             "standing orders; replace one to change them."), f"{kind}.{key}",
                             {"unit": unit.name}))
    paid = bill(state, side, moves, targets, standing, scouts, markers=markers)
    for where in paid.unpaid:
        price = next(p for w, p in paid.owed.values() if w == where)
        found.append(Violation("points_short", _("This order costs %(price)s points; your "
                               "general has %(left)s command points left and no hero "
                               "beside it has enough will points."), where,
                               {"price": price, "left": paid.left}))
    return found


def standing_scouts(state: BattleState, side: Side) -> tuple[str, ...]:
    """The independent units that scout by their standing order `scout` this round."""
    return scouting_orders.standing_scouts(state, side)


def _step_toward(here: str, goal: str, side: Side) -> str:
    if here == RESERVE:
        home = [s for s in SECTORS if adjacent(RESERVE, s, side)]
        return min(home, key=lambda s: distance(s, goal))
    return min((s for s in SECTORS if adjacent(here, s, side)),
               key=lambda s: distance(s, goal))


def advance_path(unit: Unit, goal: str) -> tuple[str, ...]:
    """Ruling: the shortest way toward the sector, a neighbour at a time, as far as its
    movement points go (ties: the first sector in field order)."""
    path: list[str] = []
    here = unit.position
    while here != goal and len(path) < unit.card.movement:
        here = _step_toward(here, goal, unit.side)
        path.append(here)
    return tuple(path)


def nearest_enemy(state: BattleState, unit: Unit) -> str | None:
    if not unit.on_field:
        return None
    seen = [u for u in state.units if u.side is not unit.side and u.on_field
            and visible(state, unit.side, u)]
    if not seen:
        return None
    return min(seen, key=lambda u: (distance(u.position, unit.position), u.cell, u.key)).key


def standing_moves(state: BattleState, side: Side
                   ) -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    """The moves and missile targets the side's independent units' standing orders give this
    round (reference: "both orders apply each round where they can (move first, then shoot)";
    `scout` is `standing_scouts`)."""
    moves: dict[str, tuple[str, ...]] = {}
    targets: dict[str, str] = {}
    for unit in state.side_units(side):
        for order in state.standing.get(unit.key, ()) if independent(unit) else ():
            if order.kind is StandingKind.ADVANCE_TO and order.target and unit.key not in moves:
                moves[unit.key] = advance_path(unit, order.target)
            elif order.kind is StandingKind.SHOOT_NEAREST and unit.key not in targets:
                aim = nearest_enemy(state, unit)
                if aim is not None:
                    targets[unit.key] = aim
            elif order.kind is StandingKind.SHOOT and order.target and unit.key not in targets:
                enemy = state.own_unit(side.other, order.target)
                if enemy is not None and visible(state, side, enemy):
                    targets[unit.key] = order.target
    return moves, targets
