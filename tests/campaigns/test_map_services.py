"""The campaign map's writes (issue 15, point 1): bulk paint, delete, import and export, each the
GM's, each all or nothing; roads, rivers and bridges read from both sides through campaign_map."""
from __future__ import annotations

import pytest
from factories import CampaignFactory, KingdomFactory

from campaigns.adapters import campaign_map
from campaigns.map_codes import MAX_HEXES
from campaigns.map_services import map_delete, map_export, map_import, map_paint
from campaigns.models import MapHex
from core.permissions import SYSTEM, NotPermitted
from rules.errors import RuleViolation
from rules.kingmaker.campaign_map import Edge, Terrain

pytestmark = pytest.mark.django_db


def stored(campaign) -> dict[str, MapHex]:
    return {row.coord: row for row in MapHex.objects.filter(campaign=campaign)}


def test_a_rectangle_paints_every_hex_and_creates_the_missing_ones(campaign, gm, kingdom):
    map_paint(actor=gm, campaign=campaign, coords="C4", terrain="hills")
    change = map_paint(actor=gm, campaign=campaign, coords="c3-d5", terrain="forest",
                       claimed_by=kingdom, work_site=True)
    assert (change.created, change.changed) == (5, 1)
    rows = stored(campaign)
    assert sorted(rows) == ["C3", "C4", "C5", "D3", "D4", "D5"]
    assert {row.terrain for row in rows.values()} == {"forest"}
    assert {row.claimed_by_id for row in rows.values()} == {kingdom.pk}
    assert all(row.work_site and not row.refuge for row in rows.values())
    assert MapHex.history.filter(coord="C4").count() == 2


def test_a_paint_leaves_what_it_does_not_name(campaign, gm, kingdom):
    map_paint(actor=gm, campaign=campaign, coords="C4 D4", terrain="swamp", claimed_by=kingdom,
              refuge=True)
    map_paint(actor=gm, campaign=campaign, coords="C4", claimed_by=None)
    rows = stored(campaign)
    assert (rows["C4"].terrain, rows["C4"].claimed_by_id, rows["C4"].refuge) == ("swamp", None, True)
    assert rows["D4"].claimed_by_id == kingdom.pk


def test_a_new_hex_is_plains_unless_the_paint_says(campaign, gm):
    map_paint(actor=gm, campaign=campaign, coords=["b2"], refuge=True)
    assert stored(campaign)["B2"].terrain == Terrain.PLAINS


def test_a_player_may_not_paint_delete_import_or_export(campaign, gm, player):
    map_paint(actor=gm, campaign=campaign, coords="C4")
    calls = [
        lambda: map_paint(actor=player, campaign=campaign, coords="C4", terrain="water"),
        lambda: map_delete(actor=player, campaign=campaign, coords="C4"),
        lambda: map_import(actor=player, campaign=campaign, rows=[{"coord": "D4"}]),
        lambda: map_export(actor=player, campaign=campaign),
    ]
    for call in calls:
        with pytest.raises(NotPermitted) as refused:
            call()
        assert refused.value.codes() == {"map_gm_only"}
    assert {(row.coord, row.terrain) for row in stored(campaign).values()} == {("C4", "plains")}


def test_the_gm_of_another_campaign_may_not_paint_this_one(campaign, campaign_gm):
    other = CampaignFactory(name="Another")
    with pytest.raises(NotPermitted):
        map_paint(actor=campaign_gm, campaign=other, coords="C4")


@pytest.mark.parametrize(("arguments", "field", "code"), [
    ({"coords": "C4 4C"}, "coords", "hex_format"),
    ({"coords": "  "}, "coords", "no_hexes"),
    ({"coords": "A1-ZZ999"}, "coords", "too_many_hexes"),
    ({"coords": "C4", "terrain": "lava"}, "terrain", "terrain"),
    ({"coords": "C4", "add_edges": {"roads": "n,up"}}, "edges", "edge_code"),
    ({"coords": "C4", "add_edges": {"walls": "n"}}, "feature", "edge_feature"),
])
def test_a_bad_value_is_refused_on_its_field_and_nothing_changes(campaign, gm, arguments, field,
                                                                   code):
    with pytest.raises(RuleViolation) as refused:
        map_paint(actor=gm, campaign=campaign, **arguments)
    assert [(v.field, v.code) for v in refused.value.violations] == [(field, code)]
    assert not MapHex.objects.filter(campaign=campaign).exists()


def test_a_rectangle_too_big_is_refused_before_any_row_is_made(campaign, gm):
    with pytest.raises(RuleViolation) as refused:
        map_delete(actor=gm, campaign=campaign, coords="A1-ZZ999")
    assert refused.value.violations[0].params == {"most": MAX_HEXES}


