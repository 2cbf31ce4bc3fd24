"""Seed 002's catalogs in the GM's back office (002_eb4cf75b750af884.txt; issue 14: "spell
catalog with casting values and attributes in the admin; bound spells on unit cards,
characters and artifacts; wounds per model and command groups on unit cards"): the GM edits a
casting value and a battle started after reads it; a unit card's models, command group and
bound spells, the rules' refusals at their fields."""
from __future__ import annotations

import pytest
from django.urls import reverse
from factories import (
    MembershipFactory,
    SectorBattleFactory,
    SectorUnitFactory,
    UserFactory,
    shipped_card,
)
from sector_admin_support import battle_form, errors_of, url

from battles.sector.adapters import initial_state
from battles.sector.models import SectorBattle, UnitCard
from battles.sector.module_models import SpellCard
from campaigns.models import Role
from rules.cerilia.bound_spell_cards import BoundSpell
from rules.cerilia.magic_dice import CASTING_VALUES, casting_value

pytestmark = pytest.mark.django_db


def test_the_operator_edits_a_casting_value_and_a_new_battle_reads_it(gm_client, campaign):
    # Issue 14: "the GM edits casting values in the spell catalog"; the shared catalog is the
    # operator's (the `gm` persona is a superuser), a battle's own values each campaign GM's.
    card = SpellCard.objects.get(spell="fire_storm")
    page = gm_client.get(reverse("admin:battles_spellcard_changelist")).content.decode()
    assert "Fire storm" in page
    page = gm_client.get(reverse("admin:battles_spellcard_change", args=[card.pk])).content.decode()
    assert 'name="attribute"' not in page and "none of the shipped spells has one" in page
    response = gm_client.post(reverse("admin:battles_spellcard_change", args=[card.pk]),
                              {"casting_value": 12, "attribute": "Scorches the ground."})
    assert response.status_code == 302, errors_of(response)
    card.refresh_from_db()
    # The engine reads no attribute (magic_dice.ATTRIBUTES): the admin shows it, never takes it.
    assert (card.casting_value, card.attribute) == (12, "")
    assert card.history.first().history_user.username == "gm-persona"
    battle = SectorBattleFactory(campaign=campaign, modules=True)
    assert casting_value(initial_state(battle).scenario, "fire_storm") == 12


def test_a_campaigns_gm_changes_no_catalog_entry(client, campaign):
    # The catalog is every campaign's (campaigns.admin_scope.CatalogAdmin): a GM who is not the
    # operator reads it and sets a battle's own values (test_admin_casting_values.py) instead.
    gm = UserFactory(is_staff=True)
    MembershipFactory(user=gm, campaign=campaign, role=Role.GM, kingdom=None)
    client.force_login(gm)
    card = SpellCard.objects.get(spell="haste")
    listing = client.get(reverse("admin:battles_spellcard_changelist"))
    assert listing.status_code == 200 and "Haste" in listing.content.decode()
    assert 'name="form-0-casting_value"' not in listing.content.decode()
    page = client.get(reverse("admin:battles_spellcard_change", args=[card.pk]))
    assert page.status_code == 200 and 'name="casting_value"' not in page.content.decode()
    response = client.post(reverse("admin:battles_spellcard_change", args=[card.pk]),
                           {"casting_value": 4, "attribute": ""})
    assert response.status_code == 403
    response = client.post(reverse("admin:battles_spellcard_changelist"), {
        "form-TOTAL_FORMS": 1, "form-INITIAL_FORMS": 1, "form-0-id": card.pk,
        "form-0-casting_value": 4, "_save": "Save"})
    assert response.status_code == 403
    card.refresh_from_db()
    assert card.casting_value == CASTING_VALUES["haste"]


def test_the_catalog_names_the_engines_spells_only(gm_client):
    card = SpellCard.objects.get(spell="fog")
    assert gm_client.get(reverse("admin:battles_spellcard_add")).status_code == 403
    response = gm_client.post(reverse("admin:battles_spellcard_delete", args=[card.pk]),
                              {"post": "yes"})
    assert response.status_code == 403
    response = gm_client.post(reverse("admin:battles_spellcard_change", args=[card.pk]),
                              {"casting_value": 0})
    assert response.status_code == 200
    assert "Ensure this value is greater than or equal to 1." in errors_of(response)
    card.refresh_from_db()
    assert card.casting_value == CASTING_VALUES["fog"]


