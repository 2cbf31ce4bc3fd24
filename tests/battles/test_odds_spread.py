"""Odds spread over processes are exactly the odds fought in one (issue 16, point 2): the runs'
seeds are cut in order and the counts added, so the numbers cannot depend on how many processes
fought them.

Seed 003_750bd81a16f66abf.txt, "СЦЕНЫ БИТВ": "Когда все войска с одной стороны конфликта
разгромлены или обращены в бегство, сцена битвы заканчивается" — every run counts its own end.
"""
from __future__ import annotations

import pytest
from battle_scenes_support import demo_scene, fortification_scene

from battles.odds import spread_battle_odds
from rules.kingmaker.battle.odds import battle_odds


@pytest.mark.parametrize("processes", [2, 3])
def test_spread_odds_are_the_odds_of_one_process(processes):
    setup = demo_scene()
    spread = spread_battle_odds(setup, 601, 7, processes=processes)
    assert spread == battle_odds(setup, 601, 7)
    assert spread.runs == 601 and sum(spread.armies.values()) > 0


def test_a_scene_that_can_end_either_way_counts_the_same_spread():
    setup = fortification_scene()
    odds = battle_odds(setup, 450, 3)
    assert 0 < odds.sides[next(iter(odds.sides))].win < 1
    assert spread_battle_odds(setup, 450, 3, processes=2) == odds
