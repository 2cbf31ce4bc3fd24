"""Module "magic dice" (seed 002_eb4cf75b750af884.txt, reference/sector-modules.md "Module
\"magic dice\""): what a side orders for the magic phase beyond its spells — the bound spells its
units and characters use and its dispel plan — and what the rules object to in them, by field.
orders.py hands in its spell checks, so a bound spell's aim is checked as a spell order's is."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from rules.cerilia.bound_spell_cards import BOUND_DICE, BoundSpell, parse_power
from rules.cerilia.concealment import Ambush
from rules.cerilia.spells import Spell, unbindable
from rules.cerilia.state import BattleState, Caster, TerrainKind, Unit, UnitStatus
from rules.errors import Violation, _
from rules.sides import Side

# Reference ruling: "the order names the spell and 1–5 power dice".
MIN_POWER_DICE, MAX_POWER_DICE = 1, 5
# Reference ruling: "At most 12 dice of a pool are used".
MAX_POOL = 12
ANY = "any"


@dataclass(frozen=True)
class DispelRule:
    """One rule of a side's dispel plan (reference: "a spell or "any", the most dice to spend,
    optionally only when the casting total is at least N")."""

    spell: str = ANY
    dice: int = 1
    at_least: int = 0
    data_omit_default: ClassVar[tuple[str, ...]] = ("at_least",)


@dataclass(frozen=True)
class BoundUse:
    """A unit or character (`holder`) uses its `index`-th bound spell on 2 or 3 dice, aimed as
    a spell order is («Также, если применимо, он выбирает цель заклинания»)."""

    holder: str
    index: int = 0
    dice: int = 2
    sector: str | None = None
    toward: str | None = None
    unit: str | None = None
    terrain: TerrainKind | None = None
    sign: str | None = None
    data_omit_default: ClassVar[tuple[str, ...]] = ("index", "sector", "toward", "unit",
                                                    "terrain", "sign")


def holder_of(units: Iterable[Unit], characters: Iterable[Caster], side: Side, key: str
              ) -> tuple[Caster, tuple[BoundSpell, ...]] | None:
    """The side's living unit or character `key` as the caster of its bound spells (a unit
    casts as a character standing with it would), with the bound spells it carries."""
    unit = next((u for u in units if u.key == key and u.side is side and u.alive), None)
    if unit is not None:
        return Caster(unit.key, side, unit.name, None, unit=unit.key), unit.card.bound
    character = next((c for c in characters if c.key == key and c.side is side
                      and not c.killed), None)
    if character is not None:
        return character, character.bound
    return None


def fleeing(units: Iterable[Unit], caster: Caster, number: int) -> bool:
    """Seed: «Модель активного игрока, которая не отступает»; ruling: its unit (a character's:
    the one it stands with) is routed, or routed this round or the last one."""
    unit = next((u for u in units if u.key == caster.unit), None)
    if unit is None:
        return False
    return unit.status is UnitStatus.ROUTED or (unit.routed_in > 0
                                                 and unit.routed_in >= number - 1)


def hides_unmarked(units: Iterable[Unit], ambushes: Iterable[Ambush], key: str) -> bool:
    """Whether `key` is a unit hiding in an ambush that has laid no markers. Ruling: it uses no
    bound spell of its own — the enemy sees nothing of an ambush that has not moved (seed
    001), and a bound spell from a holder it cannot name would tell it one is there."""
    unit = next((u for u in units if u.key == key), None)
    return unit is not None and any(unit.hides_in(a) and not a.markers for a in ambushes)


AimChecks = Callable[[BattleState, Side, Caster, str, BoundUse, str], list[Violation]]


