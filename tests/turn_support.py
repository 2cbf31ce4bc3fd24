"""Builders shared by the activity and turn tests: armies and kingdoms as the engine takes them."""
from rules.kingmaker.activities import KingdomSheet, TurnArmy
from rules.kingmaker.army import ArmyState
from rules.kingmaker.campaign_map import CampaignMap, MapHex
from rules.kingmaker.conditions import ConditionState
from rules.kingmaker.templates import REGULAR_TEMPLATES, ArmyType

INFANTRY = REGULAR_TEMPLATES[ArmyType.INFANTRY]
CAVALRY = REGULAR_TEMPLATES[ArmyType.CAVALRY]


def cs(condition, value=0):
    return ConditionState(condition, value)


def army(key=1, *, template=INFANTRY, level=1, tactics=("hold_the_line",), gear=(), conditions=(),
         hp=None, name=None, hex="C4", **extra):
    state = ArmyState(template=template, level=level, tactics=tactics, gear=gear,
                      conditions=tuple(conditions), hp=hp, name=name or f"Army {key}", hex=hex)
    return TurnArmy(key=key, state=state, **extra)


def kingdom(**changes):
    values = {"name": "Brevoy", "level": 1, "resource_points": 50, "food": 10,
              "settlement_hexes": frozenset({"C4"}),
              "factions_with_relations": frozenset({"Sootscale kobolds"})}
    values.update(changes)
    return KingdomSheet(**values)


def grid(columns="ABCDEFGH", rows=range(1, 13), *painted, claimed_by=""):
    """A campaign map: a rectangle of plains hexes (claimed by `claimed_by`), with the `painted`
    MapHex values over it."""
    hexes = {f"{c}{r}": MapHex(f"{c}{r}", claimed_by=claimed_by) for c in columns for r in rows}
    hexes.update({h.coord: h for h in painted})
    return CampaignMap.of(hexes.values())
