"""Module "magic dice", victory points (reference, ruling; seed 002_eb4cf75b750af884.txt:
"Призванные подразделения не приносят победных очков при уничтожении"): "each enemy unit
destroyed gives its side victory points equal to the unit's starting hits (summoned units: 0).
When the round limit ends a battle with both sides still on the field, the side with more
victory points holds the field; equal points: the defender." Ruling: the tally is public (both
sides see the units destroyed anyway), kept in BattleState.victory_points and told at the end
of every round in which it changed."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.cerilia import ranks
from rules.cerilia.board import Board
from rules.cerilia.state import Unit
from rules.errors import _
from rules.sides import Side


def worth(unit: Unit) -> int:
    """What destroying `unit` gives the enemy: its starting hits — reference: "a card's hits are
    its models; a card may set wounds per model, default 1, so hits = models × wounds" (a blow
    takes one wound, ranks.take_wound) — and nothing for a summoned unit."""
    return 0 if unit.summoned else ranks.starting_models(unit) * unit.card.wounds


def tally(units: Iterable[Unit]) -> dict[Side, int]:
    """Each side's points: the worth of the enemy units destroyed."""
    points = dict.fromkeys(Side, 0)
    for unit in units:
        if not unit.alive:
            points[unit.side.other] += worth(unit)
    return points


def holder(points: Mapping[Side, int]) -> Side:
    """Who holds the field at the round limit: more points; equal, the defender."""
    attacker, defender = points.get(Side.ATTACKER, 0), points.get(Side.DEFENDER, 0)
    return Side.ATTACKER if attacker > defender else Side.DEFENDER


def recorded(r: Board) -> dict[str, Any]:
    """The state's changes at the round's end: with the module on, the tally (and an event,
    public, when it changed); without it nothing, so such a battle is stored as before."""
    if not r.start.scenario.modules.magic_dice:
        return {}
    points = tally(r.units.values())
    if points != {side: r.start.victory_points.get(side, 0) for side in Side}:
        r.say("victory_points", _("Victory points: attacker %(attacker)s, defender "
              "%(defender)s."), to=frozenset(Side), attacker=points[Side.ATTACKER],
              defender=points[Side.DEFENDER])
    return {"victory_points": points}


def round_limit_holder(r: Board) -> Side:
    points = tally(r.units.values())
    r.say("victory_decides", _("The round limit: %(side)s holds the field on victory points "
          "(attacker %(attacker)s, defender %(defender)s)."), to=frozenset(Side),
          side=holder(points).value, attacker=points[Side.ATTACKER],
          defender=points[Side.DEFENDER])
    return holder(points)
