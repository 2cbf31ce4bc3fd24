"""A Deploy Army route on the campaign map: the hexes it steps through, what it counts, whether it
keeps to a road and which border it crosses (reference army_activities, Deploy Army: "Exploration
(destination within 20 hexes), Boating (within 20 hexes along connected water) or Magic ...";
"Control DC; +5 if crossing your own border, +10 if crossing an enemy kingdom's border";
"Exploration: road between start and end improves the result one degree; roadless swamp/mountain
hexes and unbridged river/lake crossings count as 2 hexes").

Our rulings (docs/rules-notes.md, "The campaign map"):
- A path is the hexes stepped through, the army's hex left out and the destination last; each
  step is to a neighbouring hex on the map. With no path, the best one for the player is chosen:
  the least counted distance (a longer way along a road is not taken over a shorter one off it),
  then the lowest border (none, own, enemy), then one that keeps to a road all the way, and among
  equals the first by its hexes in column-then-row order.
- Exploration marches over land and may cross a lake: a step that is difficult counts 2, whatever
  makes it so and however many things do (a step into a swamp or mountain hex along no road, a
  step across a river side with no bridge, a step into a water hex: a lake crossing).
- Boating keeps to water hexes: every hex of the path but the last is water; the army may embark
  from a land hex next to the water and land on a land hex next to it. A river drawn on hex sides
  is not a waterway (paint a navigable river as water hexes); each step counts 1.
- Magic ignores terrain and path: its distance is the hexes between start and destination; any
  path given is not followed (each of its hexes must be a hex, its last the destination).
- An army standing in no hex (not placed by the GM) has no route: refused on the destination.
- The route keeps to a road when every step runs along a road side (Exploration only).
- Border: a step crosses the kingdom's own border when one of its two hexes is claimed by the
  kingdom and the other is not (leaving or entering); it crosses an enemy's border when it enters
  a hex claimed by another kingdom from a hex that kingdom does not claim. Every other kingdom is
  an enemy here: the map knows claims, not alliances. The route's border is the highest it
  crosses (enemy over own). Magic's single step is from its start to its destination.
"""
from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.errors import RuleViolation, Violation, _
from rules.kingmaker.campaign_map import (
    CampaignMap,
    Edge,
    MapHex,
    Terrain,
    edge_between,
    neighbours,
)
from rules.kingmaker.hexes import canonical_hex, hex_distance, hex_violations, parse_hex


class Border(StrEnum):
    NONE = "none"
    OWN = "own"
    ENEMY = "enemy"


_BORDER_RANK = {Border.NONE: 0, Border.OWN: 1, Border.ENEMY: 2}


class Extra(StrEnum):
    """Why a step counts more than one hex."""

    SWAMP = "swamp"
    MOUNTAINS = "mountains"
    RIVER = "river"
    LAKE = "lake"


EXTRA_LABELS = {Extra.SWAMP: _("roadless swamp"), Extra.MOUNTAINS: _("roadless mountains"),
                Extra.RIVER: _("unbridged river crossing"), Extra.LAKE: _("lake crossing")}
# "... count as 2 hexes": a step difficult for two reasons (a roadless swamp across an unbridged
# river) is no harder to count than one difficult for one.
DIFFICULT_STEP = 2
_ROADLESS_EXTRA = {Terrain.SWAMP: Extra.SWAMP, Terrain.MOUNTAINS: Extra.MOUNTAINS}

EXPLORATION, MAGIC = "exploration", "magic"


@dataclass(frozen=True)
class Step:
    """One hex stepped into: how many hexes it counts, why more than one, and whether it runs
    along a road."""

    coord: str
    counts: int = 1
    extras: tuple[Extra, ...] = ()
    road: bool = False


