"""Module "magic dice", a unit's or character's bound spell in the magic phase (seed
002_eb4cf75b750af884.txt, XI.6.A: «Модель активного игрока, которая не отступает, может
использовать каждое из своих связанных заклинаний один раз в фазу магии»). The pool's part
(dice removed, dispel at the power level) is magic_dice.MagicPhase.bound; an artifact's bound
spell goes through artifacts.Artifacts.cast_bound_spells."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rules.cerilia.combat import Combat
from rules.cerilia.magic_dice_orders import BoundUse, hides_unmarked, holder_of
from rules.cerilia.orders import SpellOrder, bound_use_order
from rules.cerilia.spells import Spell, unbindable
from rules.cerilia.state import Caster, Unit
from rules.sides import Side

# The pool's cast of a bound spell: (caster, order, power level, dice) → whether it was used.
CastBound = Callable[[Caster, SpellOrder, str, int, Unit | None], bool]


def use_bound(r: Combat, side: Side, use: BoundUse, cast: CastBound) -> None:
    """A unit's or character's bound spell, if its holder still stands (orders.order_violations
    refused the rest at submission; a holder may have fallen since). Whether it flees, and how
    the enemy reads its name, is the pool's (magic_dice.MagicPhase.bound), as for an artifact."""
    found = holder_of(r.units.values(), r.casters.values(), side, use.holder)
    if found is None or not 0 <= use.index < len(found[1]) \
            or unbindable(found[1][use.index].spell) is not None \
            or hides_unmarked(r.units.values(), r.ambushes.values(), use.holder):
        return
    caster, spells = found
    card = spells[use.index]
    # Keyed by the holder and the spell's place, so nothing it creates can clash with what the
    # same character casts itself this phase.
    cast(replace(caster, key=f"{caster.key}-b{use.index}"),
         bound_use_order(use, Spell(card.spell)), card.power, use.dice, r.units.get(use.holder))
