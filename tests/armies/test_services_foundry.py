"""armies.services.army_import_foundry: a Foundry VTT army actor becomes an army, or the sheet of
one, checked by the rules as a whole; the round trip on every shipped template."""
from __future__ import annotations

import copy

import pytest
from admin_support import set_level
from factories import ArmyFactory, CampaignFactory, UserFactory
from factories import MembershipFactory as Member
from foundry_support import SHIPPED, outfitted_army, without_ids

from armies.adapters import render_violation
from armies.models import Army, ArmyTemplate
from armies.selectors import army_foundry_actor
from armies.services import army_import_foundry
from campaigns.models import Role
from core.permissions import NotPermitted
from rules.errors import RuleViolation

pytestmark = pytest.mark.django_db


def codes(notes) -> list[str]:
    return [note.code for note in notes]


def texts(notes) -> list[str]:
    return [render_violation(note) for note in notes]


@pytest.mark.parametrize("name", SHIPPED)
def test_export_import_export_gives_the_same_actor(name, kingdom, rival_kingdom, gm):
    army = outfitted_army(kingdom, name)
    first = army_foundry_actor(army)
    set_level(rival_kingdom, kingdom.level)

    result = army_import_foundry(kingdom=rival_kingdom, data=first, user=gm)

    assert result.created and result.notes == ()
    again = army_foundry_actor(Army.objects.get(pk=result.army.pk))
    assert without_ids(again) == without_ids(first)
    assert again["flags"]["muster"]["army"] == result.army.pk != army.pk


@pytest.mark.parametrize("name", SHIPPED)
def test_an_import_onto_the_army_itself_changes_nothing(name, kingdom, gm):
    army = outfitted_army(kingdom, name)
    first = army_foundry_actor(army)
    before = {g.kind: g.price_paid_rp for g in army.gear.all()}

    result = army_import_foundry(kingdom=kingdom, data=first, army=army, user=gm)

    assert not result.created and result.notes == ()
    assert without_ids(army_foundry_actor(Army.objects.get(pk=army.pk))) == without_ids(first)
    # What was paid for the gear it keeps is still credited when better gear replaces it.
    assert {g.kind: g.price_paid_rp for g in army.gear.all()} == before


def test_the_sheet_maps_onto_potency_potions_and_tactics(kingdom, gm):
    army = outfitted_army(kingdom, "Sootscale Warriors")
    actor = army_foundry_actor(army)
    system = actor["system"]
    # Level 6 Sootscales: AC 25 (the table's 24, the template's +1) and magic armor's +1 apart,
    # which Foundry adds itself.
    assert system["ac"] == {"value": 25, "potency": 1}
    assert system["attributes"]["hp"] == {"value": 3, "max": 4, "routThreshold": 3}
    assert system["details"]["level"] == {"value": 6}
    assert (system["details"]["strongSave"], system["details"]["weakSave"]) == ("maneuver",
                                                                                 "morale")
    assert system["weapons"] == {"melee": {"name": "Shortswords", "potency": 1},
                                 "ranged": {"name": "Crossbows", "potency": 0}}
    assert system["resources"] == {"ammunition": {"value": 5, "max": 5},
                                   "potions": {"value": 2, "max": 3}}
    assert [(i["name"], i["system"]["slug"]) for i in actor["items"]] == [
        ("Darkvision", "darkvision"), ("Accustomed to Panic", "accustomed-to-panic"),
        ("Weary", "weary")]
    assert actor["items"][-1]["system"]["badge"] == {"type": "counter", "value": 1}


