"""One army on the battlefield: its HP, conditions (lasting and temporary), position, ammunition
and what it has done this turn. The engine changes units; the stat block follows them."""
from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import count
from typing import Any

from rules.kept import Kept
from rules.kingmaker.army import ArmyState, StatBlock, stat_block
from rules.kingmaker.battle.members import (
    CONCEALED,
    DARK,
    DEFEATED,
    DESTROYED,
    DIM,
    DISTANT,
    ENGAGED,
    FLED,
    FORTIFIED,
    NEARBY,
    ROUTED,
)
from rules.kingmaker.battle.setup import BattlePlan, Combatant, Light, Position
from rules.kingmaker.conditions import Condition, Conditions, as_mapping, from_mapping, settle
from rules.kingmaker.gear import GearKind, WeaponKind
from rules.kingmaker.templates import ArmyType
from rules.records import quick_replace
from rules.sides import Side

# The same army in the same state recurs across rounds and across the runs of `battle_odds`.
_stat_block = lru_cache(maxsize=8192)(stat_block)

# A unit's effective conditions follow from its lasting and temporary conditions, its position and
# the light alone, and the same few combinations recur in every round and every run: they are
# settled once per combination. A bounded cache (emptied when full) keeps a long-running worker's
# memory flat.
# Each combination is numbered, and the number is never reused (not even once the cache is
# emptied): a stat block is looked up by that small number, hashed at once, not by the combination.
_CONDITIONS: Kept[Hashable, tuple[Mapping[Condition, int], Conditions, int]] = Kept(65536)
_COMBINATIONS = count()
# The settled conditions after a move (`Unit._move`), by the number of those before it, the
# position and whether the unit is engaged.
_MOVES: Kept[tuple[int, Position, bool], tuple[Mapping[Condition, int], Conditions, int]] = \
    Kept(65536)

# Each army's stat blocks by (HP, the number of its conditions' combination, potions drunk).
_BLOCKS: Kept[ArmyState, Kept[tuple[int, int, int], StatBlock]] = Kept(1024)
_BLOCKS_PER_ARMY_LIMIT = 4096

# Read once: a member read off its enum class takes Python 3.11's slow path (`members`).
_SIEGE = ArmyType.SIEGE
_HEALING_POTIONS = GearKind.HEALING_POTIONS

ACTIONS_PER_TURN = 3  # seed 003: "Каждое войско может предпринять в свой ход до трёх действий"
# An army's standing orders, as the tactician works them out (`tactician.Orders`).
StandingOrders = tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]

MAX_ENGAGED = 4  # seed 003: "Одно войско может быть вовлечено в бой с четырьмя или менее другими."


@dataclass
class Temporary:
    """A condition that lasts "until the start/end of <owner>'s next turn"."""

    condition: Condition
    value: int
    owner: int
    at: str  # "start" or "end" of the owner's turn
    skip: int = 0  # how many of those moments it outlasts first ("the end of your next turn": 1)


class _Start:
    """What a unit starts every scene with that follows from its army alone: worked out once per
    combatant, not once per run of `battle_odds`."""

    def __init__(self, army: ArmyState):
        block = _stat_block(army)
        self.army_type = army.template.army_type
        self.siege = self.army_type is _SIEGE
        self.name = army.name or army.template.name
        self.tactics = frozenset(army.tactics)
        self.max_hp = block.max_hp
        self.hp = block.hp
        self.routing_threshold = block.routing_threshold
        self.lasting = as_mapping(army.conditions)
        self.ammunition = block.ammunition or 0
        self.strike_kinds = frozenset(block.strikes)
        blocks = _BLOCKS.get(army)
        self.blocks = _BLOCKS.keep(army, Kept(_BLOCKS_PER_ARMY_LIMIT)) if blocks is None \
            else blocks


# By the combatant's identity (kept alive here, so the id is not reused while it is a key).
_STARTS: Kept[int, tuple[Combatant, _Start]] = Kept(1024)


