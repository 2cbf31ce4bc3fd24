"""armies.foundry: the Foundry VTT PF2e army actor, written from the engine's state and read
back, without the database."""
from __future__ import annotations

import io
import json
import zipfile

import pytest

from armies.foundry import (
    FOUNDRY_TACTICS,
    MAX_FILE_BYTES,
    actor_file_name,
    actor_json,
    actors_archive,
    load_actor,
    read_actor,
)
from rules.errors import RuleViolation
from rules.kingmaker.army import ArmyState
from rules.kingmaker.conditions import Condition, ConditionState
from rules.kingmaker.gear import GearItem, GearKind, Tier, WeaponKind
from rules.kingmaker.tactics import TACTICS
from rules.kingmaker.templates import ALL_TEMPLATES, ArmyType


def army(code: str = "infantry", level: int = 5, **fields) -> ArmyState:
    return ArmyState(template=ALL_TEMPLATES[code], level=level, **fields)


def test_every_tactic_has_one_foundry_slug_as_foundry_derives_it_from_the_name():
    assert set(FOUNDRY_TACTICS) == set(TACTICS)
    assert len(set(FOUNDRY_TACTICS.values())) == len(TACTICS)
    # packs/kingmaker-features/army-tactics/*.json of the PF2e system
    assert {FOUNDRY_TACTICS[c] for c in ("low_light_vision", "self_sufficient",
                                         "live_off_the_land", "bloodied_but_unbroken")} == {
        "low-light-vision", "self-sufficient", "live-off-the-land", "bloodied-but-unbroken"}


def test_the_standing_numbers_leave_conditions_to_foundry_and_keep_the_current_hp():
    weary = army(conditions=(ConditionState(Condition.WEARY, 2),), hp=2)
    fresh = army()
    assert weary.conditions and actor_json(weary)["system"]["ac"] == \
        actor_json(fresh)["system"]["ac"] == {"value": 22, "potency": 0}
    assert actor_json(weary)["system"]["attributes"]["hp"] == {"value": 2, "max": 4,
                                                               "routThreshold": 2}
    assert actor_json(weary)["items"] == [
        {"name": "Weary", "type": "effect",
         "system": {"slug": "weary", "badge": {"type": "counter", "value": 2}}}]


def test_an_army_that_never_routs_has_foundrys_threshold_of_zero():
    nomen = army("nomen_scouts", 8, tactics=ALL_TEMPLATES["nomen_scouts"].tactics)
    assert actor_json(nomen)["system"]["attributes"]["hp"]["routThreshold"] == 0


def test_gear_goes_to_potency_and_potions_and_the_attacks_to_the_flags():
    armed = army(level=11, gear=(GearItem(GearKind.MAGIC_ARMOR, Tier.GREATER),
                                 GearItem(GearKind.MAGIC_WEAPONS, Tier.BASIC, WeaponKind.MELEE),
                                 GearItem(GearKind.ADDITIONAL_WEAPON, weapon=WeaponKind.RANGED),
                                 GearItem(GearKind.HEALING_POTIONS, doses=3)))
    system = actor_json(armed)["system"]
    assert system["ac"] == {"value": 31, "potency": 2}
    assert system["weapons"] == {"melee": {"name": "Weapons", "potency": 1},
                                 "ranged": {"name": "Additional weapon", "potency": 0}}
    assert system["resources"]["potions"] == {"value": 3, "max": 3}
    assert actor_json(armed)["flags"]["muster"]["attacks"] == {"melee": 25, "ranged": 24}


def test_read_back_the_sheet_gives_the_state_it_was_written_from():
    state = army("cavalry", 6, tactics=("overrun", "keen_eyed"), hp=3,
                 gear=(GearItem(GearKind.MAGIC_ARMOR, Tier.BASIC),
                       GearItem(GearKind.HEALING_POTIONS, doses=1)),
                 conditions=(ConditionState(Condition.SHAKEN, 1),
                             ConditionState(Condition.EFFICIENT)), hex="D4", name="Lancers")
    sheet = read_actor(actor_json(state))
    assert (sheet.name, sheet.army_type, sheet.level, sheet.hp, sheet.hex) == (
        "Lancers", ArmyType.CAVALRY, 6, 3, "D4")
    assert sheet.tactics == state.tactics and sheet.conditions == state.conditions
    assert sheet.template_names[0] == "Cavalry" and sheet.notes == ()
    assert sheet.gear(state.template) == (state.gear, [])


def test_a_tactic_is_found_by_its_name_when_its_slug_is_another_tactics():
    """Foundry's bestiary gives the Troll Marauders' Brutal Assault the slug "darkvision"."""
    sheet = read_actor({"name": "Troll Marauders", "type": "army", "system": {
        "details": {"level": {"value": 8}}, "traits": {"type": "infantry"},
        "attributes": {"hp": {"value": 5}}}, "items": [
        {"name": "Brutal Assault", "type": "campaignFeature",
         "system": {"category": "army-tactic", "slug": "darkvision"}},
        {"name": "Regeneration", "type": "campaignFeature",
         "system": {"category": "army-tactic", "slug": None}},
        {"name": "Shaken", "type": "effect", "system": {}}]})
    assert sheet.tactics == ("brutal_assault", "regeneration")
    assert sheet.conditions == (ConditionState(Condition.SHAKEN, 1),)
    assert [n.code for n in sheet.notes] == ["foundry_slug_mismatch"]


@pytest.mark.parametrize(("data", "fields"), [
    ([], {"file"}),
    ({"type": "army"}, {"name", "system.traits.type", "system.details.level.value",
                        "system.attributes.hp.value"}),
    ({"type": "army", "name": "X", "system": {
        "traits": {"type": "infantry"}, "details": {"level": {"value": 21}},
        "attributes": {"hp": {"value": -1}}, "resources": {"potions": {"value": 4}}}},
     {"system.details.level.value", "system.attributes.hp.value",
      "system.resources.potions.value"}),
    ({"type": "army", "name": "X", "system": {
        "traits": {"type": "infantry"}, "details": {"level": {"value": True}},
        "attributes": {"hp": {"value": 4}}},
      "items": [{"name": "Weary", "type": "effect", "system": {"badge": {"value": "two"}}}]},
     {"system.details.level.value", "items"}),
])
def test_a_bad_actor_is_refused_with_every_field_at_fault(data, fields):
    with pytest.raises(RuleViolation) as refused:
        read_actor(data)
    assert {v.field for v in refused.value.violations} == fields


def test_a_file_that_is_not_json_or_too_big_is_refused_on_the_file():
    for content in (b"{not json", "\xff".encode("latin-1"), b" " * (MAX_FILE_BYTES + 1)):
        with pytest.raises(RuleViolation) as refused:
            load_actor(content)
        assert {v.field for v in refused.value.violations} == {"file"}
    assert load_actor('{"type": "army"}') == {"type": "army"}


def test_several_actors_go_into_a_zip_of_one_file_each():
    actors = [actor_json(army(name="Guard")),
              actor_json(army("cavalry", name="Guard"), flags={"army": 7})]
    archive = zipfile.ZipFile(io.BytesIO(actors_archive(actors)))
    assert archive.namelist() == ["guard.json", "guard-7.json"]
    assert json.loads(archive.read("guard-7.json")) == actors[1]
    assert actor_file_name({"name": "M'botuu Frog Riders", "flags": {"muster": {"army": 3}}}) \
        == "mbotuu-frog-riders-3.json"
