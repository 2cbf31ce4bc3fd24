"""What a sector battle is between rounds: the scenario, the terrain cards on the field, the
spells in force, the units and casters, and the server's battle deck. Frozen data; `state_data`
and `state_from_data` turn it into JSON and back, so a battle can be stored between rounds."""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, ClassVar

from rules.cerilia.artifact_cards import Artifact, ArtifactEffect
from rules.cerilia.bound_spell_cards import BoundSpell
from rules.cerilia.cards import Tag, UnitCard
from rules.cerilia.concealment import Ambush, Concealment, Marker, TrapCard, TrapSupply
from rules.cerilia.deck import FULL_DECK
from rules.cerilia.field import RESERVE
from rules.cerilia.modules import (
    DEFAULT_WOUNDS,
    NO_MODULES,
    Modules,
    Role,
    StandingOrder,
    modules_from_data,
    standing_from_data,
)
from rules.data import record_data
from rules.errors import _
from rules.records import quick_init
from rules.sides import Side


class TerrainKind(StrEnum):
    FORTIFICATION = "fortification"
    CLIFFS = "cliffs"
    RIVER = "river"
    FOREST = "forest"
    SWAMP = "swamp"
    HILLS = "hills"
    # Seed 001: "в лес (овраг)"; ruling: movement as forest, no charge into it, no other effect.
    RAVINE = "ravine"


TERRAIN_LABELS = {
    TerrainKind.FORTIFICATION: _("fortification"),
    TerrainKind.CLIFFS: _("cliffs"),
    TerrainKind.RIVER: _("river"),
    TerrainKind.FOREST: _("forest"),
    TerrainKind.SWAMP: _("swamp"),
    TerrainKind.HILLS: _("hills"),
    TerrainKind.RAVINE: _("ravine"),
}
# Cliffs and river name "одно направление, между какими секторами ... ограничивают передвижение".
DIRECTED_TERRAIN = frozenset({TerrainKind.CLIFFS, TerrainKind.RIVER})
# "должны совершить остановку когда они заходят в сектор" (forest: mounted units only).
STOPPING_TERRAIN = frozenset({TerrainKind.SWAMP, TerrainKind.HILLS})
# "не могут быть атакованы Кавалерийской Атакой".
NO_CHARGE_TERRAIN = frozenset({TerrainKind.CLIFFS, TerrainKind.FOREST, TerrainKind.SWAMP,
                               TerrainKind.HILLS, TerrainKind.RAVINE})
# Seed 001: "Батальон находящийся в лесу или в овраге ... (там где можно ставить засаду)".
AMBUSH_TERRAIN = frozenset({TerrainKind.FOREST, TerrainKind.RAVINE})
# "Все Отряды, которые первыми заняли ... прежде Отрядов Противника".
HELD_TERRAIN = frozenset({TerrainKind.CLIFFS, TerrainKind.HILLS})
FORTIFICATION = "fortification"   # the key an empty fortification fights under


@dataclass(frozen=True)
class Terrain:
    kind: TerrainKind
    sector: str
    toward: str | None = None   # cliffs and river: the neighbouring sector they cut off
    level: int = 0              # a fortification's level
    hits: int = 0               # a fortification's hits left when it fights on its own
    bonus: int = 1              # a fortification's "+1" to defense, until rock turns to mud
    magical: bool = False       # a swamp a terrain spell raised ("появится Болото")


class Wall(StrEnum):
    STONE = "stone"
    FORCE = "force"
    ICE = "ice"
    IRON = "iron"
    FIRE = "fire"
    THORNS = "thorns"


class EffectKind(StrEnum):
    FOG = "fog"
    WALL = "wall"
    BLESS = "bless"
    # Module "artifacts" (artifacts.py): an artifact's +1 to a unit's attacks, or its morale
    # sign, for the round it is used (rounds_left 1: gone at the round's end).
    ARTIFACT_ATTACK = "artifact_attack"
    ARTIFACT_SIGN = "artifact_sign"


# The effects that add a morale sign to their unit, and those tied to one unit (a side sees
# them only on its own units or on enemy units it sees).
SIGN_EFFECTS = frozenset({EffectKind.BLESS, EffectKind.ARTIFACT_SIGN})
UNIT_EFFECTS = SIGN_EFFECTS | {EffectKind.ARTIFACT_ATTACK}


