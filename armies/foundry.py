"""Foundry VTT's Pathfinder 2e `army` actor: an army as that system's JSON, and such a JSON read
back into Muster's terms.

The Foundry army holds a few numbers of its own (AC, saves, Scouting, HP, routing threshold,
consumption, recruitment DC) beside the potency of its magic armor and weapons, its potion doses
and its tactics as `campaignFeature` items. Muster derives every one of those numbers from the
template, the level, the gear and the tactics, so the export writes the engine's stat block and
the import takes only what Muster stores (template, level, HP, tactics, gear, conditions) and
compares the rest with what the rules give. The sheet's numbers are the army's standing ones
(full strength, no conditions): Foundry applies its condition effects and situational bonuses
itself. Names are the catalog's English ones, which Foundry's content and its translation modules
key on, so a file reads the same whatever the reader's language.
"""
from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from html import escape
from typing import Any

from rules.errors import RuleViolation, Violation, _
from rules.kingmaker.army import ArmyState, StatBlock, stat_block
from rules.kingmaker.conditions import VALUED, Condition, ConditionState, Target
from rules.kingmaker.gear import (
    MAGIC_ARMOR_TIERS,
    MAGIC_WEAPON_TIERS,
    MAX_POTION_DOSES,
    GearItem,
    GearKind,
    WeaponKind,
    native_weapons,
)
from rules.kingmaker.levels import MAX_LEVEL, MIN_LEVEL
from rules.kingmaker.tactics import TACTICS, TacticCategory
from rules.kingmaker.templates import ArmyTemplate, ArmyType, Save
from rules.modifiers import ModifierKind

ACTOR_TYPE = "army"
# The top-level keys of an actor: a problem's field that starts with one is a place in the file.
ACTOR_ROOTS = frozenset({"name", "type", "system", "items", "flags"})
TACTIC_ITEM_TYPE = "campaignFeature"
TACTIC_CATEGORY = "army-tactic"
WAR_ACTION_CATEGORY = "army-war-action"
CONDITION_ITEM_TYPE = "effect"
ARMY_ICON = "systems/pf2e/icons/default-icons/army.svg"
TACTIC_ICON = "icons/sundries/books/book-red-exclamation.webp"
# Foundry marks the special armies' own tactics so in its bestiary ("Accustomed to Panic
# (Unique)"); the import reads the name without it.
UNIQUE_SUFFIX = " (Unique)"
# The regular armies in Foundry's bestiary are "Basic Infantry", "Basic Siege Engines"...
REGULAR_PREFIX = "Basic "


