"""The odds of a battle: fight the same setup many times with different dice and count."""
from __future__ import annotations

import random
from dataclasses import dataclass

from rules.kingmaker.battle.engine import fight
from rules.kingmaker.battle.setup import BattleSetup
from rules.sides import Side


@dataclass(frozen=True)
class SideOdds:
    win: float       # the other side all defeated or routed
    routed: float    # some of its armies routed and none left fighting
    defeated: float  # every one of its armies defeated


@dataclass(frozen=True)
class Odds:
    runs: int
    seed: int
    sides: dict[Side, SideOdds]
    armies: dict[int, float]  # expected HP lost per army


def battle_odds(setup: BattleSetup, runs: int, seed: int) -> Odds:
    """Run the real engine `runs` times; the seeds of the runs come from `seed`, so the same seed
    gives the same odds."""
    if runs < 1:
        raise ValueError("runs must be at least 1")
    seeds = random.Random(seed)
    wins = {side: 0 for side in Side}
    routed = {side: 0 for side in Side}
    defeated = {side: 0 for side in Side}
    hp_lost = {c.key: 0 for c in setup.combatants}
    for _run in range(runs):
        outcome = fight(setup, seeds.getrandbits(62))
        if outcome.winner is not None:
            wins[outcome.winner] += 1
        for side in Side:
            armies = [a for a in outcome.armies if a.side is side]
            if armies and all(a.defeated for a in armies):
                defeated[side] += 1
            elif armies and any(a.routed for a in armies) and \
                    all(a.defeated or a.routed or a.fled for a in armies):
                routed[side] += 1
        for army in outcome.armies:
            hp_lost[army.key] += army.hp_lost
    return Odds(runs, seed,
                {side: SideOdds(wins[side] / runs, routed[side] / runs, defeated[side] / runs)
                 for side in Side},
                {key: lost / runs for key, lost in hp_lost.items()})
