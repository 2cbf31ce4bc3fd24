"""The battle spells of seed 000: what each is called, who casts it and what it is aimed at."""
from __future__ import annotations

from enum import StrEnum

from rules.cerilia.deck import Result
from rules.cerilia.modules import Modules
from rules.cerilia.state import BattleState, Caster, School, Wall
from rules.errors import _


class Spell(StrEnum):
    TRANSMUTE_ROCK_TO_MUD = "transmute_rock_to_mud"
    TRANSMUTE_WATER_TO_DUST = "transmute_water_to_dust"
    LEVEL_GROUND = "level_ground"
    FOG = "fog"
    MASS_INVISIBILITY = "mass_invisibility"
    WALL_OF_STONE = "wall_of_stone"
    FORCE_FIELD = "force_field"
    WALL_OF_ICE = "wall_of_ice"
    WALL_OF_IRON = "wall_of_iron"
    WALL_OF_FIRE = "wall_of_fire"
    WALL_OF_THORNS = "wall_of_thorns"
    ILLUSORY_TERRAIN = "illusory_terrain"
    NIGHT = "night"
    DAY = "day"
    SUMMON_LEGION = "summon_legion_of_the_dead"
    BLESS = "bless"
    FIRE_STORM = "fire_storm"
    CALL_LIGHTNING = "call_lightning"
    FLAME_STRIKE = "flame_strike"
    BLADE_BARRIER = "blade_barrier"
    FIRE_SEEDS = "fire_seeds"
    CREEPING_DOOM = "creeping_doom"
    EARTHQUAKE = "earthquake"
    TURN_UNDEAD = "turn_undead"
    PYROTECHNICS = "pyrotechnics"
    INSECT_PLAGUE = "insect_plague"
    SUNBEAM = "sunbeam"
    ILLUSORY_ARTILLERY = "illusory_artillery"
    SPIKE_GROWTH = "spike_growth"
    SANDSTORM = "sandstorm"
    # Seed 002, module "magic dice" only (wounds.py): the priest's recover 2 and raise 2.
    HEAL = "heal"
    RAISE_THE_FALLEN = "raise_the_fallen"
    HASTE = "haste"   # module "magic dice" only (MODULE_SPELLS)


SPELL_LABELS = {
    Spell.TRANSMUTE_ROCK_TO_MUD: _("Transmute rock to mud"),
    Spell.TRANSMUTE_WATER_TO_DUST: _("Transmute water to dust"),
    Spell.LEVEL_GROUND: _("Level ground"),
    Spell.FOG: _("Fog"),
    Spell.MASS_INVISIBILITY: _("Mass invisibility"),
    Spell.WALL_OF_STONE: _("Wall of stone"),
    Spell.FORCE_FIELD: _("Force field"),
    Spell.WALL_OF_ICE: _("Wall of ice"),
    Spell.WALL_OF_IRON: _("Wall of iron"),
    Spell.WALL_OF_FIRE: _("Wall of fire"),
    Spell.WALL_OF_THORNS: _("Wall of thorns"),
    Spell.ILLUSORY_TERRAIN: _("Illusory terrain"),
    Spell.NIGHT: _("Night"),
    Spell.DAY: _("Day"),
    Spell.SUMMON_LEGION: _("Summon the Legion of the Dead"),
    Spell.BLESS: _("Bless"),
    Spell.FIRE_STORM: _("Fire storm"),
    Spell.CALL_LIGHTNING: _("Call lightning"),
    Spell.FLAME_STRIKE: _("Flame strike"),
    Spell.BLADE_BARRIER: _("Blade barrier"),
    Spell.FIRE_SEEDS: _("Fire seeds"),
    Spell.CREEPING_DOOM: _("Creeping doom"),
    Spell.EARTHQUAKE: _("Earthquake"),
    Spell.TURN_UNDEAD: _("Turn undead"),
    Spell.PYROTECHNICS: _("Pyrotechnics"),
    Spell.INSECT_PLAGUE: _("Insect plague"),
    Spell.SUNBEAM: _("Sunbeam"),
    Spell.ILLUSORY_ARTILLERY: _("Illusory artillery"),
    Spell.SPIKE_GROWTH: _("Spike growth"),
    Spell.SANDSTORM: _("Sandstorm"),
    Spell.HEAL: _("Heal"),
    Spell.RAISE_THE_FALLEN: _("Raise the fallen"),
    Spell.HASTE: _("Haste"),
}

