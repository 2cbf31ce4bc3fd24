"""The orders page's preview of a Deploy Army on the map (rules/kingmaker/preview.py,
deploy_preview): the hexes counted twice and why, and the DC, before the order is sent.

Reference (../shared/reference/kingmaker-warfare-data.yaml, Deploy Army, behind seed
003_750bd81a16f66abf.txt's «Развёртывание войска»):
  dc_rule: "Control DC; +5 if crossing your own border, +10 if crossing an enemy kingdom's border"
  modifiers: "Exploration: road between start and end improves the result one degree; roadless
             swamp/mountain hexes and unbridged river/lake crossings count as 2 hexes"
"""
from turn_support import army, grid, kingdom

from rules.kingmaker import map_routes
from rules.kingmaker.activities import Situation
from rules.kingmaker.campaign_map import Edge, MapHex, Terrain
from rules.kingmaker.preview import CountedTwice, deploy_preview

CONTROL_DC = 15  # kingdom level 1, size 1


def situation(campaign_map):
    return Situation(turn=1, kingdom=kingdom(), armies={1: army()}, campaign_map=campaign_map)


def test_the_preview_names_the_hexes_counted_twice_and_the_dc():
    # "roadless swamp/mountain hexes and unbridged river/lake crossings count as 2 hexes"; "+10 if
    # crossing an enemy kingdom's border".
    painted = (MapHex("C5", Terrain.MOUNTAINS, rivers=frozenset({Edge.S})),
               MapHex("C6", claimed_by="Pitax"), MapHex("C7", claimed_by="Pitax"))
    shown = deploy_preview(situation(grid("C", range(1, 12), *painted)), 1, "C7")
    assert shown.route.path == ("C5", "C6", "C7")
    assert shown.counted_twice == (CountedTwice("C5", 2, ("roadless mountains",)),
                                   CountedTwice("C6", 2, ("unbridged river crossing",)))
    assert (shown.distance, shown.reach, shown.violations) == (5, 20, ())
    assert shown.check.dc_parts == (("control DC", CONTROL_DC), ("crossing enemy border", 10))


def test_the_preview_of_a_refused_route_says_why_and_rolls_nothing():
    # "Boating (within 20 hexes along connected water)": a path over land is refused on "path".
    shown = deploy_preview(situation(grid("C", range(1, 12))), 1, "C6", ("C5", "C6"), "boating")
    assert [(v.code, v.field) for v in shown.violations] == [("path_not_water", "path")]
    assert (shown.route, shown.check, shown.counted_twice) == (None, None, ())


def test_without_a_map_the_preview_is_the_declared_check():
    # A campaign without a map: no route to show, the check as the order declares it.
    shown = deploy_preview(situation(None), 1, "C6", forced_march=True)
    assert (shown.route, shown.distance) == (None, None)
    assert shown.check.dc == CONTROL_DC
    # "Forced march: +4 circumstance" on a kingdom with Exploration +0.
    assert shown.check.modifier == 4


def test_the_preview_searches_the_map_once(monkeypatch):
    # "Exploration (destination within 20 hexes)": the preview checks the order, shows its route
    # and builds its check from one search of the map.
    searches = []
    search = map_routes._best
    monkeypatch.setattr(map_routes, "_best", lambda *args: searches.append(args) or search(*args))
    shown = deploy_preview(situation(grid("C", range(1, 12))), 1, "C7")
    assert (shown.distance, shown.violations) == (3, ())
    assert shown.check is not None
    assert len(searches) == 1
