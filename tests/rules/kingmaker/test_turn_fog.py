"""Fog of war at the end of a resolved turn (rules.kingmaker.turn with fog.kingdom_fog): the
kingdom sees from where its armies end the turn, the checks for ambushes go into the outcome, and
a turn without a map reads and stores as before (seed 003_750bd81a16f66abf.txt; our rulings in
docs/rules-notes.md, "Fog of war").

A hidden army's Scouting of -40 or +60 makes its DC (Scouting + 10) one that any of our armies
always meets or never does, so these tests name no die face."""
from dataclasses import replace

from battle_support import d20, seed_where
from turn_support import army, grid, kingdom

from rules.data import to_data
from rules.kingmaker.activities import ActivityKind as K
from rules.kingmaker.activities import DeployArmy, Order
from rules.kingmaker.battle.setup import Light
from rules.kingmaker.campaign_map import neighbours
from rules.kingmaker.fog import MapArmy, seen_hexes
from rules.kingmaker.turn import KingdomTurnInput, resolve_turn
from rules.modifiers import Statistic

NAT10 = seed_where(d20(10))
MAP = grid()


def enemy(key, hex_, scouting=5, *, tactics=(), garrisoned=False):
    return MapArmy(key, "Pitax", f"Pitax {key}", hex_, Statistic(scouting), frozenset(tactics),
                   garrisoned)


def turn_with(*others, orders=(), light=Light.BRIGHT, campaign_map=MAP, ours=None):
    return KingdomTurnInput(number=1, kingdom=kingdom(skills={"exploration": 40}),
                            armies=ours or (army(1, hex="C4"),), orders=orders,
                            campaign_map=campaign_map, map_armies=tuple(others), light=light)


def test_a_turn_without_a_map_sees_nothing_and_its_input_keeps_its_old_shape():
    turn = turn_with(campaign_map=None)
    outcome = resolve_turn(turn, NAT10)
    assert outcome.sight is None and outcome.scouting == ()
    assert not {"map_armies", "light", "campaign_map"} & set(to_data(turn))


def test_the_kingdom_sees_from_where_its_armies_end_the_turn():
    # Our ruling: "each hex of or next to one of its armies", counted once the turn's orders moved
    # them; an enemy army two hexes from C4 next to E4 is seen only after the Deploy Army.
    far = enemy(20, "F4")
    deploy = Order(1, K.DEPLOY_ARMY, DeployArmy("E4"), army=1)
    stayed = resolve_turn(turn_with(far), NAT10)
    moved = resolve_turn(turn_with(far, orders=(deploy,)), NAT10)
    assert moved.armies[0].state.hex == "E4"
    assert moved.sight is not None and stayed.sight is not None
    assert moved.sight.hexes == seen_hexes("Brevoy", MAP, [MapArmy(1, "Brevoy", "", "E4", Statistic(0))])
    assert moved.sight.army_keys == {20}
    assert stayed.sight.army_keys == frozenset() and "F4" not in stayed.sight.hexes


def test_an_army_in_ambush_is_seen_only_when_a_scouting_check_finds_it():
    # Seed 003: "СЛ Разведки войска, которое устроило в своём гексе засаду ... СЛ разведки равна
    # модификатору Разведки +10."
    found = enemy(21, "C5", -40, tactics=("ambush",))
    hidden = enemy(22, "D4", 60, garrisoned=True)
    outcome = resolve_turn(turn_with(found, hidden), NAT10)
    assert outcome.sight is not None
    assert outcome.sight.army_keys == {21}
    assert [a.found_by is not None for a in outcome.sight.ambushes_found] == [True]
    assert [(c.hidden, c.found) for c in outcome.scouting] == [(21, True), (22, False)]


def test_light_weighs_on_the_turn_s_scouting_checks():
    # Seed 003: "Темнота или густой туман ... все войска получают ситуативный штраф -4 к проверкам
    # Разведки."
    hidden = enemy(23, "C5", tactics=("ambush",))
    dark = resolve_turn(turn_with(hidden, light=Light.DARK), NAT10)
    bright = resolve_turn(turn_with(hidden), NAT10)
    assert [m.value for m in dark.scouting[0].modifiers] == [-4]
    assert dark.scouting[0].modifier == bright.scouting[0].modifier - 4


def test_an_army_the_kingdom_cannot_see_leaves_no_trace_in_its_outcome():
    # Our ruling, "No trace of the unseen": an unseen army and an unfound ambusher change no roll
    # and nothing the kingdom is told.
    seen = enemy(24, "C3")
    base = resolve_turn(turn_with(seen), NAT10)
    other_world = resolve_turn(turn_with(seen, enemy(25, "H12"), enemy(26, "D4", 60,
                                                                    tactics=("ambush",))), NAT10)
    assert other_world.sight == base.sight
    assert replace(other_world, scouting=()) == replace(base, scouting=())
    assert all(not c.found for c in other_world.scouting)


def test_the_kingdom_s_own_armies_in_the_map_armies_are_read_from_the_turn():
    # Its own armies are where the turn leaves them, whatever the list built before it said.
    stale = MapArmy(1, "Brevoy", "Army 1", "H12", Statistic(5))
    outcome = resolve_turn(turn_with(stale), NAT10)
    assert outcome.sight is not None
    assert "H12" not in outcome.sight.hexes
    assert set(neighbours("C4").values()) <= outcome.sight.hexes
