"""Properties of module "magic dice" over random battles (seed 002_eb4cf75b750af884.txt;
reference/sector-modules.md "Module \"magic dice\""): battles with the module on end and replay
identically; no pool has more than 12 dice used ("At most 12 dice of a pool are used"); a side
never reads the other's unspent orders ("never the enemy's unplayed orders, dispel plan")."""
import json
from dataclasses import replace

from hypothesis import given
from test_engine_sector_properties import SETTINGS, battles, random_orders
from test_engine_sector_properties import play as engine_play

from rules.cerilia.bound_spell_cards import BoundSpell
from rules.cerilia.magic_dice_orders import ANY, MAX_POOL, BoundUse, DispelRule
from rules.cerilia.modules import Modules
from rules.cerilia.spells import Spell
from rules.cerilia.state import state_data
from rules.data import to_data

BOUND = (BoundSpell("fog", "3/6"), BoundSpell("night", "5/9"))


def with_magic_dice(state, rng):
    units = tuple(replace(u, card=replace(u.card, bound=BOUND)) if rng.random() < .4 else u
                  for u in state.units)
    return replace(state, units=units,
                   scenario=replace(state.scenario, modules=Modules(magic_dice=True)))


def magic_orders(state, side, rng):
    given_ = random_orders(state, side, rng)
    spells = {k: replace(o, dice=rng.randint(1, 5)) for k, o in given_.spells.items()}
    bound = tuple(BoundUse(u.key, rng.randint(0, 1), rng.choice((2, 3)),
                           sector=rng.choice(["B2", "C2", "D2"]))
                  for u in state.units if u.side is side and u.alive and u.card.bound
                  and rng.random() < .6)
    dispel = tuple(DispelRule(rng.choice([ANY, *Spell][:6]), rng.randint(1, 6),
                              rng.choice([0, 0, 6, 9])) for _ in range(rng.randint(0, 3)))
    return replace(given_, spells=spells, bound=bound, dispel=dispel)


def play(state, seed):
    return engine_play(state, seed, magic_orders, prepare=with_magic_dice)


def used(events):
    """Each magic sub-phase's power and dispel dice: (rolled, spent) from its public events."""
    phases, current = [], None
    for e in events:
        if e.code == "magic_pool":
            current = {"power": e.params["power"], "dispel": e.params["dispel"], "p": 0, "d": 0}
        elif e.code in ("spell_cast", "spell_failed", "bound_cast") and current \
                and "caster" in e.params:   # an unseen holder's use is told twice, unnamed once
            current["p"] += e.params["dice"]
        elif e.code in ("dispelled", "dispel_failed") and current:
            current["d"] += e.params["dice"]
        elif e.code == "pool_discarded" and current:
            assert current["power"] - current["p"] == e.params["power"]
            assert current["dispel"] - current["d"] == e.params["dispel"]
            phases.append(current)
    return phases


@SETTINGS
@given(battles())
def test_battles_with_magic_dice_end_replay_and_never_use_more_than_12_dice(battle):
    state, seed = battle
    final, history = play(state, seed)
    assert final.finished and len(history) <= state.scenario.max_rounds
    again, replayed = play(state, seed)
    assert json.dumps(state_data(final), sort_keys=True) == json.dumps(state_data(again),
                                                                      sort_keys=True)
    assert [to_data(h.events) for h in history] == [to_data(h.events) for h in replayed]
    for out in history:
        phases = used(out.events)
        assert len(phases) == 2   # both sides, in initiative order
        for p in phases:
            assert 0 <= p["p"] <= p["power"] <= MAX_POOL and 0 <= p["d"] <= p["dispel"] <= MAX_POOL
        for e in out.events:
            assert isinstance(e.message % dict(e.params), str)
            if e.code in ("pool_short", "bound_fleeing"):
                # An order not played is its own side's to know.
                assert len(e.visible_to) == 1
