"""Army activities (seed 003, "ВОЙСКОВЫЕ ЗАНЯТИЯ"; details in ../shared/reference, army_activities):
what each one takes as input, which kingdom skill it rolls, and what makes an order invalid.

The same checks run when a player submits an order and again when the turn resolves, against the
state at that moment.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, TypeVar

from rules.errors import RuleViolation, Violation, _
from rules.kingmaker.army import ArmyState, stat_block
from rules.kingmaker.conditions import Condition, as_mapping
from rules.kingmaker.gear import GearItem, GearKind, OutfitQuote, quote_outfit, transfer_violations
from rules.kingmaker.hexes import hex_distance, parse_hex, same_hex
from rules.kingmaker.levels import control_dc
from rules.kingmaker.recruitment import KingdomState, RecruitmentOrder, recruitment_violations
from rules.kingmaker.tactics import TacticCategory, find_tactic, max_tactics, tactic_violations
from rules.kingmaker.templates import ArmyTemplate, ArmyType, code_for


class ActivityKind(StrEnum):
    RECRUIT_ARMY = "recruit_army"
    WARFARE_EXERCISES = "warfare_exercises"
    TRAIN_ARMY = "train_army"
    OUTFIT_ARMY = "outfit_army"
    DEPLOY_ARMY = "deploy_army"
    RECOVER_ARMY = "recover_army"
    DISBAND_ARMY = "disband_army"
    GARRISON_ARMY = "garrison_army"
    OFFENSIVE_GAMBIT = "offensive_gambit"


# Seed 003: "все они могут быть предприняты во время этапа войсковых занятий (кроме Рекрутирования
# войска: это занятие лидерства)". Leadership activities belong to the kingdom, not to an army.
LEADERSHIP = frozenset({ActivityKind.RECRUIT_ARMY, ActivityKind.WARFARE_EXERCISES})


class Border(StrEnum):
    NONE = "none"
    OWN = "own"
    ENEMY = "enemy"


class Territory(StrEnum):
    """Whose land a garrison's hex is: "+5 if the hex is outside your kingdom, +10 if it belongs to
    an enemy kingdom"."""

    OWN = "own"
    OUTSIDE = "outside"
    ENEMY = "enemy"


class Site(StrEnum):
    REFUGE = "refuge"
    SETTLEMENT = "settlement"
    WORK_SITE = "work_site"


class Affliction(StrEnum):
    DAMAGED = "damaged"
    DEFEATED = "defeated"
    LOST = "lost"
    MIRED = "mired"
    PINNED = "pinned"
    SHAKEN = "shaken"
    WEARY = "weary"


class Approach(StrEnum):
    """Offensive Gambit: just attack (no check), surprise (Intrigue) or intimidate (Warfare)."""

    ATTACK = "attack"
    INTRIGUE = "intrigue"
    WARFARE = "warfare"


class Garrisoned(StrEnum):
    NO = ""
    UNTIL_NEXT_TURN = "until_next_turn"  # Garrison Army failure
    UNTIL_DEPLOYED = "until_deployed"    # success and critical success


TRAIN_SKILLS = ("scholarship", "warfare")
DEPLOY_SKILLS = ("exploration", "boating", "magic")
DEPLOY_RANGE = {"exploration": 20, "boating": 20, "magic": 30}
GARRISON_SKILL = {Site.REFUGE: "defense", Site.SETTLEMENT: "politics",
                  Site.WORK_SITE: "engineering"}
RECOVER_SKILLS = {
    Affliction.DAMAGED: ("defense", "folklore"),
    Affliction.DEFEATED: ("politics", "warfare"),
    Affliction.LOST: ("exploration", "wilderness"),
    Affliction.MIRED: ("engineering", "magic"),
    Affliction.PINNED: ("engineering", "magic"),
    Affliction.SHAKEN: ("arts", "warfare"),
    Affliction.WEARY: ("defense", "arts"),
}
BORDER_DC = {Border.NONE: 0, Border.OWN: 5, Border.ENEMY: 10}
TERRITORY_DC = {Territory.OWN: 0, Territory.OUTSIDE: 5, Territory.ENEMY: 10}
GARRISON_BAN_TURNS = 4
SECOND_ACTIVITY_PENALTY = -5
FORCED_MARCH_BONUS = 4