# "Обратить камень в грязь* **", "Обратить воду в пыль* **", "Сравнять землю* **".
TERRAIN_SPELLS = frozenset({Spell.TRANSMUTE_ROCK_TO_MUD, Spell.TRANSMUTE_WATER_TO_DUST,
                            Spell.LEVEL_GROUND})
WALLS = {Spell.WALL_OF_STONE: Wall.STONE, Spell.FORCE_FIELD: Wall.FORCE,
         Spell.WALL_OF_ICE: Wall.ICE, Spell.WALL_OF_IRON: Wall.IRON,
         Spell.WALL_OF_FIRE: Wall.FIRE, Spell.WALL_OF_THORNS: Wall.THORNS}
# "Стена Огня и Стена Шипов ... первый стоящий в порядке ячеек сектора Отряд Противника
# автоматически получает результат R (Разгром)".
ROUTING_WALLS = frozenset({Wall.FIRE, Wall.THORNS})
# "Боевые Жреческие Заклинания Класса D / R / F".
PRIEST_RESULTS: dict[Spell, Result] = {
    Spell.FIRE_STORM: Result.DESTROYED,
    **{s: Result.ROUT for s in (Spell.CALL_LIGHTNING, Spell.FLAME_STRIKE, Spell.BLADE_BARRIER,
                                Spell.FIRE_SEEDS, Spell.CREEPING_DOOM, Spell.EARTHQUAKE,
                                Spell.TURN_UNDEAD)},
    **{s: Result.FALL_BACK for s in (Spell.PYROTECHNICS, Spell.INSECT_PLAGUE, Spell.SUNBEAM,
                                     Spell.ILLUSORY_ARTILLERY, Spell.SPIKE_GROWTH,
                                     Spell.SANDSTORM)},
}
# Spells aimed at a sector, at a sector and a direction, at a unit, or at nothing.
SECTOR_SPELLS = TERRAIN_SPELLS | {Spell.FOG, Spell.ILLUSORY_TERRAIN, Spell.SUMMON_LEGION}
DIRECTED_SPELLS = frozenset(WALLS)
UNIT_SPELLS = frozenset(PRIEST_RESULTS) | {Spell.MASS_INVISIBILITY, Spell.BLESS, Spell.HASTE}
# Module "magic dice" (seed 002): the spells known only in a battle that plays it, by school.
# Reference: 'The catalog ships "Haste" (wizard, magical move 2)'.
# Seed 002's priest spells (wounds.py): the priest's recover 2 and raise 2.
WOUND_SPELLS = frozenset({Spell.HEAL, Spell.RAISE_THE_FALLEN})
MODULE_SPELLS = {School.WIZARD: frozenset({Spell.HASTE}), School.PRIEST: WOUND_SPELLS}
MAGIC_DICE_SPELLS = MODULE_SPELLS[School.WIZARD] | MODULE_SPELLS[School.PRIEST]
# Seed 002, XI.7.A: "Магическое перемещение всегда имеет лимит дальности": sectors, here.
MAGICAL_MOVES = {Spell.HASTE: 2}
# Bless and the priests' battle spells are the priests'; the rest the wizards' (seed 000's:
# a battle without module "magic dice" knows nothing else, so its random battles stay as they
# were).
PRIEST_SPELLS = frozenset(PRIEST_RESULTS) | {Spell.BLESS}
# Reference: "The catalog ships "Heal" (priest, recover 2) and "Raise the fallen" (priest,
# raise 2)"; their casting values (ruling) for the magic dice's table.
WOUND_SPELL_WOUNDS = {Spell.HEAL: 2, Spell.RAISE_THE_FALLEN: 2}
WOUND_CASTING_VALUES = {Spell.HEAL: 5, Spell.RAISE_THE_FALLEN: 8}
SCHOOL_SPELLS = {School.PRIEST: PRIEST_SPELLS,
                 School.WIZARD: frozenset(Spell) - PRIEST_SPELLS - MAGIC_DICE_SPELLS}


