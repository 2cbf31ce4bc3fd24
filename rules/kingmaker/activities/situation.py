"""What an order is checked against: the kingdom, its armies, other kingdoms' armies, the turn;
and which activities an army's conditions leave it."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from rules.errors import Violation, _
from rules.kingmaker.activities.kinds import ActivityKind
from rules.kingmaker.army import ArmyState
from rules.kingmaker.campaign_map import CampaignMap
from rules.kingmaker.conditions import Condition, as_mapping
from rules.kingmaker.fog import MapArmy, map_army
from rules.kingmaker.levels import control_dc
from rules.kingmaker.recruitment import KingdomState
from rules.kingmaker.templates import ArmyType


class Garrisoned(StrEnum):
    NO = ""
    UNTIL_NEXT_TURN = "until_next_turn"  # Garrison Army failure
    UNTIL_DEPLOYED = "until_deployed"    # success and critical success


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


def kingdom_map_armies(kingdom: str, armies: Iterable[TurnArmy]) -> tuple[MapArmy, ...]:
    """The kingdom's active armies as fog of war sees them (a garrison hides as an ambush)."""
    return tuple(map_army(a.key, kingdom, a.state, garrisoned=a.garrisoned is not Garrisoned.NO)
                 for a in armies if a.active)


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
    """What an order is checked against: the kingdom, its armies, the turn and the campaign's map
    (None: a campaign without a map, whose orders declare their hexes' facts)."""

    turn: int
    kingdom: KingdomSheet
    armies: Mapping[int, TurnArmy]
    foreign_armies: Mapping[int, ForeignArmy] = field(default_factory=dict)
    recruiting_blocked: bool = False
    campaign_map: CampaignMap | None = None
    # Fog of war: the other kingdoms' armies the kingdom sees now (fog.armies_seen_now); None
    # without a campaign map, when it sees them all.
    seen_armies: frozenset[int] | None = None

    def sees(self, army: ForeignArmy) -> bool:
        return self.seen_armies is None or army.key in self.seen_armies


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
