"""The working copy of one sector battle round and what it reads of the field: which units stand
where, who sees whom, the terrain, the log. The phases (movement, combat, the round itself) build on
it."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import KW_ONLY, dataclass, replace
from typing import Any, ClassVar

from rules import events
from rules.cerilia.cards import Tag
from rules.cerilia.deck import Result
from rules.cerilia.field import RESERVE, edge, is_sector
from rules.cerilia.orders import HOLD, RoundOrders
from rules.cerilia.round_terrain import RoundTerrain
from rules.cerilia.state import (
    HELD_TERRAIN,
    TERRAIN_LABELS,
    BattleState,
    Caster,
    EffectKind,
    Terrain,
    TerrainKind,
    Unit,
    UnitStatus,
)
from rules.cerilia.visibility import eyes, seen_from
from rules.dice import Dice
from rules.errors import _
from rules.records import quick_replace
from rules.sides import ATTACKER, DEFENDER, SIDES, Side


@dataclass(frozen=True, init=False)
class Event(events.Event):
    """The shared event with the phase it happened in, the sides that witnessed it and the card
    it drew. The shared fields come first among the dataclass's fields, yet it is still built
    as it always was, (round, phase, code, message, ...), and stored with its keys in that order:
    hence its own __init__ and `data_order`."""

    _: KW_ONLY   # so they may follow the shared `params` default; __init__ takes them in order
    phase: str
    visible_to: frozenset[Side]
    card: int | None
    result: str | None
    data_order: ClassVar[tuple[str, ...]] = ("round", "phase", "code", "message", "params",
                                              "visible_to", "card", "result")

    def __init__(self, round: int, phase: str, code: str, message: str,
                 params: Mapping[str, Any] | None = None,
                 visible_to: frozenset[Side] = frozenset(Side), card: int | None = None,
                 result: str | None = None) -> None:
        # Frozen, as the shared part is: written straight into __dict__, since a round logs
        # events by the dozen; the shared part's __init__ only stores. Filled key by key, the
        # dict stays the split table Python 3.11 reads slowly (rules.records), but a quarter
        # cheaper to make than a dict of its own: the round writes its events and reads none.
        values = self.__dict__
        values["round"] = round
        values["code"] = code
        values["message"] = message
        values["params"] = {} if params is None else params
        values["phase"] = phase
        values["visible_to"] = visible_to
        values["card"] = card
        values["result"] = result


# Read off the class once: a member read off its class is slow (rules.sides).
DESTROYED = UnitStatus.DESTROYED
# Who may read an event: both sides, or one side alone.
EVERYONE = frozenset(SIDES)
ONLY = {side: frozenset({side}) for side in SIDES}
# Both sides, the one with the initiative first: asked by every phase.
_IN_ORDER = {side: (side, side.other) for side in SIDES}

# The cells taken in a sector where the side has no living unit (Units.cells).
_NO_CELLS: frozenset[int] = frozenset()


class Units(dict[str, Unit]):
    """The round's units by key, the living ones also by (sector or reserve, side) in the order
    `Board.at` gives them: by cell, then as the dict holds them. Kept on every write, as phases
    put, hurt and hide units many times between reads of a sector."""

    # Its own attributes as slots: Python 3.11 reads an attribute of a dict subclass's instance
    # __dict__ through its slow generic path, and the index's are read at every look.
    __slots__ = ("_order", "_count", "_placed", "_places", "_eyes", "_sides")

    def __init__(self, units: Iterable[Unit]) -> None:
        # As __setitem__ would, all at once (a round starts with them all), in comprehensions
        # and with the lookups hoisted out of the loop: a round starts by indexing every unit
        # of the battle.
        super().__init__({unit.key: unit for unit in units})
        # A key's place in the dict's own order.
        order = self._order = {key: count for count, key in enumerate(self)}
        self._count = len(order)
        destroyed = UnitStatus.DESTROYED   # alive, read without a property call per unit
        # The living: where they stand.
        placed = self._placed = {key: (unit.position, unit.side, unit.cell)
                                 for key, unit in self.items() if unit.status is not destroyed}
        places: dict[tuple[str, Side], list[str]] = {}
        self._places = places
        self._eyes: dict[Side, frozenset[str]] = {}
        # Each side's living units' keys in the dict's order, until one of them dies or joins:
        # several phases go through a side's units, most units live through the round.
        sides: dict[Side, list[str]] = {side: [] for side in SIDES}
        self._sides = sides
        for key, (where, side, _cell) in placed.items():
            places.setdefault((where, side), []).append(key)
            sides[side].append(key)
        for bucket in places.values():
            if len(bucket) > 1:
                bucket.sort(key=lambda key: (placed[key][2], order[key]))

    def in_order(self, keys: Iterable[str]) -> list[str]:
        """These keys in the dict's order."""
        return sorted(keys, key=self._order.__getitem__)

    def __setitem__(self, key: str, unit: Unit) -> None:
        # The eyes (visibility.eyes) read a unit's side, sector, life and ambush: a write that
        # changes none of them (a hit, a reveal) keeps them. Most rounds never ask for them.
        if self._eyes:
            was = dict.get(self, key)
            if was is None or was.position != unit.position or was.status is not unit.status \
                    or was.ambush != unit.ambush or was.side is not unit.side:
                self._eyes.clear()
        place = (unit.position, unit.side, unit.cell) if unit.status is not DESTROYED else None
        before = self._placed.get(key)
        if key not in self._order:
            self._order[key] = self._count
            self._count += 1
        dict.__setitem__(self, key, unit)
        if before == place:
            return
        if before is None or place is None or before[1] is not place[1]:
            self._sides.clear()   # one joined the living, or fell
        if before is not None:
            self._places[before[:2]].remove(key)
            del self._placed[key]
        if place is not None:
            bucket = self._places.setdefault(place[:2], [])
            rank, at = (unit.cell, self._order[key]), len(bucket)
            for index, other in enumerate(bucket):
                if (self._placed[other][2], self._order[other]) > rank:
                    at = index
                    break
            bucket.insert(at, key)
            self._placed[key] = place

    def __delitem__(self, key: str) -> None:
        self._eyes.clear()
        self._sides.clear()
        before = self._placed.pop(key, None)
        if before is not None:
            self._places[before[:2]].remove(key)
        del self._order[key]
        super().__delitem__(key)

    def _refused(self, *_args: object, **_kwargs: object) -> Any:
        raise TypeError("the round's units change by key only (units[key] = unit)")

    pop = popitem = setdefault = update = clear = __ior__ = _refused

    def occupied(self) -> set[str]:
        """Where living units stand (sectors and reserve), hidden or not."""
        return {where for (where, _side), keys in self._places.items() if keys}

    def contested(self) -> set[str]:
        """Where living units of both sides stand (sectors and reserve), hidden or not."""
        return {where for (where, side), keys in self._places.items()
                if side is ATTACKER and keys and self._places.get((where, DEFENDER))}

    def side_units(self, side: Side) -> list[Unit]:
        """The side's living units, in the dict's order."""
        keys = self._sides.get(side)
        if keys is None:
            destroyed = UnitStatus.DESTROYED   # alive, without a property call per unit
            keys = self._sides[side] = [key for key, unit in self.items()
                                        if unit.side is side and unit.status is not destroyed]
        return list(map(self.__getitem__, keys))   # no comprehension: a call each on 3.11

    def cells(self, sector: str, side: Side) -> AbstractSet[int]:
        """The cells the living units of `side` take in `sector`, hidden or not."""
        keys = self._places.get((sector, side))
        if not keys:
            return _NO_CELLS   # most sectors are empty
        placed = self._placed
        return {placed[key][2] for key in keys}

    def living(self, sector: str, side: Side) -> list[Unit]:
        keys = self._places.get((sector, side))
        return list(map(self.__getitem__, keys)) if keys else []   # most sectors are empty

    def eyes(self, side: Side) -> frozenset[str]:
        if side not in self._eyes:
            self._eyes[side] = eyes(self.values(), side)
        return self._eyes[side]


