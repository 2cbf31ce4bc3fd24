"""Properties of module "magic dice"'s magical moves, summons and victory points over random
battles (seed 002_eb4cf75b750af884.txt: "Призванные подразделения не приносят победных очков
при уничтожении"; reference/sector-modules.md: summoned units go "nowhere after the battle";
"each enemy unit destroyed gives its side victory points equal to the unit's starting hits"):
battles end and replay identically, the orders' checks never raise, summoned units are never in
the aftermath or the victory points, the tally grows by exactly what the destructions scored.
Every wizard orders Haste or the Legion on 1–5 power dice, and the properties are checked only on
battles where a unit was summoned, or moved by magic (hypothesis `assume`, the counts shown as
`event`s)."""
import json
import random
from dataclasses import replace

from hypothesis import assume, event, given
from test_engine_sector_properties import SETTINGS, battles, hidden_from, random_orders

from rules.cerilia.aftermath import battle_result
from rules.cerilia.engine import resolve_round
from rules.cerilia.field import SECTORS, neighbours
from rules.cerilia.magical_move_orders import reaches, unfit
from rules.cerilia.modules import Modules
from rules.cerilia.orders import SpellOrder, order_violations
from rules.cerilia.side_views import side_view
from rules.cerilia.spells import MAGICAL_MOVES, Spell
from rules.cerilia.state import Caster, School, state_data
from rules.cerilia.victory import holder
from rules.cerilia.visibility import in_reach
from rules.sides import Side

# Reference: "the order names the spell and 1–5 power dice"; "At most 12 dice of a pool are
# used": the GM's fixed pool of 12, so the spells ordered are paid for.
POWER_DICE = 12


def _on(state):
    """The module on, a pool of 12 power dice, and a wizard in each side's reserve (keys and
    names no other text holds, as battles() makes them), so every battle can haste and summon."""
    wizards = tuple(Caster(f"W{side.value[0]}w", side, f"Wizard{side.value[0]}w", School.WIZARD)
                    for side in Side)
    return replace(state, casters=(*state.casters, *wizards),
                   scenario=replace(state.scenario, modules=Modules(magic_dice=True),
                                    power_dice=POWER_DICE))


def _haste(state, caster, rng):
    """Haste on one of the side's units the wizard reaches and that may move by magic, along
    neighbouring sectors (sometimes a step too far, which the rules refuse)."""
    fit = [u for u in state.units if u.side is caster.side and u.on_field
           and reaches(state, caster, u) and unfit(state, u) is None]
    if not fit:
        return None
    moved = rng.choice(fit)
    path, here = [], moved.position
    for _ in range(rng.randint(1, MAGICAL_MOVES[Spell.HASTE] + (rng.random() < 0.1))):
        here = rng.choice(neighbours(here))
        path.append(here)
    return SpellOrder(Spell.HASTE, unit=moved.key, path=tuple(path), dice=rng.randint(1, 5),
                      cell=rng.choice([None, 0, 1]),
                      joins=rng.choice([None, *(k.key for k in state.casters)]))


def _summon(state, caster, rng):
    sectors = [s for s in SECTORS if in_reach(state, caster, s)]
    return SpellOrder(Spell.SUMMON_LEGION, sector=rng.choice(sectors), dice=rng.randint(1, 5))


def _magic_orders(state, side, rng):
    """Today's random orders, each wizard most rounds hasting a unit or summoning the Legion,
    on 1–5 power dice."""
    given_ = random_orders(state, side, rng)
    spells = dict(given_.spells)
    for c in state.casters:
        if c.side is side and c.school is School.WIZARD and not c.killed and rng.random() < 0.8:
            order = _haste(state, c, rng) if rng.random() < 0.5 else None
            spells[c.key] = order or _summon(state, c, rng)
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


def _summoned(history):
    return {e.params["unit"] for out in history for e in out.events if e.code == "summoned"}


def _moved_by_magic(history):
    return any(e.phase == "magic" and e.code == "moves" for out in history for e in out.events)


@SETTINGS
@given(battles())
def test_battles_end_replay_and_keep_summoned_units_out_of_the_points_and_the_aftermath(battle):
    state, seed = battle
    state = _on(state)
    final, history = _play(state, seed)
    summoned = {u.key for u in final.units if u.summoned}
    event(f"summoned units: {min(len(summoned), 3)}")
    event(f"summoned units destroyed: {sum(not u.alive for u in final.units if u.summoned)}")
    assume(summoned)   # the property is about them: a battle without one checks nothing
    assert final.finished and 1 <= len(history) <= state.scenario.max_rounds
    again, replayed = _play(state, seed)
    assert state_data(final) == state_data(again)
    assert [o.events for o in history] == [o.events for o in replayed]
    before = state
    for out in history:
        # Reference: "each enemy unit destroyed gives its side victory points ... (summoned
        # units: 0)": the points grow exactly by what the round's destructions scored, each
        # destruction of a unit from the armies scoring, a summoned one never.
        fell = [u for u in out.state.units if not u.alive
                and any(b.key == u.key and b.alive for b in before.units)]
        scored = [e for e in out.events if e.code == "victory_scored"]
        assert sorted(e.params["unit"] for e in scored) == sorted(
            u.name for u in fell if not u.summoned)
        for side in Side:
            gained = out.state.victory_points[side] - before.victory_points.get(side, 0)
            assert gained == sum(e.params["points"] for e in scored
                                 if e.params["side"] == side.value)
            assert gained >= sum(1 for u in fell if u.side is side.other and not u.summoned)
        before = out.state
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
    moved = _moved_by_magic(history)
    event(f"moved by magic: {moved}")
    assume(moved)   # the property is about magical moves
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
            for told in view["events"]:
                if told["code"] in {"fizzles", "joins", "join_fails", "cell_kept"}:
                    assert {told["params"].get("caster"), told["params"].get("unit")} & own
