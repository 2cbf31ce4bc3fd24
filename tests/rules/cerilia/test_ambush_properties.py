"""Properties of module "ambush" over random battles (seed 001_5d751c33a121b07e.txt, "Засада",
"Ловушки"; reference/sector-modules.md, "What each side may see": never "trap truth or marker
truth"): battles with ambushes and traps end and never raise, the same seeds replay the same
battle, and a side's view is the same whichever enemy marker is true and whichever enemy trap
marker is real, round after round, until something on the table tells it."""
import json
import random
from dataclasses import replace
from functools import partial

import cerilia_support as support
from ambush_support import ON, hiding, trap_laid
from hypothesis import assume, event, example, given
from hypothesis import strategies as st
from test_engine_sector_properties import SETTINGS, battles, random_orders
from test_engine_sector_properties import play as engine_play

from rules.cerilia.ambush_orders import OWN_HALF
from rules.cerilia.concealment import Concealment, MarkerMove
from rules.cerilia.engine import resolve_round
from rules.cerilia.field import RESERVE, SECTORS, neighbours
from rules.cerilia.side_views import side_view
from rules.cerilia.spells import spell_aims
from rules.cerilia.state import School, Terrain, TerrainKind, state_data
from rules.data import to_data
from rules.sides import Side

# The events by which the table itself tells a side something of an enemy marker's truth: an
# attack from ambush, a marker turned over, the attacked side's d6, a trap going off.
DISCLOSING = {"ambush_attacks", "marker_attacked", "decoy_removed", "ambush_revealed",
              "ambush_found", "ambush_unfound", "trap_springs", "trap_strikes"}


def _half(side):
    return [s for s in SECTORS if int(s[1]) in OWN_HALF[side]]


@st.composite
def ambush_battles(draw, always_hiding=False):
    """A random battle (test_engine_sector_properties.battles) with module "ambush" on: each
    side may have a reserve unit hiding in a forest of its half, its markers laid or not, and
    a trap laid in its half. `always_hiding`: each side that keeps a unit waiting hides one,
    its markers not yet laid (the unmarked ambushes the "as if not there" tests compare)."""
    state, seed = draw(battles())
    state = replace(state, scenario=replace(state.scenario, modules=ON))
    carried = {c.unit for c in state.casters}
    for side in Side:
        waiting = [u.key for u in state.side_units(side)
                   if u.position == RESERVE and u.key not in carried]
        if waiting and (always_hiding or draw(st.booleans())):
            sector = draw(st.sampled_from(_half(side)))
            if not state.terrain_in(sector):
                state = replace(state, terrain=(*state.terrain,
                                                Terrain(TerrainKind.FOREST, sector)))
            markers = None if always_hiding else draw(st.one_of(
                st.none(), st.lists(st.sampled_from(SECTORS), min_size=3, max_size=3)))
            state = hiding(state, draw(st.sampled_from(waiting)), sector,
                           name=f"Amb{side.value[0]}z", markers=markers,
                           true=draw(st.integers(0, 2)))
        if draw(st.booleans()):
            state = trap_laid(state, side, tuple(draw(st.lists(st.sampled_from(_half(side)),
                                                               min_size=3, max_size=3))),
                              draw(st.integers(0, 2)), name=f"Trap{side.value[0]}z")
    return state, seed


def _walk(start, points, rng):
    path, here = [], start
    for _ in range(rng.randint(0, points)):
        here = rng.choice(neighbours(here))
        path.append(here)
    return tuple(path)


def ambush_orders(state, side, rng, *, attacks=True):
    """Random orders (random_orders) with marker moves for the side's ambushes, attacks from
    ambush and on enemy markers (only marker moves when `attacks` is off)."""
    given = random_orders(state, side, rng)
    targets, markers = dict(given.targets), {}
    for ambush in state.ambushes:
        if ambush.side is not side or ambush.over or ambush.kind is not Concealment.AMBUSH:
            continue
        if not attacks:
            targets.pop(ambush.unit, None)
        if rng.random() < 0.6:
            points = (state.unit(ambush.unit).card.movement + 1) // 2
            starts = [m.sector for m in sorted(ambush.markers, key=lambda m: m.key)] \
                or [ambush.sector] * 3
            markers[ambush.key] = MarkerMove(tuple(_walk(s, points, rng) for s in starts),
                                             rng.randrange(3))
            targets.pop(ambush.unit, None)
    enemy = [m.key for a in state.ambushes if a.side is not side for m in a.markers]
    for unit in state.side_units(side):
        if attacks and enemy and rng.random() < 0.3:
            targets[unit.key] = rng.choice(enemy)
    return replace(given, targets=targets, markers=markers)


