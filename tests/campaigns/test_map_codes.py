"""How hexes and hex sides are written in the map's forms and files."""
from __future__ import annotations

import pytest

from campaigns.map_codes import edges_text, map_coord, parse_coords, parse_edges
from rules.errors import RuleViolation
from rules.kingmaker.campaign_map import Edge


def test_hexes_and_rectangles_each_once_in_the_order_given():
    assert parse_coords("d5, c04\nB2-C3 c3") == ["D5", "C4", "B2", "B3", "C2", "C3"]


def test_a_rectangle_may_be_written_from_either_corner():
    assert parse_coords("C3-B2") == parse_coords("B2-C3")


def test_a_hex_has_one_spelling():
    assert map_coord(" aa010 ") == "AA10"


def test_sides_are_written_clockwise_from_the_top():
    assert edges_text(parse_edges("SE n, nw", "roads")) == "n,se,nw"
    assert parse_edges(["s", " "], "roads") == frozenset({Edge.S})


def test_an_unknown_side_names_itself_on_the_field():
    with pytest.raises(RuleViolation) as refused:
        parse_edges("n,east", "rivers")
    assert [(v.field, v.params) for v in refused.value.violations] == [
        ("rivers", {"edge": "east"})]
