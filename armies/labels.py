"""Render the engine's messages in the reader's language, codes in their parameters included
("weary", "politics", "crime") so a Russian sentence gets Russian words."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from armies.choices import (
    ACTIVITY_KIND_CHOICES,
    ARMY_TYPE_CHOICES,
    CONDITION_CHOICES,
    CONDITION_HELP,
    GEAR_KIND_CHOICES,
    TACTIC_LABELS,
    TIER_CHOICES,
    WAR_ACTION_LABELS,
    WEAPON_KIND_CHOICES,
)
from campaigns.model_meta import own_field
from campaigns.models import Kingdom, TurnStatus
from rules.kingmaker.tactics import TACTICS


def _field_labels(names: Iterable[str]) -> dict[str, Any]:
    return {name: own_field(Kingdom, name).verbose_name for name in names}


class _Msgids(dict):
    """A parameter whose value is itself a msgid (a battle roll's step, "Counterattack")."""

    def get(self, message, default=None):
        return gettext(message)


# The engine names tactics in its messages by their catalog name ("Keen Eyed"), stored reports
# by code too: either way the reader gets the tactic in their language.
_TACTICS_BY_NAME = {**TACTIC_LABELS,
                    **{tactic.name: TACTIC_LABELS[code] for code, tactic in TACTICS.items()}}
# Parameters that hold a comma-separated list of codes or names.
_LISTS = frozenset({"skills", "tactics"})
# The words for codes that apps above armies define (sector battles' morale signs and card
# results): they register them when Django starts, so armies imports nothing of theirs.
_REGISTERED: dict[str, Mapping[str, Any]] = {}
_REGISTERED_LISTS: set[str] = set()


def register_labels(name: str, table: Mapping[str, Any], *, listing: bool = False) -> None:
    """Render the parameter `name` of the engine's messages with `table`'s words for its codes
    (lazy labels: each reader gets their language); `listing`: its value is a comma-separated
    list of codes."""
    _REGISTERED[name] = table
    if listing:
        _REGISTERED_LISTS.add(name)


def _labels() -> dict[str, Mapping[str, Any]]:
    conditions = dict(CONDITION_CHOICES)
    return {
        "condition": conditions,
        "affliction": {**conditions, "damaged": _("damaged")},
        "skill": _field_labels(Kingdom.SKILLS),
        "skills": _field_labels(Kingdom.SKILLS),
        "ruin": _field_labels(Kingdom.RUIN),
        "status": dict(TurnStatus.choices),
        "type": dict(ARMY_TYPE_CHOICES),
        "kind": dict(ACTIVITY_KIND_CHOICES),
        "weapon": dict(WEAPON_KIND_CHOICES),
        "action": WAR_ACTION_LABELS,
        "tactic": _TACTICS_BY_NAME,
        "tactics": _TACTICS_BY_NAME,
        "step": _Msgids(),
        "statistic": _Msgids(),  # a stat block's value named by its msgid ("AC")
        # Sector battles (rules.cerilia): names the engine passes as msgids, and the sides.
        "attack": _Msgids(),
        "spell": _Msgids(),
        "reason": _Msgids(),
        "terrain": _Msgids(),
        "side": {"attacker": _("the attacker"), "defender": _("the defender")},
        "sector": {"reserve": _("the reserve")},
        **_REGISTERED,
    }


def translated_params(params: Mapping[str, Any]) -> dict[str, Any]:
    labels = _labels()
    rendered = {}
    for name, value in params.items():
        table = labels.get(name)
        if table is not None and isinstance(value, str):
            listing = name in _LISTS or name in _REGISTERED_LISTS
            value = ", ".join(str(table.get(code.strip(), code.strip()))
                              for code in value.split(",")) if listing \
                else str(table.get(value, value))
        rendered[name] = value
    return rendered


def render_message(message: str, params: Mapping[str, Any]) -> str:
    return gettext(message) % translated_params(params)


def condition_label(label: str) -> str:
    """An engine label such as "weary 2" in the reader's language."""
    code, _sep, value = label.partition(" ")
    name = str(dict(CONDITION_CHOICES).get(code, code))
    return f"{name} {value}" if value else name


def condition_help(label: str) -> str:
    """What the condition of an engine label ("weary 2") does, in the reader's language."""
    code = label.partition(" ")[0]
    return str(CONDITION_HELP[code]) if code in CONDITION_HELP else ""


def gear_label(label: str) -> str:
    """An engine gear label ("greater magic_weapons (melee)", "healing_potions ×2") translated."""
    words = {**dict(GEAR_KIND_CHOICES), **dict(TIER_CHOICES), **dict(WEAPON_KIND_CHOICES)}

    def word(token: str) -> str:
        inner = token.strip("()")
        translated = str(words.get(inner, inner))
        return f"({translated})" if token.startswith("(") else translated

    return " ".join(word(token) for token in label.split(" "))


def tactic_label(code: str) -> str:
    return str(TACTIC_LABELS.get(code, code))


MODIFIER_KINDS = {
    "circumstance": _("circumstance"),
    "item": _("item"),
    "status": _("status"),
    "untyped": _("untyped"),
}


def modifier_source(source: str) -> str:
    """Where a modifier comes from, in words: a condition, a tactic or one of the engine's own
    sources (msgids such as "forced march")."""
    if source in CONDITION_HELP:
        return condition_label(source)
    if source in TACTIC_LABELS:
        return tactic_label(source)
    return gettext(source)


def modifier_text(modifier: Mapping[str, Any]) -> str:
    """A modifier as data (`rules.data.to_data`) in words: "+1 status (Hold the Line)"."""
    source = modifier_source(str(modifier.get("source", "")))
    kind = str(MODIFIER_KINDS.get(modifier.get("kind", ""), modifier.get("kind", "")))
    return f"{modifier.get('value', 0):+d} {kind} ({source})"