def play(state, seed, *, attacks=True):
    return engine_play(state, seed, partial(ambush_orders, attacks=attacks))


@SETTINGS
@given(ambush_battles())
def test_battles_with_ambushes_end_never_raise_and_replay_alike(battle):
    # 001_5d751c33a121b07e.txt, «Засада», «Ловушки»: whatever the orders, a battle with the
    # module on ends within its rounds, and the same seeds give the same battle.
    state, seed = battle
    final, history = play(state, seed)
    again, replayed = play(state, seed)
    assert final.finished and len(history) <= state.scenario.max_rounds
    assert state_data(final) == state_data(again)
    assert [to_data(h.events) for h in history] == [to_data(h.events) for h in replayed]
    assert [to_data(h.rolls) for h in history] == [to_data(h.rolls) for h in replayed]
    for out in history:
        for e in out.events:
            assert isinstance(e.message % dict(e.params), str)
        s = out.state
        for ambush in s.ambushes:
            assert len(ambush.markers) <= 3 and sum(m.true for m in ambush.markers) <= 1
            assert not (ambush.over and ambush.markers)   # spent or revealed: off the field
            if ambush.kind is Concealment.AMBUSH and ambush.markers:
                assert ambush.true_marker is not None   # the true one is never removed alone
        for u in s.units:
            if u.ambush is not None:
                ambush = next(a for a in s.ambushes if a.key == u.ambush)
                assert not ambush.over and u.cell == -1
                assert u.position == (ambush.true_marker.sector if ambush.true_marker
                                      else ambush.sector)


def _other_truth(state, side):
    """The same battle but for the truth `side` hides: another marker of each of its ambushes
    true, another marker of each of its traps real (its battalion with the true marker)."""
    ambushes, units = [], {u.key: u for u in state.units}
    for ambush in state.ambushes:
        if ambush.side is side and ambush.markers:
            shift = [replace(m, true=ambush.markers[i - 1].true)
                     for i, m in enumerate(ambush.markers)]
            ambush = replace(ambush, markers=tuple(shift))
            if ambush.unit:
                units[ambush.unit] = replace(units[ambush.unit],
                                             position=ambush.true_marker.sector)
        ambushes.append(ambush)
    return replace(state, ambushes=tuple(ambushes), units=tuple(units.values()))


def _view(out, side):
    view = side_view(out.state, side, out.events)
    return json.dumps(view, sort_keys=True)


@st.composite
def hiders(draw, battles, other_world):
    """A battle of `battles` and a side of it, the hider, whose `other_world(battle, hider)`
    differs from it: a side with nothing of that kind to hide would compare a battle with
    itself, which shows nothing."""
    state, seed = draw(battles)
    sides = [side for side in Side if other_world(state, side) != state]
    assume(sides)
    return (state, seed), draw(st.sampled_from(sides))


@SETTINGS
@given(hiders(ambush_battles(), _other_truth))
def test_a_sides_view_does_not_tell_which_enemy_marker_is_true(case):
    # 001_5d751c33a121b07e.txt: «На верхней стороне – пометка игрока, что это за батальон, а на
    # нижней - истинный это маркер или ложный»; reference: a side never sees "trap truth or
    # marker truth". Two worlds that differ only in which of the hider's markers is true (and
    # which trap marker is real), with the same orders and seeds, look the same to the other
    # side in every round until the table tells it (an attack from ambush, a marker turned
    # over, a trap going off). Its attacks on markers are left out so that this lasts.
    (one, seed), hider = case
    two = _other_truth(one, hider)
    watcher = hider.other
    rng = random.Random(seed)
    compared = 0
    while not one.finished and not two.finished:
        given = {side: ambush_orders(one, side, rng, attacks=False) for side in Side}
        dice = rng.randrange(2**32)
        first, second = resolve_round(one, given, dice), resolve_round(two, given, dice)
        told = {e.code for out in (first, second) for e in out.events
                if watcher in e.visible_to}
        if told & DISCLOSING:
            event(f"disclosed by: {sorted(told & DISCLOSING)[0]}")
            break
        assert _view(first, watcher) == _view(second, watcher)
        compared += 1
        one, two = first.state, second.state
    event(f"rounds compared: {compared}")
    # A trap going off in the first round tells it at once (legitimately): such a battle
    # compares nothing and does not count as one that showed the truth kept.
    assume(compared > 0)


