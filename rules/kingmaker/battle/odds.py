"""The odds of a battle: fight the same setup many times with different dice and count."""
from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from rules.kingmaker.battle.engine import fight_unlogged
from rules.kingmaker.battle.setup import BattleSetup
from rules.sides import SIDES, Side


@mypyc_attr(native_class=False)  # pickled (mypyc/mypyc#1213)
@dataclass(frozen=True)
class SideOdds:
    win: float       # the other side all defeated or routed
    routed: float    # some of its armies routed and none left fighting
    defeated: float  # every one of its armies defeated


@mypyc_attr(native_class=False)  # pickled (mypyc/mypyc#1213)
@dataclass(frozen=True)
class Odds:
    runs: int
    seed: int
    sides: dict[Side, SideOdds]
    armies: dict[int, float]  # expected HP lost per army


@mypyc_attr(native_class=False)  # pickled (mypyc/mypyc#1213)
@dataclass(frozen=True)
class Tally:
    """What some runs came to, counted: tallies of any split of the runs add up to the tally of
    all of them (whole numbers, so in any order), which lets the runs be spread over processes."""

    runs: int
    wins: dict[Side, int]
    routed: dict[Side, int]
    defeated: dict[Side, int]
    hp_lost: dict[int, int]

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.runs + other.runs,
                     {side: self.wins[side] + other.wins[side] for side in Side},
                     {side: self.routed[side] + other.routed[side] for side in Side},
                     {side: self.defeated[side] + other.defeated[side] for side in Side},
                     {key: lost + other.hp_lost[key] for key, lost in self.hp_lost.items()})


def run_seeds(runs: int, seed: int) -> list[int]:
    """The seeds of the runs, in order: they come from `seed`, so the same seed gives the same
    odds."""
    if runs < 1:
        raise ValueError("runs must be at least 1")
    seeds = random.Random(seed)
    return [seeds.getrandbits(62) for _run in range(runs)]


def tally(setup: BattleSetup, seeds: Iterable[int]) -> Tally:
    """Fight the real engine once per seed (unlogged: the same outcome without its log) and count
    the ends."""
    wins = {side: 0 for side in Side}
    routed = {side: 0 for side in Side}
    defeated = {side: 0 for side in Side}
    hp_lost = {c.key: 0 for c in setup.combatants}
    runs = 0
    for run_seed in seeds:
        runs += 1
        outcome = fight_unlogged(setup, run_seed)
        if outcome.winner is not None:
            wins[outcome.winner] += 1
        for side in SIDES:  # (iterating the enum class itself walks a generator every run)
            armies = [a for a in outcome.armies if a.side is side]
            if not armies:
                continue
            # Lists, not generators, for `all` and `any`: a few armies, counted every run.
            if all([a.defeated for a in armies]):
                defeated[side] += 1
            elif any([a.routed for a in armies]) and \
                    all([a.defeated or a.routed or a.fled for a in armies]):
                routed[side] += 1
        for army in outcome.armies:
            hp_lost[army.key] += army.hp_lost
    return Tally(runs, wins, routed, defeated, hp_lost)


def odds_of(counted: Tally, seed: int) -> Odds:
    runs = counted.runs
    return Odds(runs, seed,
                {side: SideOdds(counted.wins[side] / runs, counted.routed[side] / runs,
                                counted.defeated[side] / runs) for side in Side},
                {key: lost / runs for key, lost in counted.hp_lost.items()})


def battle_odds(setup: BattleSetup, runs: int, seed: int) -> Odds:
    """Run the real engine `runs` times; the seeds of the runs come from `seed`, so the same seed
    gives the same odds."""
    return odds_of(tally(setup, run_seeds(runs, seed)), seed)
