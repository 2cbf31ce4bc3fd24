"""Unit cards ("war cards"): melee, charge, missile and its range, defense, morale signs,
movement points and hits, with tags; the default catalog the GM extends in the admin."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from rules.cerilia.bound_spell_cards import BoundSpell, parse_power
from rules.errors import RuleViolation, Violation, _

# A morale test draws one of three signs; a unit passes if its card bears it (reference §1.10).
SIGNS = ("sun", "moon", "star")


class Tag(StrEnum):
    MOUNTED = "mounted"
    INFANTRY = "infantry"
    IRREGULAR = "irregular"
    ARTILLERY = "artillery"
    SCOUT = "scout"
    ELVEN = "elven"
    DWARVEN = "dwarven"
    UNDEAD = "undead"
    FREE_MOVEMENT = "free_movement"
    # Seed 001: "воины с навыком Самостоятельный" (module "command": standing orders).
    INDEPENDENT = "independent"


@dataclass(frozen=True)
class UnitCard:
    code: str
    name: str
    melee: int
    defense: int
    morale: frozenset[str]
    movement: int
    hits: int
    charge: int | None = None
    missile: int | None = None
    missile_range: int = 0
    tags: frozenset[Tag] = field(default_factory=frozenset)
    # "Ночь ... может влиять на показатели некоторых Отрядов": added to its attacks at night.
    night_bonus: int = 0
    # Module "magic dice" (seed 002, ranks.py): the card's hits are its models; each model has
    # `wounds`, and the card may have a command group among its models.
    wounds: int = 1
    champion: bool = False
    standard: bool = False
    musician: bool = False
    # Module "magic dice" (seed 002, XI.6.A): the bound spells the unit's models carry.
    bound: tuple[BoundSpell, ...] = ()
    data_omit_default: ClassVar[tuple[str, ...]] = ("wounds", "champion", "standard",
                                                    "musician", "bound")

    @property
    def command_group(self) -> int:
        return self.champion + self.standard + self.musician

    def has(self, tag: Tag) -> bool:
        return tag in self.tags


def card_violations(card: UnitCard) -> RuleViolation | None:
    problems = []
    if not 1 <= len(card.morale) <= 3 or not set(card.morale) <= set(SIGNS):
        problems.append(("morale", _("A card bears one to three distinct morale signs.")))
    if card.hits < 1:
        problems.append(("hits", _("A card has at least 1 hit.")))
    if card.wounds < 1:
        problems.append(("wounds", _("A model has at least 1 wound.")))
    if card.command_group > card.hits:
        problems.append(("hits", _("The command group is among the card's models: at least "
                                   "one hit for each of them.")))
    if card.movement < 0:
        problems.append(("movement", _("Movement points cannot be negative.")))
    if card.missile is not None and card.missile_range < 1:
        problems.append(("missile_range", _("A missile attack reaches at least 1 sector.")))
    if any(parse_power(b.power) is None for b in card.bound):
        # Module "magic dice": «Заклинание с силой 5/9» — x on 2 dice, y on 3.
        problems.append(("bound", _("A bound spell's power level reads x/y, x at most y.")))
    if not problems:
        return None
    return RuleViolation([Violation("card_invalid", message, name) for name, message in problems])


def _card(code: str, name: str, melee: int, defense: int, morale: int, movement: int, hits: int,
          *tags: Tag, charge: int | None = None, missile: int | None = None, missile_range: int = 0,
          night_bonus: int = 0) -> UnitCard:
    return UnitCard(code, name, melee, defense, frozenset(SIGNS[:morale]), movement, hits, charge,
                    missile, missile_range, frozenset(tags), night_bonus)


M, INF, G, A, S = Tag.MOUNTED, Tag.INFANTRY, Tag.IRREGULAR, Tag.ARTILLERY, Tag.SCOUT
E, DW, U, FREE, IND = Tag.ELVEN, Tag.DWARVEN, Tag.UNDEAD, Tag.FREE_MOVEMENT, Tag.INDEPENDENT

# The Birthright unit types (reference §1.3) with small attack and defense values: only their
# difference matters.
CATALOG: dict[str, UnitCard] = {c.code: c for c in (
    _card("infantry", _("Infantry"), 2, 2, 2, 1, 2, INF),
    _card("elite_infantry", _("Elite infantry"), 3, 3, 3, 1, 2, INF),
    _card("pikes", _("Pikes"), 2, 3, 2, 1, 2, INF),
    _card("archers", _("Archers"), 1, 1, 2, 1, 1, INF, missile=2, missile_range=2),
    _card("knights", _("Knights"), 3, 3, 3, 2, 2, M, charge=4),
    _card("light_cavalry", _("Light cavalry"), 2, 2, 2, 3, 1, M, charge=3),
    _card("irregulars", _("Irregulars"), 1, 1, 1, 1, 1, G),
    _card("scouts", _("Scouts"), 1, 1, 1, 2, 1, S, G, FREE, missile=1, missile_range=1),
    _card("artillerists", _("Artillerists"), 0, 1, 2, 1, 1, A, missile=3, missile_range=3),
    _card("elven_archers", _("Elven archers"), 2, 2, 3, 2, 1, E, INF, FREE, missile=3,
          missile_range=2),
    _card("elven_cavalry", _("Elven cavalry"), 2, 2, 3, 3, 1, E, M, FREE, charge=3, missile=2,
          missile_range=1),
    _card("dwarven_guards", _("Dwarven guards"), 3, 4, 3, 1, 2, DW, INF),
    _card("legion_of_the_dead", _("Legion of the Dead"), 2, 2, 3, 1, 2, U, INF, night_bonus=1),
    # Seed 001: "воины с навыком Самостоятельный" (module "command"); ruling: the seed gives
    # them no values, so a light band with short missiles that can advance, shoot and scout
    # by its standing orders (migration 0010 ships it to catalogs made before it).
    _card("independent_warriors", _("Independent warriors"), 2, 2, 2, 2, 1, INF, IND,
          missile=1, missile_range=1),
)}
LEGION_OF_THE_DEAD = CATALOG["legion_of_the_dead"]
# "оборона Укрепления считается за 1 Отряд Иррегулярных Войск".
FORTIFICATION_DEFENDERS = CATALOG["irregulars"]
