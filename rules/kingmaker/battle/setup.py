"""What a battle scene is fought from, and what comes out of it. Frozen data only."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from rules.degrees import Degree
from rules.dice import Roll
from rules.events import Event
from rules.kingmaker.army import ArmyState
from rules.kingmaker.conditions import Conditions
from rules.records import defaults_off_the_class, quick_init
from rules.sides import ATTACKER, Side


class Position(StrEnum):
    """Seed 003, ПОЛЕ БОЯ: "Поблизости", "Вовлечено в бой", "На отдалении"; and off the field."""

    NEARBY = "nearby"
    ENGAGED = "engaged"
    DISTANT = "distant"
    FLED = "fled"


class Wind(StrEnum):
    CALM = "calm"
    STRONG = "strong"   # "-1 при сильном ветре"
    STORM = "storm"     # "-2 при штормовом"


class Light(StrEnum):
    BRIGHT = "bright"
    DIM = "dim"    # "Тусклый свет, лёгкий туман или дождь"
    DARK = "dark"  # "Темнота или густой туман"


class Terrain(StrEnum):
    OPEN = "open"
    DIFFICULT = "difficult"  # "крутых склонах гор, в заболоченной местности или густом лесу"


class FortificationKind(StrEnum):
    CASTLE = "castle"
    FORTRESS = "fortress"
    TOWER = "tower"
    TRENCH = "trench"
    STONE_WALL = "stone_wall"
    WOODEN_WALL = "wooden_wall"


@dataclass(frozen=True)
class FortificationSpec:
    ac: int
    hp: int
    capacity: int


# Seed 003, ПАРАМЕТРЫ ФОРТИФИКАЦИОННЫХ СООРУЖЕНИЙ: "Замок 30 8 6, Крепость 25 5 4, Башня 20 2 1,
# Траншея 15 1 1, Стена, каменная 20 3 2, Стена, деревянная 15 2 2".
FORTIFICATIONS: Mapping[FortificationKind, FortificationSpec] = {
    FortificationKind.CASTLE: FortificationSpec(30, 8, 6),
    FortificationKind.FORTRESS: FortificationSpec(25, 5, 4),
    FortificationKind.TOWER: FortificationSpec(20, 2, 1),
    FortificationKind.TRENCH: FortificationSpec(15, 1, 1),
    FortificationKind.STONE_WALL: FortificationSpec(20, 3, 2),
    FortificationKind.WOODEN_WALL: FortificationSpec(15, 2, 2),
}


@dataclass(frozen=True)
class Fortification:
    kind: FortificationKind
    side: Side                 # who holds it
    hp: int | None = None      # None: undamaged

    @property
    def spec(self) -> FortificationSpec:
        return FORTIFICATIONS[self.kind]


class Stance(StrEnum):
    """A battle plan's standing order."""

    ADVANCE = "advance"    # close in and strike
    HOLD = "hold"          # stay and shoot; strike back if engaged
    GUARD = "guard"        # stay, guard, hold the fortification


class Targeting(StrEnum):
    WEAKEST = "weakest"      # fewest HP left
    STRONGEST = "strongest"  # most HP left
    ARMY = "army"            # the named enemy army while it stands


@defaults_off_the_class
@dataclass(frozen=True)
class BattlePlan:
    stance: Stance = Stance.ADVANCE
    targeting: Targeting = Targeting.WEAKEST
    target_army: int | None = None
    retreat_below: int | None = None   # retreat once HP is at or below this
    tactical_action: str | None = None  # use this tactical war action whenever able
    use_potions: bool = True


@defaults_off_the_class
@dataclass(frozen=True)
class Combatant:
    key: int
    side: Side
    army: ArmyState
    plan: BattlePlan = BattlePlan()
    garrisoned: bool = False  # in the fortification (Garrison Army): fortified while it holds


class PcFight(StrEnum):
    NONE = "none"
    WON = "won"    # "Если персонажи игроков победили в бою, результат битвы улучшается на одну ступень"
    LOST = "lost"  # "а если проиграли или враг сумел сбежать — ухудшается на одну ступень"


@defaults_off_the_class
@dataclass(frozen=True)
class SideSetup:
    side: Side
    kingdom: str | None = None       # None: no kingdom (monsters the GM runs): no aftermath checks
    kingdom_level: int | None = None
    warfare: int = 0                 # kingdom skill modifiers for the victory / defeat check
    defense: int = 0
    control_dc: int | None = None
    initiative_bonus: int = 0        # Offensive Gambit
    pcs_present: bool = False        # "+1 ко всем проверкам Боевого духа"
    pc_fight: PcFight = PcFight.NONE


@defaults_off_the_class
@dataclass(frozen=True)
class BattleSetup:
    combatants: tuple[Combatant, ...]
    attackers: SideSetup = SideSetup(Side.ATTACKER)
    defenders: SideSetup = SideSetup(Side.DEFENDER)
    terrain: Terrain = Terrain.OPEN
    water: bool = False  # swamp or water on the battlefield (some unique tactics)
    wind: Wind = Wind.CALM
    light: Light = Light.BRIGHT
    fortification: Fortification | None = None
    max_rounds: int = 20

    def side(self, side: Side) -> SideSetup:
        # (`ATTACKER`, not `Side.ATTACKER`: a member read off its class takes Python 3.11's slow
        # path, and a battle asks for its sides' setups at every initiative and aftermath.)
        return self.attackers if side is ATTACKER else self.defenders


# -- what comes out -------------------------------------------------------------------------------

@quick_init
@dataclass(frozen=True)
class CheckRecord:
    roll: Roll
    modifier: int
    dc: int
    degree: Degree


@quick_init
@dataclass(frozen=True)
class BattleEvent(Event):
    """The shared event (its code: the war action or what happened, "battle", "advance",
    "rout_check") with the armies it concerns and the check and damage it came to."""

    actor: int | None = None
    target: int | None = None
    check: CheckRecord | None = None
    damage: int = 0


@quick_init
@dataclass(frozen=True)
class ArmySnapshot:
    key: int
    side: Side
    position: Position
    engaged_with: tuple[int, ...]
    hp: int
    conditions: Conditions
    cell: tuple[int, int]   # column, row on the battlefield picture


@quick_init
@dataclass(frozen=True)
class RoundRecord:
    number: int
    initiative: tuple[int, ...]
    armies: tuple[ArmySnapshot, ...]      # at the end of the round
    fortification_hp: int | None = None


@quick_init
@dataclass(frozen=True)
class ArmyResult:
    key: int
    side: Side
    army: ArmyState          # after the battle and its aftermath (conditions, HP, gear)
    hp_lost: int
    defeated: bool
    routed: bool
    fled: bool
    destroyed: bool


@quick_init
@dataclass(frozen=True)
class SideResult:
    side: Side
    won: bool
    check: CheckRecord | None = None   # Warfare after a victory, Defense after a defeat
    unrest: int = 0
    fame: int = 0
    xp: int = 0
    events: tuple[BattleEvent, ...] = ()


@quick_init
@dataclass(frozen=True)
class BattleOutcome:
    seed: int
    finished: bool              # False when stopped after a given round (the GM's step by step)
    winner: Side | None         # None: both sides broke at once, or the round limit
    rounds: tuple[RoundRecord, ...]
    events: tuple[BattleEvent, ...]
    armies: tuple[ArmyResult, ...] = ()
    sides: tuple[SideResult, ...] = ()
    fortification_hp: int | None = None
    rolls: tuple[Roll, ...] = ()
