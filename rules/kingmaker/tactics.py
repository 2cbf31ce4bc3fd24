"""The tactics catalog (../shared/reference, `tactics`) and the rules for knowing tactics.

Seed 003, "ВОЙСКОВЫЕ ТАКТИКИ": "уровень войска должен быть не ниже уровня тактики, а род войска
должен быть указан в дескрипторах тактики. Войско не может дважды выучить одну и ту же тактику."
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.errors import RuleViolation, Violation, _, raise_if_any
from rules.kingmaker.levels import level_row
from rules.kingmaker.templates import REQUIRED_FIRST_TACTIC, ArmyTemplate, ArmyType, code_for

_ALL = frozenset(ArmyType)
_C, _I, _S, _K = ArmyType.CAVALRY, ArmyType.INFANTRY, ArmyType.SIEGE, ArmyType.SKIRMISHER


class TacticCategory(StrEnum):
    STANDARD = "standard"
    BASIC_ARMY_FEATURE = "basic_army_feature"
    UNIQUE = "unique"


@dataclass(frozen=True)
class Tactic:
    name: str
    level: int
    army_types: frozenset[ArmyType]
    category: TacticCategory = TacticCategory.STANDARD
    grants_war_actions: tuple[str, ...] = ()
    repeatable: bool = False
    unique_to: str | None = None
    effect: str = ""

    @property
    def code(self) -> str:
        return code_for(self.name)


def _standard(name: str, level: int, types: Iterable[ArmyType], effect: str,
              grants: Iterable[str] = (), repeatable: bool = False) -> Tactic:
    return Tactic(name, level, frozenset(types), TacticCategory.STANDARD, tuple(grants), repeatable,
                  effect=effect)


def _unique(name: str, level: int, army: str, effect: str, grants: Iterable[str] = ()) -> Tactic:
    return Tactic(name, level, frozenset(), TacticCategory.UNIQUE, tuple(grants), unique_to=army,
                  effect=effect)


_CATALOG = (
    _standard("Ambush", 8, [_K], "If it acts before every enemy in round 1 it may start engaged "
              "with a slower enemy and gets +2 status on its first attack against it."),
    _standard("Bloodied but Unbroken", 5, [_C, _I, _K], "While HP is at or below the routing "
              "threshold: +1 status to AC, Maneuver, Morale and attacks (+2 from level 10)."),
    _standard("Cavalry Experts", 6, [_C], "Overrun's attack bonus becomes +2; from level 12 its "
              "save penalty no longer applies."),
    _standard("Darkvision", 1, _ALL, "Ignores the effects of darkness on the battlefield."),
    _standard("Defensive Tactics", 3, _ALL, "+1 status to Maneuver checks to Guard (+2 at level 9, "
              "+3 at 17).", grants=["defensive_stance"]),
    _standard("Explosive Shot", 11, [_S], "A critical ranged hit deals 1 damage to a second "
              "non-distant enemy army.", grants=["overwhelming_bombardment"]),
    _standard("Field Triage", 6, [_I, _K], "Battlefield first aid.",
              grants=["battlefield_medicine"]),
    _standard("Flaming Shot", 9, _ALL, "A ranged hit forces a Maneuver check against its attack DC "
              "or 1 extra damage."),
    _standard("Flexible Tactics", 5, [_I, _K], "Unconventional war actions.",
              grants=["dirty_fighting", "feint", "counterattack", "false_retreat"]),
    _standard("Focused Devotion", 3, _ALL, "+1 status to Morale checks to Rally (+2 at level 9, "
              "+3 at 17).", grants=["taunt"]),
    _standard("Hold the Line", 1, _ALL, "+1 status to Morale checks against routing; routing "
              "threshold becomes a quarter of maximum HP (rounded up)."),
    _standard("Increased Ammunition", 5, _ALL, "+2 ranged Strikes per battle.", repeatable=True),
    _standard("Keen Eyed", 1, _ALL, "+2 status to Scouting checks for initiative."),
    _standard("Keep Up the Pressure", 3, _ALL, "Multiple attack penalty against the same target "
              "is -4/-8."),
    _standard("Live off the Land", 1, [_C, _I, _K], "Consumption 1 lower at upkeep in a hex "
              "without a settlement when not garrisoned."),
    _standard("Low-Light Vision", 1, _ALL, "Ignores the effects of dim light on the battlefield."),
    _standard("Merciless", 5, [_C, _I], "+2 status to its Maneuver DC against enemies "
              "disengaging from it.", grants=["all_out_assault"]),
    _standard("Opening Salvo", 8, [_C, _S, _K], "If it acts before every enemy in round 1 it may "
              "begin the battle distant."),
    _standard("Reckless Flankers", 5, [_C, _K], "After engaging may trade -2 AC for +1 to attacks.",
              grants=["outflank"]),
    _standard("Sharpshooter", 5, [_C, _I, _K], "+1 status to ranged Strikes, -2 status to melee "
              "Strikes (-1 at level 9, none at 15).", grants=["covering_fire"]),
    _standard("Toughened Soldiers", 1, _ALL, "+1 maximum HP.", repeatable=True),
    Tactic("Overrun", 3, frozenset([_C]), TacticCategory.BASIC_ARMY_FEATURE,
           effect="+1 status to attacks against infantry and skirmishers; -1 status to Maneuver "
           "and Morale saves against area and mental attacks."),
    Tactic("Engines of War", 7, frozenset([_S]), TacticCategory.BASIC_ARMY_FEATURE,
           effect="Cannot take gear or attack engaged armies; can damage fortifications."),
    _unique("Accustomed to Panic", 3, "Sootscale Warriors", "When its shaken would rise, weary "
            "drops by 1 instead.", grants=["accustomed_to_panic"]),
    _unique("Amphibious", 10, "M'botuu Frog Riders", "Ignores swamp and water terrain; +2 "
            "circumstance to Maneuver there."),
    _unique("Brave", 8, "Nomen Scouts", "No routing threshold; +2 circumstance to Morale checks "
            "against rout from other causes."),
    _unique("Burning Weaponry", 7, "Greengripe Bombardiers", "May make melee Strikes while "
            "engaged; critical hits may deal 1 extra damage."),
    _unique("Chorus of Croaks", 10, "M'botuu Frog Riders", "Engaged enemies take -2 status to "
            "Morale checks.", grants=["taunt"]),
    _unique("Explosive Defeat", 7, "Greengripe Bombardiers", "When defeated, engaged armies risk "
            "1 damage."),
    _unique("Furious Charge", 12, "Tiger Lord Berserkers", "Once per battle: Advance and strike "
            "as a reaction.", grants=["furious_charge"]),
    _unique("Hurl Nets", 10, "Tok-Nikrat Scouts", "A net Strike mires instead of damaging."),
    _unique("Reactive Rally", 12, "Tiger Lord Berserkers", "While routed it may Rally instead of "
            "Retreat.", grants=["reactive_rally"]),
    _unique("Revel in Battle", 12, "Tiger Lord Berserkers", "Regains 1 HP on a melee critical hit.",
            grants=["revel_in_battle"]),
    _unique("Self-Sufficient", 8, "Nomen Scouts", "Adds no consumption; lowers the kingdom's by 1."),
    _unique("Swamp Charge", 10, "M'botuu Frog Riders", "With swamp or water it may start engaged."),
    _unique("Swamp Dwellers", 5, "Lizardfolk Defenders", "Live off the Land for free; swamp is not "
            "difficult terrain; +2 circumstance to Scouting in swamps."),
    _unique("Trample", 8, "Nomen Scouts", "A melee Strike at +20 that disengages.",
            grants=["trample"]),
    _unique("Warmongers", 12, "Tiger Lord Berserkers", "All-Out Assault, Counterattack and Taunt "
            "without their tactics.", grants=["all_out_assault", "counterattack", "taunt"]),
    _unique("Water Retreat", 10, "Tok-Nikrat Scouts", "+4 circumstance to Disengage near water."),
    _unique("Water Stride", 10, "Tok-Nikrat Scouts", "Ignores water terrain; +4 circumstance to "
            "initiative there."),
    _unique("Brutal Assault", 8, "Troll Marauders", "All-Out Assault that can shake its victims.",
            grants=["all_out_assault"]),
    _unique("Frightening Foe", 8, "Troll Marauders", "Can Taunt.", grants=["taunt"]),
    _unique("Regeneration", 8, "Troll Marauders", "Regains 1 HP each turn; hard to destroy."),
)
TACTICS: dict[str, Tactic] = {t.code: t for t in _CATALOG}


def find_tactic(code: str, field: str = "tactics") -> Tactic:
    tactic = TACTICS.get(code_for(code))
    if tactic is None:
        raise RuleViolation.single("unknown_tactic", _("Unknown tactic: %(tactic)s."), field,
                                   tactic=code)
    return tactic


def max_tactics(level: int) -> int:
    return level_row(level).max_tactics


def counted_tactics(template: ArmyTemplate, tactics: Sequence[str]) -> int:
    """How many of the army's tactics take a slot (special armies' free ones do not)."""
    return sum(1 for code in tactics if code not in template.free_tactics)


def tactic_violations(template: ArmyTemplate, level: int, tactics: Sequence[str],
                      field: str = "tactics") -> list[Violation]:
    """Everything wrong with an army of this template and level knowing these tactics, in order."""
    violations: list[Violation] = []

    def add(code: str, message: str, **params: object) -> None:
        violations.append(Violation(code, message, field, params))

    known = []
    for code in tactics:
        tactic = TACTICS.get(code_for(code))
        if tactic is None:
            add("unknown_tactic", _("Unknown tactic: %(tactic)s."), tactic=code)
            continue
        known.append(tactic)
        own = tactic.code in template.tactics
        if tactic.category is TacticCategory.UNIQUE and not own:
            add("unique_tactic", _("%(tactic)s is unique to %(army)s."), tactic=tactic.name,
                army=tactic.unique_to)
            continue
        if not own and template.army_type not in tactic.army_types:
            add("wrong_army_type", _("%(tactic)s cannot be learned by %(type)s armies."),
                tactic=tactic.name, type=template.army_type.value)
        if not own and tactic.level > level:
            add("tactic_level_too_high",
                _("%(tactic)s needs an army of level %(needed)s; this army is level %(level)s."),
                tactic=tactic.name, needed=tactic.level, level=level)
    for code, count in Counter(t.code for t in known).items():
        if count > 1 and not TACTICS[code].repeatable:
            add("duplicate_tactic", _("An army cannot learn %(tactic)s twice."),
                tactic=TACTICS[code].name)
    limit = max_tactics(level)
    counted = counted_tactics(template, [t.code for t in known])
    if counted > limit:
        add("too_many_tactics",
            _("A level %(level)s army knows at most %(limit)s tactics; this one would know "
              "%(count)s."), level=level, limit=limit, count=counted)
    if not template.special:
        required = REQUIRED_FIRST_TACTIC.get(template.army_type)
        if required and known and known[0].code != required:
            add("required_first_tactic", _("A %(type)s army's first tactic must be %(tactic)s."),
                type=template.army_type.value, tactic=TACTICS[required].name)
    else:
        # "Тактики особых войск уже указаны в блоках их параметров — вы можете обучить их новым
        # тактикам только после повышения их уровня": at its template's level, none but its own.
        new = [t.name for t in known if t.code not in template.tactics]
        if new and level <= template.level:
            add("special_tactics_locked",
                _("%(army)s learns new tactics (%(tactics)s) only once its level rises above "
                  "%(level)s."), army=template.name, tactics=", ".join(new), level=template.level)
        # "Эти тактики ... не могут быть заменены на новые": unique tactics, the army type's basic
        # feature and free ones (darkvision) stay; standard tactics it came with may be retrained.
        missing = [c for c in template.tactics if c not in {t.code for t in known}
                   and (TACTICS[c].category is not TacticCategory.STANDARD
                        or c in template.free_tactics)]
        if missing:
            add("unique_tactic_removed",
                _("%(army)s keeps its own tactics (%(tactics)s): they cannot be replaced."),
                army=template.name, tactics=", ".join(TACTICS[c].name for c in missing))
    return violations


def validate_tactics(template: ArmyTemplate, level: int, tactics: Sequence[str]) -> None:
    raise_if_any(tactic_violations(template, level, tactics))


def learnable_tactics(template: ArmyTemplate, level: int, tactics: Sequence[str]) -> list[Tactic]:
    """The tactics this army could add now without breaking a rule (for forms and previews)."""
    return [t for t in TACTICS.values()
            if not tactic_violations(template, level, [*tactics, t.code])]


def initial_tactics(template: ArmyTemplate, chosen: Sequence[str]) -> tuple[str, ...]:
    """Seed 003, ЭТАП 4: special armies come with their own tactics; regular cavalry and siege
    engines start with their required tactic, others with the one the player chooses."""
    if template.special:
        return template.tactics
    required = REQUIRED_FIRST_TACTIC.get(template.army_type)
    chosen = [code_for(c) for c in chosen]
    if required and required not in chosen:
        return (required, *chosen)
    if required:
        return (required, *[c for c in chosen if c != required])
    return tuple(chosen)