@dataclass(frozen=True)
class RecruitArmy:
    template: ArmyTemplate
    name: str
    hex: str
    tactics: tuple[str, ...] = ()
    faction: str | None = None


@dataclass(frozen=True)
class WarfareExercises:
    pass


@dataclass(frozen=True)
class TrainArmy:
    tactic: str
    skill: str = "warfare"
    replaces: str | None = None


@dataclass(frozen=True)
class OutfitArmy:
    item: GearItem
    captured: bool = False  # gear captured in battle, handed out for free with Warfare


@dataclass(frozen=True)
class DeployArmy:
    destination: str
    skill: str = "exploration"
    border: Border = Border.NONE
    road: bool = False
    forced_march: bool = False
    difficult_hexes: int = 0  # roadless swamp or mountain hexes and unbridged crossings


@dataclass(frozen=True)
class RecoverArmy:
    affliction: Affliction
    skill: str


@dataclass(frozen=True)
class DisbandArmy:
    gear_to: int | None = None


@dataclass(frozen=True)
class GarrisonArmy:
    site: Site
    territory: Territory = Territory.OWN


@dataclass(frozen=True)
class OffensiveGambit:
    target: int
    approach: Approach = Approach.ATTACK


Params = (RecruitArmy | WarfareExercises | TrainArmy | OutfitArmy | DeployArmy | RecoverArmy
          | DisbandArmy | GarrisonArmy | OffensiveGambit)
P = TypeVar("P", bound=Params)
PARAMS_OF: Mapping[ActivityKind, type] = {
    ActivityKind.RECRUIT_ARMY: RecruitArmy,
    ActivityKind.WARFARE_EXERCISES: WarfareExercises,
    ActivityKind.TRAIN_ARMY: TrainArmy,
    ActivityKind.OUTFIT_ARMY: OutfitArmy,
    ActivityKind.DEPLOY_ARMY: DeployArmy,
    ActivityKind.RECOVER_ARMY: RecoverArmy,
    ActivityKind.DISBAND_ARMY: DisbandArmy,
    ActivityKind.GARRISON_ARMY: GarrisonArmy,
    ActivityKind.OFFENSIVE_GAMBIT: OffensiveGambit,
}


@dataclass(frozen=True)
class Order:
    """One submitted activity. `key` names it in the report; `army` is None for leadership
    activities; `second` marks an efficient army's second activity of the turn."""

    key: int
    kind: ActivityKind
    params: Params
    army: int | None = None
    second: bool = False

    def params_as(self, kind: type[P]) -> P:
        """The parameters as `kind`, the class PARAMS_OF gives this order's kind."""
        if not isinstance(self.params, kind):
            raise TypeError(f"{self.kind} takes {kind.__name__}, not {type(self.params).__name__}")
        return self.params


@dataclass(frozen=True)
class KingdomSheet:
    name: str
    level: int
    size: int = 1
    skills: Mapping[str, int] = field(default_factory=dict)
    resource_points: int = 0
    food: int = 0
    unrest: int = 0
    ruin: Mapping[str, int] = field(default_factory=dict)
    fame: int = 0
    infamy: int = 0
    xp: int = 0
    settlement_hexes: frozenset[str] = frozenset()
    factions_with_relations: frozenset[str] = frozenset()
    warfare_exercises_unlocked: bool = False

    @property
    def control_dc(self) -> int:
        return control_dc(self.level, self.size)

    def skill(self, name: str) -> int:
        return self.skills.get(name, 0)


