"""Army types and army stat-block templates: the four regular armies and the special armies.

A template holds the values printed for its minimum level. Seed 003, "ОСОБЫЕ ВОЙСКА": above the
minimum level an army takes the regular table's values for its level and then the adjustments in
parentheses; the adjustment of each value is what the printed value differs from the table at the
minimum level, so both are one number here and a template needs only its printed values.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from rules.errors import RuleViolation, _
from rules.kingmaker.levels import check_level, level_row


class ArmyType(StrEnum):
    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    SKIRMISHER = "skirmisher"
    SIEGE = "siege"


class Save(StrEnum):
    MANEUVER = "maneuver"
    MORALE = "morale"


# Seed 003: "какой из них высокий, а какой низкий, зависит от рода войска" (the regular stat blocks).
HIGH_SAVE: dict[ArmyType, Save] = {
    ArmyType.INFANTRY: Save.MORALE,
    ArmyType.CAVALRY: Save.MANEUVER,
    ArmyType.SKIRMISHER: Save.MANEUVER,
    ArmyType.SIEGE: Save.MORALE,
}

# Seed 003, ЭТАП 4: cavalry and siege engines must take Overrun and Engines of War first.
REQUIRED_FIRST_TACTIC: dict[ArmyType, str] = {
    ArmyType.CAVALRY: "overrun",
    ArmyType.SIEGE: "engines_of_war",
}

BATTLE_AMMUNITION = 5


def code_for(name: str) -> str:
    """The snake_case code of a catalog name: "M'botuu Frog Riders" -> "mbotuu_frog_riders"."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower().replace("'", "")).strip("_")


@dataclass(frozen=True)
class Weapon:
    name: str
    attack: int


@dataclass(frozen=True)
class ArmyTemplate:
    """An army's stat block at its minimum level (`level`)."""

    name: str
    army_type: ArmyType
    level: int
    scouting: int
    recruitment_dc: int | None
    consumption: int | None
    ac: int
    maneuver: int
    morale: int
    hp: int
    routing_threshold: int | None
    melee: Weapon | None = None
    ranged: Weapon | None = None
    special: bool = False
    high_save: Save | None = None
    tactics: tuple[str, ...] = ()
    free_tactics: frozenset[str] = frozenset()
    rarity: str = "common"
    alignment: str = "any"
    description: str = ""

    @property
    def code(self) -> str:
        return code_for(self.name)

    @property
    def save_class(self) -> Save:
        return self.high_save or HIGH_SAVE[self.army_type]

    @property
    def recruitable(self) -> bool:
        return self.recruitment_dc is not None

    def save_value(self, row_high: int, row_low: int, save: Save) -> int:
        return row_high if save is self.save_class else row_low

    def adjustments(self) -> dict[str, int]:
        """The parenthesised adjustments: printed value minus the table value at minimum level."""
        row = level_row(self.level)
        adjustments = {
            "scouting": self.scouting - row.scouting,
            "ac": self.ac - row.ac,
            "maneuver": self.maneuver - self.save_value(row.high_save, row.low_save, Save.MANEUVER),
            "morale": self.morale - self.save_value(row.high_save, row.low_save, Save.MORALE),
        }
        if self.recruitment_dc is not None:
            adjustments["recruitment_dc"] = self.recruitment_dc - row.standard_dc
        if self.melee:
            adjustments["melee"] = self.melee.attack - row.attack
        if self.ranged:
            adjustments["ranged"] = self.ranged.attack - row.attack
        return adjustments

    def check_level(self, level: int) -> int:
        check_level(level)
        if level < self.level:
            raise RuleViolation.single(
                "below_minimum_level",
                _("%(army)s cannot be fielded below level %(minimum)s (asked: level %(level)s)."),
                "level",
                army=self.name,
                minimum=self.level,
                level=level,
            )
        return level


def _regular(name: str, army_type: ArmyType, level: int, scouting: int, dc: int, consumption: int,
             ac: int, maneuver: int, morale: int, hp: int, rt: int, melee: Weapon | None = None,
             ranged: Weapon | None = None, description: str = "") -> ArmyTemplate:
    return ArmyTemplate(
        name=name, army_type=army_type, level=level, scouting=scouting, recruitment_dc=dc,
        consumption=consumption, ac=ac, maneuver=maneuver, morale=morale, hp=hp,
        routing_threshold=rt, melee=melee, ranged=ranged, description=description,
    )


# The regular armies' minimum-level stat blocks (../shared/reference, regular_armies). Skirmishers
# are "light and mobile" (AC -2, saves +2 against the table); siege engines print a ranged attack
# 3 below the table: both carry over to higher levels as adjustments.
REGULAR_TEMPLATES: dict[ArmyType, ArmyTemplate] = {
    ArmyType.INFANTRY: _regular(
        "Infantry", ArmyType.INFANTRY, 1, 7, 15, 1, 16, 4, 10, 4, 2,
        melee=Weapon(_("weapons"), 9), description="Armored foot soldiers with melee weapons."),
    ArmyType.CAVALRY: _regular(
        "Cavalry", ArmyType.CAVALRY, 3, 9, 18, 2, 19, 12, 6, 4, 2,
        melee=Weapon(_("weapons"), 12), description="Armored mounted soldiers with melee weapons."),
    ArmyType.SKIRMISHER: _regular(
        "Skirmishers", ArmyType.SKIRMISHER, 5, 12, 20, 1, 20, 17, 11, 4, 2,
        melee=Weapon(_("weapons"), 15), description="Small, lightly armored, highly mobile units."),
    ArmyType.SIEGE: _regular(
        "Siege Engines", ArmyType.SIEGE, 7, 15, 23, 1, 25, 12, 18, 6, 3,
        ranged=Weapon(_("siege engine"), 15),
        description="Catapults, ballistae, trebuchets and similar engines."),
}

