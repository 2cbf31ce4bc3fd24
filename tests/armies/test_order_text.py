"""Orders' parameters in words: in one order, whatever order the database keeps the keys
in (PostgreSQL's JSON sorts them by length), and the rows they name read in one query."""
from __future__ import annotations

import pytest
from factories import ArmyFactory

from armies.order_text import params_texts

DEPLOY = {"destination": "D5", "skill": "exploration", "border": "none", "road": True,
          "forced_march": False, "difficult_hexes": 0}


@pytest.mark.parametrize("keys", [list(DEPLOY), sorted(DEPLOY, key=lambda k: (len(k), k))])
def test_parameters_read_in_the_same_order_however_stored(keys):
    assert params_texts([{key: DEPLOY[key] for key in keys}]) == [[
        "destination hex: D5", "skill: Exploration", "border: no border crossed", "road"]]


@pytest.mark.django_db
def test_orders_name_the_armies_they_refer_to_in_one_query(django_assert_num_queries):
    targets = [ArmyFactory.create(name=f"Pitax Raiders {n}") for n in range(5)]
    orders = [{"target": army.pk, "approach": "attack"} for army in targets]
    with django_assert_num_queries(1):
        texts = params_texts(orders)
    assert [text[0] for text in texts] == [f"enemy army: Pitax Raiders {n}" for n in range(5)]


def test_a_path_reads_as_its_hexes_and_the_override_as_its_label():
    [text] = params_texts([{**DEPLOY, "road": False, "path": ["D4", "D5"], "declared": True}])
    assert text == ["destination hex: D5", "skill: Exploration", "border: no border crossed",
                    "path: D4 D5", "as declared (the game master's override of the map)"]
    [text] = params_texts([{**DEPLOY, "road": False, "path": [], "declared": False}])
    assert "path" not in " ".join(text)
