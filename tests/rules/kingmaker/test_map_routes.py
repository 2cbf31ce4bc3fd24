"""A Deploy Army route on the campaign map (rules/kingmaker/map_routes.py).

The reference (../shared/reference/kingmaker-warfare-data.yaml, Deploy Army) is what seed
003_750bd81a16f66abf.txt's Deploy Army rests on:
  check: "Exploration (destination within 20 hexes), Boating (within 20 hexes along connected
         water) or Magic (master only; within 30 hexes)"
  dc_rule: "Control DC; +5 if crossing your own border, +10 if crossing an enemy kingdom's border"
  modifiers: "Exploration: road between start and end improves the result one degree; roadless
             swamp/mountain hexes and unbridged river/lake crossings count as 2 hexes"
How a path, water and a border are read off the map is our ruling (docs/rules-notes.md, "The
campaign map").
"""
from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from turn_support import grid

from rules.errors import RuleViolation
from rules.kingmaker import map_routes
from rules.kingmaker.campaign_map import Edge, MapHex, Terrain, neighbour, neighbours
from rules.kingmaker.hexes import hex_distance
from rules.kingmaker.map_routes import Border, Extra, OutOfReach, Route, route

KINGDOM = "Brevoy"


def codes(error):
    return [(v.code, v.field) for v in error.value.violations]


def test_an_open_plain_counts_each_hex_once():
    # "Exploration (destination within 20 hexes)": over open land the route counts its hexes.
    found = route(grid(), KINGDOM, "C4", "C8", "exploration")
    assert found.path == ("C5", "C6", "C7", "C8")
    assert (found.distance, found.border, found.road, found.chosen) == (4, Border.NONE, False, False)
    assert found.doubled == ()


@pytest.mark.parametrize(("terrain", "extra"), [(Terrain.SWAMP, Extra.SWAMP),
                                                 (Terrain.MOUNTAINS, Extra.MOUNTAINS)])
def test_a_roadless_swamp_or_mountain_hex_counts_two(terrain, extra):
    # "roadless swamp/mountain hexes ... count as 2 hexes"
    found = route(grid("C", range(1, 10), MapHex("C6", terrain)), KINGDOM, "C4", "C7",
                  "exploration", ("C5", "C6", "C7"))
    assert found.distance == 4
    assert [(s.coord, s.counts, s.extras) for s in found.doubled] == [("C6", 2, (extra,))]


def test_a_road_into_the_swamp_counts_it_once():
    # "roadless swamp/mountain hexes ... count as 2 hexes": a road into the hex takes that away.
    found = route(grid("C", range(1, 10), MapHex("C5", roads=frozenset({Edge.S})),
                       MapHex("C6", Terrain.SWAMP)), KINGDOM, "C4", "C7", "exploration")
    assert found.distance == 3
    assert found.doubled == ()


@pytest.mark.parametrize("painted", [
    (MapHex("C5", rivers=frozenset({Edge.S})),),
    (MapHex("C6", rivers=frozenset({Edge.N})),),  # the same side, named from the other hex
])
def test_an_unbridged_river_crossing_counts_one_more(painted):
    # "unbridged river/lake crossings count as 2 hexes"
    found = route(grid("C", range(1, 10), *painted), KINGDOM, "C4", "C7", "exploration")
    assert found.distance == 4
    assert [(s.coord, s.extras) for s in found.doubled] == [("C6", (Extra.RIVER,))]


def test_a_bridge_takes_the_crossing_away():
    # "unbridged river/lake crossings count as 2 hexes": a bridged one counts as any other hex.
    bridged = MapHex("C5", rivers=frozenset({Edge.S}), bridges=frozenset({Edge.S}))
    assert route(grid("C", range(1, 10), bridged), KINGDOM, "C4", "C7", "exploration").distance == 3


def test_a_roadless_swamp_across_an_unbridged_river_counts_two():
    # "roadless swamp/mountain hexes and unbridged river/lake crossings count as 2 hexes": a step
    # that is difficult twice over still counts 2 (our ruling), both reasons shown.
    painted = (MapHex("C5", rivers=frozenset({Edge.S})), MapHex("C6", Terrain.SWAMP))
    found = route(grid("C", range(1, 10), *painted), KINGDOM, "C4", "C6", "exploration")
    assert found.distance == 3
    assert [(s.coord, s.counts, s.extras) for s in found.doubled] == [
        ("C6", 2, (Extra.SWAMP, Extra.RIVER))]


