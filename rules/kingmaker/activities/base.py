"""What every army activity shares: its kind, an order of it, the check it rolls, and the
definition each activity module registers (seed 003, "ВОЙСКОВЫЕ ЗАНЯТИЯ").

A definition says, as plain data, which parameters an order of the activity takes (their type,
choices, bounds, defaults and labels as msgids), so the API's serializers and the orders page's
form fields are derived from it rather than written out per activity.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rules.errors import Violation, _
from rules.kingmaker.activities.kinds import ActivityKind, Order
from rules.kingmaker.activities.outcome import CheckDetail, Resolution
from rules.kingmaker.activities.situation import Situation, TurnArmy
from rules.kingmaker.conditions import Target
from rules.modifiers import Modifier


@dataclass(frozen=True)
class CheckSpec:
    """The check an order rolls: the kingdom skill, the DC's parts, whose modifiers apply."""

    skill: str
    dc_parts: tuple[tuple[str, int], ...]
    army: TurnArmy | None = None
    target: Target = Target.ARMY_ACTIVITY
    extra: tuple[Modifier, ...] = ()

    @property
    def dc(self) -> int:
        return sum(value for _label, value in self.dc_parts)


def control(situation: Situation) -> tuple[tuple[str, int], ...]:
    """The DC most activities roll against: the kingdom's Control DC."""
    return ((_("control DC"), situation.kingdom.control_dc),)


class FieldType(StrEnum):
    """An order parameter's shape, as stored and as the API takes it."""

    TEXT = "text"
    HEX = "hex"          # a map hex, stored as text ("C4")
    HEX_PATH = "hex_path"  # hexes stepped through, stored as a list of hexes (["C4", "D5"])
    INTEGER = "integer"
    BOOLEAN = "boolean"
    CHOICE = "choice"
    CHOICES = "choices"  # a list of choices
    ID = "id"            # a row's id (an army, a template, a faction)


# What the rules allow for one parameter now: (value, plain text) pairs, the text being a name or a
# code the site translates (see ParamField.vocabulary). It is given the acting army (None for a
# leadership activity).
Options = Callable[[Situation, Any], Sequence[tuple[str, str]]]


@dataclass(frozen=True)
class ParamField:
    """One parameter of an order, as data: enough for the API to check its shape and for the
    orders page to offer it. `label` and `help_text` are msgids; `vocabulary` names the table the
    site words the choices with (by default the parameter's name)."""

    name: str
    type: FieldType
    label: str
    required: bool = True
    default: Any = None
    nullable: bool = False
    choices: tuple[str, ...] = ()
    vocabulary: str = ""
    min_value: int | None = None
    max_value: int | None = None
    max_length: int | None = None
    help_text: str = ""
    options: Options | None = None  # the choices the orders page offers, when not `choices`
    on_form: bool = True  # folded into another form field (the gear's tier) when False
    gm_only: bool = False

    @property
    def words(self) -> str:
        return self.vocabulary or self.name


Validate = Callable[[Situation, Any, Any], list[Violation]]
Check = Callable[[Situation, Any, TurnArmy | None], "CheckSpec | None"]
Resolve = Callable[[Resolution, Order], CheckDetail | None]


@dataclass(frozen=True)
class ActivityDefinition:
    """Everything about one activity: its parameters (the engine's dataclass `params` and the
    stored order's `fields`), what makes an order invalid (`validate(situation, army, params)`,
    army None for a leadership activity), the check it rolls (`check`, None: no check) and what
    each degree does (`resolve`)."""

    kind: ActivityKind
    label: str  # a msgid: the activity's name as players read it
    params: type
    validate: Validate
    resolve: Resolve
    check: Check | None = None
    fields: tuple[ParamField, ...] = ()
    leadership: bool = False
    description: str = ""  # for the API schema, in English: not a msgid
    # The order the parameters are read out in, when not the fields' order.
    text_order: tuple[str, ...] = ()

    def field(self, name: str) -> ParamField:
        return next(f for f in self.fields if f.name == name)

    @property
    def reading_order(self) -> tuple[str, ...]:
        return self.text_order or tuple(f.name for f in self.fields)


# The GM's override of the map (Deploy Army, Garrison Army): one label for both, as the orders
# list reads every parameter by its name.
DECLARED_LABEL = _("as declared (the game master's override of the map)")


def declared_field() -> ParamField:
    return ParamField("declared", FieldType.BOOLEAN, DECLARED_LABEL, required=False,
                      default=False, gm_only=True,
                      help_text=_("The game master's override on a campaign map: go by the "
                                  "declared border, road, difficult hexes or territory instead "
                                  "of the map's. Only the game master sets it: a player's order "
                                  "with it is refused on this field."))


def skill_violation(skill: str, allowed: tuple[str, ...]) -> list[Violation]:
    if skill in allowed:
        return []
    return [Violation("skill_not_allowed", _("Roll one of these skills: %(skills)s."), "skill",
                      {"skills": ", ".join(allowed)})]


def dedupe(violations: list[Violation]) -> list[Violation]:
    seen: set[tuple[str, str]] = set()
    unique: list[Violation] = []
    for v in violations:
        if (v.code, v.field) not in seen:
            seen.add((v.code, v.field))
            unique.append(v)
    return unique


def skill_field(allowed: Sequence[str], default: str | None = None,
                options: Options | None = None) -> ParamField:
    """The kingdom skill an activity rolls, one of `allowed`."""
    return ParamField("skill", FieldType.CHOICE, _("skill"), required=default is None,
                      default=default, choices=tuple(allowed), options=options)


# The bound on counts an order gives (doses, difficult hexes): far above any legal one.
MAX_COUNT = 1000
