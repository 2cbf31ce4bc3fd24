"""The battle admin's characters and traps (reference/sector-modules.md, "Characters", module
"ambush"): the GM gives a battle being set up its module switches, characters with roles, points
and carried artifacts, and traps for each side, all saved through the services (which check the
acting user); the rows are read-only once the battle has begun, and another campaign's GM gets
nothing."""
from __future__ import annotations

import re

import pytest
from factories import (
    SectorBattleFactory,
    SectorCasterFactory,
    SectorTrapFactory,
    SectorUnitFactory,
    shipped_artifact,
    shipped_card,
    shipped_trap,
)
from sector_admin_support import battle_form, errors_of, url

from battles.sector import services
from battles.sector.adapters import initial_state
from battles.sector.models import SectorBattle
from campaigns.models import Role
from core.permissions import SYSTEM

pytestmark = pytest.mark.django_db


@pytest.fixture
def battle(kingdom, rival_kingdom):
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom)
    SectorUnitFactory(battle=battle, side="attacker", name="Tatzlford Knights",
                      card=shipped_card("knights"))
    SectorUnitFactory(battle=battle, side="defender", name="Pitax Pikes",
                      card=shipped_card("pikes"))
    return battle


def character(**fields) -> dict:
    return {"side": "attacker", "name": "Lord Tatzl", "school": "", "unit": "", "wounds": 3,
            "command": "", "will": "", **fields}


def test_the_gm_switches_the_modules(gm_client, battle):
    response = gm_client.post(url("change", battle.pk), battle_form(
        battle, module_command="on", module_scouting="on"))
    assert response.status_code == 302, errors_of(response)
    battle.refresh_from_db()
    assert (battle.module_command, battle.module_ambush, battle.module_scouting,
            battle.module_artifacts) == (True, False, True, False)


def test_the_gm_adds_a_general_a_hero_with_artifacts_and_traps(gm_client, battle):
    knights = battle.units.get(side="attacker")
    horn, staff = shipped_artifact("war_horn"), shipped_artifact("staff_of_fog")
    response = gm_client.post(url("change", battle.pk), battle_form(battle, casters=[
        character(roles=["general"], unit=knights.pk, command=4),
        character(name="Brother Tam", school="priest", roles=["hero", "general"], will=5,
                  wounds=2, carries=[horn.pk, staff.pk], spells=["bless"]),
    ], traps=[{"side": "attacker", "card": shipped_trap().pk},
              {"side": "defender", "card": shipped_trap().pk}]))
    assert response.status_code == 302, errors_of(response)
    general, hero = battle.casters.order_by("pk")
    assert (general.school, general.roles, general.command, general.will, general.unit) == (
        "", ["general"], 4, None, knights)
    assert (hero.roles, hero.will, hero.wounds, hero.spells) == (["general", "hero"], 5, 2,
                                                                 ["bless"])
    assert set(hero.carries.all()) == {horn, staff}
    assert sorted(battle.traps.values_list("side", flat=True)) == ["attacker", "defender"]
    state = initial_state(battle)
    assert len(state.artifacts) == 2 and len(state.scenario.traps) == 2
    page = gm_client.get(url("change", battle.pk)).content.decode()
    assert 'name="casters-1-carries"' in page and 'name="traps-0-card"' in page


@pytest.mark.parametrize(("row", "message"), [
    (character(), "A character is a general, a hero, a wizard or a priest: give it a school "
                  "or a role."),
    (character(roles=["hero"], command=2), "Only a general has command points."),
    (character(roles=["general"], will=2), "Only a hero has will points."),
    (character(roles=["general"], spells=["fog"]),
     "A character without a school casts no spells."),
    (character(roles=["general"], wounds=0), "Ensure this value is greater than or equal to 1."),
    (character(roles=["king"]),
     "Select a valid choice. king is not one of the available choices."),
])
def test_characters_the_rules_refuse_show_why(gm_client, battle, row, message):
    response = gm_client.post(url("change", battle.pk), battle_form(battle, casters=[row]))
    assert response.status_code == 200
    assert message in errors_of(response)
    assert not battle.casters.exists()


def test_an_existing_character_is_changed_through_the_service(gm_client, battle):
    hero = SectorCasterFactory(battle=battle, school="", roles=["hero"], name="Vasha")
    data = battle_form(battle)
    data.update({"casters-TOTAL_FORMS": 1, "casters-INITIAL_FORMS": 1, "casters-0-id": hero.pk,
                 "casters-0-battle": battle.pk,
                 **{f"casters-0-{k}": v for k, v in character(
                     name="Vasha", roles=["hero"], command=3).items()}})
    response = gm_client.post(url("change", battle.pk), data)
    assert "Only a general has command points." in errors_of(response)
    hero.refresh_from_db()
    assert hero.command is None