def _use_violations(state: BattleState, side: Side, i: int, use: BoundUse,
                    seen: set[tuple[str, int]], aim: AimChecks) -> list[Violation]:
    where = f"bound.{i}"
    found = holder_of(state.units, state.characters, side, use.holder)
    if found is None:
        return [Violation("holder_unknown", _("Not one of your units or characters."),
                          f"{where}.holder")]
    caster, spells = found
    if hides_unmarked(state.units, state.ambushes, use.holder):
        return [Violation("bound_from_unmarked_ambush", _(
            "%(holder)s keeps still in its ambush: it uses no bound spell until its markers are "
            "laid."), f"{where}.holder", {"holder": caster.name})]
    if not 0 <= use.index < len(spells) or spells[use.index].spell not in set(Spell):
        return [Violation("bound_unknown", _("%(holder)s carries no such bound spell."),
                          f"{where}.index", {"holder": caster.name})]
    refused = unbindable(spells[use.index].spell)
    if refused is not None:
        # Ruling (rules-notes "Bound spells"): a bound spell names only its dice and its aim.
        return [Violation("bound_unbindable", refused, f"{where}.index")]
    problems: list[Violation] = []
    if use.dice not in BOUND_DICE:
        # «на каком количестве кубиков активируется заклинание - на 2 или на 3».
        problems.append(Violation("bound_dice", _("A bound spell is used on 2 or 3 dice."),
                                  f"{where}.dice"))
    if (use.holder, use.index) in seen:
        # «может использовать каждое из своих связанных заклинаний один раз в фазу магии».
        problems.append(Violation("bound_twice", _("Each bound spell is used once per magic "
                                  "phase."), where))
    seen.add((use.holder, use.index))
    if parse_power(spells[use.index].power) is None:
        problems.append(Violation("bound_power", _("The bound spell's power level is not "
                                  "x/y."), f"{where}.index"))
    return [*problems, *aim(state, side, caster, spells[use.index].spell, use, where)]


def _rule_violations(i: int, rule: DispelRule) -> list[Violation]:
    where = f"dispel.{i}"
    found: list[Violation] = []
    if rule.spell != ANY and rule.spell not in set(Spell):
        found.append(Violation("spell_unknown", _("Name a spell or \"any\"."),
                               f"{where}.spell"))
    if not 1 <= rule.dice <= MAX_POOL:
        found.append(Violation("dispel_dice", _("A dispel spends 1 to %(most)s dice."),
                               f"{where}.dice", {"most": MAX_POOL}))
    if rule.at_least < 0:
        found.append(Violation("dispel_threshold", _("The threshold cannot be negative."),
                               f"{where}.at_least"))
    return found


def magic_dice_violations(state: BattleState, side: Side, spell_dice: Mapping[str, int],
                          bound: tuple[BoundUse, ...], dispel: tuple[DispelRule, ...],
                          aim: AimChecks, artifact_dice: Mapping[str, int] | None = None
                          ) -> list[Violation]:
    """The dice of each spell ("spells.<caster>.dice"), the bound spells ("bound.<i>.*") and the
    dispel plan ("dispel.<i>.*"); with the module off, bound spells and a dispel plan are
    refused (they would do nothing) and spells' dice are ignored."""
    if not state.scenario.modules.magic_dice:
        off = [Violation("magic_dice_off", _("This battle plays without magic dice."), name)
               for name, given in (("bound", bound), ("dispel", dispel)) if given]
        return off
    found = [Violation("spell_dice", _("A spell is cast with %(least)s to %(most)s power "
                       "dice."), f"spells.{key}.dice",
                       {"least": MIN_POWER_DICE, "most": MAX_POWER_DICE})
             for key, dice in spell_dice.items() if not MIN_POWER_DICE <= dice <= MAX_POWER_DICE]
    fixed = state.scenario.power_dice
    if fixed is not None:
        # The one thing about the pool known at submission: the GM's fixed size. An order
        # asking more can never be attempted (a sum over several orders can: the first
        # ones go, the rest are not attempted; ruling).
        most = min(max(fixed, 0), MAX_POOL)
        asked = [(f"spells.{k}.dice", d) for k, d in spell_dice.items()] + \
            [(f"bound.{i}.dice", u.dice) for i, u in enumerate(bound)]
        found += [Violation("pool_too_small", _("The pool holds %(most)s power dice."), where,
                            {"most": most}) for where, dice in asked if dice > most]
    found += [Violation("bound_dice", _("A bound spell is used on 2 or 3 dice."),
                        f"artifacts.{key}.dice")
              for key, dice in (artifact_dice or {}).items() if dice not in BOUND_DICE]
    seen: set[tuple[str, int]] = set()
    found += [v for i, use in enumerate(bound)
              for v in _use_violations(state, side, i, use, seen, aim)]
    found += [v for i, rule in enumerate(dispel) for v in _rule_violations(i, rule)]
    return found

