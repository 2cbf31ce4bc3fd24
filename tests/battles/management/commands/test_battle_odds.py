"""`manage.py battle_odds` prints for a fixed seed exactly the numbers it printed before the engine
was made faster and its runs spread over processes (issue 16, point 2).

Seed 003_750bd81a16f66abf.txt, "СЦЕНЫ БИТВ": "Когда все войска с одной стороны конфликта
разгромлены или обращены в бегство, сцена битвы заканчивается" — the odds count those ends over
real fights, so the same seed must count the same ends.
"""
from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db

PINNED = """\
Battle in C4: 300 battles, seed 16.
side             wins   routed defeated
attacker        64.0%     3.0%    33.0%
defender        35.7%    17.7%    46.7%
Expected HP lost:
  Tatzlford Guard (attacker): 2.89
  Restov Lancers (attacker): 1.84
  Pitax Foot (defender): 3.41
  Pitax Archers (defender): 2.45
"""


@pytest.mark.parametrize("spread_from", [10_000, 0], ids=["one process", "spread"])
def test_the_odds_for_a_seed_are_the_pinned_numbers(scene, monkeypatch, spread_from):
    monkeypatch.setattr("battles.odds.SPREAD_FROM_RUNS", spread_from)
    out = StringIO()
    call_command("battle_odds", str(scene.pk), "--runs", "300", "--seed", "16", stdout=out)
    assert out.getvalue() == PINNED
