"""Properties of module "command" and of seed 001's switches (reference/sector-modules.md: "A
battle with every module off plays exactly as today"; seed 001_5d751c33a121b07e.txt, «без
затраты КН капитана (генерала) или ЗС героя»): with every module off, random battles play exactly
as the engine played them before seed 001 (a digest recorded with that engine); with "command"
on, no character's points go below zero and the same seeds replay the same battle."""
import hashlib
import json
import random
from dataclasses import replace

from cerilia_support import A, D, unit
from hypothesis import given
from hypothesis import strategies as st
from test_engine_sector_properties import CODES, NATURAL, SETTINGS, battles, play, random_orders

from rules.cerilia.engine import deploy
from rules.cerilia.field import RESERVE, SECTORS, home_row, neighbours
from rules.cerilia.orders import Deployment
from rules.cerilia.state import (
    DIRECTED_TERRAIN,
    Caster,
    Scenario,
    School,
    Terrain,
    new_battle,
    state_data,
)
from rules.data import to_data
from rules.sides import Side

# sha256 of `_digest(150)` as the engine computed it at 828739b, before seed 001's modules.
BEFORE_SEED_001 = "bbeae88ac82df967876c3796d14e00fcdcf9a6dbe28ca356e5ace8c23611c50f"


def _battle(rng):
    cells = rng.randint(1, 2)
    terrain = [Terrain(rng.choice(NATURAL), s) for s in rng.sample(SECTORS, rng.randint(0, 4))]
    scenario = Scenario(cells, rng.randint(0, 3), tuple(terrain), rng.randint(1, 6),
                        rng.random() < .5, rng.random() < .3)
    units, deployments, casters = [], {}, []
    for side in Side:
        placements, used = {}, {}
        for i in range(rng.randint(1, 4)):
            key = f"Q{side.value[0]}{i}z"
            units.append(unit(key, side, rng.choice(CODES), name=f"Name{key}"))
            where = rng.choice([RESERVE, *(f"{c}{home_row(side)}" for c in "ABCDE")])
            if where != RESERVE and used.get(where, 0) < cells:
                used[where] = used.get(where, 0) + 1
                placements[key] = where
        if rng.randint(0, 3):
            casters.append(Caster(f"C{side.value[0]}z", side, f"Mage{side.value[0]}z",
                                  rng.choice(list(School)), rng.choice([None, *placements])))
        deployments[side] = placements
    state = new_battle(scenario, units, casters)
    directions = {t.sector: rng.choice(neighbours(t.sector)) for t in terrain
                  if t.kind in DIRECTED_TERRAIN}
    fort = rng.choice([None, *(f"{c}3" for c in "ABCDE")])
    return deploy(state, {A: Deployment(deployments[A]),
                          D: Deployment(deployments[D], fort, directions)})


def _digest(count):
    rounds = []
    for n in range(count):
        rng = random.Random(n)
        start = _battle(rng)
        _final, history = play(start, rng.randrange(2**32))
        rounds += [json.dumps([state_data(h.state), to_data(h.events), to_data(h.rolls),
                               h.initiative.value], sort_keys=True) for h in history]
    return hashlib.sha256("\n".join(rounds).encode()).hexdigest()


def test_with_every_module_off_battles_play_exactly_as_before_seed_001():
    assert _digest(150) == BEFORE_SEED_001


def _with_command(state, draw):
    from rules.cerilia.modules import Modules, Role, StandingKind, StandingOrder
    characters = list(state.casters)
    for side in Side:
        own = [u.key for u in state.side_units(side)]
        characters.append(Caster(f"G{side.value[0]}z", side, f"Gen{side.value[0]}z",
                                 draw(st.sampled_from(list(School))),
                                 draw(st.sampled_from([None, *own])),
                                 roles=frozenset({Role.GENERAL}), command=draw(st.integers(0, 3))))
        characters.append(Caster(f"H{side.value[0]}z", side, f"Hero{side.value[0]}z",
                                 draw(st.sampled_from(list(School))),
                                 draw(st.sampled_from([None, *own])),
                                 roles=frozenset({Role.HERO}), will=draw(st.integers(0, 2))))
    units, standing = [], {}
    for u in state.units:
        if draw(st.booleans()):
            u = replace(u, card=replace(u.card, tags=u.card.tags | {"independent"}))
            pair = draw(st.lists(st.sampled_from([
                StandingOrder(StandingKind.ADVANCE_TO, draw(st.sampled_from(SECTORS))),
                StandingOrder(StandingKind.HOLD), StandingOrder(StandingKind.SHOOT_NEAREST),
                StandingOrder(StandingKind.SCOUT)]), min_size=2, max_size=2))
            standing[u.key] = tuple(pair)
        units.append(u)
    return replace(state, scenario=replace(state.scenario, modules=Modules(command=True)),
                   units=tuple(units), casters=tuple(characters), standing=standing)


def _standing_choices():
    from rules.cerilia.modules import StandingKind, StandingOrder
    return [StandingOrder(StandingKind.ADVANCE_TO, s) for s in SECTORS[::3]] + [
        StandingOrder(StandingKind.HOLD), StandingOrder(StandingKind.SHOOT_NEAREST),
        StandingOrder(StandingKind.SCOUT)]


def _command_orders(state, side, rng):
    """Random orders, and now and then a side replaces an independent unit's standing orders."""
    o = random_orders(state, side, rng)
    standing = {k: (rng.choice(_standing_choices()), rng.choice(_standing_choices()))
                for k in state.standing if rng.random() < 0.3}
    return replace(o, standing=standing)


def _play_with_command(state, seed):
    return play(state, seed, _command_orders)


@SETTINGS
@given(battles(), st.data())
def test_with_command_on_points_never_go_negative_and_replays_match(battle, data):
    start, seed = battle
    start = _with_command(start, data.draw)
    final, history = _play_with_command(start, seed)
    again, replayed = _play_with_command(start, seed)
    assert final == again
    assert [to_data(h.events) for h in history] == [to_data(h.events) for h in replayed]
    for out in history:
        assert all(c.will >= 0 and c.command >= 0 for c in out.state.casters)
        spent = [e for e in out.events if e.code == "points_spent"]
        assert len(spent) == 2 and all(e.params["command"] >= 0 for e in spent)
