"""The GM's map page in the back office (issue 15, point 1): the hexes drawn, one form painting or
deleting many hexes, import and export, refusals as messages and form errors."""
from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse
from factories import CampaignFactory, MembershipFactory, UserFactory

from campaigns.adapters import campaign_map
from campaigns.map_services import map_paint
from campaigns.models import MapHex, Role
from rules.kingmaker.campaign_map import Edge

pytestmark = pytest.mark.django_db


def map_url(campaign) -> str:
    return reverse("admin:campaigns_campaign_map", args=[campaign.pk])


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def gm_page(campaign_gm):
    """The campaign's GM by membership, signed in to the back office (staff, not a superuser)."""
    campaign_gm.is_staff = True
    campaign_gm.save()
    return signed_in(campaign_gm)


def test_the_campaign_page_links_to_its_map(gm_page, campaign):
    page = gm_page.get(reverse("admin:campaigns_campaign_change", args=[campaign.pk]))
    assert map_url(campaign) in page.content.decode()


def test_the_map_page_draws_each_hex_with_its_settlement_and_claim(gm_page, campaign, kingdom,
                                                                   gm):
    map_paint(actor=gm, campaign=campaign, coords="C4 D4", terrain="forest", claimed_by=kingdom)
    map_paint(actor=gm, campaign=campaign, coords="C4", add_edges={"roads": "se"})
    page = gm_page.get(map_url(campaign))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'data-coord="C4"' in html and 'data-coord="D4"' in html
    assert "C4 · forest · Tatzlford · Brevoy Marches" in html
    # The empty places around the map are drawn too, to paint new hexes.
    assert 'data-coord="B3"' in html
    assert page.context["hex_count"] == 2
    drawn = {shape.coord: shape for shape in page.context["picture"].hexes}
    # The road painted on C4's side is drawn from both centres to the one middle of that side.
    assert drawn["C4"].roads == drawn["D4"].roads and len(drawn["C4"].roads) == 1


def test_a_post_paints_the_named_hexes_and_says_so(gm_page, campaign, kingdom):
    answer = gm_page.post(map_url(campaign), {
        "action": "paint", "coords": "C3-D4, E7", "terrain": "hills",
        "claimed_by": str(kingdom.pk), "work_site": "yes", "refuge": "",
        "feature": "rivers", "edges": ["n", "s"]}, follow=True)
    assert answer.redirect_chain[-1][0] == map_url(campaign)
    assert [str(m) for m in answer.context["messages"]] == [
        "Map saved: 5 hexes added, 0 changed, 0 deleted."]
    seen = campaign_map(campaign)
    assert sorted(seen.hexes) == ["C3", "C4", "D3", "D4", "E7"]
    assert all(h.terrain == "hills" and h.claimed_by == "Brevoy Marches" and h.work_site
               and h.rivers == {Edge.N, Edge.S} for h in seen.hexes.values())


def test_a_post_can_clear_a_claim_and_remove_a_side(gm_page, campaign, kingdom, gm):
    map_paint(actor=gm, campaign=campaign, coords="C4", claimed_by=kingdom,
              add_edges={"roads": "n,se"})
    gm_page.post(map_url(campaign), {"action": "paint", "coords": "C4", "claimed_by": "wild",
                                     "feature": "roads", "edges": ["se"], "remove": "on"})
    row = MapHex.objects.get(campaign=campaign, coord="C4")
    assert (row.claimed_by_id, row.roads) == (None, "n")


def test_a_post_deletes_the_named_hexes(gm_page, campaign, gm):
    map_paint(actor=gm, campaign=campaign, coords="C3-C5")
    gm_page.post(map_url(campaign), {"action": "delete", "coords": "C4"})
    assert sorted(MapHex.objects.values_list("coord", flat=True)) == ["C3", "C5"]


