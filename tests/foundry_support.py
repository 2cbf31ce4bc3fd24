"""Armies of every shipped template, outfitted, for the Foundry VTT round trips (the services',
the admin's, the commands'), and how two exports are compared."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from admin_support import set_level
from factories import ArmyConditionFactory, ArmyFactory, ArmyGearFactory, ArmyTacticFactory

from armies.models import Army, ArmyTemplate
from rules.kingmaker.tactics import initial_tactics
from rules.kingmaker.templates import ALL_TEMPLATES

SHIPPED = [template.name for template in ALL_TEMPLATES.values()]


def without_ids(actor: Mapping[str, Any]) -> dict:
    """The actor without Muster's army id: two exports of one sheet compare equal without it."""
    muster = {k: v for k, v in actor["flags"]["muster"].items() if k != "army"}
    return {**actor, "flags": {**actor["flags"], "muster": muster}}


def outfitted_army(kingdom, name: str) -> Army:
    """An army of the template `name` in a kingdom raised to its level (6 at least, so that it
    can wear magic armor), with its first tactics, the gear it may carry, weary 1 and 1 HP lost."""
    template = ArmyTemplate.objects.get(name=name)
    set_level(kingdom, max(template.level, 6))
    army = ArmyFactory.create(kingdom=kingdom, template=template, name=f"{name} of {kingdom.name}",
                       hp=template.hp - 1, hex="C4")
    for code in initial_tactics(ALL_TEMPLATES[_code(name)], ["toughened_soldiers"]):
        ArmyTacticFactory(army=army, tactic=code)
    if template.army_type != "siege":
        ArmyGearFactory(army=army, kind="magic_armor", tier="basic", doses=0, price_paid_rp=25)
        ArmyGearFactory(army=army, kind="magic_weapons", tier="basic", doses=0,
                        weapon="melee" if template.melee_name else "ranged", price_paid_rp=20)
        ArmyGearFactory(army=army, kind="healing_potions", doses=2, price_paid_rp=30)
    ArmyConditionFactory(army=army, condition="weary", value=1)
    return Army.objects.get(pk=army.pk)


def _code(name: str) -> str:
    return next(code for code, t in ALL_TEMPLATES.items() if t.name == name)