class Board:
    """The working copy of one round; `state` freezes it back."""

    # Its attributes as slots, read as fast as Python reads any. In an instance's own __dict__,
    # more than about 30 attributes (this round's, with the modules' mixins) outgrow what
    # Python 3.11 keeps inline: the dict is then made up mid-round, and every read of `self.`
    # after it goes the slow way. The mixins' own few attributes stay in their __dict__.
    __slots__ = ("dice", "start", "orders", "number", "units", "casters", "terrain", "illusions",
                 "effects", "night", "deck", "held", "ambushes", "artifacts", "events", "phase",
                 "initiative", "charging", "hit", "moved_back", "hidden_struck", "scouted",
                 "charged", "finished", "winner")

    def __init__(self, state: BattleState, orders: Mapping[Side, RoundOrders], seed: int):
        self.dice = Dice(seed)
        self.start = state
        self.orders = {side: orders.get(side, HOLD) for side in SIDES}
        self.number = state.round + 1
        self.units = Units(state.units)
        self.casters: dict[str, Caster] = {c.key: c for c in state.casters}
        self.terrain = RoundTerrain(state.terrain)
        self.illusions = list(state.illusions)
        self.effects = list(state.effects)
        self.night = state.night
        self.deck = state.deck
        self.held = dict(state.held)
        self.ambushes = {a.key: a for a in state.ambushes}
        self.artifacts = {a.key: a for a in state.artifacts}
        self.events: list[Event] = []
        self.phase = "initiative"
        self.initiative: Side | None = None
        self.charging: dict[str, tuple[str, ...]] = {}   # unit → the sectors it charged through
        self.hit: set[str] = set()
        self.moved_back: set[str] = set()
        self.hidden_struck: set[str] = set()
        self.scouted: set[str] = set()   # module "scouting": the units that scouted
        self.charged: set[str] = set()
        self.finished = False
        self.winner: Side | None = None

    # -- reading the field ----------------------------------------------------------------

    def state(self, **changes: Any) -> BattleState:
        return quick_replace(self.start, units=tuple(self.units.values()),
                             casters=tuple(self.casters.values()), terrain=tuple(self.terrain),
                             illusions=tuple(self.illusions), effects=tuple(self.effects),
                             night=self.night, deck=self.deck, held=dict(self.held),
                             ambushes=tuple(self.ambushes.values()),
                             artifacts=tuple(self.artifacts.values()), round=self.number,
                             **changes)

    def sees(self, side: Side, unit: Unit) -> bool:
        # visibility.visible on the live units, without freezing a state per look.
        if unit.side is side:
            return True
        if not unit.alive or unit.concealed:
            return False
        if not self.night and not self.effects:
            return True   # nothing but fog and night hides a unit in plain sight
        return seen_from(self.units.eyes(side), self.night, self.effects, unit)

    def at(self, sector: str, side: Side, *, hidden: bool = False) -> list[Unit]:
        """The units of `side` in `sector` in cell order (invisible or ambushing ones only if
        asked)."""
        found = self.units.living(sector, side)
        # Not concealed, read off the fields: asked at every look, and a property is a call.
        return found if hidden or not found \
            else [u for u in found if not u.hidden and u.ambush is None]

    def fortification(self, sector: str) -> Terrain | None:
        return self.terrain.fortification(sector)

    def has_terrain(self, sector: str, kind: TerrainKind) -> bool:
        return kind in self.terrain.kinds(sector)

    def shows_held_terrain(self, sector: str) -> bool:
        return not HELD_TERRAIN.isdisjoint(self.terrain.kinds(sector)) or bool(self.illusions) \
            and any(i.sector == sector and i.kind in HELD_TERRAIN for i in self.illusions)

    def barrier(self, a: str, b: str, unit: Unit | None) -> str | None:
        """What blocks the way between two sectors: a wall always; cliffs or a river unless
        `unit` moves freely through terrain (None: a retreat, which nothing lets through)."""
        if a == RESERVE or b == RESERVE:
            return None
        if self.effects:   # most rounds have no spell in force
            crossing = edge(a, b)
            for effect in self.effects:
                if effect.kind is EffectKind.WALL and effect.sector and effect.toward \
                        and edge(effect.sector, effect.toward) == crossing:
                    return _("wall")
        terrain = self.terrain.crossing(a, b)
        if terrain is not None and (unit is None or not unit.has(Tag.FREE_MOVEMENT)):
            return TERRAIN_LABELS[terrain.kind]
        return None

    def free_cell(self, sector: str, side: Side) -> int | None:
        if sector == RESERVE:
            return -1
        taken = self.units.cells(sector, side)
        for cell in range(self.start.scenario.cells_per_sector):
            if cell not in taken:
                return cell
        return None

    def put(self, unit: Unit, position: str) -> Unit:
        cell = self.free_cell(position, unit.side)
        unit = quick_replace(unit, position=position, cell=-1 if cell is None else cell)
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
            outcome: Result | None = None, to: frozenset[Side] | None = None, **params: Any) -> None:
        """Log an event; a side reads it only if it sees every unit it names."""
        # Most events name one unit: no list made for it (None, a unit a caller does not have,
        # is left out of the named).
        named: Sequence[Unit] = units if len(units) == 1 and units[0] is not None \
            else [u for u in units if u is not None]  # type: ignore[assignment]
        if named:   # the first unit named is the "unit", the second the "target"
            if to is None:
                to = self.witnesses(named)
            params.setdefault("unit", named[0].name)
            if len(named) > 1:
                params.setdefault("target", named[1].name)
        elif to is None:
            to = EVERYONE
        # The result's letter read as `_value_`: `value` is a property (two calls on 3.11).
        self.events.append(Event(self.number, self.phase, code, message, params, to, card,
                                 outcome._value_ if outcome is not None else None))

    def witnesses(self, units: Iterable[Unit]) -> frozenset[Side]:
        """The sides that see every one of `units` (sees, asked of the enemy's eyes alone: a
        side always sees its own units). The units come in one argument, not as *units: on
        Python 3.11 a call that packs its arguments is not inlined (for every event)."""
        seen_by = EVERYONE
        plain_sight = not self.night and not self.effects
        for unit in units:
            # Alive and not concealed, read off the fields (most events name such a unit, and a
            # property is a call each): as sees answers it, nothing but fog and night hides it.
            if plain_sight and unit.status is not DESTROYED and not unit.hidden \
                    and unit.ambush is None:
                continue
            enemy = unit.side.other
            if enemy in seen_by and not self.sees(enemy, unit):
                seen_by = seen_by & ONLY[unit.side]
        return seen_by

    def fizzle(self, caster: Caster, label: str, reason: str) -> None:
        """A spell whose aim no longer holds when its turn comes; only the caster's side learns
        why (the reason may name what the enemy cannot see)."""
        self.say("fizzles", _("%(caster)s casts %(spell)s in vain: %(reason)s."),
                 caster=caster.name, spell=label, reason=reason, to=frozenset({caster.side}))

    def characters_lose(self, unit: Unit) -> None:
        """Reference, ruling: "when a character's unit is destroyed, the character rolls d6:
        1–2 it is killed, 3–6 it escapes to its side's reserve". Seed 000's casters, in a
        battle without seed 001's modules, just stand in the reserve as they always did (no
        roll, so its dice stay as they were)."""
        if not self.start.scenario.modules.any_on:
            return
        for character in list(self.casters.values()):
            if character.unit != unit.key or character.killed:
                continue
            roll = self.dice.roll("1d6", purpose=_("Fate of %(character)s"),
                                  character=character.name).total
            killed = roll <= 2
            self.casters[character.key] = replace(character, unit=None, killed=killed)
            to = frozenset({character.side}) | frozenset(s for s in SIDES if self.sees(s, unit))
            if killed:
                self.say("character_killed", _("%(character)s falls with %(unit)s (%(roll)s)."),
                         to=to, character=character.name, unit=unit.name, roll=roll)
            else:
                self.say("character_escapes", _("%(character)s escapes from %(unit)s to the "
                         "reserve (%(roll)s)."), to=to, character=character.name,
                         unit=unit.name, roll=roll)

    def engaged(self, unit: Unit) -> bool:
        # visibility.engaged_among, reading only the unit's sector off the index.
        # On the field, and an enemy there not concealed: read off the fields, as `at` does.
        if unit.status is DESTROYED or unit.position == RESERVE:
            return False
        for enemy in self.units.living(unit.position, unit.side.other):
            if not enemy.hidden and enemy.ambush is None:
                return True
        return unit.side is ATTACKER and self.terrain.fortification(unit.position) is not None

    def reveal(self, unit: Unit, message: str) -> Unit:
        unit = quick_replace(unit, hidden=False)
        self.units[unit.key] = unit
        self.say("revealed", message, unit)
        return unit

    def sides_in_order(self) -> tuple[Side, Side]:
        if self.initiative is None:
            raise RuntimeError("initiative is rolled first")
        return _IN_ORDER[self.initiative]