def _never_hid(state, side):
    """The same battle without `side`'s ambushes that have laid no markers, nor their units."""
    unlaid = [a for a in state.ambushes if a.side is side and a.kind is Concealment.AMBUSH
              and not a.markers]
    gone = {a.unit for a in unlaid}
    # A character that stood with such a unit waits in its side's reserve instead (where the
    # rules put a character whose unit is no more, visibility.caster_position), not beside a
    # unit that never was.
    casters = tuple(replace(c, unit=None) if c.unit in gone else c for c in state.casters)
    return replace(state, units=tuple(u for u in state.units if u.key not in gone),
                   casters=casters,
                   ambushes=tuple(a for a in state.ambushes if a not in unlaid))


# The attacker's priest stands with its spearmen in the forest of E1, where its unit in ambush
# hides; on seed 158 it blesses that unit (were the hider's spells on it left in,
# the 1d3 of the blessing would move every card after it, and the two worlds part).
BLESSED_IN_AMBUSH = hiding(support.state(
    support.unit("Qa0z", Side.ATTACKER, "archers", at="D1"),
    support.unit("Qa1z", Side.ATTACKER, at="E1"), support.unit("Qa3z", Side.ATTACKER),
    support.unit("Qd0z", Side.DEFENDER, at="D2"), terrain=(Terrain(TerrainKind.FOREST, "E1"),),
    casters=(support.caster("Caz", Side.ATTACKER, School.PRIEST, "Qa1z"),), modules=ON,
    max_rounds=3), "Qa3z", "E1", name="Ambaz")


@SETTINGS
@given(hiders(ambush_battles(always_hiding=True), _never_hid))
@example(case=((BLESSED_IN_AMBUSH, 158), Side.ATTACKER))
def test_an_ambush_without_markers_is_as_if_it_were_not_there(case):
    # Reference: "The enemy sees nothing of an ambush that has not moved"; a side's view never
    # lets it infer "an enemy ambush not yet marked" (001_5d751c33a121b07e.txt, «Перед началом
    # игры игроки указывают, какие батальоны будут находиться в засаде»). Until the ambush lays
    # its markers or strikes, or the battle's end counts it, the other side's view is the same
    # as in a battle where that unit never was.
    (one, seed), hider = case
    two = _never_hid(one, hider)
    watcher = hider.other
    hidden = {a.name for a in one.ambushes if a.side is hider}
    unmarked = {a.key for a in one.ambushes if a not in two.ambushes}
    gone = {a.unit for a in one.ambushes if a.key in unmarked}
    rng = random.Random(seed)
    compared = 0
    while not one.finished and not two.finished:
        given = {side: ambush_orders(one, side, rng, attacks=False) for side in Side}
        # A spell the hider aims at the unit in ambush is an order only the battle with that
        # unit has: a blessing that takes draws its "1d3" from the round's dice, so every card
        # and die after it falls otherwise than in the battle without the unit. The watcher
        # learns nothing by that (reference/battle-cores.md §4.4: the server hides "dice seeds,
        # and every roll"), but the two worlds, played on the same dice, would part: such
        # spells are left out of both.
        given[hider] = replace(given[hider], spells={
            k: o for k, o in given[hider].spells.items()
            if o.unit not in gone or "unit" not in spell_aims(o.spell)})
        if rng.random() < 0.5:
            # The hider waits for its moment half the rounds: laid in the first round (as
            # ambush_orders mostly has it), most ambushes would end the comparison at once.
            given[hider] = replace(given[hider], markers={
                k: m for k, m in given[hider].markers.items() if k not in unmarked})
        dice = rng.randrange(2**32)
        first, second = resolve_round(one, given, dice), resolve_round(two, given, dice)
        # The watcher's own ambush laying its markers tells it nothing of the hider's.
        told = {e.code for out in (first, second) for e in out.events
                if watcher in e.visible_to and (e.code in DISCLOSING or (
                    e.code == "markers_laid" and e.params["ambush"] in hidden))}
        if told or first.state.finished or second.state.finished:
            event(f"ended by: {sorted(told) or 'the end'}")
            break
        assert _view(first, watcher) == _view(second, watcher)
        compared += 1
        one, two = first.state, second.state
    event(f"rounds compared: {compared}")
    # Markers laid in the first round, or a battle over in it, end the comparison before it
    # starts (legitimately); such a battle does not count as one that showed the ambush kept.
    assume(compared > 0)
