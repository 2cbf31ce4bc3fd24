"""A scene's odds, fought once per scene state: the answer is kept in the cache under a digest of
the engine's input (the setup as a report stores it), the runs and the seed asked for, so the
same question costs one computation until the scene, a plan or an army changes."""
from __future__ import annotations

import gc
import hashlib
import json
import multiprocessing
import os
import secrets
from concurrent.futures import ProcessPoolExecutor

from django.conf import settings
from django.core.cache import cache

from rules.data import to_data
from rules.kingmaker.battle.odds import Odds, Tally, battle_odds, odds_of, run_seeds, tally
from rules.kingmaker.battle.setup import BattleSetup


def odds_key(setup: BattleSetup, runs: int, seed: int | None) -> str:
    question = json.dumps([to_data(setup), runs, seed], sort_keys=True, separators=(",", ":"))
    return "battle-odds:" + hashlib.sha256(question.encode()).hexdigest()


def scene_odds(setup: BattleSetup, *, runs: int, seed: int | None = None) -> Odds:
    """The odds of `setup` fought `runs` times. With no seed one is drawn at random, once per
    state: asking again before the scene changes gives the same answer (and its seed)."""
    key = odds_key(setup, runs, seed)
    odds = cache.get(key)
    if odds is None:
        odds = battle_odds(setup, runs, secrets.randbits(62) if seed is None else seed)
        cache.set(key, odds, settings.MUSTER_BATTLE_ODDS_CACHE_SECONDS)
    return odds


# Fewer runs than this are not worth a second process (starting one costs about as much).
SPREAD_FROM_RUNS = 400


def spread_battle_odds(setup: BattleSetup, runs: int, seed: int, *,
                       processes: int | None = None) -> Odds:
    """`battle_odds` with its runs shared among `processes` (default: the processors this one may
    use, at most 2): the runs' seeds are cut into consecutive parts in order, this process fights
    the first part and forked workers the others, and the whole-number counts add up to exactly
    what fighting them all here gives."""
    if processes is None:
        processes = min(len(os.sched_getaffinity(0)), 2)
    seeds = run_seeds(runs, seed)
    # The runs make and drop many small objects, and each collection of the oldest generation
    # would walk the whole long-lived heap (Django, the apps, the admin) again: frozen, it is left
    # out of the collector's walks (and a forked worker does not copy its pages by touching them).
    # A process that froze its heap at its start (core.warmup) keeps it frozen.
    frozen_already = gc.get_freeze_count() > 0
    gc.freeze()
    try:
        return odds_of(_counted(setup, seeds, processes), seed)
    finally:
        if not frozen_already:
            gc.unfreeze()


def _counted(setup: BattleSetup, seeds: list[int], processes: int) -> Tally:
    runs = len(seeds)
    if processes < 2 or runs < SPREAD_FROM_RUNS:
        return tally(setup, seeds)
    size = -(-runs // processes)
    parts = [seeds[start:start + size] for start in range(0, runs, size)]
    # Forked workers start at once with the engine already imported; they touch no database.
    with ProcessPoolExecutor(len(parts) - 1, mp_context=multiprocessing.get_context("fork")) \
            as workers:
        others = [workers.submit(tally, setup, part) for part in parts[1:]]
        counted = tally(setup, parts[0])
        for other in others:
            counted = counted + other.result()
    return counted