def test_the_cheapest_path_goes_round_a_swamp_when_that_is_shorter():
    # "roadless swamp ... count as 2": of C4 -> D5's two paths (through C5 or D4), the one
    # missing the swamp is cheaper.
    plain = route(grid(), KINGDOM, "C4", "D5", "exploration")
    swampy = route(grid("ABCDEFGH", range(1, 13), MapHex("C5", Terrain.SWAMP)), KINGDOM, "C4",
                   "D5", "exploration")
    # Equal paths: the first by its hexes in column-then-row order (C5 before D4).
    assert plain.path == ("C5", "D5")
    assert swampy.path == ("D4", "D5")
    assert swampy.distance == plain.distance == 2


ROAD_BY_D4 = (MapHex("C4", roads=frozenset({Edge.SE})), MapHex("D4", roads=frozenset({Edge.NE})))


def test_with_no_path_the_road_is_taken_among_equal_ways():
    # "Exploration: road between start and end improves the result one degree": C4 -> E4 counts 2
    # by D3 or by D4; our ruling picks the one along the road, though D3 comes first in
    # column-then-row order.
    found = route(grid("ABCDEFGH", range(1, 13), *ROAD_BY_D4), KINGDOM, "C4", "E4",
                  "exploration")
    assert (found.path, found.distance, found.road) == (("D4", "E4"), 2, True)
    assert route(grid(), KINGDOM, "C4", "E4", "exploration").path == ("D3", "E4")


@pytest.mark.parametrize(("d3", "d4", "path", "border"), [
    ("Pitax", "", ("D4", "E4"), Border.NONE),        # round the enemy's land
    ("Pitax", KINGDOM, ("D4", "E4"), Border.OWN),    # better our own border than theirs
    ("", KINGDOM, ("D3", "E4"), Border.NONE),        # and better no border than our own
])
def test_with_no_path_the_lowest_border_is_taken_among_equal_ways(d3, d4, path, border):
    # "+5 if crossing your own border, +10 if crossing an enemy kingdom's border": of two ways
    # counting 2, our ruling takes the one with the lower DC, whatever their column-then-row order.
    painted = (MapHex("D3", claimed_by=d3), MapHex("D4", claimed_by=d4))
    found = route(grid("ABCDEFGH", range(1, 13), *painted), KINGDOM, "C4", "E4", "exploration")
    assert (found.path, found.border) == (path, border)


def test_a_lower_border_comes_before_the_road():
    # "+10 if crossing an enemy kingdom's border" against "road ... improves the result one
    # degree": our ruling spares the player the DC before it gives them the road (the road by D4
    # runs through Pitax's land).
    painted = (ROAD_BY_D4[0], MapHex("D4", roads=frozenset({Edge.NE}), claimed_by="Pitax"))
    found = route(grid("ABCDEFGH", range(1, 13), *painted), KINGDOM, "C4", "E4", "exploration")
    assert (found.path, found.border, found.road) == (("D3", "E4"), Border.NONE, False)


def test_a_shorter_way_off_the_road_beats_a_longer_one_along_it():
    # "road between start and end improves the result one degree" but "destination within 20
    # hexes" counts them: our ruling takes the least counted distance first, so C4 -> C6 goes
    # straight (2) rather than along the road by D4 and D5 (3).
    roads = (MapHex("C4", roads=frozenset({Edge.SE})), MapHex("D4", roads=frozenset({Edge.S})),
             MapHex("D5", roads=frozenset({Edge.SW})))
    campaign_map = grid("ABCDEFGH", range(1, 13), *roads)
    along = route(campaign_map, KINGDOM, "C4", "C6", "exploration", ("D4", "D5", "C6"))
    found = route(campaign_map, KINGDOM, "C4", "C6", "exploration")
    assert along.road is True and along.distance == 3
    assert (found.path, found.distance, found.road) == (("C5", "C6"), 2, False)