class Unit:
    # Its fields are slots: a unit's fields are read thousands of times a battle, and with more
    # than thirty of them an instance's dictionary is no longer laid out like its class's others,
    # which makes every read a look-up.
    __slots__ = (
        "_block", "_blocks", "_engaged", "_lasting", "_position", "_settled_now", "_temporary",
        "actions", "ambush_target", "ammunition", "army_type", "assault_bonus_except",
        "attack_targets", "base", "cannot_disengage", "charged", "feinted_by",
        "first_turn_bonus_target", "gear", "guard_against", "guard_all", "hp", "hp_at_start",
        "initiative", "key", "light", "max_hp", "name", "netted_by", "no_reactions_until",
        "orders", "plan", "potions_drunk", "reaction_used", "reckless", "rout_immune",
        "routed_ever", "routing_threshold", "side", "siege", "strike_kinds", "tactics", "treated",
    )
    # What the effective conditions follow from (lasting, temporary, engaged, position) is handed
    # out by these properties to be read or changed alike: whoever asks for one may change it, so
    # asking drops the settled conditions (and setting one, of course). The engine's own reads go
    # to the fields behind them, and it changes engagement only through `engage_with` and
    # `disengage_from`. (Plain containers rather than ones that watch for changes: a dict or set
    # subclass answers `in`, the engine's commonest question, through a slow generic path.)
    _settled_now: tuple[Mapping[Condition, int], Conditions, int] | None

    @property
    def lasting(self) -> dict[Condition, int]:
        self._settled_now = None
        return self._lasting

    @lasting.setter
    def lasting(self, value: dict[Condition, int]) -> None:
        self._settled_now = None
        self._lasting = dict(value)

    @property
    def temporary(self) -> list[Temporary]:
        self._settled_now = None
        return self._temporary

    @temporary.setter
    def temporary(self, value: list[Temporary]) -> None:
        self._settled_now = None
        self._temporary = list(value)

    @property
    def engaged(self) -> set[int]:
        self._settled_now = None
        return self._engaged

    @engaged.setter
    def engaged(self, value: set[int]) -> None:
        self._settled_now = None
        self._engaged = set(value)

    @property
    def position(self) -> Position:
        return self._position

    @position.setter
    def position(self, value: Position) -> None:
        self._settled_now = None
        self._position = value

    def __init__(self, combatant: Combatant, light: Light = Light.BRIGHT):
        army = combatant.army
        self._settled_now = None
        self.light = light
        self.key = combatant.key
        self.side: Side = combatant.side
        self.plan: BattlePlan = combatant.plan
        self.base: ArmyState = army
        known = _STARTS.get(id(combatant))
        if known is None or known[0] is not combatant:
            known = _STARTS.keep(id(combatant), (combatant, _Start(army)))
        start = known[1]
        # The template's type, a plain field: Strikes and the tactician ask for it every action.
        self.army_type: ArmyType = start.army_type
        self.siege = start.siege
        self.name = start.name
        self.tactics = start.tactics
        self.max_hp = start.max_hp
        self.hp = start.hp
        self.hp_at_start = start.hp
        self.routing_threshold = start.routing_threshold
        lasting = self._lasting = dict(start.lasting)
        if combatant.garrisoned:
            lasting[FORTIFIED] = 0
        self._temporary = []
        self.gear = list(army.gear)
        # The gear changes only as potions are drunk (`drink_potion`), so how many were drunk
        # tells which gear the army has: a stat block is looked up by that count, not by hashing
        # every piece of gear each time.
        self.potions_drunk = 0
        self.ammunition = start.ammunition
        self.strike_kinds = start.strike_kinds  # gear does not change during a battle
        self._position = NEARBY
        self._engaged = set()
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
        # The tactician's standing orders that can apply to this army in this scene, worked out
        # at its first turn (`tactician._orders`).
        self.orders: StandingOrders | None = None
        self._block: StatBlock | None = None
        # The stat blocks this army has had, by what they follow from (HP, conditions, potions),
        # kept across the scenes it fights (the runs of `battle_odds`).
        self._blocks = start.blocks

    # -- conditions ---------------------------------------------------------------------------

    def _conditions_key(self) -> Hashable:
        """Everything `conditions` follows from, exactly (the lasting conditions in their order)."""
        temporary = tuple([(t.condition, t.value) for t in self._temporary]) \
            if self._temporary else ()
        return (self.light, self._position, bool(self._engaged), tuple(self._lasting.items()),
                temporary)

    def _settled(self) -> tuple[Mapping[Condition, int], Conditions, int]:
        """The effective conditions as a mapping and as a state lists them, and the number of
        what they follow from."""
        if self._settled_now is not None:
            return self._settled_now
        key = self._conditions_key()
        found = _CONDITIONS.get(key)
        if found is None:
            mapping = self._settle_conditions()
            found = _CONDITIONS.keep(key, (mapping, from_mapping(mapping), next(_COMBINATIONS)))
        self._settled_now = found
        return found

    def _settle_conditions(self) -> dict[Condition, int]:
        mapping = dict(self._lasting)
        for temp in self._temporary:
            mapping[temp.condition] = mapping.get(temp.condition, 0) + temp.value
        mapping.pop(Condition.ENGAGED, None)
        mapping.pop(Condition.DISTANT, None)
        if self._engaged:
            mapping[Condition.ENGAGED] = 0
        if self._position is DISTANT:
            mapping[Condition.DISTANT] = 0
        # Seed 003: in darkness or thick fog "Вее войска становятся плохо видимы"; in dim light,
        # light fog or rain "Войска на отдалении плохо видимы".
        if self.light is DARK or (self.light is DIM and self._position is DISTANT):
            mapping[CONCEALED] = 0
        return settle(mapping)

    def conditions(self) -> Mapping[Condition, int]:
        """The conditions in effect now (shared: read, never change, the mapping)."""
        return (self._settled_now or self._settled())[0]

    def has(self, condition: Condition) -> bool:
        return condition in (self._settled_now or self._settled())[0]

    def value(self, condition: Condition) -> int:
        return (self._settled_now or self._settled())[0].get(condition, 0)

    def changed(self) -> None:
        self._block = None

    def engage_with(self, key: int) -> None:
        """Now engaged with army `key` too."""
        engaged = self._engaged
        if engaged and self._position is ENGAGED:
            # Engaged already: its conditions, which follow from whether it is engaged at all, and
            # so its stat block stand.
            engaged.add(key)
            return
        engaged.add(key)
        self._move(ENGAGED)

    def disengage_from(self, key: int) -> None:
        """No longer engaged with army `key`: nearby once engaged with none."""
        engaged = self._engaged
        engaged.discard(key)
        if engaged and self._position is ENGAGED:
            return  # engaged still, with another: nothing it follows from changed
        self._move(NEARBY if not engaged and self._position is ENGAGED else self._position)

    def _move(self, position: Position) -> None:
        """Now at `position` and engaged or not as `_engaged` says, all else as it was: its
        settled conditions follow from those it had (whose number names exactly what they
        followed from) and the move, found once per pair (engaging and breaking away happen in
        every battle's every round)."""
        settled = self._settled_now
        self._position = position
        self._block = None
        if settled is None:
            return  # (settled when next asked)
        key = (settled[2], position, bool(self._engaged))
        found = _MOVES.get(key)
        if found is None:
            self._settled_now = None
            found = _MOVES.keep(key, self._settled())
        self._settled_now = found

    def state(self) -> ArmyState:
        return replace(self.base, hp=self.hp, conditions=self._settled()[1],
                       gear=tuple(self.gear))

    @property
    def block(self) -> StatBlock:
        """The stat block as of the last `changed()`."""
        return self._block or self.find_block()

    def find_block(self) -> StatBlock:
        """`block` once `changed()` has dropped it: found again, and kept until the next change.
        (The engine reads `_block` itself and calls this when it is None: in Python 3.11 a
        property's call costs about three times a method's.)"""
        key = (self.hp, (self._settled_now or self._settled())[2], self.potions_drunk)
        block = self._blocks.get(key)
        if block is None:
            block = self._blocks.keep(key, _stat_block(self.state()))
        self._block = block
        return block

    # -- what it is ---------------------------------------------------------------------------

    # The properties below are asked thousands of times a scene: each reads the fields itself.

    @property
    def defeated(self) -> bool:
        return self.hp == 0 or DEFEATED in self._lasting

    @property
    def destroyed(self) -> bool:
        return DESTROYED in self._lasting

    @property
    def fled(self) -> bool:
        return self._position is FLED

    @property
    def routed(self) -> bool:
        return ROUTED in (self._settled_now or self._settled())[0]

    @property
    def on_field(self) -> bool:
        """Still fighting: not fled, not defeated."""
        return self._position is not FLED and self.hp != 0 and \
            DEFEATED not in self._lasting

    def knows(self, tactic: str) -> bool:
        return tactic in self.tactics

    def has_strike(self, kind: WeaponKind) -> bool:
        return kind in self.strike_kinds

    @property
    def potions(self) -> int:
        # (A loop and the member read once: every maneuver of a hurt army asks.)
        doses = 0
        for item in self.gear:
            if item.kind is _HEALING_POTIONS:
                doses += item.doses
        return doses

    def drink_potion(self) -> bool:
        for i, item in enumerate(self.gear):
            if item.kind is _HEALING_POTIONS and item.doses > 0:
                doses = item.doses - 1
                self.gear[i] = quick_replace(item, doses=doses)
                if doses == 0:
                    del self.gear[i]
                self.potions_drunk += 1
                self.hp = min(self.hp + 1, self.max_hp)
                self.changed()
                return True
        return False