def test_a_player_edits_no_casting_value(client, player):
    client.force_login(player)
    card = SpellCard.objects.get(spell="fog")
    response = client.post(reverse("admin:battles_spellcard_change", args=[card.pk]),
                           {"casting_value": 2})
    assert response.status_code == 302 and "login" in response["Location"]
    card.refresh_from_db()
    assert card.casting_value == CASTING_VALUES["fog"]


def card_form(**fields) -> dict:
    return {"code": "ogres", "name": "Ogres", "melee": 3, "charge": "", "missile": "",
            "missile_range": 0, "defense": 2, "morale": ["sun"], "movement": 1, "hits": 3,
            "tags": ["infantry"], "night_bonus": 0, "wounds": 3, "champion": "on",
            "standard": "on", "bound": '[{"spell": "fog", "power": "5/9"}]', **fields}


def test_the_gm_adds_a_card_of_models_with_a_command_group_and_a_bound_spell(gm_client):
    response = gm_client.post(reverse("admin:battles_unitcard_add"), card_form())
    assert response.status_code == 302, errors_of(response)
    card = UnitCard.objects.get(code="ogres")
    assert (card.wounds, card.champion, card.standard, card.musician, card.bound) == (
        3, True, True, False, [{"spell": "fog", "power": "5/9"}])
    unit = SectorUnitFactory(card=card, battle=SectorBattleFactory(modules=True))
    engine = initial_state(unit.battle).units[0].card
    assert (engine.wounds, engine.command_group, engine.bound) == (
        3, 2, (BoundSpell("fog", "5/9"),))


@pytest.mark.parametrize(("fields", "field", "message"), [
    # ranks.py: "The command group is among the card's models".
    ({"hits": 1}, "hits", "The command group is among the card's models: at least one hit "
                          "for each of them."),
    ({"wounds": 0}, "wounds", "A model has at least 1 wound."),
    # Seed 002, XI.6.A: «Заклинание с силой 5/9».
    ({"bound": '[{"spell": "fog", "power": "9/5"}]'}, "bound",
     "Entry 1: In \"x/y\" both are at least 1 and y is not below x."),
    ({"bound": '[{"spell": "fog"}]'}, "bound",
     "Entry 1: A power level reads \"x/y\", e.g. \"5/9\"."),
    ({"bound": '[{"spell": "wish", "power": "5/9"}]'}, "bound", "Entry 1: not a spell."),
    ({"bound": '{"spell": "fog"}'}, "bound", "A list of bound spells."),
    # Ruling (rules-notes "Bound spells"): a magical move's path is no bound spell's aim.
    ({"bound": '[{"spell": "fog", "power": "5/9"}, {"spell": "haste", "power": "4/7"}]'},
     "bound", "Entry 2: A magical move needs a path and cannot be a bound spell."),
    ({"bound": "[{"}, "bound", "Enter a valid JSON."),
])
def test_a_card_the_rules_refuse_shows_the_problem_at_its_field(gm_client, fields, field,
                                                                 message):
    response = gm_client.post(reverse("admin:battles_unitcard_add"), card_form(**fields))
    assert response.status_code == 200
    assert message in response.context["adminform"].form.errors[field]
    assert not UnitCard.objects.filter(code="ogres").exists()


def test_the_gm_gives_a_character_bound_spells_and_sets_the_pools(gm_client, campaign):
    battle = SectorBattleFactory(campaign=campaign, modules=True)
    SectorUnitFactory(battle=battle, card=shipped_card("knights"))
    SectorUnitFactory(battle=battle, side="defender", card=shipped_card("pikes"))
    row = {"side": "attacker", "name": "Magus", "school": "wizard", "unit": "", "wounds": 3,
           "command": "", "will": "", "bound": '[{"spell": "wall_of_fire", "power": "4/8"}]'}
    response = gm_client.post(url("change", battle.pk), battle_form(
        battle, casters=[row], power_dice=7, dispel_dice=""))
    assert response.status_code == 302, errors_of(response)
    battle = SectorBattle.objects.get(pk=battle.pk)
    assert (battle.module_magic_dice, battle.power_dice, battle.dispel_dice) == (True, 7, None)
    magus = battle.casters.get()
    assert magus.bound == [{"spell": "wall_of_fire", "power": "4/8"}]
    assert initial_state(battle).casters[0].bound == (BoundSpell("wall_of_fire", "4/8"),)
    response = gm_client.post(url("change", battle.pk), battle_form(
        battle, casters=[{**row, "name": "Magus II", "bound": '[{"spell": "fog"}]'}]))
    assert response.status_code == 200
    assert any("A power level reads" in e for e in errors_of(response)), errors_of(response)
    assert battle.casters.count() == 1
