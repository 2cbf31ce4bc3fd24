"""`manage.py map_export <campaign> [file]`: the map as CSV or JSON that map_import reads back."""
from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command

from campaigns.map_services import map_paint
from campaigns.models import MapHex
from core.permissions import SYSTEM

pytestmark = pytest.mark.django_db


def test_export_to_a_file_and_import_it_back(campaign, kingdom, tmp_path):
    map_paint(actor=SYSTEM, campaign=campaign, coords="C4-D5", terrain="hills", claimed_by=kingdom,
              add_edges={"rivers": "n"})
    path = tmp_path / "map.json"
    call_command("map_export", campaign.name, str(path))
    rows = json.loads(path.read_text())
    assert [row["coord"] for row in rows] == ["C4", "C5", "D4", "D5"]
    before = list(MapHex.objects.order_by("coord").values_list(
        "coord", "terrain", "rivers", "claimed_by"))
    MapHex.objects.all().delete()
    call_command("map_import", campaign.name, str(path))
    assert list(MapHex.objects.order_by("coord").values_list(
        "coord", "terrain", "rivers", "claimed_by")) == before


def test_export_to_the_standard_output_as_csv(campaign, capsys):
    map_paint(actor=SYSTEM, campaign=campaign, coords="B2", terrain="desert")
    call_command("map_export", str(campaign.pk))
    assert capsys.readouterr().out.splitlines() == [
        "coord,terrain,roads,rivers,bridges,work_site,refuge,claimed_by", "B2,desert,,,,0,0,"]


def test_an_unknown_campaign_is_a_command_error(db):
    with pytest.raises(CommandError, match="There is no campaign 404."):
        call_command("map_export", "404")
