"""A scene's odds, fought once per scene state: the answer is kept in the cache under a digest of
the engine's input (the setup as a report stores it), the runs and the seed asked for, so the
same question costs one computation until the scene, a plan or an army changes."""
from __future__ import annotations

import hashlib
import json
import secrets

from django.conf import settings
from django.core.cache import cache

from rules.data import to_data
from rules.kingmaker.battle.odds import Odds, battle_odds
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