def test_a_hand_made_foundry_file_reports_what_did_not_map(kingdom, gm):
    """As Foundry's own bestiary keeps the Sootscales (packs/kingmaker-bestiary), with a tactic
    Muster does not know and numbers of another level."""
    set_level(kingdom, 4)
    actor = {
        "name": "Sootscale Warriors", "type": "army",
        "system": {
            "ac": {"potency": 0, "value": 20},
            "attributes": {"hp": {"max": 4, "routThreshold": 3, "value": 4}},
            "consumption": 1,
            "details": {"level": {"value": 3}, "description": "<p>Kobolds.</p>"},
            "recruitmentDC": 20, "scouting": 9, "saves": {"maneuver": 14, "morale": 5},
            "resources": {"ammunition": {"max": 5, "value": 5}, "potions": {"value": 1}},
            "traits": {"rarity": "uncommon", "type": "infantry", "value": []},
            "weapons": {"melee": {"name": "Shortswords", "potency": 0},
                        "ranged": {"name": "Crossbows", "potency": 0}},
        },
        "items": [
            {"name": "Rally", "type": "campaignFeature",
             "system": {"category": "army-war-action", "slug": "rally"}},
            {"name": "Darkvision", "type": "campaignFeature",
             "system": {"category": "army-tactic", "slug": "darkvision"}},
            {"name": "Accustomed to Panic (Unique)", "type": "campaignFeature",
             "system": {"category": "army-tactic", "slug": None}},
            {"name": "Shield Wall", "type": "campaignFeature",
             "system": {"category": "army-tactic", "slug": "shield-wall"}},
            {"name": "Effect: Guard (Success)", "type": "effect", "system": {}},
        ],
    }

    result = army_import_foundry(kingdom=kingdom, data=actor, hex="D5", user=gm)

    army = result.army
    assert (army.template.name, army.hex, army.level, army.hp) == ("Sootscale Warriors", "D5", 4,
                                                                   4)
    assert [t.tactic for t in army.tactics.all()] == ["darkvision", "accustomed_to_panic"]
    assert [(g.kind, g.doses) for g in army.gear.all()] == [("healing_potions", 1)]
    assert codes(result.notes) == [
        "foundry_unknown_tactic", "foundry_unknown_item", "foundry_war_actions",
        "foundry_level_differs", *["foundry_derived_differs"] * 5]
    assert texts(result.notes)[0] == "Unknown tactic Shield Wall (shield-wall): left out."
    # Level 4: AC 22, Scouting 11, recruitment DC 21, Maneuver 16, Morale 7 (the table's, with
    # the template's adjustments).
    assert texts(result.notes)[4] == ("AC: the file says 20, the rules give 22 (Muster derives "
                                      "it; the file's value is ignored).")
    assert {n.field for n in result.notes[4:]} == {
        "system.ac.value", "system.scouting", "system.recruitmentDC", "system.saves.maneuver",
        "system.saves.morale"}


def test_an_actor_of_no_template_comes_in_as_its_regular_type(kingdom, gm):
    set_level(kingdom, 5)
    actor = {"name": "1st Legion", "type": "army", "system": {
        "details": {"level": {"value": 5}}, "traits": {"type": "skirmisher"},
        "attributes": {"hp": {"value": 4}}, "ac": {"value": 22, "potency": 1},
        "weapons": {"melee": {"name": "Pikes", "potency": 1}, "ranged": None}}}

    result = army_import_foundry(kingdom=kingdom, data=actor, hex="C4", user=gm)

    assert result.army.template.name == "Skirmishers"
    assert codes(result.notes)[0] == "foundry_template_by_type"
    assert sorted((g.kind, g.tier, g.weapon) for g in result.army.gear.all()) == [
        ("magic_armor", "basic", ""), ("magic_weapons", "basic", "melee")]


def test_gear_the_kingdoms_level_forbids_is_refused_and_nothing_is_written(kingdom, gm):
    set_level(kingdom, 5)
    actor = {"name": "1st Legion", "type": "army", "system": {
        "details": {"level": {"value": 12}}, "traits": {"type": "infantry"},
        "attributes": {"hp": {"value": 4}}, "ac": {"potency": 2},
        "weapons": {"melee": {"name": "Pikes", "potency": 0}}}}

    with pytest.raises(RuleViolation) as refused:
        army_import_foundry(kingdom=kingdom, data=actor, hex="C4", user=gm)

    assert [render_violation(v) for v in refused.value.violations] == [
        "greater magic_armor is a level 11 item; this army is level 5."]
    assert not Army.objects.filter(name="1st Legion").exists()


def test_a_refused_import_onto_an_army_leaves_it_as_it_was(kingdom, gm):
    army = outfitted_army(kingdom, "Infantry")
    before = army_foundry_actor(army)
    changed = copy.deepcopy(before)
    changed["name"] = "Renamed"
    changed["system"]["resources"]["potions"]["value"] = 7

    with pytest.raises(RuleViolation) as refused:
        army_import_foundry(kingdom=kingdom, data=changed, army=army, user=gm)

    assert {v.field for v in refused.value.violations} == {"system.resources.potions.value"}
    assert army_foundry_actor(Army.objects.get(pk=army.pk)) == before