def test_exploration_crosses_a_lake_counting_it_twice():
    # "unbridged river/lake crossings count as 2 hexes": a march may cross the lake, a step into
    # its water counting 2 (our ruling), whether named or chosen.
    lake = grid("C", range(1, 10), MapHex("C6", Terrain.WATER))
    named = route(lake, KINGDOM, "C4", "C8", "exploration", ("C5", "C6", "C7", "C8"))
    chosen = route(lake, KINGDOM, "C4", "C8", "exploration")
    assert named.distance == chosen.distance == 5
    assert chosen.path == named.path
    assert [(s.coord, s.counts, s.extras) for s in chosen.doubled] == [("C6", 2, (Extra.LAKE,))]


def test_a_lake_across_an_unbridged_river_still_counts_two():
    # "... count as 2 hexes": the lake and the river at once are one difficult step.
    lake = grid("C", range(1, 10), MapHex("C5", rivers=frozenset({Edge.S})),
                MapHex("C6", Terrain.WATER))
    found = route(lake, KINGDOM, "C4", "C7", "exploration")
    assert found.distance == 4
    assert [(s.coord, s.counts, s.extras) for s in found.doubled] == [
        ("C6", 2, (Extra.LAKE, Extra.RIVER))]


LAKE = (MapHex("C6", Terrain.WATER), MapHex("C7", Terrain.WATER), MapHex("C8", Terrain.WATER))


def test_boating_embarks_next_to_the_water_and_lands_across_it():
    # "Boating (within 20 hexes along connected water)": our ruling lets the army board from the
    # shore and land on the far one; a river side between two hexes is no waterway.
    lake = grid("C", range(1, 12), *LAKE, MapHex("C8", Terrain.WATER, rivers=frozenset({Edge.S})))
    chosen = route(lake, KINGDOM, "C5", "C9", "boating", ("C6", "C7", "C8", "C9"))
    cheapest = route(lake, KINGDOM, "C5", "C9", "boating")
    assert chosen.path == cheapest.path == ("C6", "C7", "C8", "C9")
    assert chosen.distance == cheapest.distance == 4


@pytest.mark.parametrize(("start", "path", "bad_hex"), [
    ("C4", ("C5", "C6"), "C5"),  # overland to the shore first
    ("C9", ("C10",), "C10"),     # shore to shore with no water between
    ("C5", ("C6", "D6", "D7"), "D6"),  # out of the lake and on over land
])
def test_boating_keeps_to_connected_water(start, path, bad_hex):
    # "Boating (within 20 hexes along connected water)"
    lake = grid("CD", range(1, 12), *LAKE)
    with pytest.raises(RuleViolation) as error:
        route(lake, KINGDOM, start, path[-1], "boating", path)
    assert codes(error) == [("path_not_water", "path")]
    assert error.value.violations[0].params == {"hex": bad_hex}


def test_boating_with_no_water_between_finds_no_route():
    # "along connected water": a land hex two hexes inland is out of a boat's reach.
    with pytest.raises(RuleViolation) as error:
        route(grid("CD", range(1, 12), *LAKE), KINGDOM, "C5", "D10", "boating")
    assert codes(error) == [("no_route", "destination")]


def test_a_road_all_the_way_is_a_road_between_start_and_end():
    # "Exploration: road between start and end improves the result one degree"
    roads = grid("CD", range(1, 10), MapHex("C4", roads=frozenset({Edge.S})),
                 MapHex("C5", roads=frozenset({Edge.S})))
    assert route(roads, KINGDOM, "C4", "C6", "exploration").road is True
    assert route(roads, KINGDOM, "C4", "C7", "exploration").road is False  # off it at the end
    assert route(roads, KINGDOM, "C4", "C6", "exploration", ("D4", "D5", "C6")).road is False
    assert route(roads, KINGDOM, "C4", "C6", "magic").road is False