# Seed 003, "ОСОБЫЕ ВОЙСКА": darkvision is free for special armies that have it; the basic army
# features (Overrun, Engines of War) of special cavalry and siege armies do not take a slot either,
# or no printed special stat block would fit its own level's tactic limit.
_FREE_FOR_SPECIAL = frozenset({"darkvision", "overrun", "engines_of_war"})


def _special(name: str, army_type: ArmyType, level: int, scouting: int, dc: int | None,
             consumption: int | None, ac: int, maneuver: int, morale: int, hp: int, rt: int | None,
             melee: Weapon | None, ranged: Weapon | None, tactics: Iterable[str], high_save: Save,
             rarity: str, alignment: str, description: str, extra_free: Iterable[str] = ()
             ) -> ArmyTemplate:
    return ArmyTemplate(
        name=name, army_type=army_type, level=level, scouting=scouting, recruitment_dc=dc,
        consumption=consumption, ac=ac, maneuver=maneuver, morale=morale, hp=hp,
        routing_threshold=rt, melee=melee, ranged=ranged, special=True, high_save=high_save,
        tactics=tuple(tactics), rarity=rarity, alignment=alignment, description=description,
        free_tactics=(_FREE_FOR_SPECIAL | frozenset(extra_free)) & frozenset(tactics),
    )


M, R = Save.MANEUVER, Save.MORALE
SPECIAL_TEMPLATES: tuple[ArmyTemplate, ...] = (
    _special("Sootscale Warriors", ArmyType.INFANTRY, 3, 9, 20, 1, 20, 14, 5, 4, 3,
             Weapon(_("shortswords"), 12), Weapon(_("crossbows"), 12),
             ["darkvision", "accustomed_to_panic"], M, "uncommon", "N", "Kobold warriors."),
    _special("Lizardfolk Defenders", ArmyType.SKIRMISHER, 5, 14, 22, 1, 23, 9, 15, 4, 2,
             Weapon(_("flails"), 12), Weapon(_("javelins"), 12),
             ["swamp_dwellers", "live_off_the_land"], R, "uncommon", "N",
             "Lizardfolk of the swamps.", extra_free=["live_off_the_land"]),
    _special("Greengripe Bombardiers", ArmyType.SIEGE, 7, 13, 28, 2, 25, 12, 18, 6, 3,
             Weapon(_("dogslicers and torches"), 19), Weapon(_("siege engine"), 18),
             ["engines_of_war", "darkvision", "burning_weaponry", "explosive_defeat"], R, "rare",
             "N", "A goblin catapult platform."),
    _special("Nomen Scouts", ArmyType.CAVALRY, 8, 18, 26, -1, 27, 14, 19, 4, None,
             Weapon(_("spears"), 20), Weapon(_("longbows"), 20),
             ["overrun", "darkvision", "self_sufficient", "brave", "trample"], R, "uncommon", "N",
             "Centaur scouts."),
    _special("M'botuu Frog Riders", ArmyType.CAVALRY, 10, 19, 32, 2, 27, 22, 18, 6, 3,
             Weapon(_("lances"), 25), Weapon(_("javelins"), 23),
             ["overrun", "amphibious", "darkvision", "swamp_charge", "chorus_of_croaks"], M, "rare",
             "N", "Boggards riding giant frogs."),
    _special("Tok-Nikrat Scouts", ArmyType.SKIRMISHER, 10, 20, 32, 1, 31, 22, 18, 4, 2,
             Weapon(_("spears"), 23), Weapon(_("nets"), 23),
             ["darkvision", "hurl_nets", "water_retreat", "water_stride"], M, "rare", "N",
             "Bog striders."),
    _special("Tiger Lord Berserkers", ArmyType.INFANTRY, 12, 23, 32, 1, 32, 19, 25, 6, 2,
             Weapon(_("greataxes"), 28), None,
             ["furious_charge", "reactive_rally", "revel_in_battle", "warmongers"], R, "uncommon",
             "N", "Berserkers of the Tiger Lords."),
    _special("Troll Marauders", ArmyType.INFANTRY, 8, 16, None, None, 28, 13, 19, 5, 1,
             Weapon(_("claws and fangs"), 20), None,
             ["darkvision", "brutal_assault", "frightening_foe", "regeneration"], R, "common", "NE",
             "An enemy army of trolls (not recruitable)."),
    _special("Pitax Horde", ArmyType.INFANTRY, 10, 19, None, None, 30, 22, 16, 4, 2,
             Weapon(_("greater magic axes"), 25), None,
             ["live_off_the_land", "toughened_soldiers", "merciless"], M, "common", "CN",
             "An enemy army of Pitax (not recruitable)."),
)
del M, R

ALL_TEMPLATES: dict[str, ArmyTemplate] = {
    t.code: t for t in (*REGULAR_TEMPLATES.values(), *SPECIAL_TEMPLATES)
}


def find_template(name: str) -> ArmyTemplate:
    """Look a template up by its name or code."""
    template = ALL_TEMPLATES.get(code_for(name))
    if template is None:
        raise RuleViolation.single(
            "unknown_template", _("Unknown army template: %(name)s."), "template", name=name
        )
    return template