@pytest.mark.parametrize(("change", "field", "message"), [
    (lambda a: a.update(type="npc"), "type",
     "This is not a Foundry army actor (its type is npc)."),
    (lambda a: a["system"]["details"]["level"].update(value="five"),
     "system.details.level.value", "Give a whole number."),
    (lambda a: a["system"]["ac"].update(potency=7), "system.ac.potency",
     "Give a number from 0 to 3."),
    (lambda a: a["system"]["traits"].update(type="dragons"), "system.traits.type",
     "Give one of the army types: infantry, cavalry, skirmisher, siege."),
    (lambda a: a.update(items={"not": "a list"}), "items", "Give the items as a list of objects."),
    (lambda a: a["system"]["weapons"].update(melee="Pikes"), "system.weapons.melee",
     "Give the Strike as an object with its name and potency, or null."),
    (lambda a: a["system"].update(traits={"type": "cavalry"}), "system.traits.type",
     "Infantry is infantry in Muster; the file says cavalry."),
])
def test_a_bad_file_is_refused_naming_the_field(kingdom, gm, change, field, message):
    actor = army_foundry_actor(outfitted_army(kingdom, "Infantry"))
    change(actor)
    count = Army.objects.count()

    with pytest.raises(RuleViolation) as refused:
        army_import_foundry(kingdom=kingdom, data=actor, hex="C4", user=gm)

    assert [(v.field, render_violation(v)) for v in refused.value.violations] == [(field, message)]
    assert Army.objects.count() == count


def test_an_imported_name_the_kingdom_has_is_refused(kingdom, gm):
    actor = army_foundry_actor(outfitted_army(kingdom, "Infantry"))
    with pytest.raises(RuleViolation) as refused:
        army_import_foundry(kingdom=kingdom, data=actor, user=gm)
    assert refused.value.codes() == {"name_taken"}


def test_a_player_imports_nothing_not_even_into_their_own_kingdom(kingdom, player):
    actor = army_foundry_actor(outfitted_army(kingdom, "Infantry"))
    actor["name"] = "Player's own"
    with pytest.raises(NotPermitted) as refused:
        army_import_foundry(kingdom=kingdom, data=actor, user=player)
    assert str(refused.value) == "Only the game master edits armies."
    assert not Army.objects.filter(name="Player's own").exists()


def test_a_gm_imports_into_no_other_campaigns_kingdom(kingdom, gm):
    other_gm = UserFactory(username="other-gm")
    Member(user=other_gm, campaign=CampaignFactory(name="Elsewhere"), role=Role.GM, kingdom=None)
    actor = army_foundry_actor(outfitted_army(kingdom, "Infantry"))
    actor["name"] = "Smuggled"
    with pytest.raises(NotPermitted):
        army_import_foundry(kingdom=kingdom, data=actor, user=other_gm)
    assert not Army.objects.filter(name="Smuggled").exists()


def test_an_import_onto_an_army_of_another_kingdom_is_refused(kingdom, rival_kingdom, gm):
    army = ArmyFactory(kingdom=rival_kingdom, name="Pitax Foot", hex="P9")
    actor = army_foundry_actor(outfitted_army(kingdom, "Infantry"))
    set_level(rival_kingdom, kingdom.level)
    with pytest.raises(RuleViolation) as refused:
        army_import_foundry(kingdom=kingdom, data=actor, army=army, user=gm)
    assert [render_violation(v) for v in refused.value.violations] == [
        "Pitax Foot is not an army of Brevoy Marches."]


def test_an_extra_strike_is_an_additional_weapon_and_a_missing_one_stays(kingdom, gm):
    set_level(kingdom, 2)
    actor = {"name": "Archers", "type": "army", "system": {
        "details": {"level": {"value": 2}}, "traits": {"type": "infantry"},
        "attributes": {"hp": {"value": 4}},
        "weapons": {"melee": None, "ranged": {"name": "Bows", "potency": 1}}}}

    result = army_import_foundry(kingdom=kingdom, data=actor, hex="C4", user=gm)

    assert sorted((g.kind, g.tier, g.weapon) for g in result.army.gear.all()) == [
        ("additional_weapon", "", "ranged"), ("magic_weapons", "basic", "ranged")]
    assert "foundry_strike_kept" in codes(result.notes)


def test_an_army_below_its_templates_level_is_refused(kingdom, gm):
    actor = army_foundry_actor(outfitted_army(kingdom, "Tiger Lord Berserkers"))
    actor["name"] = "Young Berserkers"
    set_level(kingdom, 11)
    with pytest.raises(RuleViolation) as refused:
        army_import_foundry(kingdom=kingdom, data=actor, user=gm)
    assert refused.value.codes() == {"below_minimum_level"}


def test_the_round_trips_cover_every_shipped_template(db):
    assert sorted(SHIPPED) == sorted(ArmyTemplate.objects.values_list("name", flat=True))
