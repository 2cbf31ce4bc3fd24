"""The odds of the demo's border skirmish for a fixed seed, pinned as the engine gave them before it
was made faster (issue 16, point 2): the same seed must give exactly the same numbers, however the
runs are computed.

Seed 003_750bd81a16f66abf.txt, "СЦЕНЫ БИТВ": "Когда все войска с одной стороны конфликта
разгромлены или обращены в бегство, сцена битвы заканчивается" — each run's winner, routed and
defeated sides are counted from real fights of the engine.
"""
from __future__ import annotations

from battle_scenes_support import demo_scene

from rules.kingmaker.battle.odds import battle_odds
from rules.sides import Side


def test_the_demo_scenes_odds_for_a_seed_are_the_pinned_numbers():
    odds = battle_odds(demo_scene(), 1000, 16)
    assert (odds.runs, odds.seed) == (1000, 16)
    assert {side: (o.win, o.routed, o.defeated) for side, o in odds.sides.items()} == {
        Side.ATTACKER: (0.998, 0.0, 0.002),
        Side.DEFENDER: (0.002, 0.355, 0.643),
    }
    assert odds.armies == {2: 0.453, 1: 0.174, 6: 3.151, 5: 3.881}