@dataclass(frozen=True)
class Effect:
    """A spell in force for `rounds_left` more rounds."""

    kind: EffectKind
    side: Side
    rounds_left: int
    sector: str | None = None
    toward: str | None = None
    wall: Wall | None = None
    unit: str | None = None
    sign: str | None = None


@dataclass(frozen=True)
class Illusion:
    """Illusory terrain: both sides see `kind` in `sector`; the server fights on the truth."""

    sector: str
    kind: TerrainKind
    side: Side
    toward: str | None = None   # illusory cliffs or river show a direction like real ones


# Every key a unit or caster gets (the adapter's, a summoned Legion's, an empty fortification's)
# is short and made of these: safe in an order's field path ("moves.<key>") and in a page.
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,40}")


def is_key(text: object) -> bool:
    """Whether `text` could be a unit's or caster's key (the orders' schema checks keys with
    this before the rules look the unit up)."""
    return isinstance(text, str) and KEY_PATTERN.fullmatch(text) is not None


class UnitStatus(StrEnum):
    READY = "ready"
    ROUTED = "routed"        # routed this round or the last: it may not attack
    DESTROYED = "destroyed"


# `Unit.alive` is asked dozens of times a round, and a member read off its class is slow on
# Python 3.11 (rules.sides says why).
_DESTROYED = UnitStatus.DESTROYED


@quick_init   # the round makes one for an empty fortification at each of its attacks
@dataclass(frozen=True)
class Unit:
    key: str
    side: Side
    card: UnitCard
    name: str
    hits: int
    position: str = RESERVE     # a sector, or the side's reserve
    cell: int = -1              # its place in the sector's front line ("в порядке ячеек")
    status: UnitStatus = UnitStatus.READY
    hidden: bool = False        # mass invisibility
    summoned: bool = False      # Legion of the Dead: gives nothing after the battle
    routed_in: int = 0          # the round it last routed
    army: int | None = None     # the campaign army it stands for
    ambush: str | None = None   # module "ambush": the ambush it hides in, until revealed
    # Module "magic dice" (ranks.py): `hits` count its models; the wounds its wounded model has
    # lost, and whether the enemy took its standard (it never comes back).
    wounds_lost: int = 0
    standard_taken: bool = False
    data_omit_default: ClassVar[tuple[str, ...]] = ("ambush", "wounds_lost", "standard_taken")

    @property
    def alive(self) -> bool:
        return self.status is not _DESTROYED

    @property
    def on_field(self) -> bool:
        # Alive (read off the status, as `alive` does, without a second property call).
        return self.status is not _DESTROYED and self.position != RESERVE

    def has(self, tag: Tag) -> bool:
        return tag in self.card.tags   # its card's tags (UnitCard.has), asked at every attack

    @property
    def concealed(self) -> bool:
        """Out of the enemy's sight: invisible (seed 000) or in ambush (seed 001)."""
        return self.hidden or self.ambush is not None

    def hides_in(self, ambush: Ambush) -> bool:
        """Module "ambush": whether it is `ambush`'s battalion still hiding there (alive, the
        ambush neither revealed nor a trap)."""
        return ambush.kind is Concealment.AMBUSH and not ambush.over and self.alive \
            and self.ambush == ambush.key


class School(StrEnum):
    WIZARD = "wizard"
    PRIEST = "priest"


SCHOOL_ROLES = {School.WIZARD: Role.WIZARD, School.PRIEST: Role.PRIEST}