@pytest.mark.parametrize(("start_claim", "end_claim", "border"), [
    (KINGDOM, KINGDOM, Border.NONE),
    (KINGDOM, "", Border.OWN),        # leaving our land
    ("", KINGDOM, Border.OWN),        # coming home
    ("", "Pitax", Border.ENEMY),
    (KINGDOM, "Pitax", Border.ENEMY),
    ("Pitax", "Pitax", Border.NONE),  # already inside theirs
    ("Pitax", "Mivon", Border.ENEMY),
    ("Pitax", KINGDOM, Border.OWN),
    ("Pitax", "", Border.NONE),       # out of theirs into nobody's: no border of ours or theirs
])
def test_the_border_a_step_crosses(start_claim, end_claim, border):
    # "+5 if crossing your own border, +10 if crossing an enemy kingdom's border"; who claims each
    # hex is the map's; every other kingdom counts as an enemy (our ruling).
    painted = (MapHex("C4", claimed_by=start_claim), MapHex("C5", claimed_by=end_claim))
    assert route(grid("C", range(1, 8), *painted), KINGDOM, "C4", "C5", "exploration").border \
        is border


def test_the_route_takes_the_highest_border_it_crosses():
    # "+5 if crossing your own border, +10 if crossing an enemy kingdom's border": out of ours,
    # through the wild, into theirs is +10, not +15.
    painted = (MapHex("C4", claimed_by=KINGDOM), MapHex("C7", claimed_by="Pitax"))
    assert route(grid("C", range(1, 9), *painted), KINGDOM, "C4", "C7", "exploration").border \
        is Border.ENEMY


def test_magic_ignores_terrain_and_path():
    # "Magic (master only; within 30 hexes)": the army is carried, not marched.
    painted = (*LAKE, MapHex("C4", claimed_by=KINGDOM), MapHex("C10", Terrain.SWAMP,
                                                             claimed_by="Pitax"))
    found = route(grid("C", range(1, 12), *painted), KINGDOM, "C4", "C10", "magic",
                  ("C9", "C10"))
    assert (found.path, found.distance, found.border) == ((), 6, Border.ENEMY)


@pytest.mark.parametrize(("destination", "path", "expected"), [
    ("C6", ("C6",), [("path_not_adjacent", "path")]),
    ("C6", ("5x", "C6"), [("hex_format", "path")]),
    ("C6", ("Z5", "C6"), [("off_the_map", "path")]),
    ("C6", ("C5", "C7"), [("path_not_to_destination", "path")]),
    ("C60", (), [("off_the_map", "destination")]),
    ("the ford", (), [("hex_format", "destination")]),
])
def test_a_path_steps_hex_by_hex_over_the_map(destination, path, expected):
    # Our ruling: each step is to a neighbouring hex the map holds, ending at the destination.
    with pytest.raises(RuleViolation) as error:
        route(grid(), KINGDOM, "C4", destination, "exploration", path)
    assert codes(error) == expected


def test_an_island_is_reached_across_its_lake():
    # "unbridged river/lake crossings count as 2 hexes": a hex ringed by water is reached overland
    # by crossing the lake (one step counting 2), or by boat.
    ring = [MapHex(coord, Terrain.WATER) for coord in neighbours("E5").values()]
    island = grid("ABCDEFGH", range(1, 13), *ring)
    found = route(island, KINGDOM, "C4", "E5", "exploration")
    assert (len(found.path), found.distance) == (2, 3)
    assert [s.extras for s in found.doubled] == [(Extra.LAKE,)]
    assert route(island, KINGDOM, "D5", "E5", "boating").path == ("E5",)


@pytest.mark.parametrize(("skill", "path"), [
    ("exploration", ()), ("exploration", ("C5", "C6")), ("boating", ()), ("magic", ()),
])
def test_an_army_in_no_hex_is_refused_on_the_destination(skill, path):
    # "Exploration (destination within 20 hexes)": within 20 hexes of nowhere is nowhere; our
    # ruling answers on the order's field, not on the army's.
    with pytest.raises(RuleViolation) as error:
        route(grid(), KINGDOM, "", "C6", skill, path)
    assert codes(error) == [("no_start_hex", "destination")]


def test_magic_takes_only_hexes_for_a_path():
    # "Magic (master only; within 30 hexes)": the path is not followed, but each of its entries
    # is a hex (our ruling), so nothing else is stored with the order.
    with pytest.raises(RuleViolation) as error:
        route(grid(), KINGDOM, "C4", "C10", "magic", ("the ford", "C10"))
    assert codes(error) == [("hex_format", "path")]
    assert route(grid(), KINGDOM, "C4", "C10", "magic", ("Q99", "C10")).distance == 6


