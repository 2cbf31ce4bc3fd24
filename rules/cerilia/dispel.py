"""Module "magic dice", dispelling (seed 002_eb4cf75b750af884.txt, «Разрушение Связанных
заклинаний»; reference/sector-modules.md "Dispelling"): orders are simultaneous, so each side's
orders carry a dispel plan, rules in priority order; when an enemy spell is cast, the first rule
that matches it is used with the dice it allows of those left."""
from __future__ import annotations

from rules.cerilia.combat import Combat
from rules.cerilia.magic_dice_orders import ANY
from rules.errors import _
from rules.sides import Side


def dispel(r: Combat, side: Side, left: int, spell: str, label: str, target: int
           ) -> tuple[int, bool]:
    """`side`'s plan against `spell` cast with `target` to beat (the casting total, or a bound
    spell's power level for its dice): the dice it spends of the `left` it has, and whether the
    dice rolled reach the target. The first rule matching the spell (or "any") and whose
    threshold the target reaches is the one used; with no dice left, none is."""
    for rule in r.orders[side].dispel:
        if rule.spell not in (ANY, spell) or target < rule.at_least:
            continue
        dice = min(rule.dice, left)
        if dice < 1:
            return 0, False
        total = r.dice.roll(f"{dice}d6", purpose=_("Dispelling %(spell)s (%(side)s)"),
                            spell=label, side=side.value).total
        done = total >= target
        # Reference: "dispels as rolled" are public.
        r.say("dispelled" if done else "dispel_failed",
              _("%(side)s dispels %(spell)s on %(dice)s dice: %(total)s against %(target)s, "
                "dispelled.") if done else
              _("%(side)s tries to dispel %(spell)s on %(dice)s dice: %(total)s against "
                "%(target)s, in vain."),
              side=side.value, spell=label, dice=dice, total=total, target=target,
              to=frozenset(Side))
        return dice, done
    return 0, False