@dataclass(frozen=True)
class Caster:
    """A character of one side (reference: "Today's casters become one kind of character"): a
    wizard or priest by its school, a general or hero by its roles; it stands with `unit` (its
    reserve without one). The fields after `spells` came with seed 001 and are stored only when
    they differ from their defaults, so a seed 000 caster is stored as it always was."""

    key: str
    side: Side
    name: str
    school: School | None   # None: no spells (a general or hero only)
    unit: str | None = None
    spells: frozenset[str] = frozenset()   # empty: every spell of its school
    roles: frozenset[Role] = frozenset()   # general, hero (beyond its school's role)
    wounds: int = DEFAULT_WOUNDS
    command: int = 0        # КН: a general's pool per round
    will: int = 0           # ЗС: a hero's points left for the battle
    carries: tuple[str, ...] = ()          # artifact ids
    killed: bool = False    # "A killed character casts, commands and carries nothing more"
    bound: tuple[BoundSpell, ...] = ()     # module "magic dice": its bound spells (XI.6.A)
    # Seed 002: healing «не может поднять значение ран выше его стартового показателя»; the
    # wounds it started the battle with (the reference's default 3 when a scenario gives none).
    start_wounds: int = DEFAULT_WOUNDS
    data_omit_default: ClassVar[tuple[str, ...]] = ("roles", "wounds", "command", "will",
                                                    "carries", "killed", "bound", "start_wounds")

    @property
    def kinds(self) -> frozenset[Role]:
        school = {SCHOOL_ROLES[self.school]} if self.school is not None else set()
        return self.roles | school

    def is_a(self, role: Role) -> bool:
        return not self.killed and role in self.kinds


Character = Caster   # the seed's word; the engine's older name stays for seed 000 callers


@quick_init   # its `modules` is read in every phase of every round (quick_init says why)
@dataclass(frozen=True)
class Scenario:
    cells_per_sector: int = 1
    # "Если Сценарий Битвы имеет Укрепление": its level, 0 for none; the defender places it.
    fortification_level: int = 0
    terrain: tuple[Terrain, ...] = ()
    max_rounds: int = 12
    # Reference §1.7: a unit on its own line falls back into its reserve; without, off the field.
    retreat_into_reserve: bool = True
    night: bool = False
    modules: Modules = NO_MODULES
    traps: tuple[TrapSupply, ...] = ()   # module "ambush": the traps each side may lay
    # Module "magic dice": the GM's fixed pool instead of the 2d6 roll (reference: "The GM may
    # set a fixed number instead per scenario"), power and dispel dice each; and the GM's
    # casting values over the catalog's defaults (spell → value).
    power_dice: int | None = None
    dispel_dice: int | None = None
    casting_values: Mapping[str, int] = field(default_factory=dict)
    data_omit_default: ClassVar[tuple[str, ...]] = ("modules", "traps", "power_dice",
                                                    "dispel_dice", "casting_values")


@dataclass(frozen=True)
class BattleState:
    scenario: Scenario
    units: tuple[Unit, ...]
    casters: tuple[Caster, ...] = ()
    round: int = 0                          # 0: phase 0, deployment
    terrain: tuple[Terrain, ...] = ()
    illusions: tuple[Illusion, ...] = ()
    effects: tuple[Effect, ...] = ()
    night: bool = False
    deck: tuple[int, ...] = FULL_DECK
    held: Mapping[str, Side] = field(default_factory=dict)   # hills and cliffs: first to occupy
    finished: bool = False
    winner: Side | None = None              # the side holding the field
    # Module "command": each independent unit's 2 orders, set in phase 0.
    standing: Mapping[str, tuple[StandingOrder, ...]] = field(default_factory=dict)
    ambushes: tuple[Ambush, ...] = ()       # module "ambush": ambushes and traps
    artifacts: tuple[Artifact, ...] = ()    # module "artifacts": those the characters carry
    # Module "magic dice" (victory.py): each side's victory points, told to both at the end;
    # until then each side knows only the points it saw itself score (`victory_seen`).
    victory_points: Mapping[Side, int] = field(default_factory=dict)
    victory_seen: Mapping[Side, int] = field(default_factory=dict)
    data_omit_default: ClassVar[tuple[str, ...]] = ("standing", "ambushes", "artifacts",
                                                    "victory_points", "victory_seen")

    @property
    def characters(self) -> tuple[Caster, ...]:
        return self.casters

    def unit(self, key: str) -> Unit:
        return next(u for u in self.units if u.key == key)

    def side_units(self, side: Side) -> list[Unit]:
        # Alive, read off the status: without a property call per unit, as every side's orders
        # and several rules go through a side's units.
        return [u for u in self.units if u.side is side and u.status is not _DESTROYED]

    def own_unit(self, side: Side, key: str) -> Unit | None:
        """`side`'s living unit of that key (None for any other: what an order may name)."""
        unit = next((u for u in self.units if u.key == key), None)
        return unit if unit is not None and unit.side is side and unit.alive else None

    def terrain_in(self, sector: str) -> list[Terrain]:
        return [t for t in self.terrain if t.sector == sector]


