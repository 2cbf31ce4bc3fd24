"""The activities the engine knows, one definition per activity module, and the checks every
order goes through before its own: is it one of its kind's parameters, and may this army act."""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from pathlib import Path

from rules.errors import Violation, _
from rules.kingmaker.activities.base import ActivityDefinition
from rules.kingmaker.activities.kinds import ActivityKind, Order
from rules.kingmaker.activities.situation import Situation, army_may

_REGISTRY: dict[ActivityKind, ActivityDefinition] = {}
ACTIVITIES: Mapping[ActivityKind, ActivityDefinition] = _REGISTRY


def register(definition: ActivityDefinition) -> None:
    """Make an activity known to the engine and to everything derived from its definition."""
    if definition.kind in _REGISTRY:
        raise ValueError(f"{definition.kind} is registered already")
    _REGISTRY[definition.kind] = definition


def unregister(kind: ActivityKind) -> None:
    del _REGISTRY[kind]


# The package's own machinery; every other module of it is an activity.
_MACHINERY = frozenset({"base", "kinds", "outcome", "registry", "situation", "slots"})


def _definitions() -> list[ActivityDefinition]:
    """Each activity module's `DEFINITION`, so that adding an activity is adding its module; in
    the order of ActivityKind, which the forms and the schema follow."""
    found = []
    for module in pkgutil.iter_modules([str(Path(__file__).parent)]):
        if module.name in _MACHINERY:
            continue
        definition = getattr(importlib.import_module(f"{__package__}.{module.name}"),
                             "DEFINITION", None)
        if not isinstance(definition, ActivityDefinition):
            raise TypeError(f"{module.name} defines no activity (no DEFINITION)")
        found.append(definition)
    order = list(ActivityKind)
    return sorted(found, key=lambda definition: order.index(definition.kind))


for _definition in _definitions():
    register(_definition)

# Seed 003: "все они могут быть предприняты во время этапа войсковых занятий (кроме Рекрутирования
# войска: это занятие лидерства)". Leadership activities belong to the kingdom, not to an army.
LEADERSHIP = frozenset(kind for kind, d in ACTIVITIES.items() if d.leadership)
PARAMS_OF: Mapping[ActivityKind, type] = {kind: d.params for kind, d in ACTIVITIES.items()}


def order_violations(situation: Situation, order: Order) -> list[Violation]:
    """Everything wrong with the order in this situation (empty when it may go ahead)."""
    definition = ACTIVITIES[order.kind]
    if not isinstance(order.params, definition.params):
        raise TypeError(f"{order.kind} takes {definition.params.__name__}, "
                        f"not {type(order.params).__name__}")
    if definition.leadership:
        return definition.validate(situation, None, order.params)
    army = situation.armies.get(order.army) if order.army is not None else None
    if army is None:
        return [Violation("army_required", _("Choose one of the kingdom's armies."), "army")]
    limit = army_may(army, order.kind)
    if limit is not None:
        return [limit]
    return definition.validate(situation, army, order.params)
