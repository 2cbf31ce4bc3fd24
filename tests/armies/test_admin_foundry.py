"""The back office's Foundry VTT exchange (armies.admin_foundry): the export action and the
import page, in English and Russian, through the Django test client."""
from __future__ import annotations

import io
import json
import zipfile

import pytest
from admin_support import messages_of, set_level
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from factories import ArmyFactory, CampaignFactory, KingdomFactory, MembershipFactory, UserFactory
from foundry_support import outfitted_army, without_ids

from armies.models import Army
from armies.selectors import army_foundry_actor
from campaigns.models import Role

pytestmark = pytest.mark.django_db

IMPORT_URL = reverse("admin:armies_army_foundry_import")
CHANGELIST = reverse("admin:armies_army_changelist")


def upload(content: bytes | dict, name: str = "army.json") -> SimpleUploadedFile:
    raw = json.dumps(content).encode() if isinstance(content, dict) else content
    return SimpleUploadedFile(name, raw, content_type="application/json")


def export(client, *armies):
    return client.post(CHANGELIST, {"action": "export_to_foundry",
                                    "_selected_action": [a.pk for a in armies]})


def test_exporting_one_army_downloads_its_actor(gm_client, kingdom):
    army = outfitted_army(kingdom, "Cavalry")
    response = export(gm_client, army)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == \
        f'attachment; filename="cavalry-of-brevoy-marches-{army.pk}.json"'
    assert json.loads(response.content) == army_foundry_actor(army)


def test_exporting_several_armies_downloads_a_zip_of_one_file_each(gm_client, kingdom):
    first, second = outfitted_army(kingdom, "Infantry"), ArmyFactory(kingdom=kingdom, name="Guard")
    response = export(gm_client, first, second)
    assert response["Content-Type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    assert sorted(archive.namelist()) == sorted([f"guard-{second.pk}.json",
                                                 f"infantry-of-brevoy-marches-{first.pk}.json"])


def test_an_army_the_rules_cannot_compute_is_named_and_left_out(gm_client, kingdom):
    broken = outfitted_army(kingdom, "Siege Engines")
    set_level(kingdom, 3)  # below the siege engines' minimum level 7
    response = export(gm_client, broken)
    assert response.status_code == 302
    assert messages_of(gm_client.get(CHANGELIST)) == [
        f"{broken}: Siege Engines cannot be fielded below level 7 (asked: level 3)."]


def test_the_changelist_offers_the_import_page(gm_client):
    page = gm_client.get(CHANGELIST).content.decode()
    assert f'href="{IMPORT_URL}"' in page and "Import from Foundry VTT" in page


def test_importing_a_file_makes_an_army_and_reports_in_messages(gm_client, kingdom, rival_kingdom):
    actor = army_foundry_actor(outfitted_army(kingdom, "Lizardfolk Defenders"))
    actor["system"]["ac"]["value"] += 2
    set_level(rival_kingdom, kingdom.level)

    response = gm_client.post(IMPORT_URL, {"file": upload(actor), "kingdom": rival_kingdom.pk,
                                           "hex": "P9"}, follow=True)

    army = Army.objects.get(kingdom=rival_kingdom)
    assert response.redirect_chain[-1][0] == reverse("admin:armies_army_change", args=[army.pk])
    assert messages_of(response) == [
        f"{army} joins Pitax from Foundry VTT at level 6.",
        "AC: the file says 27, the rules give 25 (Muster derives it; the file's value is "
        "ignored)."]
    assert army.hex == "P9"
    assert without_ids(army_foundry_actor(army))["system"]["saves"] == actor["system"]["saves"]


def test_importing_onto_an_army_in_russian(gm_client, kingdom):
    army = outfitted_army(kingdom, "Infantry")
    actor = army_foundry_actor(army)
    actor["name"] = "Renamed Foot"
    actor["items"] = [*actor["items"],
                      {"name": "Shield Wall", "type": "campaignFeature",
                       "system": {"category": "army-tactic", "slug": "shield-wall"}}]

    response = gm_client.post(IMPORT_URL, {"file": upload(actor), "kingdom": kingdom.pk,
                                           "army": army.pk}, follow=True,
                              HTTP_ACCEPT_LANGUAGE="ru")

    army.refresh_from_db()
    assert army.name == "Renamed Foot"
    assert messages_of(response) == [
        "Renamed Foot получает параметры из Foundry VTT на уровне 6.",
        "Неизвестная тактика Shield Wall (shield-wall): пропущена."]


def test_a_file_that_is_not_json_is_a_form_error(gm_client, kingdom):
    response = gm_client.post(IMPORT_URL, {"file": upload(b"{nope"), "kingdom": kingdom.pk},
                              HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 200
    [error] = response.context["form"].errors["file"]
    assert error.startswith("Файл не в формате JSON: ")
    assert not Army.objects.exists()


def test_a_bad_field_and_a_rule_are_form_errors_naming_the_field(gm_client, kingdom):
    actor = army_foundry_actor(outfitted_army(kingdom, "Infantry"))
    actor["system"]["ac"]["potency"] = 9
    response = gm_client.post(IMPORT_URL, {"file": upload(actor), "kingdom": kingdom.pk})
    assert response.context["form"].non_field_errors() == [
        "system.ac.potency: Give a number from 0 to 3."]

    actor["system"]["ac"]["potency"] = 0
    response = gm_client.post(IMPORT_URL, {"file": upload(actor), "kingdom": kingdom.pk})
    assert response.context["form"].non_field_errors() == [
        f"name: The kingdom already has an army named {actor['name']}."]
    assert Army.objects.count() == 1


def test_a_gm_imports_only_into_their_own_campaigns_kingdoms(client, kingdom):
    other_gm = UserFactory(username="other-gm", is_staff=True)
    elsewhere = CampaignFactory(name="Elsewhere")
    MembershipFactory(user=other_gm, campaign=elsewhere, role=Role.GM, kingdom=None)
    theirs = KingdomFactory(campaign=elsewhere, name="Far Away")
    actor = army_foundry_actor(outfitted_army(kingdom, "Infantry"))
    client.force_login(other_gm)

    page = client.get(IMPORT_URL)
    assert list(page.context["form"].fields["kingdom"].queryset) == [theirs]
    response = client.post(IMPORT_URL, {"file": upload(actor), "kingdom": kingdom.pk,
                                        "hex": "C4"})
    assert "kingdom" in response.context["form"].errors
    assert Army.objects.count() == 1


def test_a_player_without_staff_access_never_reaches_the_import_page(client, player):
    client.force_login(player)
    response = client.get(IMPORT_URL)
    assert response.status_code == 302 and "/login/" in response["Location"]