def school_spells(school: School, modules: Modules) -> frozenset[Spell]:
    """The spells a school knows in a battle playing `modules`: seed 002's only with module
    "magic dice" on."""
    return SCHOOL_SPELLS[school] | (MODULE_SPELLS[school] if modules.magic_dice
                                    else frozenset())


# What a spell's order names besides the spell, by the spell (as orders.py checks a spell order;
# a bound spell's use names the same).
SPELL_AIMS = ("sector", "toward", "unit", "terrain", "sign")


def spell_aims(spell: str) -> tuple[str, ...]:
    """The parts of SPELL_AIMS an order of `spell` names: a sector (walls with a direction, an
    illusion with one if its terrain shows one), a unit or a character, an illusion's terrain,
    a blessing's morale sign."""
    aims = []
    if spell in SECTOR_SPELLS | DIRECTED_SPELLS:
        aims.append("sector")
    if spell in DIRECTED_SPELLS or spell == Spell.ILLUSORY_TERRAIN:
        aims.append("toward")
    if spell in UNIT_SPELLS | WOUND_SPELLS:
        aims.append("unit")
    if spell == Spell.ILLUSORY_TERRAIN:
        aims.append("terrain")
    if spell == Spell.BLESS:
        aims.append("sign")
    return tuple(aims)


# "Длительность: 1d3 Раунда".
DURATION = "1d3"


# Ruling (module "magic dice"; seed 002, XI.6.A: a bound spell's order names only «на каком
# количестве кубиков» and «если применимо, ... цель заклинания»): a spell that needs more than a
# target — a path (a magical move, XI.7.A) — or that places a unit (a summons) cannot be bound.
UNBINDABLE_SPELLS = frozenset(MAGICAL_MOVES) | {Spell.SUMMON_LEGION}


def unbindable(spell: str) -> str | None:
    """Why `spell` cannot be a bound spell (of a unit card, a character or an artifact), or
    None if it can."""
    if spell in MAGICAL_MOVES:
        return _("A magical move needs a path and cannot be a bound spell.")
    if spell in UNBINDABLE_SPELLS:
        return _("A spell that places a unit cannot be a bound spell.")
    return None


# Module "ambush", ruling: the spells that reach only from the caster's sector or next to it.
REACHING_SPELLS = frozenset(PRIEST_RESULTS) | {Spell.SUMMON_LEGION, Spell.BLESS} | WOUND_SPELLS


def hides_an_ambush(state: BattleState, caster: Caster, spell: Spell, unit: str | None
                    ) -> bool:
    """Ruling: mass invisibility is not cast on one of the caster's units in ambush. Seed 000's
    spell hides a unit "в секторе", marked "[]" there, and such a unit blocks a retreat and
    "обязан напасть на Отступающие Отряды"; seed 001's battalion in ambush is off the field
    until "он выставляется на поле". Made invisible there, it would strike a retreat into its
    sector and so tell the enemy where an unmarked ambush hides, or which marker is true. (An
    enemy unit is left to the spell's own "no such unit": naming it here would tell the
    caster's side that the enemy's unit is in ambush.)"""
    return spell is Spell.MASS_INVISIBILITY and any(
        u.key == unit and u.side is caster.side and u.alive and u.ambush is not None
        for u in state.units)


def gives_away_ambush(state: BattleState, caster: Caster, spell: Spell, unit: str | None
                      ) -> bool:
    """Ruling: a caster standing with a unit in ambush casts no spell that reaches only from
    where it stands (but a blessing of that unit itself): whether it reaches would tell the
    enemy which marker, or which sector, hides the ambush (reference: a side never sees
    "marker truth", nor "an enemy ambush not yet marked"). Nor does any caster hide a unit in
    ambush by mass invisibility (hides_an_ambush)."""
    if hides_an_ambush(state, caster, spell, unit):
        return True
    hiding = next((u for u in state.units if u.key == caster.unit and u.alive), None)
    return hiding is not None and hiding.ambush is not None and spell in REACHING_SPELLS \
        and not (spell in {Spell.BLESS, *WOUND_SPELLS} and unit == hiding.key)
