"""A character as the battle is set up, and who pays for a side's orders under module "command"
(seed 001_5d751c33a121b07e.txt; reference/sector-modules.md "Characters").

Seed lines checked here:
  «Персонажи и герои могут иметь при себе магический артефакт»
  «Самостоятельные воины получают эти приказы без затраты КН капитана (генерала) или ЗС героя.»
"""
from __future__ import annotations

from cerilia_support import A, D, unit

from rules.cerilia.cards import Tag
from rules.cerilia.characters import GIVEN_ROLES, LEADERS, character_violations, commander_violations
from rules.cerilia.modules import NO_MODULES, Modules, Role
from rules.cerilia.state import Caster, School

SEED_FILE = "001_5d751c33a121b07e.txt"
COMMAND = Modules(command=True)


def violations(*, school=None, roles=("general",), spells=(), command=None, will=None,
               wounds=3, modules=NO_MODULES):
    return {(v.code, v.field) for v in character_violations(
        school=school, roles=roles, spells=spells, command=command, will=will, wounds=wounds,
        modules=modules)}


def character(key, side, *roles, school=None):
    return Caster(key, side, key, school, roles=frozenset(roles))


def test_a_general_and_a_hero_are_given_a_wizard_and_a_priest_are_one_by_their_school():
    # «без затраты КН капитана (генерала) или ЗС героя»: the general and the hero pay for
    # orders, and are the roles the GM gives; a school makes the wizard or the priest.
    assert GIVEN_ROLES == LEADERS == {Role.GENERAL, Role.HERO}
    assert violations(roles=("general", "hero"), command=4, will=1) == set()
    assert violations(school=School.PRIEST, roles=()) == set()
    assert violations(roles=()) == {("character_without_role", "roles")}
    assert violations(roles=("wizard",), school=School.WIZARD) == {("role_unknown", "roles")}


def test_command_points_are_a_generals_and_will_points_a_heros():
    # «КН капитана (генерала) или ЗС героя».
    assert violations(roles=("hero",), command=2) == {("command_not_general", "command")}
    assert violations(roles=("general",), will=2) == {("will_not_hero", "will")}
    assert violations(roles=("general",), wounds=0) == {("wounds_none", "wounds")}


def test_a_character_casts_only_its_schools_spells_seed_002s_with_magic_dice():
    # «Персонажи и герои ...»: a general or hero without a school casts nothing; a school's
    # spells are those it knows in the battle's modules (rules.cerilia.spells.school_spells).
    assert violations(spells=("fog",)) == {("spells_without_school", "spells")}
    assert violations(school=School.WIZARD, spells=("fog", "wall_of_fire")) == set()
    (refused,) = character_violations(
        school=School.WIZARD, roles=(), spells=("haste", "bless", "fog"), command=None,
        will=None, wounds=3, modules=NO_MODULES)
    assert (refused.code, refused.params) == ("spell_not_of_school",
                                              {"school": "wizard", "spells": "bless,haste"})
    magic = Modules(magic_dice=True)
    assert violations(school=School.WIZARD, roles=(), spells=("haste",), modules=magic) == set()
    assert violations(school=School.PRIEST, roles=(), spells=("heal", "raise_the_fallen"),
                      modules=magic) == set()


def test_under_command_a_side_with_ordered_units_needs_a_general_or_hero():
    # «без затраты КН капитана (генерала) или ЗС героя»: only independent warriors take their
    # orders for nothing; every other unit needs a general or hero to pay.
    units = [unit("a", A), unit("d", D, card_tags=frozenset({Tag.INDEPENDENT}))]
    wizard = character("w", A, school=School.WIZARD)
    assert commander_violations(NO_MODULES, units, [wizard]) == []
    (missing,) = commander_violations(COMMAND, units, [wizard])
    assert (missing.code, missing.field, missing.params) == ("side_without_commander",
                                                             "casters", {"side": "attacker"})
    assert commander_violations(COMMAND, units, [character("h", A, Role.HERO)]) == []
    both = [*units, unit("d2", D)]
    assert [v.params["side"] for v in commander_violations(
        COMMAND, both, [character("g", A, Role.GENERAL)])] == ["defender"]


def test_a_killed_leader_pays_for_nothing():
    # «КН капитана (генерала) или ЗС героя»: a dead general has no КН to spend.
    dead = Caster("g", A, "g", None, roles=frozenset({Role.GENERAL}), killed=True)
    assert [v.params["side"] for v in commander_violations(COMMAND, [unit("a", A)], [dead])] \
        == ["attacker"]