@dataclass(frozen=True)
class TurnArmy:
    """An army of the kingdom with what the turn needs beyond its stat block."""

    key: int
    state: ArmyState
    faction: str | None = None
    status: str = "active"  # active, disbanded or destroyed
    garrisoned: Garrisoned = Garrisoned.NO
    garrison_relief: bool = False  # Garrison Army critical success: consumption -2 (min 1)
    garrison_bans: tuple[tuple[str, int], ...] = ()  # (hex, last turn it is banned)
    gear_paid_rp: tuple[int | None, ...] = ()  # per gear item: RP spent on it (None: unknown)

    @property
    def active(self) -> bool:
        return self.status == "active"

    def has(self, condition: Condition) -> bool:
        return condition in as_mapping(self.state.conditions)


@dataclass(frozen=True)
class ForeignArmy:
    """Another kingdom's army, as far as an Offensive Gambit needs it."""

    key: int
    kingdom: str
    name: str
    hex: str
    scouting_dc: int


@dataclass(frozen=True)
class Situation:
    """What an order is checked against: the kingdom, its armies, the turn."""

    turn: int
    kingdom: KingdomSheet
    armies: Mapping[int, TurnArmy]
    foreign_armies: Mapping[int, ForeignArmy] = field(default_factory=dict)
    recruiting_blocked: bool = False


def recruiting_kingdom(kingdom: KingdomSheet, armies: Iterable[TurnArmy]) -> KingdomState:
    """The kingdom as recruitment sees it: its level, settlements, factions and army names."""
    active = [a for a in armies if a.active]
    return KingdomState(
        level=kingdom.level,
        settlement_hexes=kingdom.settlement_hexes,
        factions_with_relations=kingdom.factions_with_relations,
        factions_recruited=frozenset(a.faction for a in active if a.faction),
        army_names=frozenset(a.state.name for a in active),
    )


def army_may(army: TurnArmy, kind: ActivityKind) -> Violation | None:
    """The condition limits on which activities an army may take."""
    conditions = as_mapping(army.state.conditions)
    if not army.active or Condition.DESTROYED in conditions:
        return Violation("army_inactive", _("%(army)s is no longer an active army."), "army",
                         {"army": army.state.name})
    # "Потерянное войско не может предпринимать никаких действий, кроме Восстановления войска".
    if Condition.LOST in conditions and kind is not ActivityKind.RECOVER_ARMY:
        return Violation("lost_only_recovers", _("A lost army may only recover."), "kind")
    # "Разгромленное войско можно переместить только на 1 гекс ... Его нельзя использовать для
    # других войсковых занятий, кроме Роспуска войска" (and Recover Army, "СЛ при этом выше на 5").
    if Condition.DEFEATED in conditions and kind not in (
            ActivityKind.DEPLOY_ARMY, ActivityKind.RECOVER_ARMY, ActivityKind.DISBAND_ARMY):
        return Violation("defeated_limits",
                         _("A defeated army may only deploy one hex, recover or disband."), "kind")
    # "Войско, взятое в котёл, невозможно развёртывать".
    if Condition.PINNED in conditions and kind is ActivityKind.DEPLOY_ARMY:
        return Violation("pinned_cannot_deploy", _("A pinned army cannot be deployed."), "kind")
    # Outfit Army: "Any army except siege engines (Engines of War forbids gear)".
    if army.state.template.army_type is ArmyType.SIEGE and kind is ActivityKind.OUTFIT_ARMY:
        return Violation("siege_no_gear", _("Siege engines cannot take gear."), "kind")
    return None


