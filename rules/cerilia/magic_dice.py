"""Module "magic dice" (seed 002_eb4cf75b750af884.txt; reference/sector-modules.md "Module
\"magic dice\""): the magic phase with a dice pool. The sides act in initiative order; the acting
side rolls 2d6 for its power dice (the total) and the other side's dispel dice (the higher die),
casts its spells against their casting values, uses its bound spells («Просто удаляет и все»),
and the other side dispels by its plan. Unused dice are discarded at the end of the sub-phase."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from rules.cerilia import bound_spells, dispel, magic
from rules.cerilia.bound_spell_cards import BOUND_DICE, power_level
from rules.cerilia.combat import Combat
from rules.cerilia.deck import Result
from rules.cerilia.magic_dice_orders import (
    MAX_POOL,
    MAX_POWER_DICE,
    MIN_POWER_DICE,
    fleeing,
)
from rules.cerilia.orders import SpellOrder
from rules.cerilia.spells import (
    PRIEST_RESULTS,
    SPELL_LABELS,
    WOUND_CASTING_VALUES,
    Spell,
    gives_away_ambush,
)
from rules.cerilia.state import Caster, Scenario, Unit
from rules.errors import _
from rules.sides import Side


def _each(spells: Iterable[str], value: int) -> dict[str, int]:
    return {str(s): value for s in spells}


# Reference: "Default casting values (GM-editable in the spell catalog)"; class D / R / F are the
# priests' battle spells by their result (fire storm destroys, R routs, F falls back).
_CLASS = {result: [s for s, r in PRIEST_RESULTS.items() if r is result] for result in Result}
CASTING_VALUES: Mapping[str, int] = {
    **_each(_CLASS[Result.FALL_BACK], 5),
    **_each(_CLASS[Result.ROUT], 7),
    **_each((Spell.BLESS, Spell.TURN_UNDEAD), 5),
    **_each((Spell.FOG, Spell.HASTE), 6),
    **_each((Spell.NIGHT, Spell.DAY), 7),
    **_each((Spell.WALL_OF_STONE, Spell.FORCE_FIELD, Spell.WALL_OF_ICE, Spell.WALL_OF_IRON,
             Spell.ILLUSORY_TERRAIN, Spell.TRANSMUTE_ROCK_TO_MUD,
             Spell.TRANSMUTE_WATER_TO_DUST, Spell.LEVEL_GROUND), 8),
    **_each((Spell.WALL_OF_FIRE, Spell.WALL_OF_THORNS, Spell.MASS_INVISIBILITY), 9),
    **_each((Spell.FIRE_STORM, Spell.SUMMON_LEGION), 10),
    # Seed 002's Heal and Raise the fallen: rulings (the reference gives them none).
    **{str(s): v for s, v in WOUND_CASTING_VALUES.items()},
}
# Ruling: a spell neither the catalog nor the scenario gives a value is cast on 7.
DEFAULT_CASTING_VALUE = 7


def casting_value(scenario: Scenario, spell: str) -> int:
    """The scenario's value (the GM's edit of the catalog), else the catalog's default."""
    return scenario.casting_values.get(spell, CASTING_VALUES.get(spell, DEFAULT_CASTING_VALUE))


# Seed: «Связанные Заклинания активируют атрибут в соответствии с общими правилами»: a spell's
# attribute is a free effect after a successful, undispelled cast. Ruling: none of seed 000's
# spells has one, so the catalog ships none; a spell that gets one registers it here.
Attribute = Callable[[Combat, Caster, SpellOrder], None]
ATTRIBUTES: dict[str, Attribute] = {}


