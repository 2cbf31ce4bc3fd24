"""Resolving one kingdom turn for the armies (seed 003, "ВОЙСКОВЫЕ ЗАНЯТИЯ", conditions; reference
army_activities and kingdom_links): the start of the turn, Upkeep, the leadership step, the army
activities in the players' order, idle armies recovering, and kingdom level-ups.

`resolve_turn` is pure: the same input and seed give the same outcome and roll log.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.degrees import Degree, check, flat_check
from rules.dice import Dice, Roll
from rules.errors import Violation, _
from rules.kingmaker import activities as act
from rules.kingmaker.activities import ActivityKind, Affliction, Garrisoned, Order, TurnArmy
from rules.kingmaker.army import stat_block
from rules.kingmaker.conditions import (
    VALUED,
    Condition,
    ConditionState,
    after_idle_turn,
    as_mapping,
    from_mapping,
    gain,
    reduce,
)
from rules.kingmaker.gear import GearKind
from rules.kingmaker.hexes import normalize_hex, same_hex
from rules.kingmaker.levels import MAX_LEVEL
from rules.kingmaker.preview import check_spec, check_statistic, recruited_state
from rules.kingmaker.tactics import find_tactic
from rules.kingmaker.templates import code_for
from rules.kingmaker.upkeep import (
    breaks_from_hunger,
    kingdom_army_consumption,
    ruin_to_raise,
)
from rules.modifiers import Modifier

# Pathfinder 2e kingdom rules: a kingdom gains a level at 1,000 XP and keeps the rest.
XP_PER_LEVEL = 1000


@dataclass(frozen=True)
class Event:
    code: str
    message: str
    params: Mapping[str, Any] = field(default_factory=dict)
    army: int | None = None


@dataclass(frozen=True)
class CheckDetail:
    skill: str
    modifiers: tuple[Modifier, ...]
    modifier: int
    dc: int
    dc_parts: tuple[tuple[str, int], ...]
    roll: Roll
    degree: Degree


@dataclass(frozen=True)
class ActivityResult:
    order: int
    kind: ActivityKind
    army: int | None
    status: str  # resolved, rejected or skipped
    check: CheckDetail | None = None
    cost_rp: int = 0
    violations: tuple[Violation, ...] = ()
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class UpkeepResult:
    consumption: int
    food_before: int
    paid: bool
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class BattleRequest:
    """An Offensive Gambit's battle, fought right after the kingdom turn."""

    order: int
    hex: str
    attackers: tuple[int, ...]
    defenders: tuple[int, ...]
    attacker_initiative: int = 0
    defender_initiative: int = 0
    # Critical success: "one enemy army there becomes shaken 1" as the battle begins (another
    # kingdom's army is only touched by the battle that involves it).
    shaken_defender: int | None = None


@dataclass(frozen=True)
class Recruited:
    order: int
    army: TurnArmy


@dataclass(frozen=True)
class KingdomTurnInput:
    number: int
    kingdom: act.KingdomSheet
    armies: tuple[TurnArmy, ...]
    orders: tuple[Order, ...] = ()
    foreign_armies: tuple[act.ForeignArmy, ...] = ()
    # Armies that fought in a battle scene since the kingdom's last turn: they do not rest.
    fought: frozenset[int] = frozenset()
    ruin_choice: str = ""


@dataclass(frozen=True)
class KingdomTurnOutcome:
    number: int
    seed: int
    kingdom: act.KingdomSheet
    armies: tuple[TurnArmy, ...]
    recruited: tuple[Recruited, ...]
    activities: tuple[ActivityResult, ...]
    upkeep: UpkeepResult
    events: tuple[Event, ...]
    battles: tuple[BattleRequest, ...]
    rolls: tuple[Roll, ...]


def resolve_turn(turn: KingdomTurnInput, seed: int) -> KingdomTurnOutcome:
    return _Resolution(turn, Dice(seed)).run()


