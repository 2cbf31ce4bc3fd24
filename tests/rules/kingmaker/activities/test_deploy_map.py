"""Deploy Army on a campaign with a map (rules/kingmaker/activities/deploy.py): the route read
off the map replaces the order's declared border, road and difficult hexes, unless the GM
declares them.

Reference (../shared/reference/kingmaker-warfare-data.yaml, Deploy Army, behind seed
003_750bd81a16f66abf.txt's «Развёртывание войска»):
  check: "Exploration (destination within 20 hexes), Boating (within 20 hexes along connected
         water) or Magic (master only; within 30 hexes)"
  dc_rule: "Control DC; +5 if crossing your own border, +10 if crossing an enemy kingdom's border"
  modifiers: "Exploration: road between start and end improves the result one degree; roadless
             swamp/mountain hexes and unbridged river/lake crossings count as 2 hexes"
"""
from dataclasses import replace

import pytest
from battle_support import d20, seed_where
from turn_support import army, cs, grid, kingdom

from rules.data import to_data
from rules.degrees import Degree
from rules.kingmaker import map_routes
from rules.kingmaker.activities import ActivityKind as K
from rules.kingmaker.activities import Border, DeployArmy, Order, Situation, order_violations
from rules.kingmaker.campaign_map import Edge, MapHex, Terrain
from rules.kingmaker.conditions import Condition
from rules.kingmaker.preview import check_preview
from rules.kingmaker.turn import KingdomTurnInput, resolve_turn

CONTROL_DC = 15  # kingdom level 1, size 1
STRIP = grid("C", range(1, 40))  # one column: C4 -> C24 has one shortest path


def situation(campaign_map=STRIP, *armies):
    armies = armies or (army(),)
    return Situation(turn=1, kingdom=kingdom(), armies={a.key: a for a in armies},
                     campaign_map=campaign_map)


def codes(situation_, params):
    return [(v.code, v.field) for v in order_violations(situation_, Order(1, K.DEPLOY_ARMY, params, 1))]


def dc_parts(situation_, params):
    return check_preview(situation_, Order(1, K.DEPLOY_ARMY, params, 1)).dc_parts


def test_the_range_counts_the_roadless_swamp_twice():
    # "Exploration (destination within 20 hexes)"; "roadless swamp/mountain hexes ... count as 2
    # hexes": twenty hexes with a swamp among them are 21, one too many.
    swamp = grid("C", range(1, 40), MapHex("C10", Terrain.SWAMP))
    assert codes(situation(STRIP), DeployArmy("C24")) == []
    assert codes(situation(swamp), DeployArmy("C24")) == [("too_far", "destination")]
    # The search for the best way gives up past the reach, so it names the reach, not a distance;
    # a path the player names is counted whole.
    (violation,) = order_violations(situation(swamp), Order(1, K.DEPLOY_ARMY, DeployArmy("C24"), 1))
    assert violation.params == {"skill": "exploration", "range": 20, "hex": "C24"}
    path = tuple(f"C{row}" for row in range(5, 25))
    (violation,) = order_violations(situation(swamp),
                                    Order(1, K.DEPLOY_ARMY, DeployArmy("C24", path=path), 1))
    assert (violation.code, violation.params["distance"]) == ("too_far", 21)


def test_the_map_ignores_the_declared_difficult_hexes_and_road():
    # The map counts the swamps and finds the roads; a player's own word (once the only way) no
    # longer moves the count, nor is a road declared for a magical deployment refused: it is not
    # read ("Exploration: road between start and end improves the result one degree").
    assert codes(situation(), DeployArmy("C24", difficult_hexes=5)) == []
    assert codes(situation(), DeployArmy("C10", skill="magic", road=True)) == []
    assert codes(situation(None), DeployArmy("C10", skill="magic", road=True)) == [
        ("road_needs_exploration", "road")]


def test_a_defeated_army_steps_one_hex_counted_on_the_map():
    # Seed 003: «Разгромленное войско можно переместить только на 1 гекс при использовании занятия
    # Развёртывание войска»; a roadless swamp hex counts as 2, as the declared count did before.
    beaten = army(conditions=(cs(Condition.DEFEATED),))
    swamp = grid("C", range(1, 10), MapHex("C5", Terrain.SWAMP))
    assert codes(situation(STRIP, beaten), DeployArmy("C5")) == []
    assert codes(situation(swamp, beaten), DeployArmy("C5")) == [("defeated_one_hex", "destination")]


@pytest.mark.parametrize(("params", "expected"), [
    (DeployArmy("C4"), [("same_hex", "destination")]),
    (DeployArmy("C99"), [("off_the_map", "destination")]),
    (DeployArmy("C7", path=("C6", "C7")), [("path_not_adjacent", "path")]),
    (DeployArmy("C7", path=("C5", "C6")), [("path_not_to_destination", "path")]),
    (DeployArmy("C7", skill="boating"), [("no_route", "destination")]),
    (DeployArmy("C7", skill="warfare"), [("skill_not_allowed", "skill")]),
])
def test_orders_naming_impossible_hexes_or_paths_are_refused_on_their_field(params, expected):
    # "Arrives" (somewhere else, reached over the map): "Boating (... along connected water)" and
    # only the three skills.
    assert codes(situation(), params) == expected


@pytest.mark.parametrize("params", [DeployArmy("C6"), DeployArmy("C6", skill="magic"),
                                    DeployArmy("C6", path=("C5", "C6"))])
def test_an_army_in_no_hex_is_refused_on_the_orders_destination(params):
    # "Arrives" somewhere from somewhere: an army the GM has not placed has no way to go, and
    # the order hears it on a field it has (our ruling).
    assert codes(situation(STRIP, army(hex="")), params) == [("no_start_hex", "destination")]


