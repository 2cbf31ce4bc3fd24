"""Helpers the sector battle admin's tests share: its URLs, the errors a page shows, and the
POST data of a battle's change page."""
from __future__ import annotations

import re

from django.urls import reverse

__all__ = ["MODULES", "battle_form", "errors_of", "url"]


def url(view: str, *args) -> str:
    return reverse(f"admin:battles_sectorbattle_{view}", args=args)


def errors_of(response) -> list[str]:
    return re.findall(r'<ul class="errorlist[^"]*"[^>]*><li>(.*?)</li>', response.content.decode())


MODULES = ("module_command", "module_ambush", "module_scouting", "module_artifacts",
           "module_magic_dice")


def battle_form(battle, *, terrain=(), units=(), casters=(), traps=(), **fields) -> dict:
    """The change page's POST: the scenario's fields and its four inlines (new rows only)."""
    data = {"campaign": battle.campaign_id, "name": battle.name,
            "attacker_kingdom": battle.attacker_kingdom_id or "",
            "defender_kingdom": battle.defender_kingdom_id or "",
            "cells_per_sector": battle.cells_per_sector,
            "fortification_level": battle.fortification_level,
            "max_rounds": battle.max_rounds, "round_hours": battle.round_hours,
            **({"retreat_into_reserve": "on"} if battle.retreat_into_reserve else {}),
            **({"night": "on"} if battle.night else {}),
            **{name: "on" for name in MODULES if getattr(battle, name)}, **fields}
    casters = [{"wounds": 3, **row} for row in casters]
    for prefix, rows in (("terrain", terrain), ("units", units), ("casters", casters),
                         ("traps", traps)):
        data.update({f"{prefix}-TOTAL_FORMS": len(rows), f"{prefix}-INITIAL_FORMS": 0,
                     f"{prefix}-MIN_NUM_FORMS": 0, f"{prefix}-MAX_NUM_FORMS": 1000})
        for i, row in enumerate(rows):
            for name, value in row.items():
                data[f"{prefix}-{i}-{name}"] = value
    return data