def test_another_campaigns_gm_can_neither_read_nor_edit(client, battle):
    from factories import CampaignFactory, MembershipFactory, UserFactory

    stranger = UserFactory(username="their-gm", is_staff=True)
    MembershipFactory(user=stranger, campaign=CampaignFactory(), role=Role.GM, kingdom=None)
    client.force_login(stranger)
    assert client.get(url("change", battle.pk)).status_code == 404
    response = client.post(url("change", battle.pk), battle_form(
        battle, casters=[character(roles=["general"])],
        traps=[{"side": "attacker", "card": shipped_trap().pk}]))
    assert response.status_code == 404
    assert not battle.casters.exists() and not battle.traps.exists()


def test_a_player_reaches_no_battle_admin(client, battle, player):
    player.is_staff = True
    player.save()
    client.force_login(player)
    assert client.get(url("change", battle.pk)).status_code in (403, 404)


def test_characters_and_traps_are_read_only_once_begun(gm_client, battle):
    hero = SectorCasterFactory(battle=battle, school="", roles=["hero"], name="Vasha")
    hero.carries.set([shipped_artifact("war_horn")])
    SectorTrapFactory(battle=battle)
    services.battle_start(battle=battle, actor=SYSTEM)
    page = gm_client.get(url("change", battle.pk)).content.decode()
    for field in ('name="casters-0-roles"', 'name="casters-0-carries"', 'name="traps-0-card"',
                  'name="module_command"'):
        assert field not in page
    assert "War horn" in page and "hero" in page


def test_the_gm_removes_a_character_and_a_trap(gm_client, battle):
    hero = SectorCasterFactory(battle=battle, school="", roles=["hero"], name="Vasha")
    trap = SectorTrapFactory(battle=battle)
    data = battle_form(battle)
    data.update({"casters-TOTAL_FORMS": 1, "casters-INITIAL_FORMS": 1, "casters-0-id": hero.pk,
                 "casters-0-battle": battle.pk, "casters-0-DELETE": "on",
                 **{f"casters-0-{k}": v for k, v in character(
                     name="Vasha", roles=["hero"]).items()},
                 "traps-TOTAL_FORMS": 1, "traps-INITIAL_FORMS": 1, "traps-0-id": trap.pk,
                 "traps-0-battle": battle.pk, "traps-0-side": "attacker",
                 "traps-0-card": trap.card_id, "traps-0-DELETE": "on"})
    response = gm_client.post(url("change", battle.pk), data)
    assert response.status_code == 302, errors_of(response)
    assert not battle.casters.exists() and not battle.traps.exists()


def offered_spells(page: str) -> set[str]:
    return set(re.findall(r'name="casters-__prefix__-spells" value="([a-z_]+)"', page))


def test_the_spells_offered_are_those_the_battles_modules_know(gm_client, battle):
    # Seed 002_eb4cf75b750af884.txt: «Некоторые заклинания позволяют восстанавливать раны»:
    # Heal and Raise the fallen (and Haste, the magical move) come with module "magic dice".
    page = gm_client.get(url("change", battle.pk)).content.decode()
    assert "fog" in offered_spells(page)
    assert not offered_spells(page) & {"haste", "heal", "raise_the_fallen"}
    SectorBattle.objects.filter(pk=battle.pk).update(module_magic_dice=True)
    battle.refresh_from_db()
    page = gm_client.get(url("change", battle.pk)).content.decode()
    assert {"haste", "heal", "raise_the_fallen"} <= offered_spells(page)
    response = gm_client.post(url("change", battle.pk), battle_form(battle, casters=[
        character(name="Brother Tam", school="priest", spells=["raise_the_fallen", "heal"])]))
    assert response.status_code == 302, errors_of(response)
    assert battle.casters.get().spells == ["heal", "raise_the_fallen"]


def test_the_gm_brings_a_character_in_already_wounded(gm_client, battle):
    # Seed 002: healing «не может поднять значение ран выше его стартового показателя»: a
    # character at 1 of 3 wounds starts at 1 and heals up to 3.
    response = gm_client.post(url("change", battle.pk), battle_form(battle, casters=[
        character(roles=["general"], wounds=1, full_wounds=3)]))
    assert response.status_code == 302, errors_of(response)
    general = battle.casters.get()
    assert (general.wounds, general.full_wounds) == (1, 3)
    engine = initial_state(battle).casters[0]
    assert (engine.wounds, engine.start_wounds) == (1, 3)
    response = gm_client.post(url("change", battle.pk), battle_form(battle, casters=[
        character(name="Brother Tam", roles=["hero"], wounds=4, full_wounds=3)]))
    assert response.status_code == 200
    assert "At most its full wounds (3)." in errors_of(response)
    assert battle.casters.count() == 1
