"""An order's parameters in words, the same on the orders page and in the turn reports: labels in
the reader's language, names instead of ids, and nothing for a flag that is off or a value left
out (never `None`, `False` or a Python list)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _

from armies.adapters import gear_item_from
from armies.choices import CONDITION_LABELS
from armies.labels import gear_label, tactic_label
from armies.models import Army, ArmyTemplate
from campaigns.model_meta import own_field
from campaigns.models import Faction, Kingdom
from rules.kingmaker import activities as act

SKILLS = {name: own_field(Kingdom, name).verbose_name for name in Kingdom.SKILLS}
BORDERS = {act.Border.NONE: _("no border crossed"), act.Border.OWN: _("crossing our own border"),
           act.Border.ENEMY: _("crossing an enemy's border")}
TERRITORIES = {act.Territory.OWN: _("our kingdom"), act.Territory.OUTSIDE: _("outside our kingdom"),
               act.Territory.ENEMY: _("an enemy kingdom")}
SITES = {act.Site.REFUGE: _("a refuge"), act.Site.SETTLEMENT: _("a settlement"),
         act.Site.WORK_SITE: _("a work site")}
APPROACHES = {act.Approach.ATTACK: _("just attack"), act.Approach.INTRIGUE: _("surprise (Intrigue)"),
              act.Approach.WARFARE: _("intimidate (Warfare)")}
AFFLICTIONS = {**{act.Affliction(c): label for c, label in CONDITION_LABELS.items()
                  if c in act.Affliction.__members__.values()},
               act.Affliction.DAMAGED: _("damaged")}

def _reading_order() -> list[str]:
    """Every activity's parameters in one order that keeps each activity's own reading order
    (an order's params hold one activity's parameters, and PostgreSQL's JSON keeps no key
    order): a parameter goes before the next one of its activity already placed, else after the
    previous one."""
    order: list[str] = []
    for definition in act.ACTIVITIES.values():
        names = definition.reading_order
        for index, name in enumerate(names):
            if name in order:
                continue
            later = [order.index(n) for n in names[index + 1:] if n in order]
            earlier = [order.index(n) for n in names[:index] if n in order]
            order.insert(min(later) if later else max(earlier) + 1 if earlier else len(order),
                         name)
    return order


def _labels() -> dict[str, Any]:
    fields = {f.name: f for d in act.ACTIVITIES.values() for f in d.fields}
    return {name: _(fields[name].label) for name in _reading_order()}


# Each parameter's label (its activity's definition says it), in the order orders list them; the
# orders page's form fields use the same labels.
LABELS = _labels()
# Choices whose stored code reads as its label.
WORDS: Mapping[str, Mapping[Any, Any]] = {
    "skill": SKILLS, "border": BORDERS, "territory": TERRITORIES, "site": SITES,
    "approach": APPROACHES, "affliction": AFFLICTIONS,
}
GEAR_PARTS = ("tier", "weapon", "doses")


# Parameters that hold a row's id, read as that row's name.
ID_PARAMS: Mapping[str, type[Army] | type[ArmyTemplate] | type[Faction]] = {
    "gear_to": Army, "target": Army, "template": ArmyTemplate, "faction": Faction}
Names = dict[tuple[str, Any], str]


def _names(all_params: Sequence[Mapping[str, Any]]) -> Names:
    """The names of every row the orders refer to: one query per kind of row, not per order."""
    names: Names = {}
    for model in set(ID_PARAMS.values()):
        ids = {p[key] for p in all_params for key, kind in ID_PARAMS.items()
               if kind is model and isinstance(p.get(key), int)}
        if ids:
            rows = model._default_manager.filter(pk__in=ids).values_list("pk", "name")
            names.update({(model.__name__, pk): str(name) for pk, name in rows})
    return names


def _value(name: str, value: Any, names: Names) -> str:
    if name in WORDS:
        return str(WORDS[name].get(value, value))
    if name in ("tactic", "replaces"):
        return tactic_label(value)
    if name == "tactics":
        return ", ".join(tactic_label(code) for code in value)
    if name in ID_PARAMS:
        return names.get((ID_PARAMS[name].__name__, value), "—")
    if name == "path":
        return " ".join(value)
    return str(value)


def _text(params: Mapping[str, Any], names: Names) -> list[str]:
    params = dict(params)
    if params.get("gear"):
        params["gear"] = gear_label(gear_item_from(
            kind=params["gear"], tier=params.get("tier"), weapon=params.get("weapon"),
            doses=params.get("doses") or 0).label())
    parts = []
    place = {name: index for index, name in enumerate(LABELS)}
    for name, value in sorted(params.items(), key=lambda item: place.get(item[0], len(place))):
        if name in GEAR_PARTS or value in (None, False, "", [], 0):
            continue
        label = str(LABELS.get(name, name))
        parts.append(label if value is True else f"{label}: {_value(name, value, names)}")
    return parts


def params_texts(all_params: Sequence[Mapping[str, Any]]) -> list[list[str]]:
    """For each order's parameters, "label: value" for each one given; a flag that is on reads
    as its label alone."""
    names = _names(all_params)
    return [_text(params, names) for params in all_params]
