"""Seed 001's scenario switches (001_5d751c33a121b07e.txt; reference/sector-modules.md: "Each
module is a scenario switch ...; a new scenario starts with all of them on. A battle with every
module off plays exactly as today.") and the characters' stored shape."""
import json
from pathlib import Path

from cerilia_support import A, D, caster, state, unit

from rules.cerilia.modules import ALL_MODULES, NO_MODULES, Modules, Role, StandingKind, StandingOrder
from rules.cerilia.state import Caster, School, state_data, state_from_data

PAYLOADS = Path(__file__).parents[2] / "fixtures" / "payloads"


def test_a_stored_battle_without_modules_reads_with_every_module_off():
    old = json.loads((PAYLOADS / "sector_battle.json").read_text())["state"]
    old = {k: v for k, v in old.items() if k != "_version"}
    read = state_from_data(old)
    assert read.scenario.modules == NO_MODULES
    assert not read.scenario.modules.any_on
    assert read.standing == {}
    assert all(c.roles == frozenset() and not c.killed for c in read.casters)


def test_an_all_off_state_is_stored_exactly_as_before():
    # "a battle with all off plays exactly as today (its replays unchanged)": same keys.
    s = state(unit("a", A, at="A1"), unit("d", D, at="A3"), casters=[caster("m", A, unit_key="a")])
    data = state_data(s)
    assert "modules" not in data["scenario"] and "standing" not in data
    assert set(data["casters"][0]) == {"key", "side", "name", "school", "unit", "spells"}


def test_a_new_scenario_has_every_module_on_and_they_round_trip():
    # Reference: "a new scenario starts with all of them on" (seed 002's too, issue 14).
    assert ALL_MODULES == Modules(command=True, ambush=True, scouting=True, artifacts=True,
                                  magic_dice=True)
    general = Caster("g", A, "Aerin", None, "a", roles=frozenset({Role.GENERAL}), command=3,
                     carries=("horn",))
    s = state(unit("a", A, at="A1", card_tags={"independent"}), unit("d", D, at="A3"),
              casters=[general], modules=Modules(command=True))
    from dataclasses import replace
    s = replace(s, standing={"a": (StandingOrder(StandingKind.ADVANCE_TO, "A2"),
                                   StandingOrder(StandingKind.SHOOT_NEAREST))})
    data = json.loads(json.dumps(state_data(s)))
    assert data["scenario"]["modules"] == {"command": True}
    back = state_from_data(data)
    assert back == s
    assert back.characters[0].is_a(Role.GENERAL) and not back.characters[0].is_a(Role.HERO)


def test_a_casters_school_is_one_of_its_character_roles():
    # Reference: "Today's casters become one kind of character ... general, hero, wizard, priest".
    wizard = caster("w", A, School.WIZARD)
    assert wizard.kinds == {Role.WIZARD}
    assert Caster("p", D, "P", School.PRIEST, roles=frozenset({Role.HERO})).kinds == {
        Role.PRIEST, Role.HERO}