def foundry_slug(name: str) -> str:
    """The slug Foundry derives from a name: "Low-Light Vision" -> "low-light-vision"."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")


# Muster's tactic code -> Foundry's slug: the one table both directions read. Foundry's tactics
# carry the catalog's names (packs/kingmaker-features/army-tactics), so each slug is its name's.
FOUNDRY_TACTICS: dict[str, str] = {code: foundry_slug(t.name) for code, t in TACTICS.items()}
_TACTIC_BY_SLUG = {slug: code for code, slug in FOUNDRY_TACTICS.items()}
# Foundry's army conditions are effects named as Muster's (packs/kingmaker-features/army-conditions).
_CONDITION_BY_SLUG = {condition.value: condition for condition in Condition}

_TIER_BY_POTENCY = {
    GearKind.MAGIC_ARMOR: {spec.bonus: tier for tier, spec in MAGIC_ARMOR_TIERS.items()},
    GearKind.MAGIC_WEAPONS: {spec.bonus: tier for tier, spec in MAGIC_WEAPON_TIERS.items()},
}
MAX_POTENCY = max(spec.bonus for spec in MAGIC_ARMOR_TIERS.values())

# The numbers Muster derives and so never takes from a file: (JSON path, label msgid).
DERIVED_FIELDS: tuple[tuple[str, str], ...] = (
    ("system.ac.value", _("AC")),
    ("system.attributes.hp.max", _("maximum HP")),
    ("system.attributes.hp.routThreshold", _("routing threshold")),
    ("system.details.strongSave", _("high save")),
    ("system.details.weakSave", _("low save")),
    ("system.consumption", _("consumption")),
    ("system.scouting", _("Scouting")),
    ("system.recruitmentDC", _("recruitment DC")),
    ("system.saves.maneuver", _("Maneuver")),
    ("system.saves.morale", _("Morale")),
    ("system.resources.ammunition.max", _("ammunition")),
)


def _item_bonus(modifiers) -> int:
    return sum(m.value for m in modifiers if m.kind is ModifierKind.ITEM)


def _weapon(block: StatBlock, kind: WeaponKind) -> dict[str, Any] | None:
    strike = block.strikes.get(kind)
    if strike is None:
        return None
    name = strike.name
    return {"name": name[:1].upper() + name[1:], "potency": _item_bonus(strike.attack.applied)}


def _tactic_item(code: str) -> dict[str, Any]:
    tactic = TACTICS[code]
    return {
        "name": tactic.name,
        "type": TACTIC_ITEM_TYPE,
        "img": TACTIC_ICON,
        "system": {
            "slug": FOUNDRY_TACTICS[code],
            "campaign": "kingmaker",
            "category": TACTIC_CATEGORY,
            "level": {"value": tactic.level},
            "actionType": {"value": "passive"},
            "actions": {"value": None},
            "description": {"value": f"<p>{escape(tactic.effect)}</p>" if tactic.effect else ""},
            "rules": [],
            "traits": {"rarity": "common",
                       "value": sorted(t.value for t in tactic.army_types)
                       if tactic.category is not TacticCategory.UNIQUE else []},
        },
    }


def _condition_item(state: ConditionState) -> dict[str, Any]:
    system: dict[str, Any] = {"slug": state.condition.value}
    if state.condition in VALUED:
        system["badge"] = {"type": "counter", "value": state.value}
    return {"name": state.condition.value.capitalize(), "type": CONDITION_ITEM_TYPE,
            "system": system}


def actor_json(army: ArmyState, *, flags: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The army as a Foundry PF2e army actor; `flags` go under `flags.muster` (what Foundry has
    no field for: the template, the hex, the attack bonuses Muster computes)."""
    standing = stat_block(replace(army, conditions=(), hp=None))
    now = stat_block(army)
    template = standing.template
    armor_potency = _item_bonus(standing.statistic(Target.AC).applied)
    potions = sum(g.doses for g in standing.gear if g.kind is GearKind.HEALING_POTIONS)
    ammunition = standing.ammunition or 0
    strong = standing.high_save
    weak = Save.MORALE if strong is Save.MANEUVER else Save.MANEUVER
    return {
        "name": standing.name,
        "type": ACTOR_TYPE,
        "img": ARMY_ICON,
        "system": {
            "ac": {"value": standing.ac - armor_potency, "potency": armor_potency},
            "attributes": {"hp": {"value": now.hp, "max": standing.max_hp,
                                  # Foundry's 0: "armies that can't be feared".
                                  "routThreshold": standing.routing_threshold or 0}},
            "details": {
                "level": {"value": standing.level},
                "strongSave": strong.value,
                "weakSave": weak.value,
                "alignment": template.alignment,
                "description": f"<p>{escape(template.description)}</p>"
                if template.description else "",
                "blurb": "",
            },
            "traits": {"type": template.army_type.value, "rarity": template.rarity, "value": [],
                       "size": {"value": "med"}},
            "consumption": standing.consumption,
            "scouting": standing.scouting,
            "recruitmentDC": standing.recruitment_dc,
            "saves": {"maneuver": standing.maneuver, "morale": standing.morale},
            "weapons": {kind.value: _weapon(standing, kind) for kind in WeaponKind},
            "resources": {"ammunition": {"value": ammunition, "max": ammunition},
                          "potions": {"value": potions, "max": MAX_POTION_DOSES}},
        },
        "items": [*(_tactic_item(code) for code in army.tactics),
                  *(_condition_item(state) for state in army.conditions)],
        "flags": {"muster": {
            "template": template.name,
            "hex": army.hex,
            "attacks": {kind.value: strike.attack.total for kind, strike in standing.strikes.items()},
            **(flags or {}),
        }},
    }


@dataclass(frozen=True)
class ActorSheet:
    """What a Foundry army actor says, in Muster's terms, before a template is chosen for it."""

    name: str
    army_type: ArmyType
    level: int
    hp: int
    tactics: tuple[str, ...]
    conditions: tuple[ConditionState, ...]
    armor_potency: int
    weapons: Mapping[WeaponKind, int]  # the Strikes the actor has, each with its potency
    potions: int
    template_names: tuple[str, ...]  # the names that may name its template, best first
    hex: str
    notes: tuple[Violation, ...]  # what the items held that Muster has no place for

    def gear(self, template: ArmyTemplate) -> tuple[tuple[GearItem, ...], list[Violation]]:
        """The gear the sheet's potencies and potions make on this template, and the Strikes
        that do not map (an extra Strike is an additional weapon; a missing one stays)."""
        gear: list[GearItem] = []
        notes: list[Violation] = []
        if self.armor_potency:
            gear.append(GearItem(GearKind.MAGIC_ARMOR,
                                 tier=_TIER_BY_POTENCY[GearKind.MAGIC_ARMOR][self.armor_potency]))
        native = native_weapons(template)
        for kind in WeaponKind:
            if kind in self.weapons and kind not in native:
                gear.append(GearItem(GearKind.ADDITIONAL_WEAPON, weapon=kind))
            elif kind not in self.weapons and kind in native:
                notes.append(Violation(
                    "foundry_strike_kept",
                    _("The file has no %(weapon)s Strike; %(army)s keeps its own."),
                    f"system.weapons.{kind.value}", {"weapon": kind.value, "army": template.name}))
        for kind, potency in self.weapons.items():
            if potency:
                gear.append(GearItem(GearKind.MAGIC_WEAPONS, weapon=kind,
                                     tier=_TIER_BY_POTENCY[GearKind.MAGIC_WEAPONS][potency]))
        if self.potions:
            gear.append(GearItem(GearKind.HEALING_POTIONS, doses=self.potions))
        return tuple(gear), notes


