"""Properties of module "magic dice"'s magical moves, summons and victory points over random
battles (seed 002_eb4cf75b750af884.txt: "Призванные подразделения не приносят победных очков
при уничтожении"; reference/sector-modules.md: summoned units go "nowhere after the battle";
"each enemy unit destroyed gives its side victory points equal to the unit's starting hits"):
battles end and replay identically, the orders' checks never raise, summoned units are never in
the aftermath or the victory points, the stored tally is the destroyed units' starting hits."""
import json
import random
from dataclasses import replace

from hypothesis import given
from test_engine_sector_properties import SETTINGS, battles, hidden_from, random_orders

from rules.cerilia.aftermath import battle_result
from rules.cerilia.engine import resolve_round
from rules.cerilia.field import RESERVE, SECTORS, neighbours
from rules.cerilia.modules import Modules
from rules.cerilia.orders import SpellOrder, order_violations
from rules.cerilia.side_views import side_view
from rules.cerilia.spells import Spell
from rules.cerilia.state import School, state_data
from rules.cerilia.victory import holder
from rules.sides import Side


def _on(state):
    return replace(state, scenario=replace(state.scenario,
                                           modules=Modules(magic_dice=True)))


def _magic_orders(state, side, rng):
    """Today's random orders, a wizard sometimes hasting a unit or summoning the Legion."""
    given_ = random_orders(state, side, rng)
    spells = dict(given_.spells)
    own = [u for u in state.units if u.side is side and u.alive]
    for c in state.casters:
        if c.side is side and c.school is School.WIZARD and own and rng.random() < 0.5:
            if rng.random() < 0.6:
                moved = rng.choice(own)
                path, here = [], moved.position
                for _ in range(rng.randint(0, 3)):
                    here = rng.choice(neighbours(here) if here != RESERVE else SECTORS)
                    path.append(here)
                spells[c.key] = SpellOrder(Spell.HASTE, unit=moved.key, path=tuple(path),
                                           cell=rng.choice([None, 0, 1]),
                                           joins=rng.choice([None, *(k.key for k in
                                                                     state.casters)]))
            else:
                spells[c.key] = SpellOrder(Spell.SUMMON_LEGION, sector=rng.choice(SECTORS))
    return replace(given_, spells=spells)


def _play(state, seed):
    rng = random.Random(seed)
    history = []
    while not state.finished:
        o = {side: _magic_orders(state, side, rng) for side in Side}
        for side in Side:
            order_violations(state, side, o[side])   # never raises
        out = resolve_round(state, o, seed=rng.randrange(2**32))
        history.append(out)
        state = out.state
    return state, history


def _expected_points(state):
    points = dict.fromkeys(Side, 0)
    for u in state.units:
        if not u.alive and not u.summoned:
            points[u.side.other] += u.card.hits
    return points


@SETTINGS
@given(battles())
def test_battles_end_replay_and_keep_summoned_units_out_of_the_points_and_the_aftermath(battle):
    state, seed = battle
    state = _on(state)
    final, history = _play(state, seed)
    assert final.finished and 1 <= len(history) <= state.scenario.max_rounds
    again, replayed = _play(state, seed)
    assert state_data(final) == state_data(again)
    assert [o.events for o in history] == [o.events for o in replayed]
    for out in history:
        assert out.state.victory_points == _expected_points(out.state)
    summoned = {u.key for u in final.units if u.summoned}
    assert not summoned & {f.key for f in battle_result(final).units}
    if len(history) == state.scenario.max_rounds and all(final.side_units(s) for s in Side) \
            and not any(e.code == "withdraws" for e in history[-1].events):
        assert final.winner is holder(final.victory_points)


@SETTINGS
@given(battles())
def test_magical_moves_keep_cells_apart_and_views_keep_the_hidden_truth(battle):
    # Reference, "What each side may see": never the enemy's hidden units; its own side's
    # failures, cells kept and characters joining are its own.
    state, seed = battle
    _final, history = _play(_on(state), seed)
    for out in history:
        s = out.state
        taken = set()
        for u in s.units:
            if u.on_field:
                assert 0 <= u.cell < s.scenario.cells_per_sector
                assert (u.position, u.side, u.cell) not in taken
                taken.add((u.position, u.side, u.cell))
        for side in Side:
            view = side_view(s, side, out.events)
            # Ruling: the whole tally at the end; before it, never more than the truth, and
            # the enemy's points (for the side's own units, all seen) in full.
            shown, truth = view["victory_points"], s.victory_points
            if s.finished:
                assert shown == {k.value: v for k, v in truth.items()}
            else:
                assert shown[side.other.value] == truth[side.other]
                assert 0 <= shown[side.value] <= truth[side]
            board = json.dumps({k: v for k, v in view.items() if k != "events"})
            for u in hidden_from(s, side):
                assert u.key not in board
            own = {c.name for c in s.casters if c.side is side} \
                | {u.name for u in s.units if u.side is side}
            for event in view["events"]:
                if event["code"] in {"fizzles", "joins", "join_fails", "cell_kept"}:
                    assert {event["params"].get("caster"), event["params"].get("unit")} & own
