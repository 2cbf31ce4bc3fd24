"""One army on the battlefield: its HP, conditions (lasting and temporary), position, ammunition
and what it has done this turn. The engine changes units; the stat block follows them."""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from rules.kingmaker.army import ArmyState, StatBlock, stat_block
from rules.kingmaker.battle.setup import BattlePlan, Combatant, Light, Position
from rules.kingmaker.conditions import Condition, as_mapping, from_mapping, settle
from rules.kingmaker.gear import GearKind, WeaponKind
from rules.kingmaker.templates import ArmyType
from rules.sides import Side

# The same army in the same state recurs across rounds and across the runs of `battle_odds`.
_stat_block = lru_cache(maxsize=8192)(stat_block)

MAX_ENGAGED = 4  # seed 003: "Одно войско может быть вовлечено в бой с четырьмя или менее другими."


@dataclass
class Temporary:
    """A condition that lasts "until the start/end of <owner>'s next turn"."""

    condition: Condition
    value: int
    owner: int
    at: str  # "start" or "end" of the owner's turn
    skip: int = 0  # how many of those moments it outlasts first ("the end of your next turn": 1)


class Unit:
    def __init__(self, combatant: Combatant, light: Light = Light.BRIGHT):
        army = combatant.army
        self.light = light
        self.key = combatant.key
        self.side: Side = combatant.side
        self.plan: BattlePlan = combatant.plan
        self.base: ArmyState = army
        self.name = army.name or army.template.name
        self.tactics = frozenset(army.tactics)
        block = stat_block(army)
        self.max_hp = block.max_hp
        self.hp = block.hp
        self.hp_at_start = block.hp
        self.routing_threshold = block.routing_threshold
        self.lasting: dict[Condition, int] = as_mapping(army.conditions)
        if combatant.garrisoned:
            self.lasting[Condition.FORTIFIED] = 0
        self.temporary: list[Temporary] = []
        self.gear = list(army.gear)
        self.ammunition = block.ammunition or 0
        self.strike_kinds = frozenset(block.strikes)  # gear does not change during a battle
        self.position = Position.NEARBY
        self.engaged: set[int] = set()
        # Per turn and per scene.
        self.actions = 0
        self.attack_targets: list[int] = []
        self.reaction_used = False
        self.rout_immune = False
        self.treated = False          # Battlefield Medicine, once per scene
        self.charged = False          # Furious Charge, once per scene
        self.reckless = False         # Reckless Flankers: -2 AC, +1 attacks while engaged
        self.guard_all = False
        self.guard_against: set[int] = set()
        self.no_reactions_until: int | None = None
        self.feinted_by: set[int] = set()
        self.ambush_target: int | None = None
        self.assault_bonus_except: int | None = None  # All-Out Assault critical success
        self.first_turn_bonus_target: int | None = None  # Swamp Charge
        self.cannot_disengage = False
        self.netted_by: set[int] = set()  # Hurl Nets: armies whose nets mire this one
        self.routed_ever = False
        self.initiative = 0
        self._block: StatBlock | None = None

    # -- conditions ---------------------------------------------------------------------------

    def conditions(self) -> dict[Condition, int]:
        mapping = dict(self.lasting)
        for temp in self.temporary:
            mapping[temp.condition] = mapping.get(temp.condition, 0) + temp.value
        mapping.pop(Condition.ENGAGED, None)
        mapping.pop(Condition.DISTANT, None)
        if self.engaged:
            mapping[Condition.ENGAGED] = 0
        if self.position is Position.DISTANT:
            mapping[Condition.DISTANT] = 0
        # Seed 003: in darkness or thick fog "Вее войска становятся плохо видимы"; in dim light,
        # light fog or rain "Войска на отдалении плохо видимы".
        if self.light is Light.DARK or (self.light is Light.DIM and
                                        self.position is Position.DISTANT):
            mapping[Condition.CONCEALED] = 0
        return settle(mapping)

    def has(self, condition: Condition) -> bool:
        return condition in self.conditions()

    def value(self, condition: Condition) -> int:
        return self.conditions().get(condition, 0)

    def changed(self) -> None:
        self._block = None

    def state(self) -> ArmyState:
        return replace(self.base, hp=self.hp, conditions=from_mapping(self.conditions()),
                       gear=tuple(self.gear))

    @property
    def block(self) -> StatBlock:
        if self._block is None:
            self._block = _stat_block(self.state())
        return self._block

    # -- what it is ---------------------------------------------------------------------------

    @property
    def army_type(self) -> ArmyType:
        return self.base.template.army_type

    @property
    def defeated(self) -> bool:
        return self.hp == 0 or Condition.DEFEATED in self.lasting

    @property
    def destroyed(self) -> bool:
        return Condition.DESTROYED in self.lasting

    @property
    def fled(self) -> bool:
        return self.position is Position.FLED

    @property
    def routed(self) -> bool:
        return self.has(Condition.ROUTED)

    @property
    def on_field(self) -> bool:
        """Still fighting: not fled, not defeated."""
        return not self.fled and not self.defeated

    @property
    def out(self) -> bool:
        """Seed 003: the scene ends when a side is all "разгромлены ... или не обращены в бегство"."""
        return self.fled or self.defeated or self.routed

    def knows(self, tactic: str) -> bool:
        return tactic in self.tactics

    def has_strike(self, kind: WeaponKind) -> bool:
        return kind in self.strike_kinds

    @property
    def potions(self) -> int:
        return sum(g.doses for g in self.gear if g.kind is GearKind.HEALING_POTIONS)

    def drink_potion(self) -> bool:
        for i, item in enumerate(self.gear):
            if item.kind is GearKind.HEALING_POTIONS and item.doses > 0:
                doses = item.doses - 1
                self.gear[i] = replace(item, doses=doses)
                if doses == 0:
                    del self.gear[i]
                self.hp = min(self.hp + 1, self.max_hp)
                self.changed()
                return True
        return False
