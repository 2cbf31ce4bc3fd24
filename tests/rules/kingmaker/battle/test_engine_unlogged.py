"""The unlogged fight that `battle_odds` counts gives exactly the full engine's outcome: for 300
seeds of each representative scene (tactics, fortifications, darkness, wind, water, the round
limit), the same winner, armies (HP lost, routed, fled, defeated, destroyed, their state after the
battle) and sides (the Warfare or Defense check after it, unrest, fame, XP), with no log kept.

Seed 003_750bd81a16f66abf.txt, "СТРУКТУРА СЦЕНЫ БИТВЫ": "Каждое войско, участвующее в битве,
совершает проверку Разведки, и результат проверки становится его значением инициативы" — every
check comes from the same seeded dice in the same order, logged or not, so a seed gives one fight.
"""
from __future__ import annotations

import pytest
from battle_scenes_support import SCENES

from rules.kingmaker.battle.engine import fight, fight_unlogged

SEEDS = range(300)


@pytest.mark.parametrize("name", SCENES)
def test_an_unlogged_fight_ends_exactly_as_the_logged_one(name):
    setup = SCENES[name]()
    ends = set()
    for seed in SEEDS:
        logged, unlogged = fight(setup, seed), fight_unlogged(setup, seed)
        assert (unlogged.seed, unlogged.finished, unlogged.winner, unlogged.armies,
                unlogged.sides, unlogged.fortification_hp) == \
            (logged.seed, logged.finished, logged.winner, logged.armies, logged.sides,
             logged.fortification_hp), seed
        assert (unlogged.events, unlogged.rounds, unlogged.rolls) == ((), (), ())
        ends.add((logged.winner, tuple(a.hp_lost for a in logged.armies)))
    # The seeds reach many different ends, so agreeing on them all is not agreeing on one.
    assert len(ends) > 10
