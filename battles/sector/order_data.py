"""A side's orders as JSON, read into the engine's parts with every problem named by its field
path (a Violation each), never an exception a view would turn into a 500. The API's schema
(battles.sector.order_schema) has checked the shape of what players send; stored orders and
the GM's replays come through here too, so each reader still checks its own input.

The parts seed 001's modules add (001_5d751c33a121b07e.txt; reference/sector-modules.md) are
here: standing orders, ambushes and traps in phase 0, marker moves, scouts, artifact uses and
the reveal choice each round; seed 002's module "magic dice" (002_eb4cf75b750af884.txt) adds
a spell's dice and magical move, the bound spells used and the dispel plan."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from enum import StrEnum
from typing import Any, TypeVar

from rules.cerilia.field import RESERVE
from rules.cerilia.magic_dice_orders import ANY, BoundUse, DispelRule
from rules.cerilia.modules import StandingKind, StandingOrder
from rules.cerilia.orders import AmbushPlan, ArtifactUse, MarkerMove, TrapPlan
from rules.cerilia.spells import Spell
from rules.cerilia.state import TerrainKind
from rules.errors import Violation, _

E = TypeVar("E", bound=StrEnum)


def read_mapping(data: Mapping, name: str, problems: list[Violation], where: str | None = None
             ) -> Mapping:
    value = data.get(name) or {}
    if not isinstance(value, Mapping):
        problems.append(Violation("not_a_mapping", _("Expected an object."), where or name))
        return {}
    return value


def read_objects(data: Mapping, name: str, problems: list[Violation], *, skip_empty: bool = False
                 ) -> Iterator[tuple[str, str, Mapping]]:
    """Each entry of the part `name` that is an object, as (key, its field path, the object);
    any other entry is a problem at its path (an empty one is skipped if `skip_empty`)."""
    for key, given in read_mapping(data, name, problems).items():
        where = f"{name}.{key}"
        if skip_empty and not given:
            continue
        if not isinstance(given, Mapping):
            problems.append(Violation("not_a_mapping", _("Expected an object."), where))
            continue
        yield str(key), where, given


def read_aim(given: Mapping, where: str, names: tuple[str, ...], problems: list[Violation]
             ) -> dict[str, Any]:
    """What a spell (or an artifact's bound spell) aims at: the named texts, and the terrain an
    illusion shows."""
    aim: dict[str, Any] = {name: read_text(given.get(name), f"{where}.{name}", problems)
                           for name in names}
    aim["terrain"] = read_choice(TerrainKind, read_text(given.get("terrain"), f"{where}.terrain",
                                                        problems), f"{where}.terrain", problems)
    return aim


def read_choice(enum: type[E], value: Any, field: str, problems: list[Violation]) -> E | None:
    if value in (None, ""):
        return None
    try:
        return enum(value)
    except (ValueError, TypeError):
        problems.append(Violation("invalid_choice", _("Not a valid choice."), field))
        return None


def read_text(value: Any, field: str, problems: list[Violation]) -> str | None:
    """A name the orders hold (a sector, a unit's id, a sign): a string or a number, or none."""
    if value in (None, ""):
        return None
    if isinstance(value, bool) or not isinstance(value, str | int):
        problems.append(Violation("not_a_name", _("Expected a name or an id."), field))
        return None
    return str(value)


def read_names(data: Mapping, name: str, problems: list[Violation]) -> dict[str, str]:
    found = {}
    for key, value in read_mapping(data, name, problems).items():
        text = read_text(value, f"{name}.{key}", problems)
        if text is not None:
            found[key] = text
    return found


def _sector(text: str) -> str:
    """A sector as the engine names it ("c2 " → "C2"), or the reserve."""
    text = text.strip()
    return RESERVE if text.lower() == RESERVE else text.upper()


def _required(value: Any, field: str, problems: list[Violation]) -> str | None:
    text = read_text(value, field, problems)
    if text is None and value in (None, ""):
        problems.append(Violation("required", _("This field is required."), field))
    return text


def _index(value: Any, field: str, problems: list[Violation], default: int = 0) -> int:
    """Which of a thing's markers (0, 1 or 2): a whole number."""
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        problems.append(Violation("not_an_index", _("Expected a whole number: 0, 1 or 2."),
                                  field))
        return default
    return value


def read_number(value: Any, field: str, problems: list[Violation], default: int = 0) -> int:
    """A whole number (dice, a cell, a threshold); none given is `default`."""
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        problems.append(Violation("not_a_number", _("Expected a whole number."), field))
        return default
    return value


def _list(value: Any, field: str, problems: list[Violation]) -> list[Any] | None:
    if isinstance(value, list | tuple):
        return list(value)
    problems.append(Violation("not_a_list", _("Expected a list."), field))
    return None


def read_sectors(value: Any, field: str, problems: list[Violation]
                 ) -> tuple[str, ...] | None:
    """A list of sectors (a move's or a magical move's path, a trap's marker sectors), each
    named; a string is split at its spaces ("C2 C3")."""
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list | tuple) \
            or not all(isinstance(p, str) and p.strip() for p in value):
        problems.append(Violation("not_a_path", _("A list of sectors, e.g. [\"C2\", \"C3\"]."),
                                  field))
        return None
    return tuple(_sector(p) for p in value)


def _standing_order(given: Any, where: str, problems: list[Violation]
                    ) -> StandingOrder | None:
    if not isinstance(given, Mapping):
        problems.append(Violation("not_a_mapping", _("Expected an object."), where))
        return None
    kind = read_choice(StandingKind, given.get("kind"), f"{where}.kind", problems)
    if kind is None:
        if given.get("kind") in (None, ""):
            problems.append(Violation("required", _("This field is required."),
                                      f"{where}.kind"))
        return None
    target = read_text(given.get("target"), f"{where}.target", problems)
    if target is not None and kind is StandingKind.ADVANCE_TO:
        target = _sector(target)
    return StandingOrder(kind, target)


def standing_from(data: Mapping, problems: list[Violation]
                  ) -> dict[str, tuple[StandingOrder, ...]]:
    """Module "command": unit → its standing orders (seed: "Перед игрой игрок определяет 2
    приказа"), each {"kind": "advance_to", "target": "C2"}."""
    found: dict[str, tuple[StandingOrder, ...]] = {}
    for key, given in read_mapping(data, "standing", problems).items():
        where = f"standing.{key}"
        items = _list(given, where, problems)
        if items is None:
            continue
        parsed = [_standing_order(item, f"{where}.{i}", problems) for i, item in enumerate(items)]
        found[key] = tuple(order for order in parsed if order is not None)
    return found


def ambushes_from(data: Mapping, problems: list[Violation]) -> dict[str, AmbushPlan]:
    """Phase 0, module "ambush": unit → {"sector": "B2", "name": "the wolves"} (seed: "игроки
    указывают, какие батальоны будут находиться в засаде")."""
    found: dict[str, AmbushPlan] = {}
    for key, where, given in read_objects(data, "ambushes", problems):
        sector = _required(given.get("sector"), f"{where}.sector", problems)
        name = _required(given.get("name"), f"{where}.name", problems)
        if sector is not None and name is not None:
            found[key] = AmbushPlan(_sector(sector), name.strip())
    return found


def traps_from(data: Mapping, problems: list[Violation]) -> dict[str, TrapPlan]:
    """Phase 0, module "ambush": trap → {"name": …, "sectors": [three sectors], "real": 0}
    (seed: "кладет три маркера засады, один из которых реальный")."""
    found: dict[str, TrapPlan] = {}
    for key, where, given in read_objects(data, "traps", problems):
        name = _required(given.get("name"), f"{where}.name", problems)
        sectors = read_sectors(given.get("sectors"), f"{where}.sectors", problems)
        real = _index(given.get("real"), f"{where}.real", problems)
        if name is not None and sectors is not None:
            found[key] = TrapPlan(name.strip(), sectors, real)
    return found


def markers_from(data: Mapping, problems: list[Violation]) -> dict[str, MarkerMove]:
    """Module "ambush": ambush → {"paths": [a path per marker], "true": 0} (seed: "Эти
    маркеры перемещаются с половинной СК")."""
    found: dict[str, MarkerMove] = {}
    for key, where, given in read_objects(data, "markers", problems):
        paths = _list(given.get("paths", []), f"{where}.paths", problems)
        read = [read_sectors(path, f"{where}.paths.{i}", problems)
                for i, path in enumerate(paths or [])]
        true = _index(given.get("true"), f"{where}.true", problems)
        if paths is not None and all(path is not None for path in read):
            found[key] = MarkerMove(tuple(p for p in read if p is not None), true)
    return found


def _keys(data: Mapping, name: str, problems: list[Violation], *, sectors: bool = False
          ) -> tuple[str, ...]:
    """A list of names (the scouting units; the sectors revealed first)."""
    value = data.get(name) or []
    items = _list(value, name, problems)
    found = []
    for i, item in enumerate(items or []):
        text = read_text(item, f"{name}.{i}", problems)
        if text is None and item in (None, ""):
            problems.append(Violation("required", _("This field is required."), f"{name}.{i}"))
        if text is not None:
            found.append(_sector(text) if sectors else text)
    return tuple(found)


def scouts_from(data: Mapping, problems: list[Violation]) -> tuple[str, ...]:
    """Module "scouting": the units that scout their forest or ravine this round."""
    return _keys(data, "scouts", problems)


def strike_scouts_from(data: Mapping, problems: list[Violation]) -> tuple[str, ...]:
    """Module "scouting": the side's ambushes that strike enemy scouts who miss them (seed:
    "засадный батальон пропустил разведку и может атаковать ее")."""
    return _keys(data, "strike_scouts", problems)


def reveal_first_from(data: Mapping, problems: list[Violation]) -> tuple[str, ...]:
    """The sectors whose hidden unit the side reveals first when several block one retreat."""
    return _keys(data, "reveal_first", problems, sectors=True)


def artifacts_from(data: Mapping, problems: list[Violation]) -> dict[str, ArtifactUse]:
    """Module "artifacts": character → {"artifact": its key, and for a bound spell its aim:
    "target" (the spell's sector or unit), "toward", "terrain"; "sign" for a morale sign}."""
    found: dict[str, ArtifactUse] = {}
    for key, where, given in read_objects(data, "artifacts", problems, skip_empty=True):
        artifact = _required(given.get("artifact"), f"{where}.artifact", problems)
        aim = read_aim(given, where, ("target", "toward", "sign"), problems)
        # Module "magic dice": a bound spell's dice, 2 or 3 (ArtifactUse's default: 2).
        dice = read_number(given.get("dice"), f"{where}.dice", problems, default=2)
        if artifact is not None:
            found[key] = ArtifactUse(artifact, aim["target"], aim["toward"], aim["terrain"],
                                     aim["sign"], dice)
    return found


def magical_move_from(given: Mapping, where: str, problems: list[Violation]
                      ) -> tuple[tuple[str, ...], int | None, str | None]:
    """Module "magic dice", a magical move (seed 002, XI.7.A): a spell order's "path" (the
    sectors the unit enters), "cell" (the cell it takes in the last one), "joins" (a character
    of the side that joins it there)."""
    path: tuple[str, ...] = ()
    if given.get("path") not in (None, "", []):
        path = read_sectors(given.get("path"), f"{where}.path", problems) or ()
    cell = given.get("cell")
    if cell is not None:
        cell = read_number(cell, f"{where}.cell", problems)
    joins = read_text(given.get("joins"), f"{where}.joins", problems)
    return path, cell, joins


def _entries(data: Mapping, name: str, problems: list[Violation]
             ) -> Iterator[tuple[str, Mapping]]:
    """Each object of the list part `name`, with its field path; anything else a problem."""
    for i, given in enumerate(_list(data.get(name) or [], name, problems) or []):
        where = f"{name}.{i}"
        if not isinstance(given, Mapping):
            problems.append(Violation("not_a_mapping", _("Expected an object."), where))
            continue
        yield where, given


def bound_from(data: Mapping, problems: list[Violation]) -> tuple[BoundUse, ...]:
    """Module "magic dice": the bound spells used this magic phase (seed 002, XI.6.A), each
    {"holder": a unit's or character's id, "index": which of its bound spells (default 0),
    "dice": 2 or 3, and the spell's aim: "sector", "toward", "unit", "terrain", "sign"}."""
    found = []
    for where, given in _entries(data, "bound", problems):
        holder = _required(given.get("holder"), f"{where}.holder", problems)
        index = read_number(given.get("index"), f"{where}.index", problems)
        dice = read_number(given.get("dice"), f"{where}.dice", problems, default=2)
        aim = read_aim(given, where, ("sector", "toward", "unit", "sign"), problems)
        if holder is not None:
            found.append(BoundUse(holder, index, dice, aim["sector"], aim["toward"],
                                  aim["unit"], aim["terrain"], aim["sign"]))
    return tuple(found)


def dispel_from(data: Mapping, problems: list[Violation]) -> tuple[DispelRule, ...]:
    """Module "magic dice": the side's dispel plan, rules in priority order (reference: "a spell
    or "any", the most dice to spend, optionally only when the casting total is at least N"),
    each {"spell": a spell or "any", "dice": n, "at_least": n}."""
    found = []
    for where, given in _entries(data, "dispel", problems):
        spell = given.get("spell", ANY)
        if spell != ANY and read_choice(Spell, spell, f"{where}.spell", problems) is None:
            if spell in (None, ""):
                problems.append(Violation("required", _("This field is required."),
                                          f"{where}.spell"))
            continue
        dice = read_number(given.get("dice"), f"{where}.dice", problems, default=1)
        at_least = read_number(given.get("at_least"), f"{where}.at_least", problems)
        found.append(DispelRule(str(spell), dice, at_least))
    return tuple(found)