def test_a_bad_hex_is_shown_on_its_field_and_nothing_is_painted(gm_page, campaign):
    page = gm_page.post(map_url(campaign), {"action": "paint", "coords": "C4 4C",
                                            "terrain": "forest"})
    assert page.status_code == 200
    assert page.context["paint"].errors["coords"] == [
        "4C is not a map hex: write its column letters and row number, for example C4."]
    assert [str(m) for m in page.context["messages"]] == [
        "Nothing was changed: correct the errors below."]
    assert not MapHex.objects.exists()


def test_sides_without_a_feature_are_refused(gm_page, campaign):
    page = gm_page.post(map_url(campaign), {"action": "paint", "coords": "C4", "edges": ["n"]})
    assert page.context["paint"].errors["feature"] == [
        "Choose a road, river or bridge for those sides."]
    assert not MapHex.objects.exists()


def test_a_player_is_sent_to_sign_in_and_paints_nothing(campaign, player):
    answer = signed_in(player).post(map_url(campaign), {"action": "paint", "coords": "C4"})
    assert answer.status_code == 302 and "/login/" in answer["Location"]
    assert not MapHex.objects.exists()


def test_the_gm_of_another_campaign_does_not_find_this_map(campaign):
    stranger = UserFactory(username="other-gm", is_staff=True)
    MembershipFactory(user=stranger, campaign=CampaignFactory(name="Elsewhere"), role=Role.GM,
                      kingdom=None)
    client = signed_in(stranger)
    assert client.get(map_url(campaign)).status_code == 404
    client.post(map_url(campaign), {"action": "paint", "coords": "C4"})
    export = reverse("admin:campaigns_campaign_map_export", args=[campaign.pk, "csv"])
    assert client.get(export).status_code == 404
    assert not MapHex.objects.exists()


def test_export_then_import_through_the_page(gm_page, campaign, kingdom, gm):
    map_paint(actor=gm, campaign=campaign, coords="C4 D5", terrain="swamp", claimed_by=kingdom,
              add_edges={"bridges": "s"}, refuge=True)
    export = gm_page.get(reverse("admin:campaigns_campaign_map_export",
                                 args=[campaign.pk, "json"]))
    assert export["Content-Disposition"] == f'attachment; filename="map-{campaign.pk}.json"'
    rows = json.loads(export.content)
    assert [row["coord"] for row in rows] == ["C4", "D5"]
    MapHex.objects.all().delete()
    from django.core.files.uploadedfile import SimpleUploadedFile
    upload = SimpleUploadedFile("map.json", export.content, content_type="application/json")
    answer = gm_page.post(map_url(campaign), {"action": "import", "format": "json",
                                              "file": upload}, follow=True)
    assert [str(m) for m in answer.context["messages"]] == [
        "Map saved: 2 hexes added, 0 changed, 0 deleted."]
    seen = campaign_map(campaign)
    assert seen.hexes["D5"].bridges == {Edge.S} and seen.hexes["D5"].refuge
    assert seen.hexes["C4"].claimed_by == "Brevoy Marches"


def test_a_bad_import_names_the_row_and_changes_nothing(gm_page, campaign):
    from django.core.files.uploadedfile import SimpleUploadedFile
    content = b"coord,terrain\nC4,forest\nC5,lava\n"
    page = gm_page.post(map_url(campaign), {
        "action": "import", "format": "csv",
        "file": SimpleUploadedFile("map.csv", content, content_type="text/csv")})
    assert page.context["upload"].non_field_errors() == [
        "Row 2, terrain: lava is not a terrain: use one of plains, forest, hills, mountains, "
        "swamp, water, desert."]
    assert not MapHex.objects.exists()


def test_a_file_that_is_not_json_is_refused_on_the_file(gm_page, campaign):
    from django.core.files.uploadedfile import SimpleUploadedFile
    page = gm_page.post(map_url(campaign), {
        "action": "import", "format": "json",
        "file": SimpleUploadedFile("map.json", b"coord,terrain\nC4,forest\n")})
    assert page.context["upload"].errors["file"] == ["This file is not a map in JSON."]