def test_another_campaigns_kingdom_cannot_claim_the_hex(campaign, gm):
    stranger = KingdomFactory(campaign=CampaignFactory(name="Elsewhere"), name="Pitax")
    with pytest.raises(RuleViolation) as refused:
        map_paint(actor=gm, campaign=campaign, coords="C4", claimed_by=stranger)
    assert [v.field for v in refused.value.violations] == ["claimed_by"]


def test_a_road_painted_on_one_side_is_read_from_both(campaign, gm):
    # C4's south-east side faces D4: odd columns (A, C, E...) sit half a hex above even ones.
    map_paint(actor=gm, campaign=campaign, coords="C4 D4")
    map_paint(actor=gm, campaign=campaign, coords="C4", add_edges={"roads": "se", "rivers": ["n"]})
    map_paint(actor=gm, campaign=campaign, coords="D4", add_edges={"bridges": ["nw"]})
    seen = campaign_map(campaign)
    assert seen.hexes["C4"].roads == frozenset({Edge.SE})
    assert seen.road_between("C4", "D4") and seen.road_between("D4", "C4")
    assert seen.bridge_between("C4", "D4")
    assert seen.river_between("C3", "C4") and not seen.river_between("C4", "D4")


def test_removing_a_side_removes_it_from_the_hex_across_too(campaign, gm):
    map_paint(actor=gm, campaign=campaign, coords="C4 D4")
    map_paint(actor=gm, campaign=campaign, coords="D4", add_edges={"roads": "nw,s"})
    map_paint(actor=gm, campaign=campaign, coords="C4", remove_edges={"roads": "se"})
    seen = campaign_map(campaign)
    assert not seen.road_between("C4", "D4")
    assert seen.hexes["D4"].roads == frozenset({Edge.S})


def test_delete_takes_only_the_named_hexes_off_the_map(campaign, gm):
    map_paint(actor=gm, campaign=campaign, coords="C3-C6")
    assert map_delete(actor=gm, campaign=campaign, coords="C4 C5 Z9").deleted == 2
    assert sorted(stored(campaign)) == ["C3", "C6"]


def test_import_writes_every_row_and_replace_drops_the_rest(campaign, gm, kingdom):
    map_paint(actor=gm, campaign=campaign, coords="A1 C4", terrain="water")
    change = map_import(actor=gm, campaign=campaign, replace=True, rows=[
        {"coord": "C4", "terrain": "forest", "roads": "n, se", "work_site": "1",
         "claimed_by": "Brevoy Marches"},
        {"coord": "d5", "terrain": "", "rivers": ["sw"], "refuge": True, "claimed_by": ""},
    ])
    assert (change.created, change.changed, change.deleted) == (1, 1, 1)
    rows = stored(campaign)
    assert sorted(rows) == ["C4", "D5"]
    assert (rows["C4"].terrain, rows["C4"].roads, rows["C4"].work_site,
            rows["C4"].claimed_by_id) == ("forest", "n,se", True, kingdom.pk)
    assert (rows["D5"].terrain, rows["D5"].rivers, rows["D5"].refuge) == ("plains", "sw", True)


def test_an_import_with_bad_rows_names_each_and_writes_none(campaign, gm):
    with pytest.raises(RuleViolation) as refused:
        map_import(actor=gm, campaign=campaign, rows=[
            {"coord": "C4", "terrain": "forest"},
            {"coord": "C 5", "terrain": "lava", "work_site": "maybe"},
            {"coord": "c4", "claimed_by": "Nobody's Realm"},
        ])
    found = {(v.params["row"], v.field, v.code) for v in refused.value.violations}
    assert found == {(2, "terrain", "terrain"), (2, "work_site", "flag"),
                     (3, "claimed_by", "unknown_kingdom")}
    assert not MapHex.objects.filter(campaign=campaign).exists()


def test_an_import_naming_a_hex_twice_is_refused(campaign, gm):
    with pytest.raises(RuleViolation) as refused:
        map_import(actor=gm, campaign=campaign, rows=[{"coord": "C4"}, {"coord": "c04"}])
    assert [(v.code, v.params) for v in refused.value.violations] == [
        ("duplicate_hex", {"hex": "C4", "row": 2})]


def test_export_lists_the_hexes_by_column_then_row(campaign, kingdom):
    map_paint(actor=SYSTEM, campaign=campaign, coords="C10 D1 C4", claimed_by=kingdom)
    exported = map_export(actor=SYSTEM, campaign=campaign)
    assert [row["coord"] for row in exported.dict] == ["C4", "C10", "D1"]
    assert exported.dict[0]["claimed_by"] == "Brevoy Marches"


def test_a_write_without_an_acting_user_is_refused(campaign):
    with pytest.raises(TypeError):
        map_paint(actor=None, campaign=campaign, coords="C4")
    assert not MapHex.objects.exists()