@dataclass(frozen=True)
class Route:
    start: str
    destination: str
    skill: str
    steps: tuple[Step, ...]  # empty for Magic, which follows no path
    distance: int  # as counted: a roadless swamp or mountain hex, an unbridged crossing count 2
    border: Border
    road: bool
    chosen: bool  # the player named the path (False: the cheapest was chosen for them)

    @property
    def path(self) -> tuple[str, ...]:
        return tuple(step.coord for step in self.steps)

    @property
    def doubled(self) -> tuple[Step, ...]:
        return tuple(step for step in self.steps if step.extras)


def _claim(campaign_map: CampaignMap, coord: str) -> str:
    found = campaign_map.hexes.get(canonical_hex(coord))
    return found.claimed_by if found is not None else ""


def step_border(campaign_map: CampaignMap, kingdom: str, a: str, b: str) -> Border:
    """The border a step from `a` into `b` crosses, for the kingdom named `kingdom`."""
    here, there = _claim(campaign_map, a), _claim(campaign_map, b)
    if there and there != kingdom and here != there:
        return Border.ENEMY
    if (here == kingdom) != (there == kingdom):
        return Border.OWN
    return Border.NONE


def _highest(borders: Sequence[Border]) -> Border:
    return max(borders, key=_BORDER_RANK.__getitem__, default=Border.NONE)


def _step(campaign_map: CampaignMap, skill: str, a: str, edge: Edge, b: MapHex) -> Step:
    """The step from `a` across its side `edge` into `b` (`a` written canonically)."""
    road = campaign_map.on_side(a, edge, b.coord, "roads")
    if skill != EXPLORATION:
        return Step(b.coord, 1, (), road)
    extras: list[Extra] = []
    if b.terrain in _ROADLESS_EXTRA and not road:
        extras.append(_ROADLESS_EXTRA[b.terrain])
    if b.terrain is Terrain.WATER:
        extras.append(Extra.LAKE)
    if (campaign_map.on_side(a, edge, b.coord, "rivers")
            and not campaign_map.on_side(a, edge, b.coord, "bridges")):
        extras.append(Extra.RIVER)
    return Step(b.coord, DIFFICULT_STEP if extras else 1, tuple(extras), road)


def _is_water(campaign_map: CampaignMap, coord: str) -> bool:
    found = campaign_map.hexes.get(canonical_hex(coord))
    return found is not None and found.terrain is Terrain.WATER


def _may_enter(campaign_map: CampaignMap, skill: str, a: str, b: MapHex, destination: str) -> bool:
    if skill == EXPLORATION:
        return True  # a lake too, counted as a crossing (_step)
    # Boating: into water, or out of it onto the destination.
    return b.terrain is Terrain.WATER or (b.coord == destination and _is_water(campaign_map, a))


def _build(campaign_map: CampaignMap, kingdom: str, skill: str, start: str, destination: str,
           steps: Sequence[Step], chosen: bool) -> Route:
    hexes = (start, *(s.coord for s in steps))
    border = _highest([step_border(campaign_map, kingdom, a, b)
                       for a, b in zip(hexes, hexes[1:], strict=False)])
    road = skill == EXPLORATION and bool(steps) and all(s.road for s in steps)
    return Route(start, destination, skill, tuple(steps), sum(s.counts for s in steps), border,
                 road, chosen)


def _given_path(campaign_map: CampaignMap, kingdom: str, skill: str, start: str,
                destination: str, path: Sequence[str]) -> Route:
    steps: list[Step] = []
    here = start
    for written in path:
        found = campaign_map.at(written, "path")
        coord = canonical_hex(written)
        edge = edge_between(here, coord)
        if edge is None:
            raise RuleViolation.single("path_not_adjacent",
                                       _("%(hex)s is not next to %(previous)s: step one hex at a "
                                         "time."), "path", hex=coord, previous=here)
        if not _may_enter(campaign_map, skill, here, found, destination):
            raise RuleViolation.single("path_not_water",
                                       _("Boating keeps to connected water; %(hex)s is land."),
                                       "path", hex=coord)
        steps.append(_step(campaign_map, skill, here, edge, found))
        here = coord
    return _build(campaign_map, kingdom, skill, start, destination, steps, chosen=True)