def test_magic_reaches_thirty_hexes_over_anything():
    # "Magic (master only; within 30 hexes)": the swamp and the water in between do not count.
    painted = (MapHex("C10", Terrain.SWAMP), MapHex("C11", Terrain.WATER))
    assert codes(situation(grid("C", range(1, 40), *painted)), DeployArmy("C34", skill="magic")) \
        == []
    assert codes(situation(), DeployArmy("C35", skill="magic")) == [("too_far", "destination")]


@pytest.mark.parametrize(("claims", "declared", "parts"), [
    ({}, Border.ENEMY, (("control DC", CONTROL_DC),)),
    ({"C4": "Brevoy"}, Border.NONE, (("control DC", CONTROL_DC), ("crossing own border", 5))),
    ({"C6": "Pitax"}, Border.NONE, (("control DC", CONTROL_DC), ("crossing enemy border", 10))),
])
def test_the_dc_takes_the_border_from_the_map(claims, declared, parts):
    # "Control DC; +5 if crossing your own border, +10 if crossing an enemy kingdom's border": the
    # claims on the map say which, whatever the order declares.
    painted = [MapHex(coord, claimed_by=who) for coord, who in claims.items()]
    params = DeployArmy("C6", border=declared)
    assert dc_parts(situation(grid("C", range(1, 10), *painted)), params) == parts


def test_the_gm_may_declare_the_facts_over_the_map():
    # The GM's override (our ruling): a `declared` order goes by its border and difficult hexes
    # as before the map, wherever the map would take it.
    params = DeployArmy("D8", border=Border.OWN, difficult_hexes=1, declared=True)  # off the strip
    assert codes(situation(), params) == []
    assert dc_parts(situation(), params) == (("control DC", CONTROL_DC), ("crossing own border", 5))
    assert codes(situation(), DeployArmy("C24", difficult_hexes=1, declared=True)) == [
        ("too_far", "destination")]


def test_without_a_map_the_path_is_not_read():
    # A campaign without a map: the order's declarations are all there is, as before the map.
    params = DeployArmy("C6", path=("Q1",), border=Border.OWN)
    assert codes(situation(None), params) == []
    assert dc_parts(situation(None), params)[-1] == ("crossing own border", 5)


def deploy(params, campaign_map, natural=10, flat=20):
    """Resolve the order with a kingdom whose Exploration lands d20 `natural` on a success."""
    turn = KingdomTurnInput(number=1, kingdom=kingdom(skills={"exploration": CONTROL_DC - natural}),
                            armies=(army(),), orders=(Order(1, K.DEPLOY_ARMY, params, 1),),
                            campaign_map=campaign_map)
    return resolve_turn(turn, seed_where(d20(natural), d20(flat)))


ROADS = grid("C", range(1, 10), MapHex("C4", roads=frozenset({Edge.S})),
             MapHex("C5", roads=frozenset({Edge.S})))


@pytest.mark.parametrize(("campaign_map", "params", "degree"), [
    (ROADS, DeployArmy("C6"), Degree.CRITICAL_SUCCESS),
    (STRIP, DeployArmy("C6", road=True), Degree.SUCCESS),  # the declared road is not on the map
    (STRIP, DeployArmy("C6", road=True, declared=True), Degree.CRITICAL_SUCCESS),
])
def test_a_road_on_the_map_improves_the_result_one_degree(campaign_map, params, degree):
    # "Exploration: road between start and end improves the result one degree"
    outcome = deploy(params, campaign_map)
    result = outcome.activities[0]
    assert result.status == "resolved"
    assert result.check.degree is degree
    assert next(a for a in outcome.armies if a.key == 1).state.hex == "C6"


def test_the_turn_reads_the_map_as_the_order_was_checked():
    # An order the map refuses when the turn resolves (the destination painted away since) is
    # rejected on its field, not resolved on the declarations.
    outcome = deploy(DeployArmy("C60"), STRIP)
    assert outcome.activities[0].status == "rejected"
    assert [(v.code, v.field) for v in outcome.activities[0].violations] == [
        ("off_the_map", "destination")]


def test_an_order_searches_the_map_once_from_its_check_to_its_resolution(monkeypatch):
    # "Exploration (destination within 20 hexes)": the way is found once per order, though the
    # turn checks the order, builds its check and resolves it, each reading the route.
    searches = []
    search = map_routes._best
    monkeypatch.setattr(map_routes, "_best", lambda *args: searches.append(args) or search(*args))
    outcome = deploy(DeployArmy("C6"), grid("C", range(1, 10)))
    assert outcome.activities[0].status == "resolved"
    assert len(searches) == 1


def test_stored_turn_inputs_without_a_map_keep_their_shape():
    # Turn reports store their input (rules.data.to_data): an order or a turn that uses nothing of
    # the map is stored as it was before the map, and one that does keeps its path.
    plain = KingdomTurnInput(1, kingdom(), (army(),), (Order(1, K.DEPLOY_ARMY, DeployArmy("C6"), 1),))
    data = to_data(plain)
    assert "campaign_map" not in data
    assert set(data["orders"][0]["params"]) == {"destination", "skill", "border", "road",
                                                "forced_march", "difficult_hexes"}
    mapped = to_data(DeployArmy("C6", path=("C5", "C6")))
    assert mapped["path"] == ["C5", "C6"]
    assert to_data(replace(plain, campaign_map=STRIP))["campaign_map"]["hexes"]["C4"]["terrain"] \
        == "plains"
