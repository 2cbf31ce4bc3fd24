"""The API's params serializers and the orders page's form fields come from each activity's
definition (rules.kingmaker.activities): a registered activity gets both without code of its own."""
from __future__ import annotations

from dataclasses import dataclass
from typing import cast

import pytest
from factories import ArmyFactory
from rest_framework.exceptions import ValidationError

from armies.activity_fields import CUSTOM_FORMS, activity_form_fields
from armies.activity_params import PARAMS_SERIALIZERS, validated_params
from armies.orders import param_defaults, situation
from campaigns.services import turn_open
from core.permissions import SYSTEM
from rules.errors import Violation
from rules.kingmaker import activities as act
from rules.kingmaker.activities import ActivityKind, FieldType, ParamField

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Drill:
    pace: str
    hours: int = 2
    loud: bool = False


def _no_objection(situation: act.Situation, army: act.TurnArmy, params: Drill) -> list[Violation]:
    return []


def _paces(situation: act.Situation, army: act.TurnArmy) -> list[tuple[str, str]]:
    return [("march", "march"), (army.state.name, army.state.name)]


DRILL = cast(ActivityKind, "drill")
DRILL_DEFINITION = act.ActivityDefinition(
    kind=DRILL, label="Drill", params=Drill, validate=_no_objection,
    resolve=lambda turn, order: None,
    description="Drill: a test activity.",
    fields=(
        ParamField("pace", FieldType.CHOICE, "pace", choices=("march", "run"), options=_paces),
        ParamField("hours", FieldType.INTEGER, "hours", required=False, default=2, min_value=1,
                   max_value=8),
        ParamField("loud", FieldType.BOOLEAN, "loud", required=False, default=False),
    ),
)


@pytest.fixture
def drill():
    act.register(DRILL_DEFINITION)
    yield DRILL
    act.unregister(DRILL)


@pytest.fixture
def current(kingdom):
    ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    return situation(turn_open(actor=SYSTEM, kingdom=kingdom))


def test_every_registered_activity_gets_serializer_fields_from_its_definition():
    for kind, definition in act.ACTIVITIES.items():
        serializer = PARAMS_SERIALIZERS[kind]()
        assert list(serializer.fields) == [f.name for f in definition.fields], kind
        assert type(serializer).__doc__ == definition.description
        for field in definition.fields:
            assert serializer.fields[field.name].required is field.required, (kind, field.name)
            assert serializer.fields[field.name].allow_null is field.nullable, (kind, field.name)


def test_every_army_activity_gets_form_fields_from_its_definition(kingdom, current):
    army = next(iter(current.armies.values()))
    for kind, definition in act.ACTIVITIES.items():
        if kind in CUSTOM_FORMS:
            continue
        offered = activity_form_fields(kind, current, army, kingdom, gm=True)
        assert list(offered) == [f.name for f in definition.fields if f.on_form], kind
        for field in definition.fields:
            if field.on_form:
                assert str(offered[field.name].label) == field.label, (kind, field.name)


def test_a_registered_activity_gets_its_serializer(drill):
    assert drill in PARAMS_SERIALIZERS
    assert validated_params(drill, {"pace": "run"}) == {"pace": "run", "hours": 2, "loud": False}
    assert param_defaults(drill) == {"pace": None, "hours": 2, "loud": False}
    with pytest.raises(ValidationError) as error:
        validated_params(drill, {"pace": "crawl", "hours": 9, "volume": 3})
    assert set(error.value.detail) == {"pace", "hours", "volume"}


def test_a_registered_activity_gets_its_form_fields(drill, kingdom, current):
    army = next(iter(current.armies.values()))
    offered = activity_form_fields(drill, current, army, kingdom, gm=False)
    assert list(offered) == ["pace", "hours", "loud"]
    # The choices are what the definition's options allow this army now.
    assert offered["pace"].choices == [("march", "march"), ("Tatzlford Guard", "Tatzlford Guard")]
    assert (offered["hours"].min_value, offered["hours"].max_value, offered["hours"].initial) == \
        (1, 8, 2)
    assert offered["loud"].required is False
    # Without an army an army activity offers nothing.
    assert activity_form_fields(drill, current, None, kingdom, gm=False) == {}


def test_an_unregistered_activity_is_gone(drill):
    act.unregister(drill)
    try:
        assert drill not in PARAMS_SERIALIZERS
    finally:
        act.register(DRILL_DEFINITION)
