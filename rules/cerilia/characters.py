"""Seed 001's characters (001_5d751c33a121b07e.txt; reference/sector-modules.md "Characters"):
what a character may be given as a battle is set up (its roles, the points that go with them, its
wounds, its school's spells) and, under module "command", who pays for a side's orders."""
from __future__ import annotations

from collections.abc import Collection, Iterable

from rules.cerilia.cards import Tag
from rules.cerilia.modules import Modules, Role
from rules.cerilia.spells import Spell, school_spells
from rules.cerilia.state import Caster, School, Unit
from rules.errors import Violation, _
from rules.sides import Side

# The roles a character is given; a wizard or priest is one by its school (state.SCHOOL_ROLES).
# Reference: "one or more roles — general (command points, КН), hero (will points, ЗС), wizard,
# priest".
GIVEN_ROLES = frozenset({Role.GENERAL, Role.HERO})
# Seed: orders are paid with "КН капитана (генерала) или ЗС героя": the general's command points,
# the hero's will points.
LEADERS = frozenset({Role.GENERAL, Role.HERO})
_ORDER = {spell.value: i for i, spell in enumerate(Spell)}


def character_violations(*, school: School | None, roles: Collection[str],
                         spells: Collection[str], command: int | None, will: int | None,
                         wounds: int, modules: Modules) -> list[Violation]:
    """What the rules refuse of a character given `roles` (by value), `command` (КН) and `will`
    (ЗС) points (None: the defaults), `wounds` and `spells` (by value; none: every spell of its
    school) in a battle playing `modules`."""
    found: list[Violation] = []
    given = {role.value for role in GIVEN_ROLES}
    if any(role not in given for role in roles):
        found.append(Violation("role_unknown", _("A character's roles are general and hero."),
                               "roles"))
    if school is None and not roles:
        found.append(Violation("character_without_role", _("A character is a general, a hero, "
                               "a wizard or a priest: give it a school or a role."), "roles"))
    if command is not None and Role.GENERAL.value not in roles:
        found.append(Violation("command_not_general", _("Only a general has command points."),
                               "command"))
    if will is not None and Role.HERO.value not in roles:
        found.append(Violation("will_not_hero", _("Only a hero has will points."), "will"))
    if wounds < 1:
        found.append(Violation("wounds_none", _("A character has at least 1 wound."), "wounds"))
    if spells and school is None:
        found.append(Violation("spells_without_school", _("A character without a school casts "
                               "no spells."), "spells"))
    elif spells and school is not None:
        # Seed 002's spells (Haste, Heal, Raise the fallen) only with module "magic dice".
        known = {spell.value for spell in school_spells(school, modules)}
        wrong = sorted((s for s in spells if s not in known), key=lambda s: _ORDER.get(s, -1))
        if wrong:
            found.append(Violation("spell_not_of_school", _("Not spells of the %(school)s's "
                                   "school: %(spells)s."), "spells",
                                   {"school": school.value, "spells": ",".join(wrong)}))
    return found


def commander_violations(modules: Modules, units: Iterable[Unit],
                         characters: Iterable[Caster]) -> list[Violation]:
    """Ruling: under module "command" a side whose units take orders (any but independent
    warriors, who follow their standing orders "без затраты КН") needs a general or hero to pay
    for them, or none of its units would ever move ("Units without a paid order hold")."""
    if not modules.command:
        return []
    ordered = {u.side for u in units if Tag.INDEPENDENT not in u.card.tags}
    led = {c.side for c in characters if any(c.is_a(role) for role in LEADERS)}
    return [Violation("side_without_commander", _(
        "Under module command %(side)s has no general or hero to pay for its orders: add one, "
        "or turn the module off."), "casters", {"side": side.value})
        for side in Side if side in ordered and side not in led]
