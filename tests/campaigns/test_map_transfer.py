"""A campaign map as a CSV or JSON file (issue 15, point 1): what the resource writes, the formats
read back into the same map, and files that are no map refused on the file."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest
from factories import CampaignFactory, KingdomFactory

from campaigns.adapters import campaign_map
from campaigns.map_services import map_export, map_import, map_paint
from campaigns.map_transfer import read_rows, write_rows
from core.permissions import SYSTEM
from rules.errors import RuleViolation

pytestmark = pytest.mark.django_db


@pytest.fixture
def painted(campaign, kingdom, rival_kingdom):
    map_paint(actor=SYSTEM, campaign=campaign, coords="C3-D5", terrain="forest", claimed_by=kingdom)
    map_paint(actor=SYSTEM, campaign=campaign, coords="C4", add_edges={"roads": "se,n"},
              work_site=True)
    map_paint(actor=SYSTEM, campaign=campaign, coords="D4", add_edges={"rivers": "s",
                                                                       "bridges": "s"})
    map_paint(actor=SYSTEM, campaign=campaign, coords="P9 P10", terrain="swamp", refuge=True,
              claimed_by=rival_kingdom)
    return campaign


def test_the_csv_has_one_row_per_hex_in_the_documented_columns(painted):
    text = write_rows(map_export(actor=SYSTEM, campaign=painted), "csv")
    lines = text.splitlines()
    assert lines[0] == "coord,terrain,roads,rivers,bridges,work_site,refuge,claimed_by"
    assert lines[2] == "C4,forest,\"n,se\",,,1,0,Brevoy Marches"
    assert len(lines) == 1 + 8


@pytest.mark.parametrize("format_name", ["csv", "json"])
def test_a_map_written_and_read_back_onto_another_campaign_is_the_same_map(painted, format_name):
    text = write_rows(map_export(actor=SYSTEM, campaign=painted), format_name)
    copy = CampaignFactory(name="The copy")
    KingdomFactory(campaign=copy, name="Brevoy Marches")
    KingdomFactory(campaign=copy, name="Pitax")
    change = map_import(actor=SYSTEM, campaign=copy, rows=read_rows(text.encode(), format_name))
    assert change.created == 8
    original, copied = campaign_map(painted), campaign_map(copy)
    # The settlements stay where they are (Settlement rows), not in the file.
    assert dict(copied.hexes) == {coord: replace(h, settlement="")
                                  for coord, h in original.hexes.items()}
    assert original.hexes["C4"].settlement == "Tatzlford"


def test_json_keeps_flags_as_numbers_the_import_reads(painted):
    rows = json.loads(write_rows(map_export(actor=SYSTEM, campaign=painted), "json"))
    assert rows[1] == {"coord": "C4", "terrain": "forest", "roads": "n,se", "rivers": "",
                       "bridges": "", "work_site": "1", "refuge": "0",
                       "claimed_by": "Brevoy Marches"}


@pytest.mark.parametrize(("content", "format_name"), [
    (b"[1, 2]", "json"), (b"{not json", "json"), (b"\xff\xfe\x00", "csv"),
])
def test_a_file_that_is_not_a_map_is_refused_on_the_file(content, format_name):
    with pytest.raises(RuleViolation) as refused:
        read_rows(content, format_name)
    assert [(v.field, v.code) for v in refused.value.violations] == [("file", "file_unreadable")]


def test_a_file_without_a_coord_column_is_refused():
    with pytest.raises(RuleViolation) as refused:
        read_rows(b"hex,terrain\nC4,forest\n", "csv")
    assert refused.value.codes() == {"file_no_coord"}


def test_an_unknown_format_is_refused_on_the_format():
    with pytest.raises(RuleViolation) as refused:
        read_rows(b"", "xlsx")
    assert [(v.field, v.code) for v in refused.value.violations] == [("format", "file_format")]
