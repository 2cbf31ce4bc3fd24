"""Validators of the values seed 002's bound spells store: a power level "x/y" and a list of
bound spells (module "magic dice"). Apart from the models so both model modules use them."""
from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from rules.cerilia.spells import Spell, unbindable

# A bound spell's power level (seed 002, XI.6.A: "Заклинание с силой 5/9"): its value on two
# dice, then on three; ruling: each 1–99 and the second not below the first.
POWER_PATTERN = re.compile(r"(\d{1,2})/(\d{1,2})")


def validate_power(value: str) -> None:
    found = POWER_PATTERN.fullmatch(value or "")
    if found is None:
        raise ValidationError(_("A power level reads \"x/y\", e.g. \"5/9\"."), code="power_form")
    low, high = int(found[1]), int(found[2])
    if low < 1 or high < low:
        raise ValidationError(_("In \"x/y\" both are at least 1 and y is not below x."),
                              code="power_order")


def unbindable_problem(spell: str) -> str | None:
    """Why `spell` cannot be a bound spell (the rules' ruling, spells.unbindable), in the
    reader's language, or None."""
    refused = unbindable(spell)
    return _(refused) if refused is not None else None


def bound_problem(value: object) -> str | None:
    """What is wrong with a list of bound spells as stored (module "magic dice": [{"spell":
    "fog", "power": "5/9"}, …]), or None."""
    if not isinstance(value, list):
        return str(_("A list of bound spells."))
    for i, entry in enumerate(value):
        if not isinstance(entry, dict) or set(entry) - {"spell", "power"}:
            return str(_("Entry %(n)s: an object with \"spell\" and \"power\".") % {"n": i + 1})
        if entry.get("spell") not in set(Spell):
            return str(_("Entry %(n)s: not a spell.") % {"n": i + 1})
        refused = unbindable_problem(entry["spell"])
        if refused is not None:
            return str(_("Entry %(n)s: %(error)s") % {"n": i + 1, "error": refused})
        power = entry.get("power")
        try:
            validate_power(power if isinstance(power, str) else "")
        except ValidationError as error:
            return str(_("Entry %(n)s: %(error)s") % {"n": i + 1, "error": error.messages[0]})
    return None


def validate_bound(value: object) -> None:
    problem = bound_problem(value)
    if problem is not None:
        raise ValidationError(problem, code="bound")