def _ways_on(campaign_map: CampaignMap, kingdom: str, skill: str, here: str,
             destination: str) -> list[tuple[Step, int]]:
    """The steps out of `here`, each with the rank of the border it crosses."""
    found_ways = []
    for edge, coord in neighbours(here).items():
        found = campaign_map.hexes.get(coord)
        if found is None or not _may_enter(campaign_map, skill, here, found, destination):
            continue
        found_ways.append((_step(campaign_map, skill, here, edge, found),
                           _BORDER_RANK[step_border(campaign_map, kingdom, here, coord)]))
    return found_ways


class OutOfReach(RuleViolation):
    """No way to the destination counts as few hexes as the skill reaches (it may be that no way
    leads there at all: the search stops at the reach)."""


def _out_of_reach(skill: str, destination: str, reach: int) -> OutOfReach:
    return OutOfReach([Violation("too_far", _("%(skill)s reaches %(range)s hexes: no way to "
                                              "%(hex)s counts that few."), "destination",
                                 {"skill": skill, "range": reach, "hex": destination})])


_State = tuple[str, int, bool]  # a hex, the highest border rank so far, off a road so far


def _best(campaign_map: CampaignMap, kingdom: str, skill: str, start: str,
          destination: str, reach: int | None = None) -> Route:
    """The best route for the player: the least counted distance, then the lowest border, then
    one that keeps to a road all the way, then the first by its hexes as (column, row).

    The border a route crosses and whether it keeps to a road belong to the whole path, so the
    search runs over states (hex, highest border so far, off a road so far), ordered by (counted
    distance so far plus the hexes still between, border, off the road): every step counts at
    least 1 and moves one hex, so that order never falls along a path and the first state to
    come off the queue at the destination is the best one there. Each state keeps the states it
    is reached from at its least count (no paths are copied); once the destination's best state
    is found, the first way by its hexes is walked from the start through the states that lead
    to it. With `reach`, no state is followed whose count already passes it (OutOfReach)."""
    origin: _State = (start, 0, skill != EXPLORATION)
    ahead: dict[str, int] = {}

    def hexes_to_go(coord: str) -> int:
        left = ahead.get(coord)
        if left is None:
            left = ahead[coord] = hex_distance(coord, destination)
        return left

    if reach is not None and hexes_to_go(start) > reach:
        raise _out_of_reach(skill, destination, reach)
    counted: dict[_State, int] = {origin: 0}
    came_from: dict[_State, list[_State]] = {origin: []}
    queue: list[tuple[int, int, bool, _State]] = [(hexes_to_go(start), 0, origin[2], origin)]
    done: set[_State] = set()
    # A hex is left in up to six states: its steps out are read off the map once.
    ways: dict[str, list[tuple[Step, int]]] = {}
    # A state that reaches a hex counting more, with no lower border and no better road, than one
    # already taken there loses to it on every way on: it is dropped.
    reached: dict[str, list[tuple[int, int, bool]]] = {}
    target: _State | None = None
    beyond = False
    while queue:
        if target is not None and queue[0][:3] > (counted[target], target[1], target[2]):
            break  # every state on a best way to the target has been left
        _f, rank, off_road, state = heapq.heappop(queue)
        here, cost = state[0], counted[state]
        if state in done or any(d < cost and r <= rank and o <= off_road
                                for d, r, o in reached.get(here, ())):
            continue
        done.add(state)
        reached.setdefault(here, []).append((cost, rank, off_road))
        if here == destination:
            target = target or state
            continue
        if here not in ways:
            ways[here] = _ways_on(campaign_map, kingdom, skill, here, destination)
        for step, crossed in ways[here]:
            after: _State = (step.coord, max(rank, crossed), off_road or not step.road)
            total = cost + step.counts
            known = counted.get(after)
            if known is None or total < known:
                least = total + hexes_to_go(step.coord)
                if reach is not None and least > reach:
                    beyond = True
                    continue
                counted[after] = total
                came_from[after] = [state]
                heapq.heappush(queue, (least, after[1], after[2], after))
            elif total == known:
                came_from[after].append(state)
    if target is None:
        if beyond and reach is not None:
            raise _out_of_reach(skill, destination, reach)
        raise RuleViolation.single("no_route",
                                   _("No way by %(skill)s leads from %(start)s to %(hex)s on the "
                                     "map."), "destination", skill=skill, start=start,
                                   hex=destination)
    return _build(campaign_map, kingdom, skill, start, destination,
                  _first_way(origin, target, came_from, ways), chosen=False)