class _Reader:
    """Walks the actor's JSON, collecting every problem with the path it is at."""

    def __init__(self, data: Any):
        self.data = data
        self.problems: list[Violation] = []

    def at(self, path: str) -> Any:
        return _at(self.data, path)

    def refuse(self, path: str, message: str, **params: Any) -> None:
        self.problems.append(Violation("foundry_bad_file", message, path, params))

    def integer(self, path: str, low: int, high: int | None = None, *, default: int | None = None
                ) -> int:
        value = self.at(path)
        if value is None and default is not None:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            self.refuse(path, _("Give a whole number."))
            return low
        if value < low or (high is not None and value > high):
            self.refuse(path, _("Give a number from %(low)s to %(high)s.") if high is not None
                        else _("Give a number of at least %(low)s."), low=low, high=high)
            return low
        return value


def _tactic_code(item: Mapping[str, Any]) -> tuple[str | None, Violation | None]:
    """The tactic an item is: by its slug, unless its name says another tactic (Foundry's own
    bestiary has tactics with a copied slug, e.g. Brutal Assault slugged "darkvision")."""
    name = str(item.get("name") or "").removesuffix(UNIQUE_SUFFIX)
    system = _object(item.get("system"))
    by_slug = _TACTIC_BY_SLUG.get(str(system.get("slug") or ""))
    by_name = _TACTIC_BY_SLUG.get(foundry_slug(name))
    if by_name and by_slug and by_name != by_slug:
        return by_name, Violation(
            "foundry_slug_mismatch",
            _("The tactic %(name)s carries the slug %(slug)s of another tactic: taken by its "
              "name."), "items", {"name": name, "slug": system.get("slug")})
    return by_slug or by_name, None


def _read_items(reader: _Reader) -> tuple[list[str], list[ConditionState], list[Violation]]:
    items = reader.at("items")
    if items is None:
        return [], [], []
    if not isinstance(items, list) or not all(isinstance(i, Mapping) for i in items):
        reader.refuse("items", _("Give the items as a list of objects."))
        return [], [], []
    tactics: list[str] = []
    conditions: list[ConditionState] = []
    notes: list[Violation] = []
    war_actions: list[str] = []
    for item in items:
        system = _object(item.get("system"))
        name = str(item.get("name") or "")
        if item.get("type") == TACTIC_ITEM_TYPE and system.get("category") == WAR_ACTION_CATEGORY:
            war_actions.append(name)
            continue
        if item.get("type") == TACTIC_ITEM_TYPE and system.get("category") == TACTIC_CATEGORY:
            code, note = _tactic_code(item)
            if note:
                notes.append(note)
            if code:
                tactics.append(code)
            else:
                notes.append(Violation("foundry_unknown_tactic",
                                       _("Unknown tactic %(name)s (%(slug)s): left out."), "items",
                                       {"name": name, "slug": system.get("slug") or "-"}))
            continue
        condition = _CONDITION_BY_SLUG.get(str(system.get("slug") or foundry_slug(name)))
        if item.get("type") == CONDITION_ITEM_TYPE and condition is not None:
            value = _object(system.get("badge")).get("value", 1)
            if condition in VALUED and (isinstance(value, bool) or not isinstance(value, int)):
                reader.refuse("items", _("Give %(condition)s a whole number value."),
                              condition=condition.value)
                continue
            conditions.append(ConditionState(condition, value if condition in VALUED else 0))
            continue
        notes.append(Violation("foundry_unknown_item",
                               _("%(name)s (%(type)s) has no place in Muster: left out."), "items",
                               {"name": name or "-", "type": item.get("type") or "-"}))
    if war_actions:
        notes.append(Violation(
            "foundry_war_actions",
            _("War actions come with an army's tactics in Muster; left out: %(actions)s."),
            "items", {"actions": ", ".join(war_actions)}))
    return tactics, conditions, notes