def test_with_a_reach_the_search_gives_up_past_it():
    # "Exploration (destination within 20 hexes)": a way counting more than the skill reaches is
    # of no use, so the search stops there and says so on the destination.
    strip = grid("C", range(1, 20), MapHex("C6", Terrain.SWAMP))
    assert route(strip, KINGDOM, "C4", "C8", "exploration", reach=5).distance == 5
    with pytest.raises(OutOfReach) as error:
        route(strip, KINGDOM, "C4", "C8", "exploration", reach=4)
    assert codes(error) == [("too_far", "destination")]
    assert error.value.violations[0].params == {"skill": "exploration", "range": 4, "hex": "C8"}
    with pytest.raises(OutOfReach):
        route(strip, KINGDOM, "C4", "C18", "exploration", reach=4)  # too far as the crow flies
    # A path named is counted whole, whatever the reach: the activity says how far it is.
    named = route(strip, KINGDOM, "C4", "C8", "exploration", ("C5", "C6", "C7", "C8"), reach=4)
    assert named.distance == 5


def test_within_the_reach_no_way_at_all_is_still_no_route():
    # "Boating (within 20 hexes along connected water)": with nothing given up for the reach, a
    # destination no water leads to is no route, not too far.
    with pytest.raises(RuleViolation) as error:
        route(grid("CD", range(1, 12), *LAKE), KINGDOM, "C5", "D10", "boating", reach=20)
    assert codes(error) == [("no_route", "destination")]


def test_the_map_keeps_a_route_once_found(monkeypatch):
    # "Exploration (destination within 20 hexes)": asked again for the same route on the same map
    # (an order checked, previewed and resolved), the map answers without searching again, a
    # refusal as well as a way.
    searches = []
    search = map_routes._best
    monkeypatch.setattr(map_routes, "_best", lambda *args: searches.append(args) or search(*args))
    campaign_map = grid("CD", range(1, 12), *LAKE)
    first = route(campaign_map, KINGDOM, "C4", "C10", "exploration", reach=20)
    assert route(campaign_map, KINGDOM, "C4", "C10", "exploration", reach=20) == first
    for _twice in range(2):
        with pytest.raises(RuleViolation) as error:
            route(campaign_map, KINGDOM, "C5", "D10", "boating", reach=20)
        assert codes(error) == [("no_route", "destination")]
    assert len(searches) == 2
    # Another map, even one painted the same, searches for itself.
    route(grid("CD", range(1, 12), *LAKE), KINGDOM, "C4", "C10", "exploration", reach=20)
    assert len(searches) == 3


# --- Properties -------------------------------------------------------------------------------

COLUMNS, ROWS = "ABCDEF", range(1, 7)
COORDS = [f"{c}{r}" for c in COLUMNS for r in ROWS]
EDGE_SETS = st.frozensets(st.sampled_from(list(Edge)), max_size=3)


def painted_hexes(terrains):
    return st.tuples(*[st.builds(MapHex, st.just(coord), st.sampled_from(terrains),
                                 EDGE_SETS, EDGE_SETS, EDGE_SETS) for coord in COORDS])


def walk(start, edges):
    here, path = start, []
    for edge in edges:
        here = neighbour(here, edge)
        if here is None:
            return None
        path.append(here)
    return tuple(path)


@settings(max_examples=100, deadline=None)
@given(painted_hexes(list(Terrain)), st.sampled_from(COORDS),
       st.lists(st.sampled_from(list(Edge)), min_size=1, max_size=8))
def test_the_cheapest_path_counts_no_more_than_any_path(hexes, start, edges):
    # "roadless swamp/mountain hexes and unbridged river/lake crossings count as 2 hexes": no path
    # a player names counts fewer hexes than the one chosen for them.
    campaign_map = grid(COLUMNS, ROWS, *hexes)
    path = walk(start, edges)
    assume(path is not None and path[-1] != start)
    try:
        named = route(campaign_map, KINGDOM, start, path[-1], "exploration", path)
    except RuleViolation:
        assume(False)
    cheapest = route(campaign_map, KINGDOM, start, path[-1], "exploration")
    assert cheapest.distance <= named.distance
    assert cheapest.distance == sum(step.counts for step in cheapest.steps)
    # "... count as 2 hexes": a difficult step counts 2 whatever makes it so, and how many things.
    assert all(step.counts == (2 if step.extras else 1) for step in (*named.steps, *cheapest.steps))