def order_violations(situation: Situation, order: Order) -> list[Violation]:
    """Everything wrong with the order in this situation (empty when it may go ahead)."""
    kind, params = order.kind, order.params
    if not isinstance(params, PARAMS_OF[kind]):
        raise TypeError(f"{kind} takes {PARAMS_OF[kind].__name__}, not {type(params).__name__}")
    if kind in LEADERSHIP:
        return _leadership_violations(situation, kind, params)
    army = situation.armies.get(order.army) if order.army is not None else None
    if army is None:
        return [Violation("army_required", _("Choose one of the kingdom's armies."), "army")]
    limit = army_may(army, kind)
    if limit is not None:
        return [limit]
    check = _ARMY_CHECKS[kind]
    return check(situation, army, params)


def _leadership_violations(situation: Situation, kind: ActivityKind, params: Params
                           ) -> list[Violation]:
    kingdom = situation.kingdom
    if kind is ActivityKind.WARFARE_EXERCISES:
        if not kingdom.warfare_exercises_unlocked:
            return [Violation("activity_locked",
                              _("Warfare Exercises is not unlocked in this campaign."), "kind")]
        return []
    if situation.recruiting_blocked:
        # Recruit Army critical failure: "no further recruiting until next Kingdom turn".
        return [Violation("recruiting_blocked",
                          _("Recruits were offended: no more recruiting this turn."), "kind")]
    if not isinstance(params, RecruitArmy):
        raise TypeError(f"{kind} takes RecruitArmy, not {type(params).__name__}")
    state = recruiting_kingdom(kingdom, situation.armies.values())
    order = RecruitmentOrder(template=params.template, name=params.name, hex=params.hex,
                             tactics=params.tactics, faction=params.faction)
    return recruitment_violations(state, order)


def _skill_violation(skill: str, allowed: tuple[str, ...]) -> list[Violation]:
    if skill in allowed:
        return []
    return [Violation("skill_not_allowed", _("Roll one of these skills: %(skills)s."), "skill",
                      {"skills": ", ".join(allowed)})]


def _train(situation: Situation, army: TurnArmy, params: TrainArmy) -> list[Violation]:
    violations = _skill_violation(params.skill, TRAIN_SKILLS)
    state = army.state
    try:
        tactic = find_tactic(params.tactic, "tactic")
    except RuleViolation as error:
        return violations + list(error.violations)
    tactics = list(state.tactics)
    if params.replaces:
        # "If the army already knows its maximum number of tactics, the new one replaces an
        # existing tactic of your choice".
        replaced = code_for(params.replaces)
        if replaced not in tactics:
            return violations + [Violation("replaces_unknown",
                                           _("%(army)s does not know %(tactic)s."), "replaces",
                                           {"army": state.name, "tactic": params.replaces})]
        tactics.remove(replaced)
    new = [*tactics, tactic.code]
    found = tactic_violations(state.template, state.level, new, field="tactic")
    if any(v.code == "too_many_tactics" for v in found) and not params.replaces:
        found = [v for v in found if v.code != "too_many_tactics"] + [Violation(
            "replaces_required",
            _("%(army)s already knows %(limit)s tactics: say which one the new one replaces."),
            "replaces", {"army": state.name, "limit": max_tactics(state.level)})]
    if params.replaces:
        found = [Violation(v.code, v.message, "replaces", v.params)
                 if v.code == "unique_tactic_removed" else v for v in found]
    if tactic.category is TacticCategory.UNIQUE and tactic.code in state.tactics:
        found.append(Violation("duplicate_tactic", _("An army cannot learn %(tactic)s twice."),
                               "tactic", {"tactic": tactic.name}))
    return violations + _dedupe(found)


def _dedupe(violations: list[Violation]) -> list[Violation]:
    seen: set[tuple[str, str]] = set()
    unique: list[Violation] = []
    for v in violations:
        if (v.code, v.field) not in seen:
            seen.add((v.code, v.field))
            unique.append(v)
    return unique