def new_battle(scenario: Scenario, units: Iterable[Unit], casters: Iterable[Caster] = ()
               ) -> BattleState:
    """Phase 0: the scenario's terrain on the field, every unit in its reserve at full hits."""
    return BattleState(scenario, tuple(units), tuple(casters), terrain=scenario.terrain,
                       night=scenario.night)


def state_data(state: BattleState) -> dict[str, Any]:
    return record_data(state)


def _bound(data: Mapping[str, Any]) -> tuple[BoundSpell, ...]:
    return tuple(BoundSpell(**b) for b in data.get("bound", ()))


def _card(data: Mapping[str, Any]) -> UnitCard:
    return UnitCard(**{**data, "morale": frozenset(data["morale"]),
                       "tags": frozenset(Tag(t) for t in data["tags"]), "bound": _bound(data)})


def _terrain(data: Mapping[str, Any]) -> Terrain:
    return Terrain(**{**data, "kind": TerrainKind(data["kind"])})


def _effect(data: Mapping[str, Any]) -> Effect:
    return Effect(**{**data, "kind": EffectKind(data["kind"]), "side": Side(data["side"]),
                     "wall": Wall(data["wall"]) if data.get("wall") else None})


def _character(data: Mapping[str, Any]) -> Caster:
    return Caster(**{**data, "side": Side(data["side"]),
                     "school": School(data["school"]) if data["school"] else None,
                     "spells": frozenset(data["spells"]),
                     "roles": frozenset(Role(r) for r in data.get("roles", ())),
                     "carries": tuple(data.get("carries", ())), "bound": _bound(data)})


def _ambush(data: Mapping[str, Any]) -> Ambush:
    return Ambush(**{**data, "side": Side(data["side"]), "kind": Concealment(data["kind"]),
                     "markers": tuple(Marker(**m) for m in data.get("markers", ()))})


def _trap_supply(data: Mapping[str, Any]) -> TrapSupply:
    return TrapSupply(data["key"], Side(data["side"]), TrapCard(**data["card"]))


def state_from_data(data: Mapping[str, Any]) -> BattleState:
    scenario = data["scenario"]
    return BattleState(
        scenario=Scenario(**{**scenario, "terrain": tuple(_terrain(t)
                                                          for t in scenario["terrain"]),
                             "modules": modules_from_data(scenario.get("modules")),
                             "traps": tuple(_trap_supply(t) for t in scenario.get("traps", ()))}),
        units=tuple(Unit(**{**u, "side": Side(u["side"]), "card": _card(u["card"]),
                            "status": UnitStatus(u["status"])}) for u in data["units"]),
        casters=tuple(_character(c) for c in data["casters"]),
        round=data["round"],
        terrain=tuple(_terrain(t) for t in data["terrain"]),
        illusions=tuple(Illusion(i["sector"], TerrainKind(i["kind"]), Side(i["side"]),
                                 i.get("toward")) for i in data["illusions"]),
        effects=tuple(_effect(e) for e in data["effects"]),
        night=data["night"],
        deck=tuple(data["deck"]),
        held={sector: Side(side) for sector, side in data["held"].items()},
        finished=data["finished"],
        winner=Side(data["winner"]) if data["winner"] else None,
        standing=standing_from_data(data.get("standing")),
        ambushes=tuple(_ambush(a) for a in data.get("ambushes", ())),
        artifacts=tuple(Artifact(**{**a, "effect": ArtifactEffect(a["effect"])})
                        for a in data.get("artifacts", ())),
        victory_points={Side(side): points
                        for side, points in data.get("victory_points", {}).items()},
        victory_seen={Side(side): points
                      for side, points in data.get("victory_seen", {}).items()},
    )


def with_unit(state: BattleState, unit: Unit) -> BattleState:
    return replace(state, units=tuple(unit if u.key == unit.key else u for u in state.units))
