"""Builders for the Wars of Cerilia sector-battle tests (seed 000_9b71fb8594a033d1.txt): units,
a battle state with units already on the field, and a round whose dice the test chooses.

`ScriptedDice` hands out the faces a test lists, in order, and fails the test if the engine rolls
more dice than scripted. A battle card is drawn with "1d<cards left>" from the sorted remaining
deck, so with the full deck a face is the card's number; `state(deck=(9,))` makes the next card a 9.
"""
from dataclasses import replace

from engine_support import ScriptedDice, codes, only  # noqa: F401 (the tests' helpers)

from rules.cerilia.cards import CATALOG, Tag
from rules.cerilia.engine import Round
from rules.cerilia.field import RESERVE
from rules.cerilia.orders import RoundOrders, SpellOrder
from rules.cerilia.state import (
    BattleState,
    Caster,
    Scenario,
    School,
    Terrain,
    TerrainKind,
    Unit,
)
from rules.sides import Side

SEED_FILE = "000_9b71fb8594a033d1.txt"
A, D = Side.ATTACKER, Side.DEFENDER
T = TerrainKind


def card(code="infantry", **stats):
    """A catalog card, with some stats changed (tags as Tag values)."""
    base = CATALOG[code]
    if "tags" in stats:
        stats["tags"] = frozenset(stats["tags"])
    if "morale" in stats:
        stats["morale"] = frozenset(stats["morale"])
    return replace(base, **stats)


def unit(key, side, code="infantry", at=RESERVE, **changes):
    """A unit at full hits; `at` a sector or the reserve. Stats given as card_<stat>."""
    stats = {k.removeprefix("card_"): v for k, v in changes.items() if k.startswith("card_")}
    rest = {k: v for k, v in changes.items() if not k.startswith("card_")}
    c = card(code, **stats)
    return Unit(key, side, c, rest.pop("name", key), rest.pop("hits", c.hits), position=at,
                **rest)


def terrain(kind, sector, toward=None, **changes):
    return Terrain(kind, sector, toward, **changes)


def fortification(sector="C3", level=3):
    return Terrain(T.FORTIFICATION, sector, level=level, hits=CATALOG["irregulars"].hits)


def state(*units, terrain=(), casters=(), held=None, deck=None, night=False, effects=(),
          illusions=(), **scenario) -> BattleState:
    """A battle in round 1 with the units where they are given, cells filled in order."""
    cells: dict[tuple[str, Side], int] = {}
    placed = []
    for u in units:
        cell = -1
        if u.position != RESERVE:
            cell = cells.get((u.position, u.side), 0)
            cells[(u.position, u.side)] = cell + 1
        placed.append(replace(u, cell=cell) if u.cell == -1 else u)
    extra = {"deck": deck} if deck is not None else {}
    return BattleState(Scenario(**scenario), tuple(placed), tuple(casters), round=1,
                       terrain=tuple(terrain), held=dict(held or {}), night=night,
                       effects=tuple(effects), illusions=tuple(illusions), **extra)


def caster(key, side, school=School.WIZARD, unit_key=None, name=None):
    return Caster(key, side, name or key, school, unit_key)


def orders(**kwargs):
    return RoundOrders(**kwargs)


def spell(spell_, **kwargs):
    return SpellOrder(spell_, **kwargs)


def round_of(s: BattleState, faces=(), orders_=None, initiative=A) -> Round:
    """A Round on `s` with scripted dice, its initiative already settled."""
    r = Round(s, orders_ or {}, 0)
    r.dice = ScriptedDice(*faces)
    r.initiative = initiative
    return r




def has_tag(u, tag: Tag) -> bool:
    return tag in u.card.tags


def cards(*wanted, deck=None):
    """The dice faces that draw these battle cards, in order, from `deck` (the full deck)."""
    from rules.cerilia.deck import FULL_DECK
    remaining, faces = tuple(deck or FULL_DECK), []
    for c in wanted:
        if not remaining:
            remaining = FULL_DECK
        faces.append(remaining.index(c) + 1)
        remaining = tuple(x for x in remaining if x != c)
    return faces