def outfit_quote(army: TurnArmy, item: GearItem) -> OutfitQuote:
    """The price of fitting `item` to the army (raises RuleViolation when it cannot take it)."""
    state = army.state
    current = next((paid for g, paid in zip(state.gear, army.gear_paid_rp, strict=False)
                    if g.slot() == item.slot()), None)
    return quote_outfit(state.template, state.level, state.gear, item,
                        old_paid_with_rp=current is None or current > 0)


def _outfit(situation: Situation, army: TurnArmy, params: OutfitArmy) -> list[Violation]:
    try:
        quote = outfit_quote(army, params.item)
    except RuleViolation as error:
        return [Violation(v.code, v.message, "gear", v.params) for v in error.violations]
    if params.item.kind is GearKind.HEALING_POTIONS and params.item.doses < 1:
        return [Violation("doses_required", _("Buy at least one dose."), "doses")]
    cost = 0 if params.captured else quote.cost_rp
    if cost > situation.kingdom.resource_points:
        # RP is charged at resolution and never goes below zero.
        return [Violation("not_enough_rp",
                          _("This costs %(cost)s RP; the kingdom has %(rp)s RP."), "gear",
                          {"cost": cost, "rp": situation.kingdom.resource_points})]
    return []


def deploy_distance(army: TurnArmy, params: DeployArmy) -> int:
    return hex_distance(army.state.hex, params.destination, "destination") + params.difficult_hexes


def _deploy(situation: Situation, army: TurnArmy, params: DeployArmy) -> list[Violation]:
    violations = _skill_violation(params.skill, DEPLOY_SKILLS)
    try:
        parse_hex(params.destination, "destination")
        distance = deploy_distance(army, params)
    except RuleViolation as error:
        return violations + list(error.violations)
    if params.difficult_hexes < 0:
        violations.append(Violation("difficult_hexes", _("Count zero or more hexes."),
                                    "difficult_hexes"))
    if distance == 0:
        violations.append(Violation("same_hex", _("The army is already in %(hex)s."),
                                    "destination", {"hex": params.destination}))
    elif army.has(Condition.DEFEATED) and distance > 1:
        violations.append(Violation("defeated_one_hex",
                                    _("A defeated army may only move one hex."), "destination"))
    elif params.skill in DEPLOY_RANGE and distance > DEPLOY_RANGE[params.skill]:
        violations.append(Violation(
            "too_far", _("%(skill)s reaches %(range)s hexes; %(hex)s is %(distance)s away."),
            "destination", {"skill": params.skill, "range": DEPLOY_RANGE[params.skill],
                            "hex": params.destination, "distance": distance}))
    if params.road and params.skill != "exploration":
        violations.append(Violation("road_needs_exploration",
                                    _("Only an Exploration check gains from a road."), "road"))
    return violations


def afflictions(army: TurnArmy) -> set[Affliction]:
    """What Recover Army could treat in this army now."""
    conditions = as_mapping(army.state.conditions)
    found = {Affliction(c.value) for c in conditions if c.value in Affliction.__members__.values()}
    block = stat_block(army.state)
    if block.hp < block.max_hp and Condition.DEFEATED not in conditions:
        found.add(Affliction.DAMAGED)
    return found


def _recover(situation: Situation, army: TurnArmy, params: RecoverArmy) -> list[Violation]:
    if params.affliction not in afflictions(army):
        return [Violation("no_affliction", _("%(army)s is not %(affliction)s."), "affliction",
                          {"army": army.state.name, "affliction": params.affliction.value})]
    if army.has(Condition.LOST) and params.affliction is not Affliction.LOST:
        return [Violation("lost_only_recovers", _("A lost army may only recover from being lost."),
                          "affliction")]
    return _skill_violation(params.skill, RECOVER_SKILLS[params.affliction])


