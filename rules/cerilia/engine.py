"""One round of a sector battle: initiative, movement, battle magic, missile, charge, melee,
morale and retreats, the end check (reference/battle-cores.md §1.4, with seed 000's terrain
cards and spells). `deploy` plays phase 0; `resolve_round` every round after it."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.cerilia import magic
from rules.cerilia.cards import FORTIFICATION_DEFENDERS, SIGNS, Tag
from rules.cerilia.deck import Result, column, draw, result
from rules.cerilia.field import (
    RESERVE,
    SECTORS,
    Side,
    adjacent,
    distance,
    edge,
    fall_back_step,
    is_sector,
    straight_edges,
)
from rules.cerilia.orders import HOLD, Deployment, RoundOrders
from rules.cerilia.state import (
    DIRECTED_TERRAIN,
    HELD_TERRAIN,
    NO_CHARGE_TERRAIN,
    STOPPING_TERRAIN,
    TERRAIN_LABELS,
    BattleState,
    EffectKind,
    Terrain,
    TerrainKind,
    Unit,
    UnitStatus,
)
from rules.cerilia.visibility import fogged, visible
from rules.dice import Dice, Roll
from rules.errors import _

MELEE, CHARGE, MISSILE = "melee", "charge", "missile"
ATTACK_LABELS = {MELEE: _("melee"), CHARGE: _("charge"), MISSILE: _("missile")}
# Seed 000 gives no size for "Ездовые Отряды получают штраф ... в секторе с Болотами": our -1.
SWAMP_PENALTY = 1
FORTIFICATION = "fortification"   # the key an empty fortification fights under


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


@dataclass
class _Attack:
    attacker: str
    target: str
    kind: str


class Round:
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
                and position not in self.held and not self.at(position, unit.side.other):
            # "Все Отряды, которые первыми заняли Холмы (Скалы) прежде Отрядов Противника".
            # Illusory hills are held too, so the enemy's view cannot tell them from real ones;
            # the bonuses look at the real terrain only.
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
        self.say("initiative", _("Initiative to %(side)s (%(attacker)s against %(defender)s): "
                 "they act first."), side=self.initiative.value,
                 attacker=rolls[Side.ATTACKER], defender=rolls[Side.DEFENDER])

    # -- movement -------------------------------------------------------------------------

    def move(self) -> None:
        self.phase = "movement"
        for side in self.sides_in_order():
            for key, path in self.orders[side].moves.items():
                unit = self.units.get(key)
                # Only its own units, and no further than their movement points: the orders
                # reach the engine as submitted (orders.order_violations reports the same).
                if unit is not None and unit.side is side and unit.alive and path:
                    self.move_unit(unit, tuple(path)[:unit.card.movement])
        self.reveal_by_scouts()

    def move_unit(self, unit: Unit, path: tuple[str, ...]) -> None:
        if unit.on_field and self.engaged(unit):
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
        if step != RESERVE and self.fortification(step) and unit.side is Side.ATTACKER \
                and unit.has(Tag.MOUNTED):
            # "Ездовые Отряды Атакующего Игрока не могут войти в сектор с Укреплением".
            return _("mounted units cannot enter the fortification")
        if self.free_cell(step, unit.side) is None:
            return _("no free cell")
        return None

    def stops_in(self, unit: Unit, sector: str) -> bool:
        if unit.has(Tag.FREE_MOVEMENT):
            return False
        kinds = {t.kind for t in self.terrain if t.sector == sector}
        # Forest: "Ездовые Отряды ... должны совершить остановку"; swamp and hills: "Все Отряды".
        return bool(kinds & STOPPING_TERRAIN) or (TerrainKind.FOREST in kinds
                                                  and unit.has(Tag.MOUNTED))

    def engaged(self, unit: Unit) -> bool:
        if not unit.on_field:
            return False
        if self.at(unit.position, unit.side.other):
            return True
        return unit.side is Side.ATTACKER and self.fortification(unit.position) is not None \
            and not self.at(unit.position, Side.DEFENDER, hidden=True)

    def reveal(self, unit: Unit, message: str) -> Unit:
        unit = replace(unit, hidden=False)
        self.units[unit.key] = unit
        self.say("revealed", message, unit)
        return unit

    def reveal_by_scouts(self) -> None:
        # "Только Отряд Разведчиков может обнаружить сокрытый Отряд."
        for unit in list(self.units.values()):
            if unit.hidden and unit.on_field and any(
                    s.has(Tag.SCOUT) for s in self.at(unit.position, unit.side.other)):
                self.reveal(unit, _("Scouts find %(unit)s."))

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

    # -- attacks --------------------------------------------------------------------------

    def attack_value(self, attacker: Unit, kind: str, target: Unit | None) -> int:
        value = {MELEE: attacker.card.melee, CHARGE: attacker.card.charge,
                 MISSILE: attacker.card.missile}[kind] or 0
        sector = attacker.position
        if any(e.kind is EffectKind.BLESS and e.unit == attacker.key for e in self.effects):
            value += 1   # "бонус +1 ко всем Параметрам Атаки"
        if self.night:
            value += attacker.card.night_bonus
        holds = self.held.get(sector) is attacker.side
        target_dwarven = target is not None and target.has(Tag.DWARVEN)
        if holds and self.has_terrain(sector, TerrainKind.HILLS) and not target_dwarven:
            value += 1   # Hills: "+1 к ... всех видов Боя"; "Отряды Дворфов игнорируют бонусы"
        if holds and self.has_terrain(sector, TerrainKind.CLIFFS) and kind == MELEE:
            value += 1   # Cliffs: "+1 к их Показателям Ближнего Боя и Защиты"
        if attacker.side is Side.DEFENDER and attacker.has(Tag.ELVEN) and kind in (MELEE, MISSILE) \
                and self.has_terrain(sector, TerrainKind.FOREST):
            value += 1   # "дружественные Эльфийские Отряды ... +1 к ... Ближнего Боя и Дистанционной"
        if kind == MELEE and attacker.has(Tag.MOUNTED) \
                and self.has_terrain(sector, TerrainKind.SWAMP):
            value -= SWAMP_PENALTY
        if kind == MISSILE and target is not None \
                and self.has_terrain(target.position, TerrainKind.FOREST) \
                and not self.has_terrain(sector, TerrainKind.FOREST):
            value -= 2   # "Все Дистанционные Атаки, которые направлены в данный сектор получают -2"
        return value

    def defense_value(self, target: Unit, attacker: Unit | None) -> int:
        value = target.card.defense
        sector = target.position
        holds = self.held.get(sector) is target.side
        if holds and self.has_terrain(sector, TerrainKind.HILLS) \
                and not (attacker is not None and attacker.has(Tag.DWARVEN)):
            value += 1
        if holds and self.has_terrain(sector, TerrainKind.CLIFFS):
            value += 1
        if target.has(Tag.MOUNTED) and self.has_terrain(sector, TerrainKind.SWAMP):
            value -= SWAMP_PENALTY
        fort = self.fortification(sector)
        if fort is not None and target.side is Side.DEFENDER \
                and not (attacker is not None and attacker.has(Tag.ARTILLERY)):
            # "заменяется на Уровень Укрепления, либо изменяется на +1 ... что будет выше.
            # Артиллерия Противника игнорирует данные бонусы к Защите."
            value = max(fort.level, value + fort.bonus)
        return value

    def fortification_unit(self, sector: str) -> Unit:
        """An empty fortification "считается за 1 Отряд Иррегулярных Войск"."""
        fort = self.fortification(sector)
        return Unit(FORTIFICATION, Side.DEFENDER, FORTIFICATION_DEFENDERS,
                    str(_("the fortification")), fort.hits, sector, 0)

    def resolve(self, attacks: list[_Attack]) -> None:
        """Draw a card for each attack, then apply the results together (an exchange is
        simultaneous)."""
        outcomes = []
        for attack in attacks:
            attacker = self.combatant(attack.attacker, attack.target)
            target = self.combatant(attack.target, attack.attacker)
            difference = self.attack_value(attacker, attack.kind, target) \
                - (self.defense_value(target, attacker) if target.key != FORTIFICATION
                   else FORTIFICATION_DEFENDERS.defense)
            card, self.deck = draw(self.dice, self.deck, purpose=_("Battle card: %(unit)s "
                                   "attacks %(target)s"), unit=attacker.name, target=target.name)
            outcome = result(card, difference)
            self.say("attack", _("%(unit)s attacks %(target)s (%(attack)s, column %(column)+d): "
                     "card %(card_no)s, %(result)s."), attacker, target, card=card,
                     outcome=outcome, attack=ATTACK_LABELS[attack.kind], column=column(difference),
                     card_no=card, result=outcome.value)
            # Where the attacker stood when it struck: an earlier result of this same exchange
            # may move it before its blow is applied.
            outcomes.append((attack, outcome, attacker.position))
        for attack, outcome, sector in outcomes:
            if attack.target == FORTIFICATION:
                self.strike_fortification(sector, outcome)
            else:
                self.apply(self.units[attack.target], outcome)

    def combatant(self, key: str, other: str) -> Unit:
        if key == FORTIFICATION:
            return self.fortification_unit(self.units[other].position)
        return self.units[key]

    def can_attack(self, unit: Unit) -> bool:
        # A routed unit "may not attack" the round it routs and the next (reference §1.7).
        return unit.alive and unit.on_field and unit.status is not UnitStatus.ROUTED

    def missile_target_ok(self, shooter: Unit, target: Unit) -> bool:
        if target.side is shooter.side or not target.on_field or not self.sees(shooter.side,
                                                                                target):
            return False
        a, b = shooter.position, target.position
        if distance(a, b) > shooter.card.missile_range:
            return False
        if self.has_terrain(b, TerrainKind.CLIFFS):
            return False   # Cliffs: "не могут быть ... обстреляны с помощью Дистанционной Атаки"
        if a != b and (fogged(self.state(), a) or fogged(self.state(), b)):
            return False   # Fog: "в него и из него нельзя направлять Дальнобойные Атаки"
        # Walls: "Перемещения, а также Дальнобойные Атаки запрещены между сектором ... и сектором"
        walls = {edge(e.sector, e.toward) for e in self.effects if e.kind is EffectKind.WALL}
        return not any(crossing in walls for crossing in straight_edges(a, b))

    def shoot(self) -> None:
        self.phase = "missile"
        attacks = []
        for side in self.sides_in_order():
            for shooter in self.side_units(side):
                if shooter.card.missile is None or not self.can_attack(shooter):
                    continue
                target = self.chosen_target(shooter)
                if shooter.hidden and target is None:
                    # Firing reveals it ("Атака со стороны Невидимого Отряда приведет к его
                    # раскрытию"): an invisible unit shoots only when its side orders it to.
                    continue
                if target is None or not self.missile_target_ok(shooter, target):
                    options = [u for u in self.side_units(side.other)
                               if self.missile_target_ok(shooter, u)]
                    target = min(options, key=lambda u: (distance(shooter.position, u.position),
                                                         SECTORS.index(u.position), u.cell),
                                 default=None)
                if target is not None:
                    shooter = self.unhide_to_attack(shooter)
                    attacks.append(_Attack(shooter.key, target.key, MISSILE))
        self.resolve(attacks)

    def chosen_target(self, unit: Unit) -> Unit | None:
        key = self.orders[unit.side].targets.get(unit.key)
        target = self.units.get(key) if key else None
        return target if target is not None and target.alive else None

    def unhide_to_attack(self, unit: Unit) -> Unit:
        if unit.hidden:
            # "Атака со стороны Невидимого Отряда приведет к его раскрытию."
            return self.reveal(unit, _("%(unit)s attacks and is seen."))
        return unit

    def side_units(self, side: Side) -> list[Unit]:
        return [u for u in self.units.values() if u.side is side and u.alive]

    def charge(self) -> None:
        self.phase = "charge"
        attacks = []
        for side in self.sides_in_order():
            for key, travelled in self.charging.items():
                unit = self.units[key]
                if unit.side is not side or not self.can_attack(unit):
                    continue
                sector = unit.position
                kinds = {t.kind for t in self.terrain if t.sector == sector}
                # Forest, swamp, hills, cliffs: "не могут быть атакованы Кавалерийской Атакой";
                # fog: "из сектора, в сектор, или через сектор, покрытый Туманом"; the attacker's
                # "не могут поражать Кавалерийской Атакой в данный сектор, пока Укрепление
                # действует и не разрушено".
                blocked = bool(kinds & NO_CHARGE_TERRAIN) \
                    or any(fogged(self.state(), s) for s in travelled if s != RESERVE) \
                    or (side is Side.ATTACKER and self.fortification(sector) is not None)
                enemies = self.at(sector, side.other)
                if blocked or not enemies:
                    self.say("no_charge", _("%(unit)s cannot charge here and fights on foot."),
                             unit)
                    continue
                attacks.append(_Attack(key, enemies[0].key, CHARGE))
        self.charged = {a.attacker for a in attacks}
        self.resolve(attacks)

    def melee(self) -> None:
        self.phase = "melee"
        attacks = []
        for sector in SECTORS:
            sides = {side: [u for u in self.at(sector, side) if self.can_attack(u)]
                     for side in Side}
            targets = {side: self.at(sector, side) for side in Side}
            for side in Side:
                hidden_attackers = [u for u in self.at(sector, side, hidden=True) if u.hidden
                                    and self.can_attack(u)
                                    and self.orders[side].targets.get(u.key) in
                                    {t.key for t in targets[side.other]}]
                for unit in hidden_attackers:
                    sides[side].append(self.unhide_to_attack(unit))
            fort_fights = self.fortification(sector) is not None and not self.at(
                sector, Side.DEFENDER, hidden=True) and targets[Side.ATTACKER]
            if fort_fights:
                targets[Side.DEFENDER] = [self.fortification_unit(sector)]
                sides[Side.DEFENDER] = []
                attacks.append(_Attack(FORTIFICATION, targets[Side.ATTACKER][0].key, MELEE))
            for side in self.sides_in_order():
                enemies = targets[side.other]
                if not enemies:
                    continue
                for index, unit in enumerate(u for u in sides[side]
                                             if u.key not in self.charged):
                    target = self.chosen_target(unit)
                    if target is None or target.key not in {e.key for e in enemies}:
                        target = enemies[min(index, len(enemies) - 1)]
                    attacks.append(_Attack(unit.key, target.key, MELEE))
        self.resolve(attacks)

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
        in_fort = unit.side is Side.DEFENDER and self.fortification(unit.position) is not None
        if in_fort:
            # "Дружественные Отряды игнорируют результаты F и R и остаются в секторе с
            # Укреплением, но все равно получают 1 Повреждение при результате R."
            self.say("holds_fortification", _("%(unit)s holds the fortification."), unit)
            if outcome is Result.ROUT:
                self.lose_hit(unit, morale=False)
            return
        if outcome is Result.ROUT:
            unit = replace(unit, status=UnitStatus.ROUTED, routed_in=self.number)
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
        unit = replace(unit, hits=unit.hits - 1)
        self.units[unit.key] = unit
        if unit.hits <= 0:
            self.destroy(unit, _("%(unit)s loses its last hit and is destroyed."))
        else:
            self.say("hit", _("%(unit)s takes a hit (%(hits)s left)."), unit, hits=unit.hits)
            if morale:
                self.hit.add(unit.key)

    def destroy(self, unit: Unit, message: str, **params) -> None:
        # Told to the sides that saw the unit before it fell: a unit lost in fog or night,
        # unseen by the enemy, must not show up in the enemy's events.
        to = frozenset(s for s in Side if self.sees(s, unit))
        self.units[unit.key] = replace(unit, status=UnitStatus.DESTROYED, hits=0)
        self.say("destroyed", message, unit, to=to, **params)

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
                    self.hidden_struck.add(lurking[0].key)
                    self.destroy(unit, _("%(unit)s runs into an unseen enemy and is "
                                         "destroyed."))
                    self.reveal(lurking[0], _("%(unit)s strikes from hiding and is seen."))
                    return self.units[unit.key]
            if self.free_cell(step, unit.side) is not None:
                unit = self.put(unit, step)
                self.say("falls_back", _("%(unit)s falls back to %(sector)s."), unit,
                         sector=step)
                return unit
            here = step   # no cell free among its own: it falls back further

    def strike_fortification(self, sector: str, outcome: Result) -> None:
        fort = self.fortification(sector)
        if fort is None or outcome in (Result.NONE, Result.FALL_BACK):
            return
        hits = 0 if outcome is Result.DESTROYED else fort.hits - 1
        self.terrain.remove(fort)
        if hits > 0:
            self.terrain.append(replace(fort, hits=hits))
            self.say("fortification_hit", _("The fortification in %(sector)s takes a hit."),
                     sector=sector)
        else:
            # "В случае Уничтожения Укрепления, данная Карточка будет снята с Поля Боя."
            self.say("fortification_destroyed", _("The fortification in %(sector)s is "
                     "destroyed."), sector=sector)

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
            if not self.at(sector, side, hidden=True):
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
                self.say("withdraws", _("Withdrawal: %(side)s leave the field."), side=side.value)
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
    # "Защитнику также необходимо указать одно направление" — for cliffs and river only.
    terrain = [replace(t, toward=defender.directions.get(t.sector, t.toward))
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

