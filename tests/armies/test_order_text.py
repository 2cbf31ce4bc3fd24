"""An order's parameters in words come in one order, whatever order the database keeps the keys
in (PostgreSQL's JSON sorts them by length)."""
from __future__ import annotations

import pytest

from armies.order_text import params_text

DEPLOY = {"destination": "D5", "skill": "exploration", "border": "none", "road": True,
          "forced_march": False, "difficult_hexes": 0}


@pytest.mark.parametrize("keys", [list(DEPLOY), sorted(DEPLOY, key=lambda k: (len(k), k))])
def test_parameters_read_in_the_same_order_however_stored(keys):
    assert params_text({key: DEPLOY[key] for key in keys}) == [
        "destination hex: D5", "skill: Exploration", "border: no border crossed", "road"]