def _disband(situation: Situation, army: TurnArmy, params: DisbandArmy) -> list[Violation]:
    if params.gear_to is None:
        return []
    receiver = situation.armies.get(params.gear_to)
    if receiver is None or not receiver.active or receiver.key == army.key:
        return [Violation("gear_to_invalid",
                          _("Gear passes only to another active army of the kingdom."), "gear_to")]
    violations: list[Violation] = []
    for item in army.state.gear:
        violations += transfer_violations(
            item=item, giver_hex=army.state.hex, receiver_template=receiver.state.template,
            receiver_level=receiver.state.level, receiver_hex=receiver.state.hex,
            receiver_gear=receiver.state.gear)
    return [Violation(v.code, v.message, "gear_to", v.params) for v in _dedupe(violations)]


def _garrison(situation: Situation, army: TurnArmy, params: GarrisonArmy) -> list[Violation]:
    hex_ = army.state.hex
    if params.site is Site.SETTLEMENT and params.territory is Territory.OWN and \
            hex_ not in situation.kingdom.settlement_hexes:
        return [Violation("no_settlement_here",
                          _("There is no settlement of the kingdom in %(hex)s."), "site",
                          {"hex": hex_})]
    for banned_hex, until in army.garrison_bans:
        if same_hex(banned_hex, hex_) and situation.turn <= until:
            return [Violation("garrison_banned",
                              _("%(army)s cannot garrison in %(hex)s before turn %(turn)s."),
                              "site", {"army": army.state.name, "hex": hex_, "turn": until + 1})]
    return []


def _gambit(situation: Situation, army: TurnArmy, params: OffensiveGambit) -> list[Violation]:
    # "Requires at least one of your armies in the same hex as an enemy army". One message whether
    # the id is unknown or elsewhere, so an order cannot probe where other kingdoms' armies are.
    target = situation.foreign_armies.get(params.target)
    if target is None or not same_hex(target.hex, army.state.hex):
        return [Violation("target_not_here",
                          _("Choose an enemy army in %(hex)s, where %(army)s is."), "target",
                          {"hex": army.state.hex, "army": army.state.name})]
    return []


# Each check takes the params class PARAMS_OF gives its kind (order_violations makes sure).
_ARMY_CHECKS: Mapping[ActivityKind, Callable[[Situation, TurnArmy, Any], list[Violation]]] = {
    ActivityKind.TRAIN_ARMY: _train,
    ActivityKind.OUTFIT_ARMY: _outfit,
    ActivityKind.DEPLOY_ARMY: _deploy,
    ActivityKind.RECOVER_ARMY: _recover,
    ActivityKind.DISBAND_ARMY: _disband,
    ActivityKind.GARRISON_ARMY: _garrison,
    ActivityKind.OFFENSIVE_GAMBIT: _gambit,
}


class Slot(Protocol):
    """What the one-activity rule reads of an order: who acts, and whether as a second activity."""

    @property
    def key(self) -> int: ...
    @property
    def kind(self) -> ActivityKind: ...
    @property
    def army(self) -> int | None: ...
    @property
    def second(self) -> bool: ...


@dataclass(frozen=True)
class OrderSlot:
    """An order's slot alone, for a stored order whose parameters may no longer convert."""

    key: int
    kind: ActivityKind
    army: int | None = None
    second: bool = False


def order_slot_violations(order: Slot, others: Sequence[Slot]) -> list[Violation]:
    """One activity per army per turn; an efficient army's second one is ordered separately.

    Seed 003: "каждое войско, существующее в королевстве, может выполнить одно из войсковых
    занятий"; "Эффективно: ... немедленно может совершить ещё одно ... со штрафом -5".
    """
    if order.kind in LEADERSHIP:
        if order.second:
            return [Violation("second_not_army", _("Only an army takes a second activity."),
                              "second")]
        return []
    same = [o for o in others if o.army == order.army and o.key != order.key]
    if any(o.second == order.second for o in same):
        if order.second:
            return [Violation("second_taken", _("This army already has a second activity."),
                              "second")]
        return [Violation("one_activity",
                          _("This army already has its activity for this turn; an efficient army "
                            "may add a second one."), "army")]
    return []
