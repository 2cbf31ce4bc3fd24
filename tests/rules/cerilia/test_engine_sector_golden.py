"""Replays of random sector battles with every module on stay exactly as the engine played them
when issue 16 (point 4: "resolves at least 5× today's rounds per second, with identical replays")
was filed: a digest of every round's state, events, rolls and initiative, recorded with that
engine, pins what the speed-ups may not change (seed 001_5d751c33a121b07e.txt, every module at
once; reference/sector-modules.md: "a new scenario starts with all of them on"; seed
002_eb4cf75b750af884.txt's magic dice).

The battles are test_command_properties's random ones (from a random.Random, not hypothesis, so
the same numbers come out whatever hypothesis version draws examples), given what
test_modules_together_properties's generators give them: a hiding unit and a trap per side,
generals and heroes with independent units' standing orders, the army book's artifacts, bound
spells on units and characters; the orders are test_modules_together_properties's
together_orders (repaired until orders.side_orders_violations refuses nothing)."""
import hashlib
import json
import random
from dataclasses import replace

from ambush_support import hiding, trap_laid
from test_command_properties import _battle, _standing_choices
from test_engine_sector_properties import play
from test_modules_together_properties import BINDABLE, POWERS, together_orders

from rules.cerilia.artifact_cards import EXAMPLES, Artifact
from rules.cerilia.bound_spell_cards import BoundSpell
from rules.cerilia.field import RESERVE, SECTORS
from rules.cerilia.modules import ALL_MODULES, Role
from rules.cerilia.state import Caster, School, Terrain, TerrainKind, state_data
from rules.data import to_data
from rules.sides import Side

# sha256 of `_digest(100)` as the engine computed it at c911859, before issue 16's speed-ups;
# since then changed by a rule alone: mass invisibility on the side's own unit in ambush is
# refused (spells.hides_an_ambush), so battles 0, 7, 9, 10, 34, 43 and 57, whose repaired orders
# had it, play on without it from that round (the other 93 replay as before).
BEFORE_ISSUE_16 = "5663cb1e975b6b31b8a964b150ed3b2a9d9aea0db426c73aac6d4c2f848574b7"
HALF = {Side.ATTACKER: SECTORS[:10], Side.DEFENDER: SECTORS[5:]}


def _bound(rng):
    return tuple(BoundSpell(rng.choice(BINDABLE), rng.choice(POWERS))
                 for _ in range(rng.randint(0, 2)))


def _hide_and_trap(state, rng):
    """Module "ambush": now and then a waiting unit of a side hides in a forest of its half
    (its markers laid or not), and a side lays a trap there."""
    carried = {c.unit for c in state.casters}
    for side in Side:
        waiting = [u.key for u in state.side_units(side)
                   if u.position == RESERVE and u.key not in carried]
        if waiting and rng.random() < .6:
            sector = rng.choice(HALF[side])
            if not state.terrain_in(sector):
                state = replace(state, terrain=(*state.terrain,
                                                Terrain(TerrainKind.FOREST, sector)))
            markers = None if rng.random() < .4 else rng.choices(SECTORS, k=3)
            state = hiding(state, rng.choice(waiting), sector, name=f"Amb{side.value[0]}z",
                           markers=markers, true=rng.randint(0, 2))
        if rng.random() < .5:
            state = trap_laid(state, side, tuple(rng.choices(HALF[side], k=3)),
                              rng.randint(0, 2), name=f"Trap{side.value[0]}z")
    return state


def _characters(state, rng):
    """Module "command": a general and a hero per side, a third of the units independent with
    two standing orders; module "artifacts": the army book's examples carried; module "magic
    dice": bound spells on unit cards and characters."""
    characters = list(state.casters)
    for side in Side:
        own = [None, *(u.key for u in state.side_units(side))]
        characters += [
            Caster(f"G{side.value[0]}z", side, f"Gen{side.value[0]}z", rng.choice(list(School)),
                   rng.choice(own), roles=frozenset({Role.GENERAL}), command=rng.randint(0, 3)),
            Caster(f"H{side.value[0]}z", side, f"Hero{side.value[0]}z", rng.choice(list(School)),
                   rng.choice(own), roles=frozenset({Role.HERO}), will=rng.randint(0, 2))]
    units, standing = [], {}
    for u in state.units:
        card = replace(u.card, bound=_bound(rng))
        if rng.random() < .35:
            card = replace(card, tags=card.tags | {"independent"})
            standing[u.key] = (rng.choice(_standing_choices()), rng.choice(_standing_choices()))
        units.append(replace(u, card=card))
    artifacts, carrying = [], []
    for c in characters:
        carried = []
        for i, card in enumerate(rng.choices(EXAMPLES, k=rng.randint(0, 2))):
            key = f"Art{c.key}{i}z"
            artifacts.append(Artifact(key, f"ArtName{key}", card.effect, card.uses, card.spell,
                                      card.power))
            carried.append(key)
        carrying.append(replace(c, carries=tuple(carried), wounds=rng.randint(1, 3),
                                bound=_bound(rng)))
    return replace(state, units=tuple(units), casters=tuple(carrying), standing=standing,
                   artifacts=tuple(artifacts))


def _battle_with_every_module(rng):
    state = replace(_battle(rng), standing={})
    state = _characters(_hide_and_trap(state, rng), rng)
    return replace(state, scenario=replace(state.scenario, modules=ALL_MODULES))


def _digest(count):
    rounds = []
    for n in range(count):
        rng = random.Random(n)
        start = _battle_with_every_module(rng)
        _final, history = play(start, rng.randrange(2**32), together_orders)
        rounds += [json.dumps([state_data(h.state), to_data(h.events), to_data(h.rolls),
                               h.initiative.value], sort_keys=True) for h in history]
    return hashlib.sha256("\n".join(rounds).encode()).hexdigest()


def test_with_every_module_on_battles_replay_exactly_as_before_issue_16():
    # 001_5d751c33a121b07e.txt, every module at once: the same seeds, the same battle.
    assert _digest(100) == BEFORE_ISSUE_16
