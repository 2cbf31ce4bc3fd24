"""`manage.py map_import <campaign> <file>`: the GM's map file onto a campaign, all or nothing,
with CommandError for a bad campaign, file, format or row."""
from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from campaigns.adapters import campaign_map
from campaigns.models import MapHex

pytestmark = pytest.mark.django_db


def test_a_csv_file_paints_the_campaign_by_name(campaign, kingdom, tmp_path, capsys):
    path = tmp_path / "map.csv"
    path.write_text("coord,terrain,roads,claimed_by\nC4,hills,se,Brevoy Marches\nD4,swamp,,\n")
    call_command("map_import", campaign.name, str(path))
    assert "Map saved: 2 hexes added, 0 changed, 0 deleted." in capsys.readouterr().out
    seen = campaign_map(campaign)
    assert seen.road_between("D4", "C4") and seen.hexes["C4"].claimed_by == "Brevoy Marches"


def test_json_by_id_with_replace(campaign, tmp_path):
    MapHex.objects.create(campaign=campaign, coord="A1")
    path = tmp_path / "map.txt"
    path.write_text('[{"coord": "C4", "terrain": "water", "refuge": true}]')
    call_command("map_import", str(campaign.pk), str(path), "--format", "json", "--replace")
    assert list(MapHex.objects.values_list("coord", "terrain", "refuge")) == [
        ("C4", "water", True)]


@pytest.mark.parametrize(("name", "content", "message"), [
    ("map.csv", "coord,terrain\nC4,forest\nX,plains\n",
     "Row 2, coord: X is not a map hex: write its column letters and row number, for example C4."),
    ("map.json", "coord,terrain\n", "This file is not a map in JSON."),
    ("map.xlsx", "", "xlsx is not a map file format: use csv or json."),
])
def test_a_bad_file_is_a_command_error_and_changes_nothing(campaign, tmp_path, name, content,
                                                           message):
    path = tmp_path / name
    path.write_text(content)
    with pytest.raises(CommandError, match="^" + message.replace(".", r"\.").replace("(", r"\(")
                       .replace(")", r"\)") + "$"):
        call_command("map_import", campaign.name, str(path))
    assert not MapHex.objects.exists()


def test_an_unknown_campaign_or_missing_file_is_a_command_error(campaign, tmp_path):
    with pytest.raises(CommandError, match="There is no campaign Nowhere."):
        call_command("map_import", "Nowhere", str(tmp_path / "map.csv"))
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("map_import", campaign.name, str(tmp_path / "missing.csv"))