def read_actor(data: Any) -> ActorSheet:
    """Read a Foundry army actor; raises RuleViolation naming each bad field by its JSON path."""
    reader = _Reader(data)
    if not isinstance(data, Mapping):
        raise RuleViolation.single("foundry_bad_file",
                                   _("A Foundry army actor is one JSON object."), "file")
    if data.get("type") != ACTOR_TYPE:
        raise RuleViolation.single("foundry_not_army",
                                   _("This is not a Foundry army actor (its type is %(type)s)."),
                                   "type", type=data.get("type") or "-")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        reader.refuse("name", _("Give the army a name."))
    army_type = reader.at("system.traits.type")
    if army_type not in ArmyType.__members__.values():
        reader.refuse("system.traits.type", _("Give one of the army types: %(types)s."),
                      types=", ".join(t.value for t in ArmyType))
    level = reader.integer("system.details.level.value", MIN_LEVEL, MAX_LEVEL)
    hp = reader.integer("system.attributes.hp.value", 0)
    armor_potency = reader.integer("system.ac.potency", 0, MAX_POTENCY, default=0)
    weapons: dict[WeaponKind, int] = {}
    for kind in WeaponKind:
        path = f"system.weapons.{kind.value}"
        weapon = reader.at(path)
        if weapon is None:
            continue
        if not isinstance(weapon, Mapping):
            reader.refuse(path, _("Give the Strike as an object with its name and potency, or "
                                  "null."))
            continue
        weapons[kind] = reader.integer(f"{path}.potency", 0, MAX_POTENCY, default=0)
    potions = reader.integer("system.resources.potions.value", 0, MAX_POTION_DOSES, default=0)
    tactics, conditions, notes = _read_items(reader)
    flags = _object(reader.at("flags.muster"))
    if reader.problems:
        raise RuleViolation(reader.problems)
    name = str(name).strip()
    names = [str(flags["template"])] if isinstance(flags.get("template"), str) else []
    names += [name, name.removeprefix(REGULAR_PREFIX)]
    return ActorSheet(
        name=name, army_type=ArmyType(army_type), level=level, hp=hp,
        tactics=tuple(tactics), conditions=tuple(conditions), armor_potency=armor_potency,
        weapons=weapons, potions=potions, template_names=tuple(dict.fromkeys(names)),
        hex=str(flags.get("hex") or ""), notes=tuple(notes))


def differences(data: Mapping[str, Any], exported: Mapping[str, Any]) -> list[Violation]:
    """The derived numbers where the file says other than the rules give (the file's are
    ignored either way); fields the file leaves out are not compared."""
    notes = []
    for path, label in DERIVED_FIELDS:
        given, derived = _at(data, path), _at(exported, path)
        if given is not None and given != derived:
            notes.append(Violation(
                "foundry_derived_differs",
                _("%(statistic)s: the file says %(given)s, the rules give %(derived)s (Muster "
                  "derives it; the file's value is ignored)."), path,
                {"statistic": label, "given": given, "derived": "—" if derived is None else derived}))
    return notes


def _object(value: Any) -> Mapping[str, Any]:
    """A JSON object, or an empty one for anything else (a missing or mistyped optional part)."""
    return value if isinstance(value, Mapping) else {}


def _at(data: Mapping[str, Any], path: str) -> Any:
    value: Any = data
    for key in path.split("."):
        if not isinstance(value, Mapping):
            return None
        value = value.get(key)
    return value


MAX_FILE_BYTES = 2_000_000  # a Foundry army with every item and its HTML is some 50 kB


def load_actor(content: bytes | str) -> Any:
    """The JSON of an uploaded or read file; raises RuleViolation on "file" if it is none."""
    if len(content) > MAX_FILE_BYTES:
        raise RuleViolation.single("foundry_file_too_big",
                                   _("The file is larger than %(size)s kB."), "file",
                                   size=MAX_FILE_BYTES // 1000)
    try:
        return json.loads(content)
    except (UnicodeDecodeError, ValueError) as error:
        raise RuleViolation.single("foundry_not_json", _("The file is not JSON: %(error)s."),
                                   "file", error=str(error)) from None


def actor_file_name(actor: Mapping[str, Any]) -> str:
    """"sootscale-warriors-12.json": the army's name and Muster's id, unique in an archive."""
    army_id = _at(actor, "flags.muster.army")
    stem = foundry_slug(str(actor.get("name") or "army")) or "army"
    return f"{stem}-{army_id}.json" if army_id is not None else f"{stem}.json"


def actor_bytes(actor: Mapping[str, Any]) -> bytes:
    return json.dumps(actor, ensure_ascii=False, indent=2).encode()


def actors_archive(actors: Iterable[Mapping[str, Any]]) -> bytes:
    """A zip of one actor file each, which Foundry's "Import Data" takes one at a time."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for actor in actors:
            archive.writestr(actor_file_name(actor), actor_bytes(actor))
    return buffer.getvalue()