def _first_way(origin: _State, target: _State, came_from: dict[_State, list[_State]],
               ways: dict[str, list[tuple[Step, int]]]) -> list[Step]:
    """The steps of the first way by its hexes as (column, row) from `origin` to `target` among
    the best ones: those through the states `came_from` links back from the target. No best way
    is the start of another (each step counts), so taking the first next hex at every state
    gives the first way."""
    leads_on: dict[_State, list[_State]] = {}
    marked = {target}
    stack = [target]
    while stack:
        state = stack.pop()
        for before in came_from[state]:
            leads_on.setdefault(before, []).append(state)
            if before not in marked:
                marked.add(before)
                stack.append(before)
    steps: list[Step] = []
    state = origin
    while state != target:
        here = state[0]
        state = min(leads_on[state], key=lambda after: parse_hex(after[0]))
        steps.append(next(step for step, _rank in ways[here] if step.coord == state[0]))
    return steps


def route(campaign_map: CampaignMap, kingdom: str, start: str, destination: str, skill: str,
          path: Sequence[str] = (), reach: int | None = None) -> Route:
    """The route from the army's hex `start` to `destination` by `skill` for the kingdom named
    `kingdom`, along `path` or (no path) the best for the player (see _best); raises
    RuleViolation on "destination" or "path". The destination being the start, or too far, is
    the activity's to judge; but with `reach`, the search for the best way gives up past it and
    raises OutOfReach (a way named, or Magic's, is counted whole).

    The answer is kept on the map (CampaignMap.routes), so that an order's validation, preview,
    check and resolution, asking alike, search once."""
    key = (kingdom, start, destination, skill, tuple(path), reach)
    known = campaign_map.routes.get(key)
    if known is None:
        try:
            known = _route(campaign_map, kingdom, start, destination, skill, path, reach)
        except RuleViolation as error:
            known = error
        campaign_map.routes[key] = known
    if isinstance(known, RuleViolation):
        raise type(known)(known.violations)
    return known


def _route(campaign_map: CampaignMap, kingdom: str, start: str, destination: str, skill: str,
           path: Sequence[str], reach: int | None) -> Route:
    if hex_violations(start):
        # The army stands nowhere on the map (the GM has not placed it): what is wrong is where
        # the order sends it from, and the order's field for that is its destination.
        raise RuleViolation.single("no_start_hex",
                                   _("The army stands in no map hex, so no way leads from it: "
                                     "the game master places it first."), "destination")
    start = canonical_hex(start)
    parse_hex(destination, "destination")
    destination = canonical_hex(destination)
    campaign_map.at(destination, "destination")
    if path and canonical_hex(path[-1]) != destination:
        raise RuleViolation.single("path_not_to_destination",
                                   _("The path must end at the destination, %(hex)s."), "path",
                                   hex=destination)
    if skill == MAGIC:
        # The path is not followed, but what is stored with the order is hexes all the same.
        for written in path:
            bad = hex_violations(written, "path")
            if bad:
                raise RuleViolation(bad)
        return Route(start, destination, skill, (), hex_distance(start, destination),
                     step_border(campaign_map, kingdom, start, destination), False, bool(path))
    if destination == start:
        return Route(start, destination, skill, (), 0, Border.NONE, False, bool(path))
    if path:
        return _given_path(campaign_map, kingdom, skill, start, destination, path)
    return _best(campaign_map, kingdom, skill, start, destination, reach)
