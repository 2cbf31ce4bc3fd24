"""Resolving one kingdom turn for the armies (seed 003, "ВОЙСКОВЫЕ ЗАНЯТИЯ", conditions; reference
army_activities and kingdom_links): the start of the turn, Upkeep, the leadership step, the army
activities in the players' order, idle armies recovering, and kingdom level-ups. What each activity
does is its own module's (rules.kingmaker.activities); this is the turn around them.

`resolve_turn` is pure: the same input and seed give the same outcome and roll log.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from rules.degrees import Degree, check, flat_check
from rules.dice import Dice, Roll
from rules.errors import Violation, _
from rules.kingmaker import activities as act
from rules.kingmaker.activities import ACTIVITIES, ActivityKind, Garrisoned, Order, TurnArmy
from rules.kingmaker.activities.outcome import (
    BattleRequest,
    CheckDetail,
    Event,
    Exercises,
    Recruited,
)
from rules.kingmaker.army import stat_block
from rules.kingmaker.battle.setup import Light
from rules.kingmaker.campaign_map import CampaignMap
from rules.kingmaker.conditions import (
    VALUED,
    Condition,
    after_idle_turn,
    as_mapping,
    gain,
    reduce,
)
from rules.kingmaker.fog import KingdomView, MapArmy, ScoutingCheck, kingdom_fog
from rules.kingmaker.levels import MAX_LEVEL
from rules.kingmaker.preview import check_spec, check_statistic
from rules.kingmaker.upkeep import (
    breaks_from_hunger,
    kingdom_army_consumption,
    ruin_to_raise,
)
from rules.records import quick_replace

# Where code has always imported them from; they live with the activities that produce them.
__all__ = ["XP_PER_LEVEL", "ActivityResult", "BattleRequest", "CheckDetail", "Event",
           "KingdomTurnInput", "KingdomTurnOutcome", "Recruited", "UpkeepResult", "resolve_turn"]

# Pathfinder 2e kingdom rules: a kingdom gains a level at 1,000 XP and keeps the rest.
XP_PER_LEVEL = 1000


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
class KingdomTurnInput:
    number: int
    kingdom: act.KingdomSheet
    armies: tuple[TurnArmy, ...]
    orders: tuple[Order, ...] = ()
    foreign_armies: tuple[act.ForeignArmy, ...] = ()
    # Armies that fought in a battle scene since the kingdom's last turn: they do not rest.
    fought: frozenset[int] = frozenset()
    ruin_choice: str = ""
    campaign_map: CampaignMap | None = None  # None: the orders declare their hexes' facts
    seen_armies: frozenset[int] | None = None  # fog of war (Situation.seen_armies)
    # The other kingdoms' active armies on the map where they stood when the turn was locked
    # (this kingdom's own are read from `armies` after they moved; any of its own here are left
    # out): what its fog of war is computed from, with the turn's light.
    map_armies: tuple[MapArmy, ...] = ()
    light: Light = Light.BRIGHT

    # Stored inputs from before the campaign map keep their shape.
    data_omit_default: ClassVar[tuple[str, ...]] = ("campaign_map", "seen_armies", "map_armies",
                                                    "light")


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
    # Fog of war at the end of the turn (None without a campaign map): what the kingdom saw, and
    # every Scouting check its armies rolled for ambushes (the failed ones are the GM's alone).
    sight: KingdomView | None = None
    scouting: tuple[ScoutingCheck, ...] = ()


def resolve_turn(turn: KingdomTurnInput, seed: int) -> KingdomTurnOutcome:
    return _Resolution(turn, Dice(seed)).run()


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
        self.exercises = Exercises()
        self.cost = 0
        self._events: list[Event] = []

    @property
    def turn_number(self) -> int:
        return self.turn.number

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
        sight, scouting = self._fog()
        return KingdomTurnOutcome(
            number=self.turn.number, seed=self.dice.seed, kingdom=self.kingdom,
            armies=tuple(self.armies[a.key] for a in self.turn.armies),
            # The recruited armies as they end the turn (a level-up raises them too).
            recruited=tuple(replace(r, army=self.armies[r.army.key]) for r in self.recruited),
            activities=tuple(self.results), upkeep=upkeep,
            events=tuple(self.events), battles=tuple(self.battles),
            rolls=tuple(self.dice.log), sight=sight, scouting=scouting)

    def _fog(self) -> tuple[KingdomView | None, tuple[ScoutingCheck, ...]]:
        """What the kingdom sees once its armies moved: its own armies where they end the turn
        (recruits included), the others' where they stood as the turn started. The checks roll
        their own dice (fog.check_dice, from this turn's seed and the two armies), so the turn's
        roll log is the same with or without a map."""
        campaign_map = self.turn.campaign_map
        if campaign_map is None:
            return None, ()
        name = self.kingdom.name
        ours = act.kingdom_map_armies(name, self.armies.values())
        others = [a for a in self.turn.map_armies if a.kingdom != name]
        return kingdom_fog(name, campaign_map, [*ours, *others], light=self.turn.light,
                           seed=self.dice.seed)

    def _start_of_turn(self) -> None:
        for army in list(self.armies.values()):
            if army.active and army.garrisoned is Garrisoned.UNTIL_NEXT_TURN:
                # Garrison Army failure: "Fortified only until the next Kingdom turn starts".
                self.set(army, conditions=reduce(army.state.conditions, Condition.FORTIFIED),
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
            army = self.set(army, conditions=conditions)
            events.append(Event("hungry", _("%(army)s goes hungry: weary and shaken +1."),
                                {"army": army.state.name}, army.key))
            if breaks_from_hunger(army):
                # "Войско, измотанность или потрясение которого достигнет 4 или более, немедленно
                # распущено. В этом случае беспорядки повышаются на 1d4, а один из типов раздора
                # (на выбор игроков) — на 1."
                # Not a Disband Army activity: "Если вы этого не сделаете, снаряжение будет потеряно."
                self.set(army, status="disbanded", gear=(), gear_paid_rp=())
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
            self.set(army, conditions=reduce(army.state.conditions, Condition.EFFICIENT))
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
            self.set(army, conditions=conditions)

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
                self.set(army, conditions=rested)
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
                self.set(army, level=kingdom.level)
            self.kingdom = kingdom

    # -- one order ------------------------------------------------------------------------------

    def situation(self) -> act.Situation:
        return act.Situation(turn=self.turn.number, kingdom=self.kingdom, armies=self.armies,
                             foreign_armies=self.foreign_armies,
                             recruiting_blocked=self.recruiting_blocked,
                             campaign_map=self.turn.campaign_map,
                             seen_armies=self.turn.seen_armies)

    def _skipped(self, order: Order, violation: Violation) -> ActivityResult:
        return ActivityResult(order.key, order.kind, order.army, "skipped",
                              violations=(violation,))

    def _resolve(self, order: Order) -> None:
        violations = act.order_violations(self.situation(), order)
        if violations:
            self.results.append(ActivityResult(order.key, order.kind, order.army, "rejected",
                                               violations=tuple(violations)))
            return
        self._events = []
        self.cost = 0
        detail = ACTIVITIES[order.kind].resolve(self, order)
        if order.army is not None:
            self.acted.add(order.army)
        self.results.append(ActivityResult(order.key, order.kind, order.army, "resolved", detail,
                                           self.cost, (), tuple(self._events)))

    def army_of(self, order: Order) -> TurnArmy:
        if order.army is None:  # order_violations requires an army for army activities
            raise ValueError(f"{order.kind} needs an army")
        return self.armies[order.army]

    def say(self, code: str, message: str, army: TurnArmy | None = None, **params: Any) -> None:
        if army is not None:
            params.setdefault("army", army.state.name)
        self._events.append(Event(code, message, params, army.key if army else None))

    def set(self, army: TurnArmy, *, level: int | None = None, **changes: Any) -> TurnArmy:
        state_changes = {k: changes.pop(k) for k in ("conditions", "hp", "hex", "tactics", "gear")
                         if k in changes}
        if level is not None:
            state_changes["level"] = level
        # quick_replace: the order's effects copy an army some seventy times a turn, and
        # dataclasses.replace was several times slower for these plain records.
        state = quick_replace(army.state, **state_changes) if state_changes else army.state
        if Condition.DESTROYED in as_mapping(state.conditions):
            # Seed 003: "Если войско со снаряжением уничтожено, то уничтожается и всё его снаряжение."
            changes["status"] = "destroyed"
            state = quick_replace(state, gear=())
            changes["gear_paid_rp"] = ()
        army = quick_replace(army, state=state, **changes)
        self.armies[army.key] = army
        return army

    def check(self, order: Order) -> CheckDetail:
        """Roll the check `order` takes (preview.check_spec says which, with which modifiers)."""
        spec = check_spec(self.situation(), order)
        if spec is None:  # only the activities that roll come here
            raise ValueError(f"{order.kind} rolls no check")
        army = spec.army
        bonus = 0
        if army is not None:
            bonus = self.exercises.bonus_all or self.exercises.bonus_next
            if bonus:
                self.exercises.bonus_next = 0
        statistic = check_statistic(self.situation(), order, spec, bonus)
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

    def unrest(self, amount: int) -> None:
        self.kingdom = replace(self.kingdom, unrest=self.kingdom.unrest + amount)
        self.say("unrest", _("Unrest +%(amount)s."), None, amount=amount)

    def efficient(self, order: Order, army: TurnArmy) -> TurnArmy:
        # "Второе войсковое занятие ... не может снова дать состояние эффективности."
        if order.second:
            return army
        self.say("efficient", _("%(army)s becomes efficient."), army)
        return self.set(army, conditions=gain(army.state.conditions, Condition.EFFICIENT))

    def lose_hp(self, army: TurnArmy, dc: int, purpose: str) -> TurnArmy:
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
                self.say("destroyed", _("%(army)s is destroyed."), army)
                return self.set(army, conditions=gain(army.state.conditions,
                                                       Condition.DESTROYED))
            return army
        hp = max(stat_block(army.state).hp - 1, 0)
        conditions = army.state.conditions
        self.say("hp_lost", _("%(army)s loses 1 HP."), army)
        if Condition.SHAKEN in mapping and not flat_check(
                self.dice, dc=11, purpose=_("Shaken army takes damage (%(army)s)"),
                army=name).success:
            # Seed 003: "При получении урона потрясённое войско должно пройти чистую проверку со
            # СЛ 11. При провале потрясение увеличится на 1."
            conditions = gain(conditions, Condition.SHAKEN)
            self.say("shaken_more", _("%(army)s is shaken further: shaken +1."), army)
        if hp == 0:
            conditions = gain(conditions, Condition.DEFEATED)
        return self.set(army, hp=hp, conditions=conditions)
