"""The one 409: turns, scenes and sector battles answer it in one shape, the message first and
then where the object stands, and its schema follows from the same declaration."""
from __future__ import annotations

import pytest
from rest_framework import serializers

from armies.api.errors import TurnClosed
from battles.api.errors import SceneClosed
from battles.sector.api import RoundClosed
from core.api_errors import Closed


@pytest.mark.parametrize("kind", [TurnClosed, SceneClosed, RoundClosed])
def test_each_409_is_the_one_closed_answer(kind):
    assert issubclass(kind, Closed) and kind.status_code == 409
    assert list(kind.serializer().fields) == ["detail", *kind.where]


class Sealed(Closed):
    default_detail = "The box is sealed."
    default_code = "sealed"
    where = {"box": serializers.IntegerField}


def test_the_body_is_the_message_then_where_it_stands():
    answer = Sealed(box=3)
    assert answer.detail == {"detail": "The box is sealed.", "box": 3}
    assert answer.detail["detail"].code == "sealed"


def test_a_body_that_strays_from_its_declared_shape_is_refused():
    with pytest.raises(TypeError):
        Sealed(box=3, lid="open")