@dataclass
class _Exercises:
    """Warfare Exercises' effect on this turn's army activities."""

    bonus_all: int = 0
    bonus_next: int = 0
    soften_next_critical_failure: bool = False
    worsen_next_failure: bool = False


class _Resolution:
    def __init__(self, turn: KingdomTurnInput, dice: Dice):
        self.turn = turn
        self.dice = dice
        self.kingdom = turn.kingdom
        self.armies: dict[int, TurnArmy] = {a.key: a for a in turn.armies}
        self.recruited: list[Recruited] = []
        self.results: list[ActivityResult] = []
        self.events: list[Event] = []
        self.battles: list[BattleRequest] = []
        self.foreign_armies = {f.key: f for f in turn.foreign_armies}
        self.acted: set[int] = set()
        self.recruiting_blocked = False
        self.exercises = _Exercises()

    # -- phases ---------------------------------------------------------------------------------

    def run(self) -> KingdomTurnOutcome:
        self._start_of_turn()
        upkeep = self._upkeep()
        orders = self.turn.orders
        for order in orders:
            if order.kind in act.LEADERSHIP:
                self._resolve(order)
        # Seed 003: "каждое войско ... может выполнить одно из войсковых занятий": the slot rules are
        # checked again here, so an army never acts twice whatever orders reach the resolution.
        accepted: list[Order] = []
        refused: list[ActivityResult] = []
        for order in orders:
            if order.kind in act.LEADERSHIP:
                continue
            slot = act.order_slot_violations(order, tuple(accepted))
            if slot:
                refused.append(self._skipped(order, slot[0]))
            else:
                accepted.append(order)
        seconds = {o.army: o for o in accepted if o.second}
        for order in accepted:
            if not order.second:
                self._resolve(order)
                self._after_first_activity(order, seconds.pop(order.army, None))
        for order in seconds.values():  # a second activity with no first one
            self.results.append(self._skipped(order, Violation(
                "second_without_first", _("A second activity needs a first one."), "second")))
        self.results += refused
        self._efficiency_lapses()
        self._idle_armies()
        self._level_up()
        return KingdomTurnOutcome(
            number=self.turn.number, seed=self.dice.seed, kingdom=self.kingdom,
            armies=tuple(self.armies[a.key] for a in self.turn.armies),
            # The recruited armies as they end the turn (a level-up raises them too).
            recruited=tuple(replace(r, army=self.armies[r.army.key]) for r in self.recruited),
            activities=tuple(self.results), upkeep=upkeep,
            events=tuple(self.events), battles=tuple(self.battles),
            rolls=tuple(self.dice.log))

    def _start_of_turn(self) -> None:
        for army in list(self.armies.values()):
            if army.active and army.garrisoned is Garrisoned.UNTIL_NEXT_TURN:
                # Garrison Army failure: "Fortified only until the next Kingdom turn starts".
                self._set(army, conditions=reduce(army.state.conditions, Condition.FORTIFIED),
                          garrisoned=Garrisoned.NO, garrison_relief=False)
                self.events.append(Event("garrison_ends", _("%(army)s is no longer fortified."),
                                         {"army": army.state.name}, army.key))

    def _upkeep(self) -> UpkeepResult:
        active = [a for a in self.armies.values() if a.active]
        consumption = kingdom_army_consumption(active, self.kingdom.settlement_hexes)
        food = self.kingdom.food
        if food >= consumption:
            self.kingdom = replace(self.kingdom, food=food - consumption)
            return UpkeepResult(consumption, food, True)
        # Seed 003: "Если вы не сможете оплатить потребление ..., ваше войско увеличит
        # измотанность и потрясение на 1." The Food there is eaten.
        self.kingdom = replace(self.kingdom, food=0)
        events = [Event("consumption_unpaid",
                        _("The kingdom could not pay %(consumption)s Food for its armies."),
                        {"consumption": consumption})]
        for army in active:
            conditions = gain(gain(army.state.conditions, Condition.WEARY), Condition.SHAKEN)
            army = self._set(army, conditions=conditions)
            events.append(Event("hungry", _("%(army)s goes hungry: weary and shaken +1."),
                                {"army": army.state.name}, army.key))
            if breaks_from_hunger(army):
                # "Войско, измотанность или потрясение которого достигнет 4 или более, немедленно
                # распущено. В этом случае беспорядки повышаются на 1d4, а один из типов раздора
                # (на выбор игроков) — на 1."
                # Not a Disband Army activity: "Если вы этого не сделаете, снаряжение будет потеряно."
                self._set(army, status="disbanded", gear=(), gear_paid_rp=())
                unrest = self.dice.roll("1d4", purpose=_("Unrest: %(army)s disbands"),
                                        army=army.state.name).total
                ruin = ruin_to_raise(self.kingdom.ruin, self.turn.ruin_choice)
                self.kingdom = replace(self.kingdom, unrest=self.kingdom.unrest + unrest,
                                       ruin={**self.kingdom.ruin,
                                             ruin: self.kingdom.ruin.get(ruin, 0) + 1})
                events.append(Event(
                    "disbanded_hungry",
                    _("%(army)s disbands from hunger: unrest +%(unrest)s, %(ruin)s +1."),
                    {"army": army.state.name, "unrest": unrest, "ruin": ruin}, army.key))
        return UpkeepResult(consumption, food, False, tuple(events))

    def _after_first_activity(self, first: Order, second: Order | None) -> None:
        """The army's second activity, if it is efficient now (else efficiency lapses at the end
        of the turn)."""
        if second is None:
            return
        army = self.armies.get(first.army) if first.army is not None else None
        if army is not None and army.active and army.has(Condition.EFFICIENT) and \
                first.army in self.acted:
            self._set(army, conditions=reduce(army.state.conditions, Condition.EFFICIENT))
            self._resolve(second)
        else:
            self.results.append(self._skipped(second, Violation(
                "not_efficient", _("The army was not efficient: no second activity."),
                "second")))

    def _efficiency_lapses(self) -> None:
        """"Если войско не воспользуется такой возможностью, то всё равно утратит состояние
        эффективности, но может уменьшить значение любого состояния на выбор на 1." Whatever made
        the army efficient (its first activity, a critical Recruit Army), it ends with the turn."""
        for army in list(self.armies.values()):
            if not army.active or not army.has(Condition.EFFICIENT):
                continue
            conditions = reduce(army.state.conditions, Condition.EFFICIENT)
            mapping = as_mapping(conditions)
            valued = [c for c in (Condition.WEARY, Condition.SHAKEN, Condition.MIRED)
                      if c in mapping and c in VALUED]
            if valued:
                worst = max(valued, key=lambda c: mapping[c])
                conditions = reduce(conditions, worst)
                self.events.append(Event(
                    "efficient_unused", _("%(army)s uses its efficiency to lower %(condition)s."),
                    {"army": army.state.name, "condition": worst.value}, army.key))
            self._set(army, conditions=conditions)

    def _idle_armies(self) -> None:
        # A gambit's battle queued this turn is fought after it: it counts against the next turn
        # (`fought`), not this one.
        for army in list(self.armies.values()):
            if not army.active or army.key in self.acted or army.key in self.turn.fought:
                continue
            # "Это состояние уменьшается на 1 в каждый ход королевства, в котором войско не
            # совершает войсковые занятия и не участвует в сценах битвы."
            rested = after_idle_turn(army.state.conditions)
            if rested != army.state.conditions:
                self._set(army, conditions=rested)
                self.events.append(Event("rested", _("%(army)s rests: weary and shaken -1."),
                                         {"army": army.state.name}, army.key))

    def _level_up(self) -> None:
        kingdom = self.kingdom
        while kingdom.xp >= XP_PER_LEVEL and kingdom.level < MAX_LEVEL:
            kingdom = replace(kingdom, level=kingdom.level + 1, xp=kingdom.xp - XP_PER_LEVEL)
            # "Когда ваше королевство повышает свой уровень, уровень повышают и все войска".
            self.events.append(Event("kingdom_level_up",
                                     _("The kingdom reaches level %(level)s; its armies follow."),
                                     {"level": kingdom.level}))
        if kingdom.level != self.kingdom.level:
            for army in list(self.armies.values()):
                self._set(army, level=kingdom.level)
            self.kingdom = kingdom

    # -- one order ------------------------------------------------------------------------------

    def _situation(self) -> act.Situation:
        return act.Situation(turn=self.turn.number, kingdom=self.kingdom, armies=self.armies,
                             foreign_armies=self.foreign_armies,
                             recruiting_blocked=self.recruiting_blocked)

    def _skipped(self, order: Order, violation: Violation) -> ActivityResult:
        return ActivityResult(order.key, order.kind, order.army, "skipped",
                              violations=(violation,))

    def _resolve(self, order: Order) -> None:
        violations = act.order_violations(self._situation(), order)
        if violations:
            self.results.append(ActivityResult(order.key, order.kind, order.army, "rejected",
                                               violations=tuple(violations)))
            return
        self._events: list[Event] = []
        self._cost = 0
        detail = _HANDLERS[order.kind](self, order)
        if order.army is not None:
            self.acted.add(order.army)
        self.results.append(ActivityResult(order.key, order.kind, order.army, "resolved", detail,
                                           self._cost, (), tuple(self._events)))

    def _army_of(self, order: Order) -> TurnArmy:
        if order.army is None:  # order_violations requires an army for army activities
            raise ValueError(f"{order.kind} needs an army")
        return self.armies[order.army]

    def _say(self, code: str, message: str, army: TurnArmy | None = None, **params: Any) -> None:
        if army is not None:
            params.setdefault("army", army.state.name)
        self._events.append(Event(code, message, params, army.key if army else None))

    def _set(self, army: TurnArmy, *, level: int | None = None, **changes: Any) -> TurnArmy:
        state_changes = {k: changes.pop(k) for k in ("conditions", "hp", "hex", "tactics", "gear")
                         if k in changes}
        if level is not None:
            state_changes["level"] = level
        state = replace(army.state, **state_changes) if state_changes else army.state
        if Condition.DESTROYED in as_mapping(state.conditions):
            # Seed 003: "Если войско со снаряжением уничтожено, то уничтожается и всё его снаряжение."
            changes["status"] = "destroyed"
            state = replace(state, gear=())
            changes["gear_paid_rp"] = ()
        army = replace(army, state=state, **changes)
        self.armies[army.key] = army
        return army

    def _check(self, order: Order) -> CheckDetail:
        """Roll the check `order` takes (preview.check_spec says which, with which modifiers)."""
        spec = check_spec(self._situation(), order)
        if spec is None:  # only the activities that roll come here
            raise ValueError(f"{order.kind} rolls no check")
        army = spec.army
        bonus = 0
        if army is not None:
            bonus = self.exercises.bonus_all or self.exercises.bonus_next
            if bonus:
                self.exercises.bonus_next = 0
        statistic = check_statistic(self._situation(), order, spec, bonus)
        purpose, who = (_("%(kind)s: %(skill)s (%(army)s)"), {"army": army.state.name}) \
            if army else (_("%(kind)s: %(skill)s"), {})
        result = check(self.dice, modifier=statistic.total, dc=spec.dc, purpose=purpose,
                       kind=order.kind.value, skill=spec.skill, **who)
        degree = result.degree
        if army is not None:
            degree = self._exercised(degree)
        return CheckDetail(spec.skill, statistic.applied, statistic.total, spec.dc,
                           spec.dc_parts, result.roll, degree)

    def _exercised(self, degree: Degree) -> Degree:
        if degree is Degree.CRITICAL_FAILURE and self.exercises.soften_next_critical_failure:
            self.exercises.soften_next_critical_failure = False
            return Degree.FAILURE
        if degree is Degree.FAILURE and self.exercises.worsen_next_failure:
            self.exercises.worsen_next_failure = False
            return Degree.CRITICAL_FAILURE
        return degree

    def _unrest(self, amount: int) -> None:
        self.kingdom = replace(self.kingdom, unrest=self.kingdom.unrest + amount)
        self._say("unrest", _("Unrest +%(amount)s."), None, amount=amount)

    def _efficient(self, order: Order, army: TurnArmy) -> TurnArmy:
        # "Второе войсковое занятие ... не может снова дать состояние эффективности."
        if order.second:
            return army
        self._say("efficient", _("%(army)s becomes efficient."), army)
        return self._set(army, conditions=gain(army.state.conditions, Condition.EFFICIENT))

    def _lose_hp(self, army: TurnArmy, dc: int, purpose: str) -> TurnArmy:
        """`purpose` is a msgid with an %(army)s parameter."""
        flat = flat_check(self.dice, dc=dc, purpose=purpose, army=army.state.name)
        if flat.success:
            return army
        return self._damage(army)

    def _damage(self, army: TurnArmy) -> TurnArmy:
        """1 damage outside battle, with what taking damage sets off."""
        mapping = as_mapping(army.state.conditions)
        name = army.state.name
        if Condition.DEFEATED in mapping:
            # Reference "Flat checks in warfare": "defeated army taking damage: DC 16 (else
            # destroyed)".
            if not flat_check(self.dice, dc=16, purpose=_("Defeated army takes damage (%(army)s)"),
                              army=name).success:
                self._say("destroyed", _("%(army)s is destroyed."), army)
                return self._set(army, conditions=gain(army.state.conditions,
                                                       Condition.DESTROYED))
            return army
        hp = max(stat_block(army.state).hp - 1, 0)
        conditions = army.state.conditions
        self._say("hp_lost", _("%(army)s loses 1 HP."), army)
        if Condition.SHAKEN in mapping and not flat_check(
                self.dice, dc=11, purpose=_("Shaken army takes damage (%(army)s)"),
                army=name).success:
            # Seed 003: "При получении урона потрясённое войско должно пройти чистую проверку со
            # СЛ 11. При провале потрясение увеличится на 1."
            conditions = gain(conditions, Condition.SHAKEN)
            self._say("shaken_more", _("%(army)s is shaken further: shaken +1."), army)
        if hp == 0:
            conditions = gain(conditions, Condition.DEFEATED)
        return self._set(army, hp=hp, conditions=conditions)

    # -- the activities -------------------------------------------------------------------------

    def _recruit(self, order: Order) -> CheckDetail:
        params = order.params_as(act.RecruitArmy)
        new = recruited_state(self._situation(), params)
        detail = self._check(order)
        if detail.degree >= Degree.SUCCESS:
            conditions: tuple[ConditionState, ...] = ()
            if detail.degree is Degree.CRITICAL_SUCCESS:
                conditions = from_mapping({Condition.EFFICIENT: 0})
            army = TurnArmy(key=-order.key, state=replace(new, conditions=conditions),
                            faction=params.faction)
            self.armies[army.key] = army
            self.recruited.append(Recruited(order.key, army))
            self._say("recruited", _("%(army)s joins the kingdom."), army)
            if conditions:
                self._say("efficient", _("%(army)s becomes efficient."), army)
        elif detail.degree is Degree.FAILURE:
            self._say("no_recruits", _("No army joins."))
        else:
            self.recruiting_blocked = True
            self._say("recruits_offended",
                      _("The recruits are offended: no more recruiting this turn."))
            self._unrest(1)
        return detail

    def _warfare_exercises(self, order: Order) -> CheckDetail:
        detail = self._check(order)
        bonus = 3 if self.kingdom.level >= 15 else 2 if self.kingdom.level >= 9 else 1
        if detail.degree is Degree.CRITICAL_SUCCESS:
            self.exercises.bonus_all = bonus
            self.exercises.soften_next_critical_failure = True
            self._say("exercises_all", _("Army activities this turn: +%(bonus)s."), bonus=bonus)
        elif detail.degree is Degree.SUCCESS:
            self.exercises.bonus_next = bonus
            self._say("exercises_first", _("The first army activity: +%(bonus)s."), bonus=bonus)
        elif detail.degree is Degree.CRITICAL_FAILURE:
            self.exercises.worsen_next_failure = True
            self._say("exercises_botched",
                      _("The next failed army activity becomes a critical failure."))
        return detail

    def _train(self, order: Order) -> CheckDetail:
        params = order.params_as(act.TrainArmy)
        army = self._army_of(order)
        detail = self._check(order)
        if detail.degree >= Degree.SUCCESS:
            tactic = find_tactic(params.tactic)
            tactics = list(army.state.tactics)
            if params.replaces:
                tactics.remove(code_for(params.replaces))
            army = self._set(army, tactics=(*tactics, tactic.code))
            self._say("tactic_learned", _("%(army)s learns %(tactic)s."), army, tactic=tactic.name)
            if detail.degree is Degree.CRITICAL_SUCCESS:
                self._efficient(order, army)
        elif detail.degree is Degree.FAILURE:
            self._say("tactic_not_learned", _("%(army)s does not learn the tactic."), army)
        else:
            self._set(army, conditions=gain(army.state.conditions, Condition.WEARY))
            self._say("training_tires", _("%(army)s tires: weary +1."), army)
        return detail

    def _outfit(self, order: Order) -> CheckDetail:
        params = order.params_as(act.OutfitArmy)
        army = self._army_of(order)
        quote = act.outfit_quote(army, params.item)
        cost = 0 if params.captured else quote.cost_rp
        detail = self._check(order)
        if detail.degree is Degree.FAILURE:
            self._say("gear_unusable_refunded",
                      _("The gear is unusable; nothing is fitted and the RP is returned."), army)
            return detail
        self._cost = cost
        self.kingdom = replace(self.kingdom,
                               resource_points=self.kingdom.resource_points - cost)
        if detail.degree is Degree.CRITICAL_FAILURE:
            self._say("gear_unusable_lost",
                      _("The gear is unusable; nothing is fitted and %(cost)s RP is lost."), army,
                      cost=cost)
            return detail
        paid = {g.slot(): p for g, p in zip(army.state.gear, army.gear_paid_rp, strict=False)}
        slot = quote.item.slot()
        spent = cost + ((paid.get(slot) or 0) if quote.item.kind is GearKind.HEALING_POTIONS
                        else 0)
        paid[slot] = spent
        army = self._set(army, gear=quote.gear_after,
                         gear_paid_rp=tuple(paid.get(g.slot()) for g in quote.gear_after))
        self._say("gear_fitted", _("%(army)s is fitted with %(gear)s for %(cost)s RP."), army,
                  gear=quote.item.label(), cost=cost)
        if detail.degree is Degree.CRITICAL_SUCCESS:
            self._efficient(order, army)
        return detail

    def _deploy(self, order: Order) -> CheckDetail:
        params = order.params_as(act.DeployArmy)
        army = self._army_of(order)
        detail = self._check(order)
        degree = detail.degree
        if params.road:
            # "road between start and end improves the result one degree".
            degree = degree.shifted(+1)
            detail = replace(detail, degree=degree)
        # Deploying ends a garrison: "Fortified until next deployed".
        conditions = reduce(army.state.conditions, Condition.FORTIFIED)
        army = self._set(army, conditions=conditions, garrisoned=Garrisoned.NO,
                         garrison_relief=False)
        if params.forced_march:
            tired = 2 if degree <= Degree.FAILURE else 1
            army = self._set(army, conditions=gain(army.state.conditions, Condition.WEARY, tired))
            self._say("forced_march", _("%(army)s is worn by the forced march: weary +%(value)s."),
                      army, value=tired)
        if degree is Degree.CRITICAL_FAILURE:
            army = self._set(army, conditions=gain(army.state.conditions, Condition.LOST))
            self._say("army_lost", _("%(army)s gets lost on the way to %(hex)s."), army,
                      hex=params.destination)
            self._unrest(self.dice.roll("1d4", purpose=_("Unrest: %(army)s is lost"),
                                        army=army.state.name).total)
            self._lose_hp(army, 11, _("Deploy Army critical failure: flat check (%(army)s)"))
            return detail
        army = self._set(army, hex=normalize_hex(params.destination, "destination"))
        self._say("arrived", _("%(army)s arrives in %(hex)s."), army, hex=army.state.hex)
        if degree is Degree.CRITICAL_SUCCESS:
            self._efficient(order, army)
        elif degree is Degree.FAILURE:
            army = self._set(army, conditions=gain(army.state.conditions, Condition.WEARY))
            self._say("arrived_weary", _("%(army)s arrives weary: weary +1."), army)
            self._lose_hp(army, 6, _("Deploy Army failure: flat check (%(army)s)"))
        return detail

    def _recover(self, order: Order) -> CheckDetail:
        params = order.params_as(act.RecoverArmy)
        army = self._army_of(order)
        detail = self._check(order)
        steps = {Degree.CRITICAL_SUCCESS: 2, Degree.SUCCESS: 1}.get(detail.degree, 0)
        if detail.degree is Degree.CRITICAL_FAILURE:
            self._say("no_recovery", _("%(army)s does not recover."), army)
            self._unrest(1)
            if params.affliction is Affliction.DEFEATED:
                self._set(army, conditions=gain(army.state.conditions, Condition.DESTROYED))
                self._say("destroyed", _("%(army)s is destroyed."), army)
            return detail
        if not steps:
            self._say("no_recovery", _("%(army)s does not recover."), army)
            return detail
        affliction = params.affliction
        if affliction is Affliction.DAMAGED:
            block = stat_block(army.state)
            hp = min(block.hp + steps, block.max_hp)
            self._set(army, hp=hp)
            self._say("healed", _("%(army)s recovers to %(hp)s HP."), army, hp=hp)
        elif affliction is Affliction.DEFEATED:
            # "Recovering a defeated army restores it to 1 HP (which ends defeated)".
            self._set(army, hp=1, conditions=reduce(army.state.conditions, Condition.DEFEATED))
            self._say("rallied", _("%(army)s is back on its feet with 1 HP."), army)
        else:
            condition = Condition(affliction.value)
            self._set(army, conditions=reduce(army.state.conditions, condition, steps))
            self._say("recovered", _("%(army)s recovers: %(condition)s -%(steps)s."), army,
                      condition=condition.value, steps=steps if condition in VALUED else "")
            if affliction is Affliction.LOST:
                self._say("gm_places", _("The GM places %(army)s on the map."), army)
        return detail

    def _disband(self, order: Order) -> None:
        params = order.params_as(act.DisbandArmy)
        army = self._army_of(order)
        if params.gear_to is not None and army.state.gear:
            receiver = self.armies[params.gear_to]
            gear, paid = list(receiver.state.gear), list(receiver.gear_paid_rp)
            paid += [None] * (len(gear) - len(paid))
            for item, price in zip(army.state.gear, army.gear_paid_rp or
                                   (None,) * len(army.state.gear), strict=False):
                keep = [i for i, g in enumerate(gear) if g.slot() != item.slot()]
                gear, paid = [gear[i] for i in keep] + [item], [paid[i] for i in keep] + [price]
            self._set(receiver, gear=tuple(gear), gear_paid_rp=tuple(paid))
            self._say("gear_passed", _("%(army)s passes its gear to %(receiver)s."), army,
                      receiver=receiver.state.name)
        elif army.state.gear:
            self._say("gear_lost", _("%(army)s's gear is lost."), army)
        self._set(army, status="disbanded", gear=(), gear_paid_rp=())
        self._say("disbanded", _("%(army)s disbands."), army)

    def _garrison(self, order: Order) -> CheckDetail:
        army = self._army_of(order)
        detail = self._check(order)
        fortified = gain(army.state.conditions, Condition.FORTIFIED)
        if detail.degree >= Degree.SUCCESS:
            relief = detail.degree is Degree.CRITICAL_SUCCESS
            self._set(army, conditions=fortified, garrisoned=Garrisoned.UNTIL_DEPLOYED,
                      garrison_relief=relief)
            self._say("garrisoned", _("%(army)s is fortified until it deploys."), army)
            if relief:
                self._say("garrison_relief", _("%(army)s eats 2 Food less while garrisoned."),
                          army)
        elif detail.degree is Degree.FAILURE:
            self._set(army, conditions=fortified, garrisoned=Garrisoned.UNTIL_NEXT_TURN)
            self._say("garrisoned_briefly",
                      _("%(army)s is fortified only until the next kingdom turn."), army)
        else:
            ban = (army.state.hex, self.turn.number + act.GARRISON_BAN_TURNS)
            self._set(army, garrison_bans=(*army.garrison_bans, ban))
            self._say("garrison_refused",
                      _("%(army)s cannot garrison in %(hex)s for %(turns)s kingdom turns."), army,
                      hex=army.state.hex, turns=act.GARRISON_BAN_TURNS)
            self._unrest(1)
        return detail

    def _gambit(self, order: Order) -> CheckDetail | None:
        params = order.params_as(act.OffensiveGambit)
        army = self._army_of(order)
        target = self.foreign_armies[params.target]
        hex_ = army.state.hex
        if any(same_hex(b.hex, hex_) for b in self.battles):
            self._say("battle_already_set", _("A battle in %(hex)s is already set."), army,
                      hex=hex_)
            return None
        attackers = tuple(a.key for a in self.armies.values()
                          if a.active and same_hex(a.state.hex, hex_)
                          and not a.has(Condition.DEFEATED))
        defenders = tuple(f.key for f in self.foreign_armies.values()
                          if same_hex(f.hex, hex_) and f.kingdom == target.kingdom)
        detail, ours, theirs, shaken = None, 0, 0, None
        if params.approach is not act.Approach.ATTACK:
            detail = self._check(order)
            if detail.degree >= Degree.SUCCESS:
                ours = 2
                self._say("gambit_edge", _("Our armies in %(hex)s gain +2 to initiative."), army,
                          hex=hex_)
            if detail.degree is Degree.CRITICAL_SUCCESS:
                shaken = target.key
                self._say("gambit_shakes", _("%(target)s becomes shaken 1."), army,
                          target=target.name)
            if detail.degree is Degree.CRITICAL_FAILURE:
                theirs = 4
                self._say("gambit_exposed", _("The enemy in %(hex)s gains +4 to initiative."),
                          army, hex=hex_)
        self.battles.append(BattleRequest(order.key, hex_, attackers, defenders, ours, theirs,
                                          shaken))
        self._say("battle_queued", _("%(army)s attacks %(target)s in %(hex)s after this turn."),
                  army, target=target.name, hex=hex_)
        return detail


_HANDLERS = {
    ActivityKind.RECRUIT_ARMY: _Resolution._recruit,
    ActivityKind.WARFARE_EXERCISES: _Resolution._warfare_exercises,
    ActivityKind.TRAIN_ARMY: _Resolution._train,
    ActivityKind.OUTFIT_ARMY: _Resolution._outfit,
    ActivityKind.DEPLOY_ARMY: _Resolution._deploy,
    ActivityKind.RECOVER_ARMY: _Resolution._recover,
    ActivityKind.DISBAND_ARMY: _Resolution._disband,
    ActivityKind.GARRISON_ARMY: _Resolution._garrison,
    ActivityKind.OFFENSIVE_GAMBIT: _Resolution._gambit,
}