class MagicPhase:
    """One side's magic sub-phase: its power dice, the other side's dispel dice, how many of
    each it has spent (never more than 12: "At most 12 dice of a pool are used")."""

    def __init__(self, r: Combat, side: Side, effect: Effect):
        self.r, self.side, self.effect = r, side, effect
        scenario = r.start.scenario
        # Rolled unless the GM fixed both numbers.
        rolled = r.dice.roll("2d6", purpose=_("Magic pool (%(side)s)"), side=side.value) \
            if scenario.power_dice is None or scenario.dispel_dice is None else None
        power = scenario.power_dice if scenario.power_dice is not None \
            else rolled.total if rolled else 0
        dispel = scenario.dispel_dice if scenario.dispel_dice is not None \
            else max(rolled.faces) if rolled else 0
        self.power, self.dispel = min(max(power, 0), MAX_POOL), min(max(dispel, 0), MAX_POOL)
        self.power_spent = self.dispel_spent = 0
        # Reference: "pools are public (sizes)".
        r.say("magic_pool", _("Magic phase of %(side)s: %(power)s power dice; %(other)s has "
              "%(dispel)s dispel dice."), side=side.value, other=side.other.value,
              power=self.power, dispel=self.dispel, to=frozenset(Side))

    @property
    def power_left(self) -> int:
        return self.power - self.power_spent

    @property
    def dispel_left(self) -> int:
        return self.dispel - self.dispel_spent

    def _lacks(self, who: str, label: str, dice: int) -> bool:
        """Ruling (the seed: «если в пуле есть нужное количество кубиков»): an order asking for
        more dice than are left is not attempted and spends nothing; only its side hears."""
        if dice <= self.power_left:
            return False
        self.r.say("pool_short", _("%(caster)s cannot cast %(spell)s: %(dice)s dice asked, "
                   "%(left)s left."), caster=who, spell=label, dice=dice,
                   left=self.power_left, to=frozenset({self.side}))
        return True

    # -- casting --------------------------------------------------------------------------

    def cast(self, caster: Caster, order: SpellOrder) -> None:
        """An ordinary spell: its power dice rolled must reach its casting value."""
        spell, label = str(order.spell), SPELL_LABELS[order.spell]
        if gives_away_ambush(self.r.state(), caster, order.spell, order.unit):
            magic.cast(self.r, caster, order)   # fizzles to its own side, no dice spent
            return
        dice = min(max(order.dice, MIN_POWER_DICE), MAX_POWER_DICE)
        if self._lacks(caster.name, label, dice):
            return
        self.power_spent += dice
        total = self.r.dice.roll(f"{dice}d6", purpose=_("Casting %(spell)s (%(caster)s)"),
                                 spell=label, caster=caster.name).total
        value = casting_value(self.r.start.scenario, spell)
        cast = total >= value
        self.r.say("spell_cast" if cast else "spell_failed",
                   _("%(caster)s casts %(spell)s on %(dice)s dice: %(total)s against "
                     "%(value)s, cast.") if cast else
                   _("%(caster)s casts %(spell)s on %(dice)s dice: %(total)s against "
                     "%(value)s, it fails."),
                   caster=caster.name, spell=label, dice=dice, total=total, value=value,
                   to=frozenset(Side))
        if cast and not self._dispelled(spell, label, total):
            self._take_effect(caster, order)

    def bound(self, caster: Caster, order: SpellOrder, power: str, dice: int,
              unit: Unit | None = None) -> bool:
        """A bound spell of a unit (`unit`, its holder), a character or an artifact's bearer on
        2 or 3 dice, removed without a roll; always cast, in its basic version, no casting
        bonus; dispelled against its power level for those dice. False if its holder flees, the
        pool lacks the dice or it would give an ambush away (nothing spent)."""
        label = SPELL_LABELS[order.spell]
        if dice not in BOUND_DICE:   # orders.order_violations refused it at submission
            return False
        if fleeing(self.r.units.values(), caster, self.r.number):
            # «Модель активного игрока, которая не отступает».
            self.r.say("bound_fleeing", _("%(caster)s flees and cannot use a bound spell."),
                       caster=caster.name, to=frozenset({self.side}))
            return False
        if gives_away_ambush(self.r.state(), caster, order.spell, order.unit):
            magic.cast(self.r, caster, order)   # fizzles to its own side, no dice removed
            return False
        if self._lacks(caster.name, label, dice):
            return False
        self.power_spent += dice
        level = power_level(power, dice)
        seen_by = self._seen_by(unit)
        self._tell_bound(caster, seen_by, label, {"power": power, "dice": dice, "level": level})
        if not self._dispelled(str(order.spell), label, level):
            # Ruling: a holder the enemy cannot see casts under its side's name, so what the
            # spell does names nothing the enemy should not see.
            self._take_effect(caster if seen_by == frozenset(Side)
                              else replace(caster, name=self.side.value), order)
        return True

    def _seen_by(self, unit: Unit | None) -> frozenset[Side]:
        """The sides that see who uses a bound spell: its own, and the enemy unless the holder
        is a unit (`unit`) out of its sight (invisible, in ambush, in fog). A character is named
        wherever it stands, as its ordinary spells name it: unnamed only beside an unseen unit,
        it would tell the enemy it stands beside one, and so of an ambush not yet marked (seed
        001: "The enemy sees nothing of an ambush that has not moved")."""
        return frozenset(s for s in Side if s is self.side or unit is None
                         or self.r.sees(s, unit))

    def _tell_bound(self, caster: Caster, seen_by: frozenset[Side], label: str,
                    params: dict[str, Any]) -> None:
        """Public ("spells as cast"): the spell and its dice, as the pool shows them, to both;
        who uses it only to the sides that see it (ruling)."""
        self.r.say("bound_cast", _("%(caster)s uses the bound spell %(spell)s (power %(power)s) "
                   "on %(dice)s dice: dispelled only on %(level)s or more."),
                   to=seen_by, **{"caster": caster.name, "spell": label, **params})
        if seen_by != frozenset(Side):
            self.r.say("bound_cast", _("%(side)s uses the bound spell %(spell)s (power "
                       "%(power)s) on %(dice)s dice: dispelled only on %(level)s or more."),
                       to=frozenset(Side) - seen_by,
                       **{"side": self.side.value, "spell": label, **params})

    def _take_effect(self, caster: Caster, order: SpellOrder) -> None:
        self.effect(caster, order)
        attribute = ATTRIBUTES.get(str(order.spell))
        if attribute is not None:
            attribute(self.r, caster, order)

    def _dispelled(self, spell: str, label: str, target: int) -> bool:
        spent, done = dispel.dispel(self.r, self.side.other, self.dispel_left, spell, label,
                                    target)
        self.dispel_spent += spent
        return done

    def close(self) -> None:
        """"unused dice are discarded at the end of the sub-phase"."""
        self.r.say("pool_discarded", _("End of the magic phase of %(side)s: %(power)s power and "
                   "%(dispel)s dispel dice unused."), side=self.side.value,
                   power=self.power_left, dispel=self.dispel_left, to=frozenset(Side))


Afterwards = Callable[[Side, MagicPhase], None]
Effect = Callable[[Caster, SpellOrder], None]


def magic_phase(r: Combat, afterwards: Afterwards, effect: Effect) -> None:
    """Each side in initiative order: its casters' spells, then its bound spells in the order
    given, then (`afterwards`) its artifacts' bound spells (ruling: that order); `effect` makes
    a spell that was cast and not dispelled take effect."""
    for side in r.sides_in_order():
        phase = MagicPhase(r, side, effect)
        for key, order in r.orders[side].spells.items():
            caster = r.casters.get(key)
            if caster is not None and caster.side is side and not caster.killed:
                phase.cast(caster, order)
        for use in r.orders[side].bound:
            bound_spells.use_bound(r, side, use, phase.bound)
        afterwards(side, phase)
        phase.close()
