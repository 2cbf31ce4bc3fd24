"""Properties of module "scouting" over random battles (seed 001_5d751c33a121b07e.txt, «Батальон
находящийся в лесу или в овраге ... бросает К6»; reference/sector-modules.md, module
"scouting"): with forests, ravines, ambushes (with and without markers) and scouts, a battle
ends within its rounds, never raises, keeps its ambushes consistent, never shows a side a
hidden enemy ambush, and the same seeds replay the same battle."""
import json
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st
from test_engine_sector_properties import SETTINGS, battles, random_orders
from test_engine_sector_properties import play as engine_play

from rules.cerilia.concealment import Ambush, Concealment, Marker
from rules.cerilia.field import SECTORS
from rules.cerilia.modules import Modules
from rules.cerilia.scouting_orders import may_scout
from rules.cerilia.side_views import side_view
from rules.cerilia.state import Terrain, TerrainKind, state_data
from rules.sides import Side

SEED_FILE = "001_5d751c33a121b07e.txt"


@st.composite
def scouting_battles(draw):
    """A random battle with the module on, a forest or ravine or two, and a third of the units
    hiding in ambush there (half of those with three markers, one true)."""
    state, seed = draw(battles())
    grounds = draw(st.lists(st.sampled_from(SECTORS[5:10]), min_size=1, max_size=3,
                            unique=True))
    terrain = [t for t in state.terrain if t.sector not in grounds] + [
        Terrain(draw(st.sampled_from([TerrainKind.FOREST, TerrainKind.RAVINE])), s)
        for s in grounds]
    units, ambushes = [], []
    for u in state.units:
        if draw(st.integers(0, 2)) == 0:
            sector = draw(st.sampled_from(grounds))
            key = f"amb-{u.key}"
            markers = ()
            if draw(st.booleans()):
                spots = draw(st.lists(st.sampled_from([*grounds, *SECTORS[5:10]]), min_size=3,
                                      max_size=3))
                true = draw(st.integers(0, 2))
                markers = tuple(Marker(f"{key}-{i}", s, i == true) for i, s in enumerate(spots))
            ambushes.append(Ambush(key, u.side, Concealment.AMBUSH, f"Banner {u.key}", sector,
                                   unit=u.key, markers=markers))
            u = replace(u, position=sector, cell=-1, ambush=key)
        units.append(u)
    modules = Modules(scouting=True, ambush=True)
    state = replace(state, scenario=replace(state.scenario, modules=modules),
                    terrain=tuple(terrain), units=tuple(units), ambushes=tuple(ambushes))
    return state, seed


def scouting_orders(state, side, rng):
    """Random orders; units that may scout now and then do (and then neither move nor shoot);
    the side's ambushes now and then set to strike scouts that miss them; ambushing units get
    no other order (their moves are the ambush module's)."""
    given = random_orders(state, side, rng)
    hiding = {u.key for u in state.units if u.ambush}
    scouts = tuple(u.key for u in state.side_units(side)
                   if may_scout(state, u) and rng.random() < 0.6)
    strike = tuple(a.key for a in state.ambushes if a.side is side and rng.random() < 0.5)
    return replace(given,
                   moves={k: p for k, p in given.moves.items() if k not in hiding | set(scouts)},
                   targets={k: t for k, t in given.targets.items()
                            if k not in hiding | set(scouts)},
                   scouts=scouts, strike_scouts=strike)


def play(state, seed):
    return engine_play(state, seed, scouting_orders)


@SETTINGS
@given(scouting_battles())
def test_battles_with_scouting_end_and_replay_identically(battle):
    start, seed = battle
    final, history = play(start, seed)
    again, replayed = play(start, seed)
    assert final.finished and len(history) <= start.scenario.max_rounds
    assert state_data(final) == state_data(again)
    assert [o.events for o in history] == [o.events for o in replayed]
    assert [o.rolls for o in history] == [o.rolls for o in replayed]
    for out in history:
        s = out.state
        for a in s.ambushes:
            u = s.unit(a.unit)
            # An ambush over has its battalion out of hiding, markers gone; a live one hides.
            assert (u.ambush is None and a.markers == ()) if a.over else \
                (u.ambush == a.key or not u.alive)
        for side in Side:
            view = side_view(s, side, out.events)
            board = json.dumps({k: v for k, v in view.items() if k != "events"})
            for u in s.units:
                if u.side is not side and u.ambush and u.alive:
                    assert f'"{u.key}"' not in board
            for event in view["events"]:
                if event["code"] == "scouting_missed":
                    assert side is not next(a for a in s.ambushes
                                            if a.name == event["params"]["ambush"]).side.other