@settings(max_examples=100, deadline=None)
@given(st.tuples(*[st.builds(MapHex, st.just(coord),
                             st.sampled_from([Terrain.PLAINS, Terrain.FOREST, Terrain.HILLS]),
                             EDGE_SETS) for coord in COORDS]),
       st.sampled_from(COORDS), st.sampled_from(COORDS))
def test_with_no_difficult_hex_and_no_river_the_distance_is_the_hex_distance(hexes, start, end):
    # "Exploration (destination within 20 hexes)": with nothing counting twice, the map's route
    # is as long as the hexes between.
    assume(start != end)
    found = route(grid(COLUMNS, ROWS, *hexes), KINGDOM, start, end, "exploration")
    assert found.distance == len(found.path) == hex_distance(start, end)


CLAIMS = ["", "", KINGDOM, "Pitax"]
# Mostly plains, so that many ways count the same and the border and the road decide.
LAND = [Terrain.PLAINS] * 4 + list(Terrain)
# A walk on two neighbouring sides is as short as the hexes between (on the plains): it ties
# with the least distance often.
SIDE_PAIRS = [(edge, list(Edge)[(i + 1) % 6]) for i, edge in enumerate(Edge)]


def merit(found: Route) -> tuple[int, int, bool]:
    """What the player loses by a route, least first: hexes counted, the border's DC, no road."""
    return found.distance, list(Border).index(found.border), not found.road


@st.composite
def straight_walks(draw):
    sides = draw(st.sampled_from(SIDE_PAIRS))
    return draw(st.lists(st.sampled_from(sides), min_size=1, max_size=6))


# Hexes claimed by nobody, us or Pitax, so borders run everywhere.
@settings(max_examples=150, deadline=None)
@given(st.tuples(*[st.builds(MapHex, st.just(coord), st.sampled_from(LAND), EDGE_SETS,
                             EDGE_SETS, EDGE_SETS, claimed_by=st.sampled_from(CLAIMS))
                   for coord in COORDS]),
       st.sampled_from(COORDS), st.one_of(straight_walks(),
                                          st.lists(st.sampled_from(list(Edge)), min_size=1,
                                                   max_size=8)))
def test_the_chosen_route_is_never_worse_than_a_named_one(hexes, start, edges):
    # "count as 2 hexes", "+5 if crossing your own border, +10 if crossing an enemy kingdom's
    # border", "road between start and end improves the result one degree": by our ruling's order
    # (distance, then border, then road) no path a player names beats the one chosen for them.
    campaign_map = grid(COLUMNS, ROWS, *hexes)
    path = walk(start, edges)
    assume(path is not None and path[-1] != start)
    try:
        named = route(campaign_map, KINGDOM, start, path[-1], "exploration", path)
    except RuleViolation:
        assume(False)
    chosen = route(campaign_map, KINGDOM, start, path[-1], "exploration")
    assert merit(chosen) <= merit(named)
    # What the search reports of its route is what that path reads as when named.
    again = route(campaign_map, KINGDOM, start, path[-1], "exploration", chosen.path)
    assert chosen == replace(again, chosen=False)


@settings(max_examples=100, deadline=None)
@given(painted_hexes(list(Terrain)), st.sampled_from(COORDS), st.sampled_from(COORDS),
       st.integers(min_value=1, max_value=12))
def test_a_reach_changes_no_way_within_it(hexes, start, end, reach):
    # "Exploration (destination within 20 hexes)": the search that gives up past the reach finds
    # the very way the whole search does when that way is within it, and gives up only when not.
    assume(start != end)
    whole = route(grid(COLUMNS, ROWS, *hexes), KINGDOM, start, end, "exploration")
    try:
        bounded = route(grid(COLUMNS, ROWS, *hexes), KINGDOM, start, end, "exploration",
                        reach=reach)
    except OutOfReach:
        assert whole.distance > reach
    else:
        assert bounded == whole
        assert whole.distance <= reach
