"""Module "magic dice", a unit's or character's bound spell in the magic phase (seed
002_eb4cf75b750af884.txt, XI.6.A: «Модель активного игрока, которая не отступает, может
использовать каждое из своих связанных заклинаний один раз в фазу магии»). The pool's part
(dice removed, dispel at the power level) is magic_dice.MagicPhase.bound; an artifact's bound
spell goes through artifacts.Artifacts.cast_bound_spells."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rules.cerilia.combat import Combat
from rules.cerilia.magic_dice_orders import BoundUse, fleeing, holder_of
from rules.cerilia.orders import SpellOrder, bound_use_order
from rules.cerilia.spells import Spell, unbindable
from rules.cerilia.state import Caster
from rules.errors import _
from rules.sides import Side

# The pool's cast of a bound spell: (caster, order, power level, dice, the name its own side
# reads) → whether it was used.
CastBound = Callable[[Caster, SpellOrder, str, int, str | None], bool]


def use_bound(r: Combat, side: Side, use: BoundUse, cast: CastBound) -> None:
    """A unit's or character's bound spell, if its holder still stands and does not flee
    (orders.order_violations refused the rest at submission; a holder may have fallen since)."""
    found = holder_of(r.units.values(), r.casters.values(), side, use.holder)
    if found is None or not 0 <= use.index < len(found[1]) \
            or unbindable(found[1][use.index].spell) is not None:
        return
    caster, spells = found
    if fleeing(r.units.values(), caster, r.number):
        r.say("bound_fleeing", _("%(caster)s flees and cannot use a bound spell."),
              caster=caster.name, to=frozenset({side}))
        return
    card = spells[use.index]
    order = bound_use_order(use, Spell(card.spell))
    # Keyed by the holder and the spell's place, so what it creates (a summoned Legion's key)
    # cannot clash with a spell the same character casts itself this phase.
    caster = replace(caster, key=f"{caster.key}-b{use.index}")
    unit = r.units.get(use.holder)
    if unit is not None and not r.sees(side.other, unit):
        # Ruling: a unit the enemy cannot see (invisible, in ambush, in fog) casts under its
        # side's name, so what the spell does names nothing the enemy should not see.
        cast(replace(caster, name=side.value), order, card.power, use.dice, unit.name)
        return
    cast(caster, order, card.power, use.dice, None)
