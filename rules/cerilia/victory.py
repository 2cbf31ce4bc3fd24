"""Module "magic dice", victory points (reference, ruling; seed 002_eb4cf75b750af884.txt:
"Призванные подразделения не приносят победных очков при уничтожении"): "each enemy unit
destroyed gives its side victory points equal to the unit's starting hits (summoned units: 0).
When the round limit ends a battle with both sides still on the field, the side with more
victory points holds the field; equal points: the defender." Ruling: a destruction's points are
told with it to the sides that saw it; the whole tally, kept in BattleState.victory_points, is
told to both at the battle's end (the round limit decided by it or not), so a unit destroyed out
of the enemy's sight is not given away by the points."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.cerilia import ranks
from rules.cerilia.board import Board, Event
from rules.cerilia.state import BattleState, Unit
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


def scored(r: Board, unit: Unit, to: frozenset[Side]) -> None:
    """A destruction's points, told with it to the sides that saw it (ruling): a side that did
    not see an enemy unit fall must not learn from the points that it fell, nor its size."""
    if not r.start.scenario.modules.magic_dice:
        return
    points = worth(unit)
    if points:
        r.say("victory_scored", _("%(side)s scores %(points)s victory points for %(unit)s."),
              unit, to=to, side=unit.side.other.value, points=points)


def seen(events: Iterable[Event]) -> dict[Side, int]:
    """The points each side was told it scored among `events`."""
    points = dict.fromkeys(Side, 0)
    for event in events:
        scorer = Side(event.params["side"]) if event.code == "victory_scored" else None
        if scorer is not None and scorer in event.visible_to:
            points[scorer] += int(event.params["points"])
    return points


def recorded(r: Board, finished: bool) -> dict[str, Any]:
    """The state's changes at the round's end: with the module on, the tally and the points
    each side saw itself score; at the battle's end the tally is told to both (ruling). Without
    the module nothing, so such a battle is stored as before."""
    if not r.start.scenario.modules.magic_dice:
        return {}
    points = tally(r.units.values())
    told = seen(r.events)
    if finished and not any(e.code == "victory_decides" for e in r.events):
        r.say("victory_points", _("Victory points: attacker %(attacker)s, defender "
              "%(defender)s."), to=frozenset(Side), attacker=points[Side.ATTACKER],
              defender=points[Side.DEFENDER])
    return {"victory_points": points,
            "victory_seen": {side: r.start.victory_seen.get(side, 0) + told[side]
                             for side in Side}}


def known(state: BattleState, side: Side) -> dict[Side, int]:
    """The tally as `side` knows it (side_views): the whole at the battle's end; before it,
    the points it saw itself score and the enemy's in full (they are for its own units, whose
    every destruction it sees)."""
    if state.finished:
        return {s: state.victory_points.get(s, 0) for s in Side}
    return {side: state.victory_seen.get(side, 0),
            side.other: state.victory_points.get(side.other, 0)}


def round_limit_holder(r: Board) -> Side:
    points = tally(r.units.values())
    r.say("victory_decides", _("The round limit: %(side)s holds the field on victory points "
          "(attacker %(attacker)s, defender %(defender)s)."), to=frozenset(Side),
          side=holder(points).value, attacker=points[Side.ATTACKER],
          defender=points[Side.DEFENDER])
    return holder(points)
