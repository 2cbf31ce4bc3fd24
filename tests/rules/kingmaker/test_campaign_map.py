"""The campaign map's core: hex sides, neighbours and what lies on an edge.

003_750bd81a16f66abf.txt: «Обычное войско начинает игру в гексе с одним из поселений вашего
королевства» — the rules count in hexes; the grid is our ruling in rules/kingmaker/hexes.py
(flat-topped columns, odd columns A, C, E, ... half a hex up), and rules/kingmaker/campaign_map.py
puts roads, rivers and bridges on the edges between hexes.
"""
import pytest

from rules.errors import RuleViolation
from rules.kingmaker.campaign_map import CampaignMap, Edge, MapHex, edge_between, hex_name, neighbours
from rules.kingmaker.hexes import hex_distance


@pytest.mark.parametrize(("coord", "expected"), [
    # C (index 2) is an "odd" column, set half a hex up: its NE neighbour is D one row up.
    ("C4", {Edge.N: "C3", Edge.NE: "D3", Edge.SE: "D4", Edge.S: "C5", Edge.SW: "B4",
            Edge.NW: "B3"}),
    # D sits half a hex down: its NE neighbour is E in the same row.
    ("D4", {Edge.N: "D3", Edge.NE: "E4", Edge.SE: "E5", Edge.S: "D5", Edge.SW: "C5",
            Edge.NW: "C4"}),
])
def test_neighbours_follow_the_half_hex_offset_of_the_columns(coord, expected):
    assert neighbours(coord) == expected


@pytest.mark.parametrize("coord", ["A1", "C4", "D4", "Z9", "AA3", "AB10"])
def test_every_neighbour_is_one_hex_away_and_sees_us_across_the_opposite_side(coord):
    for edge, other in neighbours(coord).items():
        assert hex_distance(coord, other) == 1
        assert edge_between(other, coord) is edge.opposite


def test_the_grid_has_no_hexes_before_its_first_column_and_row():
    assert set(neighbours("A0")) == {Edge.SE, Edge.S}


def test_hex_names_round_trip_column_letters():
    assert [hex_name(c, 1) for c in (0, 25, 26, 27)] == ["A1", "Z1", "AA1", "AB1"]


def test_an_edge_feature_reads_the_same_from_either_hex():
    campaign = CampaignMap.of([MapHex("C4", rivers=frozenset({Edge.SE}),
                                      bridges=frozenset({Edge.SE})),
                               MapHex("D4", roads=frozenset({Edge.NW}))])
    assert campaign.river_between("C4", "D4") and campaign.river_between("D4", "C4")
    assert campaign.bridge_between("D4", "C4")
    assert campaign.road_between("C4", "D4") and campaign.road_between("D4", "C4")
    assert not campaign.river_between("C4", "C5")
    assert not campaign.road_between("C4", "E4")  # not neighbours


def test_a_hex_off_the_map_is_a_violation_on_the_field():
    campaign = CampaignMap.of([MapHex("c4")])
    assert "C4" in campaign and " c4" in campaign and "C5" not in campaign
    with pytest.raises(RuleViolation) as error:
        campaign.at("C5", "destination")
    assert error.value.codes() == {"off_the_map"}
    assert error.value.violations[0].field == "destination"
