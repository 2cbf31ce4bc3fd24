"""Random but well-formed orders of every kind, through the API into the rules engine: each one
is queued (201) or refused with messages per field (400); never a server error.

schemathesis draws `kind` and `params` independently, so its orders rarely reach the rules; here
the params follow the kind (drawn from the params serializers) and aim at the player's own turn
and armies, the rival's army and ids that do not exist.
"""
from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework import serializers

from armies.activity_params import PARAMS_SERIALIZERS
from armies.models import ArmyTemplate

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("API_EXAMPLES", "150"))

HEXES = st.one_of(st.sampled_from(["C4", "C5", "D5", "P9", "Z99", "c4", " d6 "]),
                  st.from_regex(r"\A[A-Z]{1,2}[0-9]{1,3}\Z"), st.text(max_size=6))


def _value(name: str, field, ids: st.SearchStrategy) -> st.SearchStrategy:
    value: st.SearchStrategy[Any]
    if isinstance(field, serializers.BooleanField):
        value = st.booleans()
    elif isinstance(field, serializers.ChoiceField):
        value = st.sampled_from(list(field.choices))
    elif isinstance(field, serializers.ListField):
        value = st.lists(_value(name, field.child, ids), max_size=3)
    elif isinstance(field, serializers.IntegerField):
        value = ids if field.min_value == 1 else st.integers(field.min_value, 4)
    elif name in ("hex", "destination"):
        value = HEXES
    else:
        value = st.text(max_size=12)
    return st.one_of(value, st.none()) if field.allow_null else value


def params_for(kind: str, ids: st.SearchStrategy) -> st.SearchStrategy:
    fields = PARAMS_SERIALIZERS[kind]().fields
    required = {n: _value(n, f, ids) for n, f in fields.items() if f.required}
    optional = {n: _value(n, f, ids) for n, f in fields.items() if not f.required}
    return st.fixed_dictionaries(required, optional=optional)


@pytest.fixture
def ids(army, rival_army):
    templates = list(ArmyTemplate.objects.values_list("pk", flat=True))
    return st.one_of(st.sampled_from([army.pk, rival_army.pk, *templates]),
                     st.integers(1, 2**63 - 1))


def test_random_orders_are_queued_or_refused_by_field(player_api, open_turn, army, rival_army,
                                                      ids):
    kinds = st.sampled_from(sorted(PARAMS_SERIALIZERS))
    orders = kinds.flatmap(lambda kind: st.fixed_dictionaries({
        "turn": st.just(open_turn.pk),
        "kind": st.just(kind),
        "army": st.sampled_from([army.pk, None, rival_army.pk]),
        "second": st.booleans(),
        "params": params_for(kind, ids),
    }))
    outcomes = {201: 0, 400: 0}

    @given(order=orders)
    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck),
              database=None)
    def submit(order):
        response = player_api.post("/api/activities/", order, format="json")
        assert response.status_code in (201, 400), (order, response.content)
        outcomes[response.status_code] += 1
        body = response.json()
        if response.status_code == 201:
            # Stored with every parameter, the defaults filled in.
            assert set(body["params"]) == set(PARAMS_SERIALIZERS[order["kind"]]().fields)
            # Free the army's slot for the next order.
            assert player_api.delete(f"/api/activities/{body['id']}/").status_code == 200
        else:
            assert body and all(isinstance(k, str) for k in body)

    submit()
    assert outcomes[400], outcomes


def test_random_changes_are_applied_or_refused_by_field(player_api, activity, ids):
    changes = st.fixed_dictionaries({}, optional={
        "params": params_for(activity.kind, ids), "second": st.booleans(),
        "position": st.integers(0, 2**31 - 1)})

    @given(change=changes)
    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck),
              database=None)
    def change(change):
        response = player_api.patch(f"/api/activities/{activity.pk}/", change, format="json")
        assert response.status_code in (200, 400), (change, response.content)

    change()
